"""How a deal ended, as the table service records it: read once, typed, from any game."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class HandLabel(BaseModel):
    """A hand's name as facts, not words: a game's category (``"two_pair"``,
    ``"five_of_a_kind"``, ``"pontoon"``), the ranks that make it (``("K", "5")``) and, where the
    game counts, a total. The presenter says it in the reader's language."""

    model_config = ConfigDict(frozen=True)

    category: str
    ranks: tuple[str, ...] = ()
    total: int | None = None


class DealResult(BaseModel):
    """One finished deal."""

    model_config = ConfigDict(frozen=True)

    deal_number: int
    changes: dict[str, int]
    """Each seat's stack change (the settlement: sums to zero with the house and kitty)."""
    pot: int
    """The chips the deal paid out of its pot (its largest pot)."""
    winners: list[str] | None = None
    """Who won the pot; ``None`` where the game has no single pot (Pontoon's bank)."""
    hands: dict[str, HandLabel] = Field(default_factory=dict)
    """Each shown hand's name."""
    start_deck: list[str] = Field(default_factory=list)
    """The deal's starting card order, for replays and audits."""
    kitty_owner: str | None = None
    """Who takes the kitty if the table closes now (Shoot Pontoon), else ``None``."""
    stakes_returned: bool = False
    """Whether the deal ended by returning the stakes (nobody won: Paiute's PA-11)."""
    owed_outside: dict[str, int] = Field(default_factory=dict)
    """Chips the deal owes players who left it (a banker who left takes the kitty)."""
