"""Cards, ranks, suits and the deck every game deals from.

Cards are immutable values: engines move them between piles, and equality by value is what the
conservation checks rely on. A card validates from and serialises to its code (``"10h"``) inside
pydantic models, so snapshots and views stay plain JSON.

>>> Card.parse("10h").code, str(Card.parse("As"))
('10h', 'A♠')
>>> [c.code for c in Card.parse_many("As Kd 10h")]
['As', 'Kd', '10h']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import total_ordering
from operator import attrgetter
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema


class Rank(IntEnum):
    """Card ranks; the value is the rank's strength with the ace high (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        """The rank as it is written in a card code: ``A K Q J 10 9 ... 2``."""
        return _RANK_CODES[self]

    @property
    def label(self) -> str:
        """The rank's English name, for hand names ("kings", "a five")."""
        return self.name.lower()


class Suit(Enum):
    """The four suits; suits are unranked in every Parlour game."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def code(self) -> str:
        """The suit's letter in a card code."""
        return self.value

    @property
    def symbol(self) -> str:
        """The suit's symbol for display."""
        return _SUIT_SYMBOLS[self]


_RANK_CODES = {
    Rank.ACE: "A",
    Rank.KING: "K",
    Rank.QUEEN: "Q",
    Rank.JACK: "J",
    **{r: str(r.value) for r in Rank if r <= Rank.TEN},
}
_RANKS_BY_CODE = {code: rank for rank, code in _RANK_CODES.items()} | {"T": Rank.TEN}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
_SUITS_BY_CODE = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Ordered by rank, then suit letter, only so lists sort stably.

    Engines and the conservation checks hash and compare cards constantly, so each card keeps
    one small integer for that instead of hashing two enum members every time.
    """

    rank: Rank
    suit: Suit
    _key: int = field(init=False, repr=False, compare=False)
    _code: str = field(init=False, repr=False, compare=False)
    """The code, kept: a snapshot writes about a hundred cards per step, each read in C."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_key", self.rank.value * 4 + _SUIT_ORDER[self.suit])
        object.__setattr__(self, "_code", self.rank.code + self.suit.code)

    def __hash__(self) -> int:
        return self._key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key == other._key

    @property
    def code(self) -> str:
        """The card's code: ``"As"``, ``"10h"``, ``"2c"``."""
        return self._code

    def __str__(self) -> str:
        return self.rank.code + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit.value) < (other.rank, other.suit.value)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code such as ``"As"``, ``"10h"`` or ``"Td"`` (case does not matter).

        >>> Card.parse("qd")
        Card('Qd')
        """
        known = _PARSED.get(text)
        if known is not None:  # one object per card: a restored game holds ~100 of them
            return known
        raw = text.strip()
        if len(raw) < 2:
            raise ValueError(f"{text!r} is not a card: write a rank and a suit, like 'As' or '10h'")
        rank_text, suit_text = raw[:-1].upper(), raw[-1].lower()
        rank = _RANKS_BY_CODE.get(rank_text)
        if rank is None:
            raise ValueError(
                f"{text!r} is not a card: {raw[:-1]!r} is not a rank "
                "(use A, K, Q, J, 10 or T, 9 ... 2)"
            )
        suit = _SUITS_BY_CODE.get(suit_text) or _SUITS_BY_CODE.get(raw[-1])
        if suit is None:
            raise ValueError(
                f"{text!r} is not a card: {raw[-1]!r} is not a suit (use s, h, d or c)"
            )
        return _BY_KEY.get(rank.value * 4 + _SUIT_ORDER[suit]) or cls(rank, suit)

    @classmethod
    def parse_many(cls, text: str) -> list[Card]:
        """Read cards separated by spaces or commas: ``"As Kd 10h"``."""
        return [cls.parse(part) for part in text.replace(",", " ").split()]

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """Validate a card from its code (or a Card) and serialise it back to its code."""

        def validate(value: object) -> Card:
            if isinstance(value, Card):
                return value
            if isinstance(value, str):
                return cls.parse(value)
            raise ValueError(f"expected a card code like 'As', got {value!r}")

        # from JSON (a snapshot restored, about a hundred cards each) a card is a string
        # looked up in C, no Python call per card: half of a restore's time went there
        from_json = core_schema.chain_schema(
            [
                core_schema.str_schema(),
                core_schema.no_info_plain_validator_function(_BY_CODE.__getitem__),
            ]
        )
        return core_schema.json_or_python_schema(
            json_schema=from_json,
            python_schema=core_schema.no_info_plain_validator_function(validate),
            serialization=core_schema.plain_serializer_function_ser_schema(attrgetter("_code")),
        )


FULL_DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in Suit for rank in sorted(Rank, reverse=True)
)
"""The 52 cards in a fixed order (spades A..2, hearts, diamonds, clubs)."""

_BY_KEY: dict[int, Card] = {c._key: c for c in FULL_DECK}
_CODES: dict[int, str] = {c._key: c.rank.code + c.suit.code for c in FULL_DECK}
_PARSED: dict[str, Card] = {code: _BY_KEY[key] for key, code in _CODES.items()}
"""Every card by its code as snapshots and views write it: parsing one is a lookup."""


class _Codes(dict[str, Card]):
    """Cards by code, any other spelling parsed (a bad one is a ``ValueError``)."""

    def __missing__(self, text: str) -> Card:
        return Card.parse(text)


_BY_CODE = _Codes(_PARSED)


def codes(cards: Iterable[Card]) -> list[str]:
    """The codes of some cards, for events, views and snapshots."""
    return [c.code for c in cards]


def show(cards: Iterable[Card]) -> str:
    """Cards for people: ``"A♠ K♦ 10♥"``."""
    return " ".join(str(c) for c in cards)


def fisher_yates(items: list[Card], rng: random.Random) -> None:
    """Shuffle in place with the injected generator (never the module-level ``random``)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randrange(i + 1)
        items[i], items[j] = items[j], items[i]


class Deck:
    """A pile dealt from the top; shuffled by the table's RNG, or *stacked* for tests.

    A stacked deck (``Deck.stacked(cards)``) is never shuffled: cards that the rules gather
    back go under the remaining cards in the order they were set aside, so a test can predict
    every card the engine will deal.
    """

    __slots__ = ("_cards", "stacked")

    def __init__(self, cards: Iterable[Card], *, stacked: bool) -> None:
        self._cards = list(cards)  # index 0 is the top
        self.stacked = stacked

    @classmethod
    def shuffled(cls, rng: random.Random, cards: Sequence[Card] = FULL_DECK) -> Deck:
        """A fresh deck in random order."""
        pile = list(cards)
        fisher_yates(pile, rng)
        return cls(pile, stacked=False)

    @classmethod
    def stacked_deck(cls, cards: Sequence[Card | str]) -> Deck:
        """A test deck of all 52 cards, dealt top-first in the given order."""
        pile = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
        check_full_deck(pile)
        return cls(pile, stacked=True)

    def __len__(self) -> int:
        return len(self._cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The remaining cards, top first."""
        return tuple(self._cards)

    def draw(self) -> Card:
        """Take the top card; the caller checks for an empty deck first."""
        if not self._cards:
            raise IndexError("the deck is empty")
        return self._cards.pop(0)

    def put_under(self, cards: Iterable[Card]) -> None:
        """Put cards under the pile in the given order, unshuffled (Pontoon's PO-19)."""
        self._cards.extend(cards)

    def gather(self, cards: Iterable[Card], rng: random.Random) -> None:
        """Add cards the rules gather back and shuffle the whole pile.

        On a stacked deck the cards go under the rest, in the order given, and nothing is
        shuffled.
        """
        self._cards.extend(cards)
        if not self.stacked:
            fisher_yates(self._cards, rng)

    def to_json(self) -> dict[str, Any]:
        """The deck for a snapshot."""
        return {"cards": codes(self._cards), "stacked": self.stacked}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deck:
        """A deck back from :meth:`to_json`."""
        return cls((Card.parse(c) for c in data["cards"]), stacked=bool(data["stacked"]))


def check_full_deck(cards: Sequence[Card]) -> None:
    """Raise ``ValueError`` unless ``cards`` are the 52 distinct cards of one deck."""
    if len(cards) != 52 or set(cards) != set(FULL_DECK):
        missing = sorted(set(FULL_DECK) - set(cards))
        dupes = sorted({c for c in cards if cards.count(c) > 1})
        raise ValueError(
            f"a deck needs all 52 cards once each (got {len(cards)}; "
            f"missing {show(missing) or 'none'}; repeated {show(dupes) or 'none'})"
        )
