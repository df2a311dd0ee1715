"""Poker hand values: the best five-card hand out of 0 to 9 cards.

Palace Poker compares hands of 4 to 9 cards, and a battle may leave a player with fewer than
five usable cards once the opponent's banner suit is excluded (PP-16), so the evaluator ranks
short hands too: they form pairs, trips and quads but never straights or flushes, and a missing
kicker ranks below a 2.

A hand's strength is one integer *key*: the category in the high bits, then up to five ranks,
four bits each, most significant first (0 for a missing kicker). Comparing hands is comparing
keys. The key is built from rank bitmasks with small tables built at import time, without
trying the 21 (or 126) five-card subsets.

A value says which hand it is as facts (its :class:`Category` and deciding ranks), never as
words: the bot's presenters name hands in the reader's language.

>>> from games.cards import Card, Suit
>>> full = evaluate(Card.parse_many("Kh Kd Ks 10c 10h 2s 3d"))
>>> full.category.name, [r.code for r in full.ranks]
('FULL_HOUSE', ['K', '10'])
>>> evaluate(Card.parse_many("As 2d 3c 4h 5s")) < evaluate(Card.parse_many("2d 3c 4h 5s 6s"))
True
>>> short = evaluate(Card.parse_many("Ah Kh Qh Jh 9h 2c"), exclude_suit=Suit.HEARTS)
>>> short.category.name, short.ranks
('HIGH_CARD', (<Rank.TWO: 2>,))
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from games.cards import Card, Rank, Suit

__all__ = ["Category", "HandValue", "evaluate"]


class Category(IntEnum):
    """Hand categories; a higher value is a stronger hand."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9


# Key layout: category << 20, then five 4-bit rank slots at bits 16, 12, 8, 4, 0.
_CAT_SHIFT = 20
_HIGH_CARD = Category.HIGH_CARD << _CAT_SHIFT
_ONE_PAIR = Category.ONE_PAIR << _CAT_SHIFT
_TWO_PAIR = Category.TWO_PAIR << _CAT_SHIFT
_TRIPS = Category.THREE_OF_A_KIND << _CAT_SHIFT
_STRAIGHT = Category.STRAIGHT << _CAT_SHIFT
_FLUSH = Category.FLUSH << _CAT_SHIFT
_FULL_HOUSE = Category.FULL_HOUSE << _CAT_SHIFT
_QUADS = Category.FOUR_OF_A_KIND << _CAT_SHIFT
_STRAIGHT_FLUSH = Category.STRAIGHT_FLUSH << _CAT_SHIFT

# How many cards of each rank slot a category uses, for picking `HandValue.cards`.
_SLOT_COUNTS: dict[Category, tuple[int, ...]] = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.ONE_PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4, 1),
    Category.FLUSH: (1, 1, 1, 1, 1),
}


def _build_tables() -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """Tables indexed by a rank mask (bit ``1 << rank`` for each rank present, ranks 2..14).

    ``top[k][mask]`` packs the k highest ranks of the mask into 4-bit slots, highest first
    (missing ranks are 0); ``straight[mask]`` is the high rank of the best straight in the
    mask (5 for the wheel A-2-3-4-5), or 0.
    """
    size = 1 << 15
    top1 = [0] * size
    top2 = [0] * size
    top3 = [0] * size
    top5 = [0] * size
    # top4 is only an intermediate step towards top5.
    top4 = [0] * size
    straight = [0] * size
    wheel = (1 << Rank.ACE) | (1 << Rank.FIVE) | (1 << Rank.FOUR) | (1 << Rank.THREE) | 4
    for mask in range(4, size, 4):
        high = mask.bit_length() - 1
        rest = mask ^ (1 << high)
        top1[mask] = high
        top2[mask] = (high << 4) | top1[rest]
        top3[mask] = (high << 8) | top2[rest]
        top4[mask] = (high << 12) | top3[rest]
        top5[mask] = (high << 16) | top4[rest]
        # Bit r of `runs` is set when ranks r..r+4 are all present.
        runs = mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4)
        if runs:
            straight[mask] = runs.bit_length() + 3
        elif mask & wheel == wheel:
            straight[mask] = 5
    return top1, top2, top3, top5, straight


_TOP1, _TOP2, _TOP3, _TOP5, _STRAIGHT_HIGH = _build_tables()

_SPADES, _HEARTS, _DIAMONDS, _CLUBS = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def _key(cards: tuple[Card, ...]) -> int:
    """The strength key of the best hand in ``cards`` (all of them usable)."""
    spades = hearts = diamonds = clubs = 0
    for card in cards:
        bit = 1 << card.rank
        suit = card.suit
        if suit is _SPADES:
            spades |= bit
        elif suit is _HEARTS:
            hearts |= bit
        elif suit is _DIAMONDS:
            diamonds |= bit
        else:
            clubs |= bit
    # Ranks held at least once / twice / three times / four times, from the suit masks.
    sh = spades & hearts
    dc = diamonds & clubs
    m1 = spades | hearts | diamonds | clubs
    m2 = sh | dc | ((spades | hearts) & (diamonds | clubs))
    m3 = (sh & (diamonds | clubs)) | (dc & (spades | hearts))
    m4 = sh & dc

    in_spades, in_hearts = spades.bit_count(), hearts.bit_count()
    in_diamonds, in_clubs = diamonds.bit_count(), clubs.bit_count()
    if in_spades + in_hearts + in_diamonds + in_clubs != len(cards):
        repeated = sorted({c.code for c in cards if cards.count(c) > 1})
        raise ValueError(f"a hand cannot hold the same card twice: {', '.join(repeated)}")
    # At most one suit can hold five of nine cards.
    flush = (
        spades
        if in_spades >= 5
        else hearts
        if in_hearts >= 5
        else diamonds
        if in_diamonds >= 5
        else clubs
        if in_clubs >= 5
        else 0
    )
    if flush:
        high = _STRAIGHT_HIGH[flush]
        if high:
            return _STRAIGHT_FLUSH | (high << 16)
    if m4:
        quad = _TOP1[m4]
        return _QUADS | (quad << 16) | (_TOP1[m1 ^ (1 << quad)] << 12)
    if m3:
        trip = _TOP1[m3]
        pairs = m2 ^ (1 << trip)
        if pairs:
            return _FULL_HOUSE | (trip << 16) | (_TOP1[pairs] << 12)
    if flush:
        return _FLUSH | _TOP5[flush]
    high = _STRAIGHT_HIGH[m1]
    if high:
        return _STRAIGHT | (high << 16)
    if m3:
        trip = _TOP1[m3]
        return _TRIPS | (trip << 16) | (_TOP2[m1 ^ (1 << trip)] << 8)
    if m2:
        pair = _TOP1[m2]
        rest = m2 ^ (1 << pair)
        if rest:
            low = _TOP1[rest]
            return (
                _TWO_PAIR | (pair << 16) | (low << 12) | (_TOP1[m1 ^ (1 << pair) ^ (1 << low)] << 8)
            )
        return _ONE_PAIR | (pair << 16) | (_TOP3[m1 ^ (1 << pair)] << 4)
    return _HIGH_CARD | _TOP5[m1]


class HandValue:
    """The value of a poker hand: totally ordered and hashable by strength alone.

    Two hands of equal strength are equal even when their cards differ (suits never break
    ties). ``cards`` are worked out only when asked for: ranking hands is the hot path.

    >>> from games.cards import Card
    >>> v = evaluate(Card.parse_many("2c 3d 4h 5s As Kd"))
    >>> v.category.name, v.ranks, [c.code for c in v.cards]
    ('STRAIGHT', (<Rank.FIVE: 5>,), ['5s', '4h', '3d', '2c', 'As'])
    """

    __slots__ = ("_usable", "key")

    key: int
    """The strength as one integer: a larger key is a stronger hand."""

    def __init__(self, key: int, usable: tuple[Card, ...]) -> None:
        self.key = key
        self._usable = usable

    @property
    def category(self) -> Category:
        """The hand's category (flush, full house ...)."""
        return Category(self.key >> _CAT_SHIFT)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks that decide ties within the category, most significant first."""
        return tuple(Rank(r) for r in self._slots())

    def _slots(self) -> list[int]:
        key = self.key
        slots = [(key >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
        return [r for r in slots if r]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards that make the hand, best first (the wheel is listed 5-4-3-2-A)."""
        category = self.category
        usable = self._usable
        slots = self._slots()
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            high = slots[0]
            ranks = [high - i for i in range(5)] if high > 5 else [5, 4, 3, 2, 14]
            counts: tuple[int, ...] = (1, 1, 1, 1, 1)
        else:
            ranks = slots
            counts = _SLOT_COUNTS[category]
        if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
            suit = max(Suit, key=lambda s: sum(c.suit is s for c in usable))
            usable = tuple(c for c in usable if c.suit is suit)
        picked: list[Card] = []
        for rank, count in zip(ranks, counts, strict=False):
            picked.extend([c for c in usable if c.rank == rank][:count])
        return tuple(picked)

    def __repr__(self) -> str:
        ranks = " ".join(r.code for r in self.ranks)
        return f"HandValue({self.category.name} {ranks}: {' '.join(c.code for c in self.cards)})"

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key == other.key

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key < other.key

    def __le__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key <= other.key

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key > other.key

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key >= other.key


def evaluate(
    cards: Iterable[Card], exclude_suit: Suit | None = None, keep: Iterable[Card] = ()
) -> HandValue:
    """The best five-card poker hand out of 0 to 9 distinct cards.

    Cards of ``exclude_suit`` cannot be used, except those in ``keep`` (PP-16: a player's own
    banner always counts). Fewer than five usable cards still make a hand; with none at all
    the value is the lowest there is. More than 9 usable cards, or a card given twice, is a
    caller's bug and raises ``ValueError``.

    >>> from games.cards import Card, Suit
    >>> evaluate(Card.parse_many("Ah Ad 7s 7h Kc 2d 9c")).category.name
    'TWO_PAIR'
    >>> banner = Card.parse("Qs")
    >>> kept = evaluate(Card.parse_many("Qs Qh 9s 9h 4c"), Suit.SPADES, keep=[banner])
    >>> kept.category.name, kept.ranks[0].code
    ('ONE_PAIR', 'Q')
    """
    usable = tuple(cards)
    if exclude_suit is not None:
        kept = tuple(keep)
        usable = tuple(c for c in usable if c.suit is not exclude_suit or c in kept)
    if len(usable) > 9:
        raise ValueError(f"a poker hand is made from at most 9 cards, got {len(usable)}")
    return HandValue(_key(usable), usable)
