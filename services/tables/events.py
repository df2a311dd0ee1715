"""The table's own events (seats, not cards): typed facts the bot words, like a game's.

The engines announce what happens in a deal; the service announces what happens around it:
a player sits down, adds chips, stands up (at once, or when the deal ends), is removed. These
go in :attr:`~services.tables.model.ActionResult.events` next to the engine's events.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from games.events import GameEvent


class TableEventKind(StrEnum):
    JOINED = "joined"
    TOP_UP = "top_up"
    LEFT = "left"
    LEAVING = "leaving"
    HOST = "host"
    SITTING_OUT = "sitting_out"
    ACHIEVED = "achieved"


class Joined(GameEvent):
    """``player`` sat down with ``amount`` chips."""

    kind: Literal[TableEventKind.JOINED] = TableEventKind.JOINED
    player: str
    amount: int


class ToppedUp(GameEvent):
    """``player`` added ``amount`` chips from their balance to their stack."""

    kind: Literal[TableEventKind.TOP_UP] = TableEventKind.TOP_UP
    player: str
    amount: int


class Left(GameEvent):
    """``player`` stood up (``removed``: by the host or an admin) with ``amount`` chips."""

    kind: Literal[TableEventKind.LEFT] = TableEventKind.LEFT
    player: str
    amount: int
    removed: bool = False


class Leaving(GameEvent):
    """``player`` stands up during a deal; their stack is cashed out when it ends."""

    kind: Literal[TableEventKind.LEAVING] = TableEventKind.LEAVING
    player: str
    removed: bool = False


class HostChanged(GameEvent):
    """The host stood up: ``player``, the longest-seated player left, hosts the table now."""

    kind: Literal[TableEventKind.HOST] = TableEventKind.HOST
    player: str


class SittingOut(GameEvent):
    """A deal started without ``player`` (told only to them, ``to``): their stack (``stack``)
    is below the ``need`` chips a deal of this game takes."""

    kind: Literal[TableEventKind.SITTING_OUT] = TableEventKind.SITTING_OUT
    player: str
    stack: int
    need: int


class Achieved(GameEvent):
    """``player`` earned the achievement ``code`` (``services.achievements``) in this step:
    said once, on the table, by the step that granted it."""

    kind: Literal[TableEventKind.ACHIEVED] = TableEventKind.ACHIEVED
    player: str
    code: str


TableEvent = Annotated[
    Joined | ToppedUp | Left | Leaving | HostChanged | SittingOut | Achieved,
    Field(discriminator="kind"),
]
"""Any of the table's own events."""

TABLE_EVENTS = (Joined, ToppedUp, Left, Leaving, HostChanged, SittingOut, Achieved)
"""The classes of :data:`TableEvent`, for ``isinstance``."""


class CloseReason(StrEnum):
    """Why a table closed."""

    HOST = "host"
    SITTING_OUT = "sitting_out"
    ADMIN = "admin"
    EMPTY = "empty"
    """The last seated player stood up; every chip was refunded."""
    IDLE = "idle"
    """No player acted for ``minutes``; every chip was refunded."""
    COMPUTERS = "computers"
    """Only computer players were left seated; every chip went back (theirs to the house)."""
    UNLOADABLE = "unloadable"
    """After a restart its saved game could not be loaded (``why``); every chip was refunded."""


@dataclass(frozen=True, slots=True)
class Closing:
    """A table's close as the bot words it; :meth:`record` is what the ledger keeps."""

    reason: CloseReason
    minutes: int | None = None
    why: str | None = None
    """The load failure (an exception's own text, for admins; not a sentence of ours)."""

    def record(self) -> str:
        """The close's reason as stored with the table (``idle:30min``, ``unloadable: ...``)."""
        if self.reason is CloseReason.IDLE:
            return f"idle:{self.minutes}min"
        if self.reason is CloseReason.UNLOADABLE:
            return f"unloadable: {self.why}"
        return self.reason.value
