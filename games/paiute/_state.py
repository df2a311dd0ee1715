"""Everything a Paiute deal remembers, as one pydantic model: the snapshot is its JSON."""

from __future__ import annotations

from pydantic import Field

from games.cards import Card
from games.core import CoreState
from games.paiute._combos import CombinationLabel
from games.paiute._events import PaiuteEvent
from games.paiute._options import Outcome, PaiuteOptions, Phase


class DealState(CoreState[PaiuteOptions]):
    """One deal of Paiute at one table (seats, chips, history and RNG are the core's).
    ``players`` is the seat order; turn order is to the left, i.e. along it."""

    dealer: str
    pot: int = 0
    opening: list[PaiuteEvent] = Field(default_factory=list)
    """The deal as the table hears it, then each player's five cards (PA-4, PA-5)."""

    hands: dict[str, list[Card]]
    laid: dict[str, list[Card]] = Field(default_factory=dict)
    """Hands laid face up at a call or on a last turn (PA-9, PA-10)."""
    stock: list[Card]
    """Top first. The indicator is never in it (PA-4)."""
    stacked: bool
    discards: list[Card]
    """Bottom first; the last card is the top discard."""
    indicator: Card

    phase: Phase = Phase.DRAW
    turn: str
    """Whose turn it is (also during the end's last turns)."""
    round: int = 1
    taken: Card | None = None
    """The card this turn took from the discard pile: it may not go back this turn (PA-6)."""
    drawn: Card | None = None
    """The card this turn drew (either source), for the timeout's discard."""
    caller: str | None = None
    last_turns: list[str] = Field(default_factory=list)
    """Players still to take their last turn after a call, in turn order (PA-10)."""

    outcome: Outcome | None = None
    shown: bool = False
    """Whether every hand has been shown (PA-15)."""
    payouts: dict[str, int] = Field(default_factory=dict)
    combinations: dict[str, CombinationLabel] = Field(default_factory=dict)
    """Each player's best combination at the end (absent: none)."""
    winners: list[str] = Field(default_factory=list)
