"""What the layers above need to know about a game, declared once per game.

The table service, storage records, the cogs and the commands' choices all read a game's
:class:`GameInfo` from :mod:`games.registry`; nothing else names a game, so adding one (a
test-only toy game included) is one ``GameInfo`` and one ``register`` call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel


@dataclass(frozen=True, slots=True)
class TableDefaults:
    """A server's table settings, as the games read them (the service fills it in)."""

    min_bet: int
    max_bet: int
    turn_timeout_s: int


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One game: its id, engine and options, and the limits the table enforces."""

    id: str
    """The game's id in storage (``tables.game``, ``results.game``) and commands."""
    engine: type[Any]
    """The engine class (a :class:`games.core.CardGame`)."""
    options: type[BaseModel]
    """The table options model."""
    seats: Callable[[Any], tuple[int, int]]
    """Fewest and most players a deal may have with these options."""
    min_stack: Callable[[Any], int]
    """Chips a player needs in their stack to be dealt in (fewer: they sit out)."""
    top_stake: Callable[[Any], int]
    """The table's largest fixed stake, compared with the server's stake limit."""
    defaults: Callable[[TableDefaults], dict[str, Any]]
    """A new table's options from the server's settings (the opener may override them)."""
