"""Paiute: the draw-and-discard game from Hawaii with a wild rank (rules/paiute.md).

``best_combination`` judges hands (PA-12 to PA-14); ``Paiute`` runs deals to the Engine
contract of DESIGN.md.
"""

from games.paiute._combos import Category, Combination, CombinationLabel, best_combination
from games.paiute._engine import Paiute
from games.paiute._events import (
    Called,
    DealOver,
    Dealt,
    Discarded,
    Drawn,
    Drew,
    HandDealt,
    LaidDown,
    LastTurn,
    PaiuteEvent,
    PaiuteEventKind,
    Shown,
    StockRebuilt,
)
from games.paiute._options import (
    ActionKind,
    Call,
    Discard,
    Draw,
    Outcome,
    PaiuteAction,
    PaiuteOptions,
    Phase,
    Source,
)
from games.paiute._refusals import PaiuteRefusal
from games.paiute._views import PaiuteView, SeatView

__all__ = [
    "ActionKind",
    "Call",
    "Called",
    "Category",
    "Combination",
    "CombinationLabel",
    "DealOver",
    "Dealt",
    "Discard",
    "Discarded",
    "Draw",
    "Drawn",
    "Drew",
    "HandDealt",
    "LaidDown",
    "LastTurn",
    "Outcome",
    "Paiute",
    "PaiuteAction",
    "PaiuteEvent",
    "PaiuteEventKind",
    "PaiuteOptions",
    "PaiuteRefusal",
    "PaiuteView",
    "Phase",
    "SeatView",
    "Shown",
    "Source",
    "StockRebuilt",
    "best_combination",
]
