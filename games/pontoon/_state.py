"""The whole state of one Pontoon deal, as one pydantic model (the snapshot is its JSON).

The engine checks every action against the exact legal actions before it changes anything, so a
refused action leaves the state as it was.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

from games.cards import Card
from games.core.state import CoreState
from games.engine import HOUSE
from games.pontoon._events import PontoonEvent
from games.pontoon._options import BankerMode, PontoonOptions
from games.pontoon._values import HandValue, hand_value


class Phase(StrEnum):
    """Where the deal is."""

    OPENING = "opening"
    STAKING = "staking"
    SHOOT = "shoot"
    PUNTERS = "punters"
    BANKER = "banker"
    OVER = "over"


class Hand(BaseModel):
    """One hand of a punter (a split makes more) or the banker's hand.

    ``public[i]`` says whether card ``i`` is face up for everyone (PO-11a). A bust hand's cards go
    under the pack at once (PO-13); ``returned`` then marks them as no longer here.
    """

    cards: list[Card] = Field(default_factory=list)
    public: list[bool] = Field(default_factory=list)
    stake: int = 0
    first_stake: int = 0
    last_buy: int = 0
    twisted: bool = False
    split: bool = False
    shoot: int = 0
    shot_first: bool = False
    shot_fourth: bool = False
    must_draw: bool = False
    declared: bool = False
    done: bool = False
    settled: bool = False
    returned: bool = False

    @property
    def value(self) -> HandValue:
        """The hand's PO-3 value."""
        return hand_value(self.cards)

    def add(self, card: Card, *, face_up: bool) -> None:
        """Take one card, face up or face down."""
        self.cards.append(card)
        self.public.append(face_up)

    def show_all(self) -> None:
        """Turn every card face up."""
        self.public = [True] * len(self.cards)


class Punter(BaseModel):
    """A punter dealt into this deal, with their hands in playing order."""

    pid: str
    hands: list[Hand] = Field(default_factory=list)
    sat_out: bool = False
    staked: bool = False


class Offer(BaseModel):
    """PO-21: a pending sale of the bank."""

    to: str
    price: int


class Opening(BaseModel):
    """What has been decided in this deal's opening phase (between the deals, PO-21/24/31):
    the kitty, offers and the sale of the bank."""

    kitty_done: bool = False
    offer: Offer | None = None
    offered: list[str] = Field(default_factory=list)
    sold: bool = False
    declined: list[str] = Field(default_factory=list)


class State(CoreState[PontoonOptions]):
    """One deal of a Pontoon table (the core's seats, stacks, history and RNG, and the rest).

    ``start_deck`` is the pack as the first card is dealt (the kitty and bank sale come first).
    """

    banker: str | None
    kitty: int = 0
    start_kitty: int = 0
    refunds: dict[str, int] = Field(default_factory=dict)
    pack: list[Card]
    stacked: bool = False
    phase: Phase = Phase.OPENING
    bank_sale: Opening = Field(default_factory=Opening)
    opening: list[PontoonEvent] = Field(default_factory=list)
    """What the deal did by itself when it was created (a restored game shows them too)."""
    punters: list[Punter] = Field(default_factory=list)
    turn: int = 0
    hand_index: int = 0
    banker_hand: Hand = Field(default_factory=Hand)
    banker_looked: bool = False
    bank_broken: bool = False
    transfers: dict[str, int] = Field(default_factory=dict)
    """Chips moved this deal that are nobody's result (PO-21, PO-24, PO-31): a kitty put up or
    topped up, a bank sale's price, a kitty going back to its banker; by seat (and ``"kitty"``),
    each move counted on both sides, so they sum to zero. The settlement leaves them out."""

    def transfer(self, source: str, target: str, amount: int) -> None:
        """Note a move of chips that is not a deal result (the stacks are moved by the caller)."""
        self.transfers[source] = self.transfers.get(source, 0) - amount
        self.transfers[target] = self.transfers.get(target, 0) + amount

    @property
    def house(self) -> bool:
        """PO-23: the bot banks."""
        return self.options.banker == BankerMode.HOUSE

    @property
    def bank_seat(self) -> str:
        """Whose stack pays and collects for the bank: the banker, or ``"house"``."""
        return HOUSE if self.banker is None else self.banker

    def punter(self, pid: str) -> Punter | None:
        """The punter ``pid`` in this deal, if dealt in."""
        return next((p for p in self.punters if p.pid == pid), None)

    def live_hands(self) -> list[tuple[Punter, Hand]]:
        """Every punter hand whose chips are still on the table, in seat order."""
        return [(p, h) for p in self.punters if not p.sat_out for h in p.hands if not h.settled]

    def outstanding_shoot(self) -> int:
        """The shoot bets on the table (PO-25's "all shoot bets together")."""
        return sum(h.shoot for _, h in self.live_hands())

    def shoot_room(self) -> int:
        """How much more may be shot before the shoot bets reach the kitty (PO-25/27/28)."""
        return max(0, self.kitty - self.outstanding_shoot())

    @property
    def pot(self) -> int:
        """Stakes and shoot bets on the table."""
        return sum(h.stake + h.shoot for _, h in self.live_hands())

    def draw(self) -> Card | None:
        """The top card of the pack, or ``None`` when it has run out (PO-14)."""
        return self.pack.pop(0) if self.pack else None

    def put_under(self, cards: list[Card]) -> None:
        """PO-13/PO-19: cards go under the pack, unshuffled."""
        self.pack.extend(cards)

    def all_cards(self) -> list[Card]:
        """Every card wherever it lies."""
        cards = list(self.pack) + list(self.banker_hand.cards)
        for p in self.punters:
            for h in p.hands:
                if not h.returned:
                    cards.extend(h.cards)
        return cards

    def move(self, source: str, target: str, amount: int) -> None:
        """Move chips between two stacks."""
        self.stacks[source] -= amount
        self.stacks[target] += amount
