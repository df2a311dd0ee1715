"""A tournament's stakes, levels and payouts: pure arithmetic, the same on every process.

Everyone starts with the buy-in as their stack. The stakes start at one fiftieth of it (at
least 1 chip) and rise by :data:`STEPS` each level; a level lasts a number of deals or a number
of minutes, whichever comes first (``speed``). The pool (every buy-in, no fee) is paid by
place: ``winner`` all of it, ``top2`` 65/35, ``top3`` 50/30/20 (fewer entrants than paid
places: the shorter split); the chips rounding leaves go to the winner.

>>> stakes("pontoon", 500, 1)
{'min_bet': 10, 'max_bet': 50}
>>> stakes("palace", 500, 3)
{'small_bet': 30, 'big_bet': 60, 'ante': 15}
>>> prizes("top3", 1000, 4)
[500, 300, 200]
>>> prizes("top2", 301, 3)
[196, 105]
"""

from __future__ import annotations

from dataclasses import dataclass

STEPS = (1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200, 300, 500)
"""Each level's stake as a multiple of the first."""

MIN_BUY_IN = 50
"""So that the first level's stake is at least one chip and a stack lasts some deals."""
MAX_BUY_IN = 1_000_000

SPEEDS = ("normal", "turbo")
PAYOUTS = ("winner", "top2", "top3")

_SPLITS = {"winner": (100,), "top2": (65, 35), "top3": (50, 30, 20)}


@dataclass(frozen=True, slots=True)
class Speed:
    """How long a level lasts: ``deals`` deals or ``minutes`` minutes, whichever first."""

    deals: int
    minutes: int


SPEED = {"normal": Speed(deals=6, minutes=10), "turbo": Speed(deals=3, minutes=5)}


def stake(buy_in: int, level: int) -> int:
    """The level's base stake (Palace's small bet, Paiute's stake, Pontoon's minimum bet)."""
    step = STEPS[min(level, len(STEPS)) - 1]
    return max(1, buy_in // 50) * step


def stakes(game: str, buy_in: int, level: int) -> dict[str, int]:
    """The game's stake options at ``level``."""
    s = stake(buy_in, level)
    if game == "palace":
        return {"small_bet": s, "big_bet": 2 * s, "ante": max(1, s // 2)}
    if game == "paiute":
        return {"stake": s}
    return {"min_bet": s, "max_bet": 5 * s}


def prizes(payouts: str, pool: int, entrants: int) -> list[int]:
    """The prize of each place from the first, summing to ``pool``."""
    split = _SPLITS[payouts][: max(1, entrants - 1)] if entrants > 1 else (100,)
    total = sum(split)
    paid = [pool * share // total for share in split]
    paid[0] += pool - sum(paid)
    return paid
