"""The stored shape of a table and its seats, shared by :mod:`storage.tables` and the close."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from storage import players
from storage._thread import Tx, in_one_hop
from storage.errors import TableNotFound

HOUSE = "house"
"""The engines' id for the Pontoon house bank (``games.engine.HOUSE``; storage imports no
``games``): never a seat, its gains are removals and its losses mints."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at a table: their stack, what they put into the current deal, and whether
    they are seated and away (their turns play themselves until they are back)."""

    user_id: int
    seat_no: int
    stack: int
    contributed: int
    seated: bool
    away: bool = False

    @property
    def pid(self) -> str:
        """The engine's player id (``cpu:N`` for a computer player, see ``storage.players``)."""
        return players.pid(self.user_id)


@dataclass(frozen=True, slots=True)
class Table:
    """An open (or closed) table as stored."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    host_id: int | None
    message_id: int | None
    status: str
    snapshot: str | None
    deal_number: int
    deal_open: bool
    action_counter: int
    deadline: datetime | None
    pot: int
    kitty: int
    last_action_at: datetime
    seats: tuple[Seat, ...] = ()

    @property
    def stacks(self) -> dict[str, int]:
        """Stacks of the seated players by engine player id, in seat order."""
        return {s.pid: s.stack for s in self.seats if s.seated}

    @property
    def chips(self) -> int:
        """Every chip on the table: stacks (seated or not), pot and kitty."""
        return sum(s.stack for s in self.seats) + self.pot + self.kitty


@dataclass(frozen=True, slots=True)
class Closed:
    """What :func:`close` did, per engine player id."""

    table_id: int
    refunded: dict[str, int] = field(default_factory=dict)
    remainder: dict[str, int] = field(default_factory=dict)
    paid_out: dict[str, int] = field(default_factory=dict)
    house_reversed: int = 0


def now_stamp() -> tuple[datetime, str]:
    """Now, to the millisecond, and as the ISO 8601 text the columns hold (the text both
    backends compare, e.g. ``tables.idle``)."""
    now = datetime.now(UTC)
    now = now.replace(microsecond=now.microsecond // 1000 * 1000)
    return now, now.isoformat(timespec="milliseconds").removesuffix("+00:00") + "Z"


def iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    if moment.tzinfo is None:
        raise ValueError("deadlines must be timezone-aware")
    return moment.isoformat()


def when(text: str | None) -> datetime | None:
    if text is None:
        return None
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def to_table(row: Any, seats: tuple[Seat, ...]) -> Table:
    last = when(row["last_action_at"])
    assert last is not None  # noqa: S101 - NOT NULL column
    return Table(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        options=json.loads(row["options"]),
        host_id=row["host_id"],
        message_id=row["message_id"],
        status=row["status"],
        snapshot=row["snapshot"],
        deal_number=row["deal_number"],
        deal_open=bool(row["deal_open"]),
        action_counter=row["action_counter"],
        deadline=when(row["deadline"]),
        pot=row["pot"],
        kitty=row["kitty"],
        last_action_at=last,
        seats=seats,
    )


def seats_of_sync(tx: Tx, table_id: int) -> tuple[Seat, ...]:
    rows = tx.all(
        "SELECT user_id, seat_no, stack, contributed, seated, away FROM seats "
        "WHERE table_id = ? ORDER BY seat_no",
        (table_id,),
    )
    return tuple(
        Seat(
            r["user_id"],
            r["seat_no"],
            r["stack"],
            r["contributed"],
            bool(r["seated"]),
            bool(r["away"]),
        )
        for r in rows
    )


def open_row_sync(tx: Tx, table_id: int) -> Any:
    row = tx.one("SELECT * FROM tables WHERE id = ?", (table_id,))
    if row is None or row["status"] != "open":
        raise TableNotFound(f"table {table_id} is not open")
    return row


seats_of = in_one_hop(seats_of_sync)
open_row = in_one_hop(open_row_sync)
