"""What a Palace Poker deal tells the table: one typed event per kind, facts and no words.

Players are ids, cards are codes, amounts are chips; the bot's presenter words them. An event
is public unless ``to`` names the one player allowed to see it (their palace cards, a palace
they were shown after a battle). A public event never carries a hidden card.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from games.events import GameEvent, OrderCommitted
from games.palace._hands import PalaceHand


class PalaceEventKind(StrEnum):
    """Every kind of event a deal emits."""

    CUT = "cut"
    ANTE = "ante"
    BANNER = "banner"
    REJECTS_RESHUFFLED = "rejects_reshuffled"
    PALACE_CARDS = "palace_cards"
    PALACE_DEALT = "palace_dealt"
    TURN = "turn"
    DISCARDS_RESHUFFLED = "discards_reshuffled"
    BUY = "buy"
    DISCARD_SOLDIERS = "discard_soldiers"
    DISCARD = "discard"
    STAY = "stay"
    FOLD = "fold"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    BATTLE_FOLD = "battle_fold"
    RAISE_RETURNED = "raise_returned"
    BATTLE_TIE = "battle_tie"
    BATTLE_WON = "battle_won"
    CAPTURE = "capture"
    PALACE_SHOWN = "palace_shown"
    PALACE_REVEALED = "palace_revealed"
    HAND_OVER = "hand_over"


K = PalaceEventKind


class Ending(StrEnum):
    """How the hand ended."""

    LAST_PLAYER = "last_player"
    """PP-18."""
    SAME_BANNERS = "same_banners"
    """PP-20."""
    QUIET_ROUND = "quiet_round"
    """PP-21."""
    MAX_ROUNDS = "max_rounds"
    """PP-23."""
    BATTLE_TIE = "battle_tie"
    """PP-16: the last two tied a battle and split the pot."""


class Cut(GameEvent):
    """PP-3: the cut for the first deal; ``rounds``: each round's cards by player."""

    kind: Literal[K.CUT] = K.CUT
    dealer: str
    rounds: list[dict[str, str]]


class Ante(GameEvent):
    """PP-4/PP-15: what each player put in (less than ``ante``: all-in)."""

    kind: Literal[K.ANTE] = K.ANTE
    ante: int
    paid: dict[str, int]
    pot: int


class Banner(GameEvent):
    """PP-5: a player's banner, and the cards turned face up and rejected before it."""

    kind: Literal[K.BANNER] = K.BANNER
    player: str
    banner: str
    rejected: list[str] = Field(default_factory=list)


class RejectsReshuffled(GameEvent):
    """PP-5: the deck ran out during the banner deal; ``count`` rejects became the deck."""

    kind: Literal[K.REJECTS_RESHUFFLED] = K.REJECTS_RESHUFFLED
    count: int


class PalaceCards(GameEvent):
    """PP-6, private: the owner's three palace cards."""

    kind: Literal[K.PALACE_CARDS] = K.PALACE_CARDS
    cards: list[str]


class PalaceDealt(GameEvent):
    """PP-6: every player got ``each`` palace cards; ``draw_count`` cards form the draw pile."""

    kind: Literal[K.PALACE_DEALT] = K.PALACE_DEALT
    each: int
    draw_count: int


class Turn(GameEvent):
    """Whose turn it is now."""

    kind: Literal[K.TURN] = K.TURN
    player: str


class DiscardsReshuffled(GameEvent):
    """PP-8: the draw pile was empty; ``count`` discards became the new draw pile."""

    kind: Literal[K.DISCARDS_RESHUFFLED] = K.DISCARDS_RESHUFFLED
    count: int


class Bought(GameEvent):
    """PP-7: ``player`` paid ``price`` and took ``card`` face up as a soldier."""

    kind: Literal[K.BUY] = K.BUY
    player: str
    card: str
    price: int
    pot: int


class SoldiersDiscarded(GameEvent):
    """PP-7/PP-14/PP-17: the free discard step; ``count`` soldiers went face down."""

    kind: Literal[K.DISCARD_SOLDIERS] = K.DISCARD_SOLDIERS
    player: str
    count: int


class Discarded(GameEvent):
    """PP-9: ``player`` paid ``price`` and discarded ``count`` soldiers face down."""

    kind: Literal[K.DISCARD] = K.DISCARD
    player: str
    count: int
    price: int
    pot: int


class Stayed(GameEvent):
    """PP-10."""

    kind: Literal[K.STAY] = K.STAY
    player: str


class Folded(GameEvent):
    """PP-11: a fold on one's turn (a battler's fold is :class:`BattleFolded`)."""

    kind: Literal[K.FOLD] = K.FOLD
    player: str


class BetPlaced(GameEvent):
    """PP-12/PP-13: ``attacker`` attacks ``defender`` and bets ``amount``."""

    kind: Literal[K.BET] = K.BET
    attacker: str
    defender: str
    amount: int
    pot: int
    all_in: bool = False
    """The attacker's stack was short of their stake: ``amount`` is all they had (PP-15)."""


class Raised(GameEvent):
    """PP-14: ``player`` paid ``called`` and raised ``amount`` on top."""

    kind: Literal[K.RAISE] = K.RAISE
    player: str
    called: int
    amount: int
    pot: int


class Called(GameEvent):
    """PP-14: ``player`` paid ``amount``; the battle is shown down."""

    kind: Literal[K.CALL] = K.CALL
    player: str
    amount: int
    pot: int
    all_in: bool = False
    """The caller's stack was short of the call: ``amount`` is all they had, maybe 0 (PP-15)."""


class BattleFolded(GameEvent):
    """PP-14: a battler folded; ``winner`` captures."""

    kind: Literal[K.BATTLE_FOLD] = K.BATTLE_FOLD
    player: str
    winner: str


class RaiseReturned(GameEvent):
    """PP-14: the raiser took back their uncalled raise."""

    kind: Literal[K.RAISE_RETURNED] = K.RAISE_RETURNED
    player: str
    amount: int


class BattleTied(GameEvent):
    """PP-16: the two battlers tied (``players``: the caller, then the other)."""

    kind: Literal[K.BATTLE_TIE] = K.BATTLE_TIE
    players: list[str]


class BattleWon(GameEvent):
    """PP-16/PP-17: who won the battle shown down; ``hand`` only when the table announces
    battle hands."""

    kind: Literal[K.BATTLE_WON] = K.BATTLE_WON
    winner: str
    loser: str
    hand: PalaceHand | None = None


class Captured(GameEvent):
    """PP-14/PP-17: the winner's soldiers after capturing (face up, so public)."""

    kind: Literal[K.CAPTURE] = K.CAPTURE
    player: str
    soldiers: list[str]


class PalaceShown(GameEvent):
    """PP-17, private: the viewer (``to``) was shown ``owner``'s palace cards."""

    kind: Literal[K.PALACE_SHOWN] = K.PALACE_SHOWN
    owner: str
    cards: list[str]


class PalaceRevealed(GameEvent):
    """PP-21: at the final showdown ``player`` shows their palace; ``hand``: their best five."""

    kind: Literal[K.PALACE_REVEALED] = K.PALACE_REVEALED
    player: str
    cards: list[str]
    hand: PalaceHand


class HandOver(GameEvent):
    """The hand ended (``ending``): the pot went to ``winners`` as ``payouts``."""

    kind: Literal[K.HAND_OVER] = K.HAND_OVER
    ending: Ending
    winners: list[str]
    payouts: dict[str, int]


PalaceEvent = Annotated[
    Cut
    | OrderCommitted
    | Ante
    | Banner
    | RejectsReshuffled
    | PalaceCards
    | PalaceDealt
    | Turn
    | DiscardsReshuffled
    | Bought
    | SoldiersDiscarded
    | Discarded
    | Stayed
    | Folded
    | BetPlaced
    | Raised
    | Called
    | BattleFolded
    | RaiseReturned
    | BattleTied
    | BattleWon
    | Captured
    | PalaceShown
    | PalaceRevealed
    | HandOver,
    Field(discriminator="kind"),
]
"""Any Palace Poker event (the state keeps the deal's opening events as these)."""
