"""Table options and action models of Pontoon (the spec's "Table options" and "Actions")."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator


class SplitRule(StrEnum):
    """PO-9's option ``split``: which pairs may be split."""

    PAIRS = "pairs"
    ACES = "aces"
    NONE = "none"


class BankerMode(StrEnum):
    """PO-23's option ``banker``: a player banks, or the house does."""

    PLAYER = "player"
    HOUSE = "house"


class PontoonOptions(BaseModel):
    """One table's stakes and switches.

    >>> PontoonOptions(min_bet=10, max_bet=100).min_stick
    15
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    min_bet: int = Field(default=10, ge=1)
    max_bet: int = Field(default=100, ge=1)
    min_stick: int = Field(default=15, ge=2, le=21)
    split: SplitRule = SplitRule.PAIRS
    banker: BankerMode = BankerMode.PLAYER
    house_stands_on: int = Field(default=17, ge=2, le=22)
    shoot: bool = False
    turn_timeout: int = Field(default=120, ge=1, description="seconds; kept for the table service")

    @model_validator(mode="after")
    def _bounds(self) -> Self:
        if self.max_bet < self.min_bet:
            raise ValueError("max_bet must be at least min_bet")
        return self


class ActionKind(StrEnum):
    """Every action kind of the spec's action list, plus ``sit_out`` (see the package doc)."""

    STAKE = "stake"
    SIT_OUT = "sit_out"
    SHOOT = "shoot"
    BUY = "buy"
    TWIST = "twist"
    STICK = "stick"
    SPLIT = "split"
    DRAW = "draw"
    STAY = "stay"
    KITTY = "kitty"
    OFFER_BANK = "offer_bank"
    ACCEPT_BANK = "accept_bank"
    DECLINE_BANK = "decline_bank"


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Stake(_Action):
    """PO-6: a hand's first stake."""

    kind: Literal["stake"] = "stake"
    amount: int


class SitOut(_Action):
    """A punter leaves this deal before staking (the spec's staking timeout)."""

    kind: Literal["sit_out"] = "sit_out"


class Shoot(_Action):
    """PO-25/27/28: a shoot bet; in the shoot phase 0 means "no shoot bet"."""

    kind: Literal["shoot"] = "shoot"
    amount: int


class Buy(_Action):
    """PO-10: raise the hand's stake for a face-down card."""

    kind: Literal["buy"] = "buy"
    amount: int


class Twist(_Action):
    """PO-11: a face-up card, stake unchanged."""

    kind: Literal["twist"] = "twist"


class Stick(_Action):
    """PO-12: stand with the hand."""

    kind: Literal["stick"] = "stick"


class Split(_Action):
    """PO-9: split a pair into two hands."""

    kind: Literal["split"] = "split"


class Draw(_Action):
    """PO-15: the banker draws a face-up card."""

    kind: Literal["draw"] = "draw"


class Stay(_Action):
    """PO-15: the banker stays; in the opening phase, keep the bank and deal."""

    kind: Literal["stay"] = "stay"


class Kitty(_Action):
    """PO-24/31: put up or top up the Shoot Pontoon kitty."""

    kind: Literal["kitty"] = "kitty"
    amount: int


class OfferBank(_Action):
    """PO-21: offer the bank to a player for a price."""

    kind: Literal["offer_bank"] = "offer_bank"
    to: str
    price: int


class AcceptBank(_Action):
    """PO-21: take the bank at the offered price."""

    kind: Literal["accept_bank"] = "accept_bank"


class DeclineBank(_Action):
    """PO-21: refuse an offer; from the banker (empty kitty, PO-31): give the bank up."""

    kind: Literal["decline_bank"] = "decline_bank"


PontoonAction = Annotated[
    Stake
    | SitOut
    | Shoot
    | Buy
    | Twist
    | Stick
    | Split
    | Draw
    | Stay
    | Kitty
    | OfferBank
    | AcceptBank
    | DeclineBank,
    Field(discriminator="kind"),
]
"""Any Pontoon action as a pydantic model; ``act`` also takes the same as a dict."""
