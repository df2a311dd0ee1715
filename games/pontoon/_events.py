"""What a Pontoon deal tells the table: one typed event per kind, facts only (no sentences).

Players are ids, chips are ints, cards are codes, a hand's value is a :class:`Score`; the bot's
presenter (``bot/exts/pontoon``) says each of them in the reader's language. ``None`` as a
banker or kitty owner means the house bank.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from games.events import GameEvent
from games.pontoon._values import Score


class PontoonEventKind(StrEnum):
    """Every kind of event a Pontoon deal emits."""

    CUT = "cut"
    SHUFFLE = "shuffle"
    KITTY = "kitty"
    KITTY_RETURNED = "kitty_returned"
    BANK_OFFERED = "bank_offered"
    BANK_SOLD = "bank_sold"
    BANK_DECLINED = "bank_declined"
    BANK_GIVEN_UP = "bank_given_up"
    BANK_PASSES = "bank_passes"
    NO_DEAL = "no_deal"
    SITS_OUT = "sits_out"
    FIRST_CARD = "first_card"
    NEW_CARD = "new_card"
    YOUR_CARDS = "your_cards"
    DEALT = "dealt"
    STAKE = "stake"
    SHOOT = "shoot"
    NO_SHOOT = "no_shoot"
    BUY = "buy"
    TWIST = "twist"
    STICK = "stick"
    SPLIT = "split"
    PONTOON = "pontoon"
    STANDS = "stands"
    FIVE_CARD_TRICK = "five_card_trick"
    BUST = "bust"
    BANKER_PONTOON = "banker_pontoon"
    BANKER_SHOWS = "banker_shows"
    BANKER_DRAWS = "banker_draws"
    BANKER_STAYS = "banker_stays"
    HAND_LOSES = "hand_loses"
    HAND_WINS = "hand_wins"
    BANK_BROKEN = "bank_broken"
    DEAL_OVER = "deal_over"


class BankPassReason(StrEnum):
    """Why the bank changed hands (PO-20, PO-21, PO-22, PO-31)."""

    BOUGHT = "bought"
    """PO-21: the new banker bought it."""
    PASSED_LEFT = "passed_left"
    """PO-22/PO-31 (or the banker left): it passed to the left."""
    PONTOON = "pontoon"
    """PO-20: the new banker made a pontoon."""


class NoDealReason(StrEnum):
    """Why a deal ended without play."""

    NO_KITTY = "no_kitty"
    """PO-31: every player gave up the bank rather than put up a kitty."""
    NOBODY_CAN_STAKE = "nobody_can_stake"
    """No punter can afford the minimum stake."""
    NOBODY_STAKED = "nobody_staked"
    """Every punter sat the deal out."""


class StandReason(StrEnum):
    """Why a hand stood without its punter deciding (PO-14)."""

    TWENTY_ONE = "twenty_one"
    PACK_EMPTY = "pack_empty"


class ShootMoment(StrEnum):
    """When a shoot bet was placed (PO-25, PO-27, PO-28)."""

    FIRST = "first"
    FOURTH_CARD = "fourth_card"
    SPLIT_HAND = "split_hand"


class Cut(GameEvent):
    """PO-4: the cut for the first bank (``rounds``: each round's card per player)."""

    kind: Literal[PontoonEventKind.CUT] = PontoonEventKind.CUT
    banker: str
    rounds: list[dict[str, str]]


class Shuffled(GameEvent):
    """PO-19: a pontoon was made, so the pack is shuffled."""

    kind: Literal[PontoonEventKind.SHUFFLE] = PontoonEventKind.SHUFFLE


class KittyPut(GameEvent):
    """PO-24: chips into the kitty (``player`` ``None``: the house), ``total`` after."""

    kind: Literal[PontoonEventKind.KITTY] = PontoonEventKind.KITTY
    player: str | None
    amount: int
    total: int


class KittyReturned(GameEvent):
    """PO-31: a banker who loses the bank takes the kitty with them."""

    kind: Literal[PontoonEventKind.KITTY_RETURNED] = PontoonEventKind.KITTY_RETURNED
    player: str
    amount: int


class BankOffered(GameEvent):
    """PO-21: the banker offers the bank to ``buyer`` for ``price``."""

    kind: Literal[PontoonEventKind.BANK_OFFERED] = PontoonEventKind.BANK_OFFERED
    seller: str
    buyer: str
    price: int


class BankSold(GameEvent):
    """PO-21: ``buyer`` takes the bank from ``seller`` for ``price``."""

    kind: Literal[PontoonEventKind.BANK_SOLD] = PontoonEventKind.BANK_SOLD
    seller: str
    buyer: str
    price: int


class BankDeclined(GameEvent):
    """PO-21: the player offered the bank refuses it."""

    kind: Literal[PontoonEventKind.BANK_DECLINED] = PontoonEventKind.BANK_DECLINED
    player: str


class BankGivenUp(GameEvent):
    """PO-31: the banker will not refill the kitty and gives up the bank."""

    kind: Literal[PontoonEventKind.BANK_GIVEN_UP] = PontoonEventKind.BANK_GIVEN_UP
    player: str


class BankPasses(GameEvent):
    """The bank changes hands: ``banker`` holds it now."""

    kind: Literal[PontoonEventKind.BANK_PASSES] = PontoonEventKind.BANK_PASSES
    banker: str
    reason: BankPassReason


class NoDeal(GameEvent):
    """The deal ends without play."""

    kind: Literal[PontoonEventKind.NO_DEAL] = PontoonEventKind.NO_DEAL
    reason: NoDealReason


class SitsOut(GameEvent):
    """A punter is out of this deal: by choice (or timeout), or ``broke`` (can't stake)."""

    kind: Literal[PontoonEventKind.SITS_OUT] = PontoonEventKind.SITS_OUT
    player: str
    broke: bool = False


class FirstCard(GameEvent):
    """PO-5 (private): the punter's first card, face down."""

    kind: Literal[PontoonEventKind.FIRST_CARD] = PontoonEventKind.FIRST_CARD
    card: str


class NewCard(GameEvent):
    """PO-9/PO-10 (private): a face-down card to the hand in play."""

    kind: Literal[PontoonEventKind.NEW_CARD] = PontoonEventKind.NEW_CARD
    card: str


class YourCards(GameEvent):
    """PO-7 (private): a player's two cards and their value."""

    kind: Literal[PontoonEventKind.YOUR_CARDS] = PontoonEventKind.YOUR_CARDS
    cards: list[str]
    score: Score


class Dealt(GameEvent):
    """PO-5 (``round`` 1: to ``punters``) and PO-7 (``round`` 2): cards face down."""

    kind: Literal[PontoonEventKind.DEALT] = PontoonEventKind.DEALT
    round: int
    punters: list[str] = Field(default_factory=list)


class Staked(GameEvent):
    """PO-6: a punter's first stake."""

    kind: Literal[PontoonEventKind.STAKE] = PontoonEventKind.STAKE
    player: str
    amount: int


class ShootBet(GameEvent):
    """PO-25/27/28: a shoot bet of ``amount``."""

    kind: Literal[PontoonEventKind.SHOOT] = PontoonEventKind.SHOOT
    player: str
    amount: int
    moment: ShootMoment


class NoShoot(GameEvent):
    """PO-25: the punter places no shoot bet."""

    kind: Literal[PontoonEventKind.NO_SHOOT] = PontoonEventKind.NO_SHOOT
    player: str


class Bought(GameEvent):
    """PO-10: a card bought for ``amount``."""

    kind: Literal[PontoonEventKind.BUY] = PontoonEventKind.BUY
    player: str
    amount: int


class Twisted(GameEvent):
    """PO-11: a face-up card."""

    kind: Literal[PontoonEventKind.TWIST] = PontoonEventKind.TWIST
    player: str
    card: str


class Stuck(GameEvent):
    """PO-12: the punter sticks."""

    kind: Literal[PontoonEventKind.STICK] = PontoonEventKind.STICK
    player: str


class SplitPair(GameEvent):
    """PO-9: a pair split; ``hands``: how many the punter has now."""

    kind: Literal[PontoonEventKind.SPLIT] = PontoonEventKind.SPLIT
    player: str
    cards: list[str]
    hands: int


class Declared(GameEvent):
    """PO-8: a pontoon declared, its ace (``card``) shown."""

    kind: Literal[PontoonEventKind.PONTOON] = PontoonEventKind.PONTOON
    player: str
    card: str


class Stands(GameEvent):
    """A hand stands by itself (21, or PO-14's empty pack)."""

    kind: Literal[PontoonEventKind.STANDS] = PontoonEventKind.STANDS
    player: str
    reason: StandReason


class FiveCardTrick(GameEvent):
    """PO-14: five cards without going bust."""

    kind: Literal[PontoonEventKind.FIVE_CARD_TRICK] = PontoonEventKind.FIVE_CARD_TRICK
    player: str


class Bust(GameEvent):
    """PO-13/PO-29: a hand over 21, its stake lost (its shoot bet to the kitty)."""

    kind: Literal[PontoonEventKind.BUST] = PontoonEventKind.BUST
    player: str
    cards: list[str]
    total: int
    stake: int
    shoot: int


class BankerPontoon(GameEvent):
    """PO-7: the banker's pontoon, shown; everyone pays double."""

    kind: Literal[PontoonEventKind.BANKER_PONTOON] = PontoonEventKind.BANKER_PONTOON
    cards: list[str]


class BankerShows(GameEvent):
    """PO-15: the banker turns up both cards."""

    kind: Literal[PontoonEventKind.BANKER_SHOWS] = PontoonEventKind.BANKER_SHOWS
    cards: list[str]
    score: Score


class BankerDraws(GameEvent):
    """PO-15/PO-23: a face-up card to the banker (``banker`` ``None``: the house)."""

    kind: Literal[PontoonEventKind.BANKER_DRAWS] = PontoonEventKind.BANKER_DRAWS
    banker: str | None
    card: str
    score: Score


class BankerStays(GameEvent):
    """PO-15: the player banker stays."""

    kind: Literal[PontoonEventKind.BANKER_STAYS] = PontoonEventKind.BANKER_STAYS
    player: str
    score: Score


class HandLoses(GameEvent):
    """PO-16..18/26/30: a hand pays the banker ``paid`` (its shoot bet to the kitty)."""

    kind: Literal[PontoonEventKind.HAND_LOSES] = PontoonEventKind.HAND_LOSES
    player: str
    paid: int
    shoot: int


class HandWins(GameEvent):
    """PO-16..18/26/30: a hand wins ``won`` from the bank (``shoot`` from the kitty)."""

    kind: Literal[PontoonEventKind.HAND_WINS] = PontoonEventKind.HAND_WINS
    player: str
    won: int
    score: Score
    shoot: int


class BankBroken(GameEvent):
    """PO-22: the bank pays ``available`` of the ``owed``, pro rata."""

    kind: Literal[PontoonEventKind.BANK_BROKEN] = PontoonEventKind.BANK_BROKEN
    owed: int
    available: int


class DealOver(GameEvent):
    """The deal is settled: every hand as it ended, the stacks and the kitty."""

    kind: Literal[PontoonEventKind.DEAL_OVER] = PontoonEventKind.DEAL_OVER
    hands: dict[str, list[list[str]]]
    banker_cards: list[str]
    stacks: dict[str, int]
    kitty: int


PontoonEvent = Annotated[
    Cut
    | Shuffled
    | KittyPut
    | KittyReturned
    | BankOffered
    | BankSold
    | BankDeclined
    | BankGivenUp
    | BankPasses
    | NoDeal
    | SitsOut
    | FirstCard
    | NewCard
    | YourCards
    | Dealt
    | Staked
    | ShootBet
    | NoShoot
    | Bought
    | Twisted
    | Stuck
    | SplitPair
    | Declared
    | Stands
    | FiveCardTrick
    | Bust
    | BankerPontoon
    | BankerShows
    | BankerDraws
    | BankerStays
    | HandLoses
    | HandWins
    | BankBroken
    | DealOver,
    Field(discriminator="kind"),
]
"""Any Pontoon event (a deal's opening events are kept in its state as these)."""
