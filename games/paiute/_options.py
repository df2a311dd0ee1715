"""Paiute's table options and actions (the end of rules/paiute.md names them)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.cards import Card


class PaiuteOptions(BaseModel):
    """What a table agrees on before it deals."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    stake: int = Field(default=10, ge=1)
    """Chips each player puts into the pot before each deal (PA-2)."""
    max_rounds: int = Field(default=20, ge=1)
    """Full rounds without a call after which the stakes go back (PA-11)."""
    turn_timeout: int = Field(default=60, ge=1)
    """Seconds before a player's turn is played for them: draw from the stock, discard it."""


class Source(StrEnum):
    """Where a turn's card comes from (PA-6)."""

    STOCK = "stock"
    DISCARD = "discard"


class Phase(StrEnum):
    """Where a deal is: a player draws, then discards or calls; then it is over."""

    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


class Outcome(StrEnum):
    """How a deal ended."""

    SHOWDOWN = "showdown"
    """After a call: hands shown, the best combination takes the pot (PA-15)."""
    STAKES_RETURNED = "stakes_returned"
    """``max_rounds`` passed without a call (PA-11)."""


class ActionKind(StrEnum):
    """The three things a Paiute player does."""

    DRAW = "draw"
    DISCARD = "discard"
    CALL = "call"


class Draw(BaseModel):
    """Take the top card of the stock or of the discard pile."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["draw"] = "draw"
    source: Source


class Discard(BaseModel):
    """End the turn by discarding one card face up."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["discard"] = "discard"
    card: Card


class Call(BaseModel):
    """Lay the hand down with a winning combination; ``discard`` is the sixth card, if any."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["call"] = "call"
    discard: Card | None = None


PaiuteAction = Annotated[Draw | Discard | Call, Field(discriminator="kind")]
