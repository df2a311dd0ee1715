"""Paiute's winning combinations (PA-12 to PA-14) and the evaluator that finds the best one.

Wild cards make brute force expensive (a wild may be any of 52 cards), so the evaluator reasons
per category instead: a wild only ever needs to be *the missing card* of some pattern, so each
category reduces to counting naturals against a pattern. ``tests/games/paiute`` checks it
against a brute force that really tries every value for every wild.

>>> best_combination(Card.parse_many("Ks Kh 7c 7d 2s 2h"), Rank.NINE).label.ranks
('K', '7', '2')
>>> best_combination(Card.parse_many("10s Js Qs Ks 5h"), Rank.FIVE).category.name
'ROYAL_FLUSH'
>>> best_combination(Card.parse_many("As Ks Qs Js 9h"), Rank.FIVE) is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import permutations

from pydantic import BaseModel, ConfigDict

from games.cards import Card, Rank, Suit


class Category(IntEnum):
    """The winning categories; a higher value beats a lower one (PA-12)."""

    TWO_TWO_TWO = 1
    THREE_THREE = 2
    FOUR_TWO = 3
    STRAIGHT_FLUSH = 4
    ROYAL_FLUSH = 5
    FIVE_OF_A_KIND = 6

    @property
    def size(self) -> int:
        """How many cards the combination uses."""
        return 6 if self <= Category.FOUR_TWO else 5


SIX_CARD_CATEGORIES = frozenset({Category.FOUR_TWO, Category.THREE_THREE, Category.TWO_TWO_TWO})

_RANKS_HIGH_FIRST: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))
_WINDOWS: tuple[tuple[int, frozenset[int]], ...] = tuple(
    (top, frozenset(range(top - 4, top + 1)) if top > 5 else frozenset({14, 2, 3, 4, 5}))
    for top in range(14, 4, -1)
)
"""Every straight as (top card, ranks), best first; A-2-3-4-5 is the lowest (PA-12)."""

_GROUPS: dict[Category, tuple[int, ...]] = {
    Category.FOUR_TWO: (4, 2),
    Category.THREE_THREE: (3, 3),
    Category.TWO_TWO_TWO: (2, 2, 2),
}
"""The six-card categories as group sizes, in the order their ranks are compared (PA-14)."""


class CombinationLabel(BaseModel):
    """A combination as facts a presenter names in the reader's language (the bot's
    ``paiute.combination.*`` messages): the category and the ranks that decide ties (PA-14),
    as rank codes, most significant first (``("K", "5")``: four kings and two fives)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    category: Category
    ranks: tuple[str, ...]


@dataclass(frozen=True, order=True)
class Combination:
    """A winning combination, ordered by category and then by its PA-14 tie-break key.

    Two combinations of equal value are equal however they were made: a natural hand and one
    made with wilds tie (PA-14), so ``cards`` takes no part in comparisons.
    """

    category: Category
    key: tuple[int, ...]
    """Rank values compared after the category, most significant first (PA-14)."""
    cards: tuple[Card, ...] = field(compare=False)
    """The cards the combination uses (5 or 6 of the hand)."""

    @property
    def label(self) -> CombinationLabel:
        """The combination as the presenters name it: category and deciding ranks."""
        return CombinationLabel(category=self.category, ranks=tuple(Rank(r).code for r in self.key))


def best_combination(cards: Sequence[Card], wild_rank: Rank | int | None) -> Combination | None:
    """The best winning combination in 5 or 6 cards, or ``None`` (PA-12, PA-13).

    Every card of ``wild_rank`` is wild and stands for whatever card makes the best hand
    (``None``: no wilds). A six-card hand is judged by the best combination it contains,
    a five-card one among them.
    """
    if len(cards) not in (5, 6):
        raise ValueError(f"a Paiute hand has 5 or 6 cards, not {len(cards)}")
    best = _best_five_card(cards, wild_rank)
    if best is None and len(cards) == 6:
        best = best_six_card(cards, wild_rank)
    return best


def best_six_card(cards: Sequence[Card], wild_rank: Rank | int | None) -> Combination | None:
    """The best of the six-card categories only (a call without a discard needs one, PA-9)."""
    if len(cards) != 6:
        return None
    naturals = [c for c in cards if c.rank != wild_rank]
    counts = Counter(c.rank.value for c in naturals)
    for category in (Category.FOUR_TWO, Category.THREE_THREE, Category.TWO_TWO_TWO):
        key = _fill_groups(counts, _GROUPS[category], ranked=category is Category.FOUR_TWO)
        if key is not None:
            return Combination(category, key, tuple(cards))
    return None


def _fill_groups(
    counts: Counter[int], sizes: tuple[int, ...], *, ranked: bool
) -> tuple[int, ...] | None:
    """The best ranks for groups of ``sizes`` (all distinct) holding every natural, or None.

    All six cards are used, so every natural rank must own a group at least as big as its
    count; wilds fill the rest, and a group without naturals takes the highest rank left.
    ``ranked``: groups compare in their given order (four, then two); otherwise high first.
    """
    ranks = list(counts)
    if len(ranks) > len(sizes):
        return None
    best: tuple[int, ...] | None = None
    for slots in permutations(range(len(sizes)), len(ranks)):
        if any(counts[r] > sizes[s] for r, s in zip(ranks, slots, strict=True)):
            continue
        group_rank = dict(zip(slots, ranks, strict=True))
        free = (r for r in _RANKS_HIGH_FIRST if r not in counts)
        key = tuple(group_rank[i] if i in group_rank else next(free) for i in range(len(sizes)))
        if not ranked:
            key = tuple(sorted(key, reverse=True))
        if best is None or key > best:
            best = key
    return best


def _best_five_card(cards: Sequence[Card], wild_rank: Rank | int | None) -> Combination | None:
    """Five of a kind, royal flush or straight flush from any five of the cards."""
    wilds = [c for c in cards if c.rank == wild_rank]
    naturals = [c for c in cards if c.rank != wild_rank]
    w = len(wilds)
    by_rank: dict[int, list[Card]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank.value, []).append(c)
    five = [r for r, group in by_rank.items() if len(group) + w >= 5]
    if five:
        r = max(five)
        used = by_rank[r] + wilds[: 5 - len(by_rank[r])]
        return Combination(Category.FIVE_OF_A_KIND, (r,), tuple(used))
    if w >= 5:  # only with a wild rank of more than four cards, which no deck has
        return Combination(Category.FIVE_OF_A_KIND, (14,), tuple(wilds[:5]))
    by_suit: dict[Suit, dict[int, Card]] = {}
    for c in naturals:
        by_suit.setdefault(c.suit, {})[c.rank.value] = c
    best: tuple[int, list[Card]] | None = None
    for suited in by_suit.values():
        if len(suited) + w < 5:
            continue
        for top, window in _WINDOWS:
            if best is not None and top <= best[0]:
                break
            present = [suited[r] for r in window if r in suited]
            if len(present) + w >= 5:
                best = (top, present + wilds[: 5 - len(present)])
                break
    if best is None:
        return None
    category = Category.ROYAL_FLUSH if best[0] == 14 else Category.STRAIGHT_FLUSH
    return Combination(category, (best[0],), tuple(best[1]))
