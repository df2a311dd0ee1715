"""Table options of Palace Poker (the spec's "Table options" paragraph, PP-2, PP-14, PP-23)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Betting(StrEnum):
    """PP-2: the betting structure; it governs only the size of battle raises (PP-14)."""

    LIMIT = "limit"
    NO_LIMIT = "no-limit"


class PalaceOptions(BaseModel):
    """One table's stakes and switches.

    ``big_bet`` and ``ante`` default from ``small_bet`` (PP-2: B = 2·S, ante = S/2 rounded down,
    at least 1), so a table that only names its small bet gets the spec's defaults.

    >>> PalaceOptions(small_bet=5).big_bet, PalaceOptions(small_bet=5).ante
    (10, 2)
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    small_bet: int = Field(default=10, ge=1)
    big_bet: int = Field(default=0, ge=0, description="0 means 2 × small_bet")
    ante: int = Field(default=0, ge=0, description="0 means max(1, small_bet // 2)")
    betting: Betting = Betting.LIMIT
    max_raises: int = Field(default=3, ge=0)
    max_soldiers: int = Field(default=5, ge=1, le=5, description="<= 5: hands stay within 9 cards")
    max_rounds: int = Field(default=50, ge=1)
    announce_battle_hands: bool = False
    turn_timeout: int = Field(default=120, ge=1, description="seconds; kept for the table service")

    @model_validator(mode="before")
    @classmethod
    def _derived_defaults(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        small = data.get("small_bet", 10)
        if isinstance(small, int) and small >= 1:
            if not data.get("big_bet"):
                data["big_bet"] = 2 * small
            if not data.get("ante"):
                data["ante"] = max(1, small // 2)
        return data
