"""Paiute: the draw-and-discard game from Hawaii with a wild rank (rules/paiute.md).

``best_combination`` judges hands (PA-12 to PA-14); ``Paiute`` runs deals to the Engine
contract of DESIGN.md.
"""

from games.paiute._combos import Category, Combination, best_combination
from games.paiute._engine import Paiute
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
from games.paiute._views import PaiuteView, SeatView

__all__ = [
    "ActionKind",
    "Call",
    "Category",
    "Combination",
    "Discard",
    "Draw",
    "Outcome",
    "Paiute",
    "PaiuteAction",
    "PaiuteOptions",
    "PaiuteView",
    "Phase",
    "SeatView",
    "Source",
    "best_combination",
]
