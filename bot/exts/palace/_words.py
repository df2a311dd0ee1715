"""Small pieces every Palace Poker message is built from: lists, numbers, hand names.

Hands come from the engine as facts (a category and rank codes, PP-1); their names are said
here, in the reader's language ("Full house, kings over tens").
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.text import Msg, Number, Text, msg
from games.palace import PalaceHand
from games.poker import Category


def n(amount: int) -> Number:
    """A chip count or any other number inside a sentence."""
    return Number(amount)


def joined(parts: Sequence[Text], how: str = "comma") -> Text:
    """``a, b, c`` (``how="comma"``) or ``a and b and c`` (``"and"``); ``""`` for nothing."""
    if not parts:
        return ""
    text = parts[0]
    for part in parts[1:]:
        text = msg(f"palace.list.{how}", head=text, tail=part)
    return text


def rank(code: str) -> Msg:
    """One card's rank: "king"."""
    return msg(f"palace.rank.{code}")


def ranks(code: str) -> Msg:
    """Several cards of a rank: "kings", "sixes"."""
    return msg(f"palace.ranks.{code}")


_HIGH = {Category.STRAIGHT_FLUSH, Category.FLUSH, Category.STRAIGHT, Category.HIGH_CARD}
"""Categories named by their top card ("Flush, king high"); the others by sets of a rank."""


def hand_name(hand: PalaceHand) -> Msg:
    """A hand's name: "Pair of queens", "Straight, five high", "Royal flush"."""
    if not hand.ranks:
        return msg("palace.hand.no_cards")
    category = hand.category
    top = hand.ranks[0]
    if category is Category.STRAIGHT_FLUSH and top == "A":
        return msg("palace.hand.royal_flush")
    key = f"palace.hand.{category.name.lower()}"
    if category in _HIGH:
        return msg(key, high=rank(top))
    if category in (Category.FULL_HOUSE, Category.TWO_PAIR):
        return msg(key, high=ranks(top), low=ranks(hand.ranks[1]))
    return msg(key, high=ranks(top))
