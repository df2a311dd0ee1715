"""Paiute's own refusal codes (the shared ones are ``games.errors.Refusal``).

Parameters are facts, never sentences: ``card`` is a card code, ``source`` a ``Source`` value,
``kind`` the refused action kind. The bot's presenter says them in the words of its commands.
"""

from __future__ import annotations

from enum import StrEnum


class PaiuteRefusal(StrEnum):
    """Why a Paiute action is refused now (PA-6, PA-9)."""

    ALREADY_DREW = "already_drew"
    """A second draw in one turn: the player discards or calls now."""
    PILE_EMPTY = "pile_empty"
    """``source``: the pile to draw from is empty (and the stock cannot be rebuilt, PA-7)."""
    DRAW_FIRST = "draw_first"
    """``kind`` (discard or call) before the turn's draw."""
    NOT_HELD = "not_held"
    """``card``: the card to discard is not in the player's hand."""
    TAKEN_THIS_TURN = "taken_this_turn"
    """``card``: taken from the discard pile this turn, so it may not go back (PA-6)."""
    NO_COMBINATION = "no_combination"
    """A call without a winning combination in the hand (PA-9)."""
    FIVE_CARD_COMBINATION = "five_card_combination"
    """A call without a discard, but the combination has five cards: name the sixth (PA-9)."""
    NONE_WITHOUT = "none_without"
    """``card``: the hand has a combination, but not once ``card`` is discarded."""
