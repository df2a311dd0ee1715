"""Pontoon's own refusal codes (the shared ones are ``games.errors.Refusal``).

Each names a rule the action broke; its parameters are the numbers the player needs to put it
right (the bot's presenter says it in words).
"""

from __future__ import annotations

from enum import StrEnum


class PontoonRefusal(StrEnum):
    """Why a Pontoon action is refused, beyond the shared codes."""

    MUST_TAKE_FOURTH = "must_take_fourth"
    """PO-27: a fourth-card shoot bet commits the hand to buy or twist."""
    STICK_TOO_LOW = "stick_too_low"
    """PO-12: ``total`` is under ``min_stick``."""
    TWISTED_NO_BUY = "twisted_no_buy"
    """PO-11: after a twist a hand may only twist."""
    CANT_AFFORD_BUY = "cant_afford_buy"
    """PO-10: a card costs at least ``need`` chips."""
    NOT_A_PAIR = "not_a_pair"
    """PO-9: only two cards of one rank split."""
    SPLIT_OFF = "split_off"
    """PO-9: the table's ``split`` option is ``none``."""
    ACES_ONLY = "aces_only"
    """PO-9: the table's ``split`` option is ``aces``."""
    TOO_MANY_HANDS = "too_many_hands"
    """PO-9: no more than ``max`` hands."""
    CANT_AFFORD_SPLIT = "cant_afford_split"
    """PO-9: the new hand's stake is ``need`` chips."""
    NOT_SHOOT_TABLE = "not_shoot_table"
    """PO-24: shoot bets are for Shoot Pontoon tables."""
    KITTY_COVERED = "kitty_covered"
    """PO-25: the shoot bets already cover the kitty."""
    SHOOT_NOT_NOW = "shoot_not_now"
    """PO-27/PO-28: a shoot bet only before the fourth card, or on a new split hand."""
    ONE_SHOOT_FOR_FOURTH = "one_shoot_for_fourth"
    """PO-27: the hand already has its one shoot bet for the fourth card."""
    CANT_AFFORD_SHOOT = "cant_afford_shoot"
    """PO-25: a shoot bet needs chips, and the stack is empty."""
