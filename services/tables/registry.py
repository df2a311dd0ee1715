"""What the table service knows about each game: :class:`games.core.GameInfo` plus the
server's limits.

A game is declared once, in :mod:`games.registry` (a test's toy game registers itself there);
this module adds what only the service needs (options from the server's settings and within
its limits) and never reads an engine's internals: everything a deal's record needs comes from
the engine's ``deal_result()``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from pydantic import BaseModel, ValidationError

from games.core import GameInfo, TableDefaults
from games.engine import Engine
from games.registry import game_ids, game_info
from services.tables.errors import AmountOutOfBounds, BadOptions, UnknownGame
from storage.settings import GuildSettings

MIN_TIMEOUT_S, MAX_TIMEOUT_S = 5, 3600


@dataclass(frozen=True, slots=True)
class Game:
    """One game as the table service sees it."""

    info: GameInfo

    @property
    def name(self) -> str:
        """The game's id (``tables.game``)."""
        return self.info.id

    @property
    def title(self) -> str:
        """The game's id; the bot names the game in the reader's language."""
        return self.info.id

    @property
    def options(self) -> type[BaseModel]:
        return self.info.options

    def players(self, options: BaseModel) -> tuple[int, int]:
        """Fewest and most players a deal may have with these options."""
        return self.info.seats(options)

    def min_stack(self, options: BaseModel) -> int:
        """Chips a player needs in their stack to be dealt in (fewer: they sit out)."""
        return self.info.min_stack(options)

    def build_options(self, settings: GuildSettings, overrides: Mapping[str, Any]) -> BaseModel:
        """The table's options: the server defaults, the opener's choices, the server limits."""
        defaults = self.info.defaults(
            TableDefaults(settings.min_bet, settings.max_bet, settings.turn_timeout_s)
        )
        try:
            opts = self.info.options.model_validate({**defaults, **overrides})
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "options"
            raise BadOptions("option", option=where, problem=first["msg"]) from exc
        top = self.info.top_stake(opts)
        if top > settings.max_bet_limit:
            raise AmountOutOfBounds("stake_limit", max=settings.max_bet_limit, top=top)
        timeout = int(getattr(opts, "turn_timeout", settings.turn_timeout_s))
        if not MIN_TIMEOUT_S <= timeout <= MAX_TIMEOUT_S:
            raise AmountOutOfBounds("timer", min=MIN_TIMEOUT_S, max=MAX_TIMEOUT_S)
        return opts

    def new(
        self, players: list[str], stacks: Mapping[str, int], options: BaseModel, seed: int
    ) -> Engine:
        return cast(Engine, self.info.engine.new(players, stacks, options, seed=seed))

    def restore(self, snapshot: str) -> Engine:
        return cast(Engine, self.info.engine.restore(snapshot))


def game(name: str) -> Game:
    """The game called ``name``, or ``UnknownGame``."""
    try:
        return Game(game_info(name))
    except KeyError:
        known = ", ".join(sorted(game_ids()))
        raise UnknownGame("named", game=repr(name), known=known) from None


def games() -> list[Game]:
    """Every game offered now."""
    return [Game(game_info(g)) for g in game_ids()]
