"""Poker hands as facts, not words: a category and the ranks that decide it.

The engine says *which* hand a player holds (``full_house`` with ranks ``K 10``); the bot's
presenter says it in the reader's language ("Full house, kings over tens").

>>> from games.cards import Card
>>> from games.poker import evaluate
>>> hand = hand_of(evaluate(Card.parse_many("Kh Kd Ks 10c 10h 2s")))
>>> hand.model_dump(mode="json")
{'category': 'full_house', 'ranks': ['K', '10']}
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, PlainSerializer

from games.poker import Category, HandValue


def _category(value: object) -> object:
    if isinstance(value, str):
        return Category[value.upper()]
    return value


CategoryCode = Annotated[
    Category,
    BeforeValidator(_category),
    PlainSerializer(lambda c: c.name.lower(), return_type=str),
]
"""A hand category, written in JSON as its lowercase name (``"two_pair"``)."""


class PalaceHand(BaseModel):
    """A showdown hand: its category and the rank codes that rank it, most significant first
    (``("K", "10")`` for kings over tens; empty when no card could be used)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    category: CategoryCode
    ranks: tuple[str, ...] = ()


def hand_of(value: HandValue) -> PalaceHand:
    """The facts of an evaluated hand."""
    return PalaceHand(category=value.category, ranks=tuple(r.code for r in value.ranks))
