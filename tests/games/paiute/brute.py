"""A deliberately naive evaluator: every value for every wild, every five-card subset.

It shares nothing with ``games.paiute._combos`` but the category enum. Two reductions keep it
affordable without making it clever: wilds are interchangeable, so their ranks are tried as
multisets; and results are memoised on exactly what they depend on — rank categories on the
hand's ranks, flush categories on one suit's ranks (the wilds all take that suit).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

from games.cards import Card, Suit
from games.paiute import Category

Value = tuple[int, tuple[int, ...]]
"""(category strength, tie-break key): compares like a Combination."""

ALL_RANKS = tuple(range(2, 15))


def _is_straight(ranks: Sequence[int]) -> int | None:
    """The top card if five ranks are a straight, else None."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct == [2, 3, 4, 5, 14]:
        return 5
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    return None


@cache
def _rank_value(ranks: tuple[int, ...]) -> Value | None:
    """Best rank-only category of concrete ranks (5 or 6 cards)."""
    best: Value | None = None
    for five in combinations(ranks, 5):
        if len(set(five)) == 1:
            best = max(best or (0, ()), (int(Category.FIVE_OF_A_KIND), (five[0],)))
    if best is not None or len(ranks) != 6:
        return best
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    if shape == [4, 2]:
        four = next(r for r, n in counts.items() if n == 4)
        two = next(r for r, n in counts.items() if n == 2)
        return (int(Category.FOUR_TWO), (four, two))
    if shape == [3, 3]:
        return (int(Category.THREE_THREE), tuple(sorted(counts, reverse=True)))
    if shape == [2, 2, 2]:
        return (int(Category.TWO_TWO_TWO), tuple(sorted(counts, reverse=True)))
    return None


@cache
def _suit_value(suited: tuple[int, ...], wilds: int) -> Value | None:
    """Best straight flush from one suit's natural ranks plus wilds of that suit, any value."""
    best: Value | None = None
    for values in combinations_with_replacement(ALL_RANKS, wilds):
        cards = suited + values
        for five in combinations(cards, 5):
            top = _is_straight(five)
            if top is not None:
                cat = Category.ROYAL_FLUSH if top == 14 else Category.STRAIGHT_FLUSH
                best = max(best or (0, ()), (int(cat), (top,)))
    return best


@cache
def _ranks_with_wilds(natural_ranks: tuple[int, ...], wilds: int) -> Value | None:
    """Best rank-only category over every value of every wild."""
    found = [
        _rank_value(tuple(sorted(natural_ranks + values)))
        for values in combinations_with_replacement(ALL_RANKS, wilds)
    ]
    return max((f for f in found if f is not None), default=None)


def brute_value(cards: Sequence[Card], wild_rank: int) -> Value | None:
    """The best combination's value by trying everything."""
    naturals = [c for c in cards if c.rank != wild_rank]
    wilds = len(cards) - len(naturals)
    candidates: list[Value] = []
    found = _ranks_with_wilds(tuple(sorted(int(c.rank) for c in naturals)), wilds)
    if found is not None:
        candidates.append(found)
    for suit in Suit:
        suited = tuple(sorted(int(c.rank) for c in naturals if c.suit is suit))
        found = _suit_value(suited, wilds)
        if found is not None:
            candidates.append(found)
    return max(candidates) if candidates else None
