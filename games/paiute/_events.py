"""What a Paiute deal tells the table: one typed event per kind, facts only (rules/paiute.md).

Public events name cards only once they are face up (the indicator, a discard, a card taken
from the discard pile, a hand laid down or shown); a card drawn from the stock is told to its
owner alone (``Drawn``). The bot's presenter turns these into sentences.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from games.events import GameEvent, OrderCommitted
from games.paiute._combos import CombinationLabel
from games.paiute._options import Outcome, Source


class PaiuteEventKind(StrEnum):
    """Every kind of event a Paiute deal makes."""

    DEAL = "deal"
    HAND = "hand"
    DRAW = "draw"
    DRAWN = "drawn"
    STOCK_REBUILT = "stock_rebuilt"
    DISCARD = "discard"
    CALL = "call"
    LAY_DOWN = "lay_down"
    LAST_TURN = "last_turn"
    SHOW = "show"
    DEAL_OVER = "deal_over"


class Dealt(GameEvent):
    """A deal began: stakes in, indicator and first discard turned (PA-2 to PA-5)."""

    kind: Literal[PaiuteEventKind.DEAL] = PaiuteEventKind.DEAL
    deal_number: int
    dealer: str
    indicator: str
    discard: str
    pot: int


class HandDealt(GameEvent):
    """Private: the five cards dealt to ``to``."""

    kind: Literal[PaiuteEventKind.HAND] = PaiuteEventKind.HAND
    hand: list[str]


class Drew(GameEvent):
    """A player took a card; ``card`` only when it came face up from the discard pile."""

    kind: Literal[PaiuteEventKind.DRAW] = PaiuteEventKind.DRAW
    player: str
    source: Source
    card: str | None = None


class Drawn(GameEvent):
    """Private: the card ``to`` drew, and their hand with it: told for either pile, so
    taking the top discard updates the player's cards like a stock draw does (issue 33.8)."""

    kind: Literal[PaiuteEventKind.DRAWN] = PaiuteEventKind.DRAWN
    card: str
    hand: list[str]
    source: Source = Source.STOCK


class StockRebuilt(GameEvent):
    """The stock ran out: ``cards`` discards were shuffled into a new one (PA-7)."""

    kind: Literal[PaiuteEventKind.STOCK_REBUILT] = PaiuteEventKind.STOCK_REBUILT
    cards: int


class Discarded(GameEvent):
    """A card went face up onto the discard pile."""

    kind: Literal[PaiuteEventKind.DISCARD] = PaiuteEventKind.DISCARD
    player: str
    card: str


class Called(GameEvent):
    """The call: the hand laid face up with its combination (PA-9)."""

    kind: Literal[PaiuteEventKind.CALL] = PaiuteEventKind.CALL
    player: str
    cards: list[str]
    combination: CombinationLabel


class LaidDown(GameEvent):
    """A winning hand laid down on a last turn after the call (PA-10)."""

    kind: Literal[PaiuteEventKind.LAY_DOWN] = PaiuteEventKind.LAY_DOWN
    player: str
    cards: list[str]
    combination: CombinationLabel


class LastTurn(GameEvent):
    """``player`` takes their last turn after the call (PA-10)."""

    kind: Literal[PaiuteEventKind.LAST_TURN] = PaiuteEventKind.LAST_TURN
    player: str


class Shown(GameEvent):
    """At the end a hand is shown, with its best combination if it has one (PA-15)."""

    kind: Literal[PaiuteEventKind.SHOW] = PaiuteEventKind.SHOW
    player: str
    cards: list[str]
    combination: CombinationLabel | None = None


class DealOver(GameEvent):
    """The deal ended: the best combination won the pot (PA-15), or the stakes went back
    (PA-11, ``winners`` empty)."""

    kind: Literal[PaiuteEventKind.DEAL_OVER] = PaiuteEventKind.DEAL_OVER
    outcome: Outcome
    winners: list[str]
    payouts: dict[str, int]
    pot: int
    combination: CombinationLabel | None = None
    max_rounds: int


PaiuteEvent = Annotated[
    Dealt
    | HandDealt
    | Drew
    | Drawn
    | StockRebuilt
    | OrderCommitted
    | Discarded
    | Called
    | LaidDown
    | LastTurn
    | Shown
    | DealOver,
    Field(discriminator="kind"),
]
"""Any Paiute event (a snapshot keeps the deal's opening events as these)."""
