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
from games.palace._game import PalacePoker
from games.palace._options import Betting, PalaceOptions
from games.palace._showdown import all_cards_of, battle_hand
from games.palace._state import Ending, PalaceState, Phase, Status
from games.palace._views import BattleView, PalaceView, SeatView

__all__ = [
    "Action",
    "ActionKind",
    "BattleView",
    "Bet",
    "Betting",
    "Buy",
    "Call",
    "Discard",
    "DiscardSoldiers",
    "Ending",
    "Fold",
    "PalaceOptions",
    "PalacePoker",
    "PalaceState",
    "PalaceView",
    "Phase",
    "Raise",
    "SeatView",
    "Status",
    "Stay",
    "all_cards_of",
    "battle_hand",
]
