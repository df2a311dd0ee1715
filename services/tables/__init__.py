"""The table service: one table per channel for every game, with no Discord import.

The bot builds one :class:`TableService` over the storage ``Database`` with its
:class:`TableListener`, awaits ``service.startup()`` (recovery) and, at shutdown,
``service.shutdown()``. Every cog calls the same methods, addressed by
``(guild, channel)``; every refusal is a :class:`TableError` whose ``str()`` is for the player.
:class:`Closed` (storage's record of what a close refunded and paid out) is re-exported here,
so the bot needs no ``storage`` import to read it.
"""

from services.tables.errors import (
    AlreadySeated,
    AmountOutOfBounds,
    BadOptions,
    IllegalMove,
    InsufficientChips,
    NoDeal,
    NoTable,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    NotYourTurn,
    StaleAction,
    TableBusy,
    TableError,
    TableExists,
    TableFull,
    UnknownGame,
)
from services.tables.listener import NullListener, TableListener
from services.tables.model import (
    ActionResult,
    ComputerReport,
    DeckProofs,
    Expected,
    PrivateView,
    SeatStatus,
    TableStatus,
    TimeoutReport,
)
from services.tables.registry import Game, game, games
from services.tables.service import TableService
from services.tables.timers import Clock, ManualClock, SystemClock
from storage.tables import Closed

__all__ = [
    "ActionResult",
    "AlreadySeated",
    "AmountOutOfBounds",
    "BadOptions",
    "Clock",
    "Closed",
    "ComputerReport",
    "DeckProofs",
    "Expected",
    "Game",
    "IllegalMove",
    "InsufficientChips",
    "ManualClock",
    "NoDeal",
    "NoTable",
    "NotEnoughPlayers",
    "NotHost",
    "NotSeated",
    "NotYourTurn",
    "NullListener",
    "PrivateView",
    "SeatStatus",
    "StaleAction",
    "SystemClock",
    "TableBusy",
    "TableError",
    "TableExists",
    "TableFull",
    "TableListener",
    "TableService",
    "TableStatus",
    "TimeoutReport",
    "UnknownGame",
    "game",
    "games",
]
