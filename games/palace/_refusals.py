"""Palace Poker's own refusal codes (the shared ones are ``games.errors.Refusal``).

Each code's docstring lists its parameters. A refusal of an action kind that is not legal now
also carries ``kind`` (what was asked) and ``allowed`` (the kinds that are legal now), so the
presenter can add what the player can do instead.
"""

from __future__ import annotations

from enum import StrEnum


class PalaceRefusal(StrEnum):
    """Why Palace Poker refuses an action, beyond the shared codes."""

    FINISH_DISCARD_STEP = "finish_discard_step"
    """The player is in their free discard step (PP-7/PP-17): only ``discard_soldiers``."""
    IN_BATTLE = "in_battle"
    """The player answers a battle (PP-14): fold, call or raise."""
    NOTHING_TO = "nothing_to"
    """``kind`` (call, raise, discard_soldiers) has nothing to answer now."""
    MUST_BATTLE = "must_battle"
    """PP-19: two players left, so only bet and fold."""
    NO_CARDS_LEFT = "no_cards_left"
    """PP-8: draw and discard piles are both empty."""
    CANT_AFFORD = "cant_afford"
    """``kind`` (buy, discard, raise) costs ``price`` and the player has ``stack`` (PP-15: paid in
    full)."""
    NO_SOLDIERS = "no_soldiers"
    """A paid discard with no soldiers to discard."""
    NO_TARGETS = "no_targets"
    """PP-12: every other banner has the attacker's suit."""
    BAD_CARD = "bad_card"
    """``card``: the text given is not a card code."""
    NOT_YOUR_SOLDIER = "not_your_soldier"
    """``card``: not one of the player's soldiers."""
    CARD_TWICE = "card_twice"
    """A card was named more than once."""
    CARD_COUNT = "card_count"
    """The number of cards is outside ``min``..``max``."""
    RAISE_CAP = "raise_cap"
    """PP-14 limit: the battle already has ``max`` raises."""
    OPPONENT_ALL_IN = "opponent_all_in"
    """PP-15: the other battler is all in and cannot call a raise."""
