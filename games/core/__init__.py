"""The engine core every game is built on (see :mod:`games.core.engine`)."""

from games.core.engine import CardGame, DealNotOver
from games.core.info import GameInfo, TableDefaults
from games.core.refusals import explain
from games.core.result import DealResult, HandLabel
from games.core.state import CoreState

__all__ = [
    "CardGame",
    "CoreState",
    "DealNotOver",
    "DealResult",
    "GameInfo",
    "HandLabel",
    "TableDefaults",
    "explain",
]
