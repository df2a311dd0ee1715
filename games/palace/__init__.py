"""Palace Poker (Castle Poker, Banner Poker): the engine for ``rules/palace-poker.md``.

>>> from games.palace import PalacePoker, PalaceOptions
>>> game = PalacePoker.new(["a", "b"], {"a": 100, "b": 100}, PalaceOptions(small_bet=4), seed=3,
...                        dealer="b")
>>> [spec.kind for spec in game.legal_actions("a")]
['bet', 'fold']
"""

from games.palace._actions import (
    Action,
    ActionKind,
    Bet,
    Buy,
    Call,
    Discard,
    DiscardSoldiers,
    Fold,
    Raise,
    Stay,
)
from games.palace._events import (
    Ante,
    Banner,
    BattleFolded,
    BattleTied,
    BattleWon,
    BetPlaced,
    Bought,
    Called,
    Captured,
    Cut,
    Discarded,
    DiscardsReshuffled,
    Ending,
    Folded,
    HandOver,
    PalaceCards,
    PalaceDealt,
    PalaceEvent,
    PalaceEventKind,
    PalaceRevealed,
    PalaceShown,
    Raised,
    RaiseReturned,
    RejectsReshuffled,
    SoldiersDiscarded,
    Stayed,
    Turn,
)
from games.palace._game import PalacePoker
from games.palace._hands import PalaceHand, hand_of
from games.palace._options import Betting, PalaceOptions
from games.palace._refusals import PalaceRefusal
from games.palace._showdown import all_cards_of, battle_hand
from games.palace._state import PalaceState, Phase, Status
from games.palace._views import BattleView, PalaceView, SeatView

__all__ = [
    "Action",
    "ActionKind",
    "Ante",
    "Banner",
    "BattleFolded",
    "BattleTied",
    "BattleView",
    "BattleWon",
    "Bet",
    "BetPlaced",
    "Betting",
    "Bought",
    "Buy",
    "Call",
    "Called",
    "Captured",
    "Cut",
    "Discard",
    "DiscardSoldiers",
    "Discarded",
    "DiscardsReshuffled",
    "Ending",
    "Fold",
    "Folded",
    "HandOver",
    "PalaceCards",
    "PalaceDealt",
    "PalaceEvent",
    "PalaceEventKind",
    "PalaceHand",
    "PalaceOptions",
    "PalacePoker",
    "PalaceRefusal",
    "PalaceRevealed",
    "PalaceShown",
    "PalaceState",
    "PalaceView",
    "Phase",
    "Raise",
    "RaiseReturned",
    "Raised",
    "RejectsReshuffled",
    "SeatView",
    "SoldiersDiscarded",
    "Status",
    "Stay",
    "Stayed",
    "Turn",
    "all_cards_of",
    "battle_hand",
    "hand_of",
]
