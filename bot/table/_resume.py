"""Saying that the tables are back after a restart, inside Discord's global request budget.

Every table is resumed in memory at start (timers armed, buttons working) before anything is
said; saying it costs one request per table, the edit of its message (its log gains the
restart line). No member is fetched (a name comes with its player's next interaction, as any
name does), no extra channel message is posted: a restart with 500 open tables made about
3,000 requests and was 61 s behind Discord's 50 requests/s before the last table was back.
The busiest tables go first, and the edits are paced well under the global limit so the
players' own traffic still fits beside them.
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Iterable

from services.tables import Clock, SystemClock, TableStatus

PACE = 30.0
"""Edits per second while resuming (Discord allows 50 requests/s in all)."""


def busiest_first(tables: Iterable[TableStatus]) -> list[TableStatus]:
    """Deals in progress first, the nearest turn deadline first among them, then the tables
    with the most people seated."""

    def key(status: TableStatus) -> tuple[bool, float, int]:
        people = sum(1 for s in status.seats if s.seated and not s.computer)
        deadline = status.deadline.timestamp() if status.deadline else math.inf
        return (not status.deal_open, deadline, -people)

    return sorted(tables, key=key)


async def paced(
    tables: list[TableStatus], per_second: float = PACE, clock: Clock | None = None
) -> AsyncIterator[TableStatus]:
    """Hand out ``tables`` no faster than ``per_second`` on ``clock``."""
    clock = clock or SystemClock()
    start = clock.monotonic()
    for n, status in enumerate(tables):
        due = start + n / per_second
        delay = due - clock.monotonic()
        if delay > 0:
            await clock.sleep(delay)
        yield status
