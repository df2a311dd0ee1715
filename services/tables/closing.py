"""Who may close a table while a deal is being played.

Closing mid-deal voids the deal by the refund rule: every player's stake of that deal goes
back, whoever was about to win it. That is the host's call only while the host is one of the
players. A host who is not seated (one who opened without sitting down, or whose seat was
taken away) no longer has a say in the others' deal (issue 18, finding 9): they may close
between deals, a server admin at any time.
"""

from __future__ import annotations

from services.tables.errors import TableError
from services.tables.model import LiveTable


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
