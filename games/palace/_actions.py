"""The actions of Palace Poker as pydantic models (the spec's "Actions" paragraph).

Every action is also accepted as a dict with ``"kind"``; the engine core parses either into one
model of the :data:`Action` union, or refuses it (``unknown_action``, ``bad_action``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
)


class ActionKind(StrEnum):
    """The eight action kinds the spec lists."""

    BUY = "buy"
    DISCARD_SOLDIERS = "discard_soldiers"
    DISCARD = "discard"
    STAY = "stay"
    FOLD = "fold"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Buy(_Action):
    """PP-7: pay S, take the top card of the draw pile as a soldier; a free step follows."""

    kind: Literal[ActionKind.BUY] = ActionKind.BUY


class DiscardSoldiers(_Action):
    """PP-7/PP-14/PP-17: the free discard step after a buy or a capture; may be empty."""

    kind: Literal[ActionKind.DISCARD_SOLDIERS] = ActionKind.DISCARD_SOLDIERS
    cards: list[StrictStr] = Field(default_factory=list)


class Discard(_Action):
    """PP-9: pay S and discard one or more soldiers face down."""

    kind: Literal[ActionKind.DISCARD] = ActionKind.DISCARD
    cards: list[StrictStr]


class Stay(_Action):
    """PP-10: do nothing."""

    kind: Literal[ActionKind.STAY] = ActionKind.STAY


class Fold(_Action):
    """PP-11 (on a turn) or PP-14 (as a battler): leave the hand."""

    kind: Literal[ActionKind.FOLD] = ActionKind.FOLD


class Bet(_Action):
    """PP-12/PP-13: attack ``target`` with your own battle stake."""

    kind: Literal[ActionKind.BET] = ActionKind.BET
    target: StrictStr


class Call(_Action):
    """PP-14: pay what you owe in the battle; the battle is shown down."""

    kind: Literal[ActionKind.CALL] = ActionKind.CALL


class Raise(_Action):
    """PP-14: pay the call, then raise by ``amount``."""

    kind: Literal[ActionKind.RAISE] = ActionKind.RAISE
    amount: StrictInt


Action = Annotated[
    Buy | DiscardSoldiers | Discard | Stay | Fold | Bet | Call | Raise,
    Field(discriminator="kind"),
]
