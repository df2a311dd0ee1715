"""What the tournament service hands the bot: a tournament's public state, its refusals and
the events it reports by itself (between deals nobody clicked anything)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from services.tables.errors import TableError
from services.tables.model import ActionResult, TableStatus
from storage.tables import Closed


class TournamentError(TableError):
    """A tournament refusal (``table.refusal.tournament.<variant>``); nothing changed."""

    code = "tournament"
    bare = False
    variants = frozenset(
        {
            "none",
            "register_button",
            "running",
            "not_registering",
            "registered",
            "full",
            "too_few",
            "buy_in",
            "speed",
            "payouts",
            "not_host",
        }
    )


@dataclass(frozen=True, slots=True)
class Place:
    """One entrant: ``place`` once out (or at the end), ``prize`` once paid."""

    user_id: int
    place: int | None
    prize: int


@dataclass(frozen=True, slots=True)
class TournamentStatus:
    """A tournament as anyone may see it."""

    id: int
    table_id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int | None
    seats: int
    buy_in: int
    speed: str
    payouts: str
    state: str
    """``registering``, ``running``, ``finished`` or ``cancelled``."""
    level: int
    stakes: dict[str, int]
    next_stakes: dict[str, int]
    deals_to_next: int
    seconds_to_next: int
    prize_pool: int
    prizes: tuple[int, ...]
    """The prize of each paid place, from the first."""
    entrants: tuple[Place, ...]

    @property
    def alive(self) -> tuple[Place, ...]:
        return tuple(p for p in self.entrants if p.place is None)


@dataclass(frozen=True, slots=True)
class Report:
    """What happened between deals: who went out (with their place), a level change, the
    next deal (``dealt``: its step, for the table message) or the end (``finished``)."""

    tournament: TournamentStatus
    out: tuple[Place, ...] = ()
    level_up: bool = False
    dealt: ActionResult | None = None
    finished: bool = False
    closed: tuple[TableStatus, Closed] | None = None
    """When finished: the table as it was before its close, and what the close paid."""


class TournamentListener(Protocol):
    """The bot's side: told of each report the service makes by itself."""

    async def tournament_report(self, report: Report) -> None: ...


class NullTournamentListener:
    async def tournament_report(self, report: Report) -> None:
        return None
