"""Hand values (PO-1) and their order (PO-3).

>>> from games.cards import Card
>>> v = hand_value(Card.parse_many("As 6d"))
>>> (v.total, v.soft, v.kind.name)
(17, True, 'TOTAL')
>>> hand_value(Card.parse_many("2s 3d 4h 5c 6s")) > hand_value(Card.parse_many("7s 7d 7h"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import total_ordering

from pydantic import BaseModel, ConfigDict

from games.cards import Card, Rank


class HandKind(IntEnum):
    """PO-3's classes of hands, weakest first (the value is the class's strength)."""

    BUST = 0
    TOTAL = 1
    TWENTY_ONE = 2
    FIVE_CARD_TRICK = 3
    PONTOON = 4


def card_points(card: Card) -> int:
    """PO-1: pip value, ten for K Q J 10, and 1 for an ace (``hand_value`` adds the 10)."""
    if card.rank == Rank.ACE:
        return 1
    return min(int(card.rank), 10)


@total_ordering
@dataclass(frozen=True, eq=False)
class HandValue:
    """A hand's worth: its class, its best total, and whether an ace counts 11 in it.

    Equal and ordered by PO-3 only: a 21 in three cards ties a 21 in four, every bust ties, and
    totals only matter inside the ``TOTAL`` class.
    """

    kind: HandKind
    total: int
    soft: bool
    cards: int

    @property
    def _key(self) -> tuple[int, int]:
        return (int(self.kind), self.total if self.kind == HandKind.TOTAL else 0)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self._key == other._key

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self._key < other._key

    def __hash__(self) -> int:
        return hash(self._key)

    @property
    def is_bust(self) -> bool:
        """Over 21: worthless (PO-3)."""
        return self.kind == HandKind.BUST

    @property
    def pays_double(self) -> bool:
        """Pontoons and five-card tricks are paid double (PO-16, PO-17)."""
        return self.kind in (HandKind.PONTOON, HandKind.FIVE_CARD_TRICK)

    @property
    def score(self) -> Score:
        """The value as events and views carry it (the presenter says it in words)."""
        return Score(kind=self.kind, total=self.total, soft=self.soft)


class Score(BaseModel):
    """A hand's value as plain facts: its PO-3 class, its best total, whether it is soft."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: HandKind
    total: int
    soft: bool


def hand_value(cards: Sequence[Card]) -> HandValue:
    """PO-1/PO-3: the value of a hand; an ace counts 11 when that does not take it over 21."""
    hard = sum(card_points(c) for c in cards)
    has_ace = any(c.rank == Rank.ACE for c in cards)
    soft = has_ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    n = len(cards)
    if total > 21:
        kind = HandKind.BUST
    elif n == 2 and total == 21:
        kind = HandKind.PONTOON
    elif n >= 5:
        kind = HandKind.FIVE_CARD_TRICK
    elif total == 21:
        kind = HandKind.TWENTY_ONE
    else:
        kind = HandKind.TOTAL
    return HandValue(kind=kind, total=total, soft=soft, cards=n)
