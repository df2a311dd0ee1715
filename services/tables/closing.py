"""Closing a table by the refund rule, and who may close it while a deal is being played.

Closing mid-deal voids the deal by the refund rule: every player's stake of that deal goes
back, whoever was about to win it. That is the host's call only while the host is one of the
players. A host who is not seated (one who opened without sitting down, or whose seat was
taken away) no longer has a say in the others' deal (issue 18, finding 9): they may close
between deals, a server admin at any time.
"""

from __future__ import annotations

from games.engine import HOUSE
from services.tables import computers
from services.tables._checks import reload
from services.tables.errors import TableError
from services.tables.events import CloseReason, Closing
from services.tables.house import House
from services.tables.model import LiveTable
from services.tables.rules import TableRules
from storage import players, tables
from storage.tables import Closed


class NotAtTable(TableError):
    """The host is not seated, so cannot void the deal being played."""

    code = "host_not_seated"


def check_close(live: LiveTable, user: int, *, admin: bool) -> None:
    """Refuse a mid-deal close by a host who is not seated (nothing changed)."""
    if admin or not live.deal_open:
        return
    seat = live.seat(user)
    if seat is None or not seat.seated:
        raise NotAtTable()


class Closer:
    """Closes a table by the refund rule: every stack back to its balance, a voided deal's
    stakes back to who put them in, the kitty to its owner (caller holds the table's lock)."""

    def __init__(self, house: House) -> None:
        self.house = house
        self.db = house.db

    @property
    def rules(self) -> TableRules:
        return self.house.rules

    async def close(self, live: LiveTable, reason: Closing) -> Closed:
        """Close by the refund rule (caller holds the lock)."""
        owner = live.engine.kitty_owner() if live.engine is not None else None
        if owner is not None and owner != HOUSE and live.seat(players.user_id(owner)) is None:
            owner = None
        async with self.db.transaction() as tx:
            closed = await tables.close(
                tx,
                live.id,
                ref=f"table:{live.id}:close",
                reason=reason.record(),
                remainder_to=owner,
            )
            if closed is not None:
                await self.rules.closing(tx, live, closed)
            live.row = await reload(tx, live.id)
        self.house.forget(live)
        assert closed is not None  # noqa: S101 - a table closes once; its ref is new
        return closed

    async def close_if_alone(self, live: LiveTable) -> tuple[Closing, Closed] | None:
        """A table where only computer players sit closes between deals by the refund rule
        (caller holds the lock); the caller tells the listener."""
        if not computers.alone(live):
            return None
        reason = Closing(CloseReason.COMPUTERS)
        return reason, await self.close(live, reason)
