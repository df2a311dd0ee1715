"""The whole state of one Palace Poker deal, as one pydantic model (the snapshot is its JSON)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

from games.cards import Card, Suit
from games.core import CoreState
from games.palace._events import Ending, PalaceEvent
from games.palace._hands import PalaceHand
from games.palace._options import PalaceOptions


class Phase(StrEnum):
    """Where the deal is. A free discard step keeps the same player to act."""

    PLAY = "play"
    BATTLE = "battle"
    DISCARD_STEP = "discard_step"
    OVER = "over"


class Status(StrEnum):
    """A seat's standing in the hand."""

    IN = "in"
    FOLDED = "folded"
    """PP-11 / PP-14: left the hand by folding."""
    BEATEN = "beaten"
    """PP-16 / PP-17: lost a battle (or tied one and went out with the other battler)."""


class SeatState(BaseModel):
    """One dealt-in player's cards and chips for this deal."""

    pid: str
    status: Status = Status.IN
    banner: Card | None = None
    soldiers: list[Card] = Field(default_factory=list)
    """Face up, in the order they were gained (the timeout discards the newest first)."""
    palace: list[Card] = Field(default_factory=list)
    aside: list[Card] = Field(default_factory=list)
    """Cards set aside out of play, unseen (PP-11, PP-14, PP-17)."""
    put_in: int = 0
    """Chips this player has put into the pot this deal, net of an uncalled raise returned."""
    out_seen_by: str | None = None
    """PP-17: the caller of the battle that put this player out, who saw their palace cards
    (``None``: out otherwise, or the loser was the caller, whose palace nobody saw then)."""

    @property
    def banner_suit(self) -> Suit | None:
        """The suit that matters for PP-12, PP-16 and PP-20 (``None`` once out of the hand)."""
        return self.banner.suit if self.banner is not None else None


class Battle(BaseModel):
    """A battle in progress (PP-12..PP-14)."""

    attacker: str
    defender: str
    to_act: str
    to_call: int
    """What the battler to act pays to call: their own stake first, then the last raise."""
    raises: int = 0
    last_raise: int = 0
    last_raiser: str | None = None


class Result(BaseModel):
    """How the hand ended and who got the pot."""

    ending: Ending
    winners: list[str]
    payouts: dict[str, int]
    hands: dict[str, PalaceHand] = Field(default_factory=dict)
    """PP-21 / PP-23 showdown: each remaining player's hand."""


class PalaceState(CoreState[PalaceOptions]):
    """Everything needed to continue the deal (the core's part: players, stacks, the log, the
    starting deck, the RNG)."""

    seats: list[str]
    """Dealt-in players from the dealer's left (seat 0) round to the dealer (PP-4)."""
    dealer: str
    pot: int = 0
    seat: dict[str, SeatState]
    draw: list[Card] = Field(default_factory=list)
    """The face-down draw pile, top first."""
    discards: list[Card] = Field(default_factory=list)
    """The face-down discard pile, in the order cards were discarded."""
    rejected_banners: list[Card] = Field(default_factory=list)
    """PP-5: every card turned face up and rejected in this deal's banner deal, in the order
    turned (a card turned again after the reject pile was reshuffled is listed again). The
    whole table saw them, so they stay public for the deal even once PP-6 gathers them into
    the palaces and the draw pile."""
    stacked: bool = False
    phase: Phase = Phase.PLAY
    turn: str | None = None
    """Whose turn it is; during a battle the attacker, during a free step the turn's owner."""
    step_player: str | None = None
    battle: Battle | None = None
    quiet: list[str] = Field(default_factory=list)
    """PP-21: players who stayed, discarded or folded since the last buy or bet."""
    rounds: int = 0
    """Full rounds completed (PP-23)."""
    seen: dict[str, dict[str, list[Card]]] = Field(default_factory=dict)
    """PP-17: viewer -> owner -> the owner's palace cards the viewer was shown."""
    shown: dict[str, list[Card]] = Field(default_factory=dict)
    """PP-21: palace cards shown to the whole table at the final showdown."""
    result: Result | None = None
    opening: list[PalaceEvent] = Field(default_factory=list)

    def active(self) -> list[str]:
        """Players still in the hand, in seat order."""
        return [p for p in self.seats if self.seat[p].status is Status.IN]
