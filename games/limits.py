"""The one ceiling on chip amounts, for every layer above.

Chips are play money, yet an unbounded amount is a real bug: SQLite stores 64-bit integers, so
``/admin grant`` of 2^62 twice overflowed the audit's sums (issue 18). Every balance, stack,
pot, kitty, server setting, grant, removal, buy-in, top-up and stake is at most
:data:`MAX_CHIPS`. It is here, in the lowest layer, because every layer needs it: the engines'
amounts, the storage constraints (migrations ``0006``/PostgreSQL ``0003`` hold the same number),
the services that refuse a request beyond it, and the bot's command declarations.

Why 10^15: far above any play-money use (a million players with a billion chips each), below
Discord's largest integer option (2^53, what its clients can send exactly), and 9,223 times
below SQLite's 2^63, so even a sum over thousands of ceiling-high rows cannot overflow.
"""

from __future__ import annotations

from typing import Final

MAX_CHIPS: Final = 10**15
"""The most chips any one balance, stack, pot, kitty, setting or request may hold."""


def within(amount: int, low: int = 0, high: int = MAX_CHIPS) -> bool:
    """Whether ``amount`` is an int (never a bool) in ``low..high`` (inclusive)."""
    return isinstance(amount, int) and not isinstance(amount, bool) and low <= amount <= high
