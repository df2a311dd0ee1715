"""No table holds more chips than the ceiling (``games.limits.MAX_CHIPS``).

Every stack, pot and kitty is at most the ceiling in the database (storage migration 0006),
and a deal only moves a table's chips around: so if the whole table holds at most the
ceiling, no booking of its deals can ever be refused for passing it. A buy-in or top-up that
would take the table past it is refused here first, with the room left.
"""

from __future__ import annotations

from games.limits import MAX_CHIPS
from services.limits import AmountOutOfRange
from services.tables.model import LiveTable


def check_room(live: LiveTable, amount: int) -> None:
    """Refuse ``amount`` more chips at ``live`` when the table would pass the ceiling."""
    room = MAX_CHIPS - live.row.chips
    if amount > room:
        raise AmountOutOfRange("buy_in", min=1, max=max(room, 0))
