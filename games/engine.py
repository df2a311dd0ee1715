"""The names the table service and the tests use for any game's engine.

Every engine is a :class:`games.core.CardGame` (the engine contract of DESIGN.md, implemented
once in :mod:`games.core.engine`); :data:`Engine` is that type for code that drives a game
without knowing which.
"""

from __future__ import annotations

from typing import Any

from games.core.engine import CardGame

HOUSE = "house"
"""The seat id of Pontoon's house bank: not a player, its stack starts at 0 and may go negative."""

KITTY = "kitty"
"""The key of the Shoot Pontoon kitty's change in a settlement, so the settlement sums to zero."""

Engine = CardGame[Any, Any]
"""Any game's engine."""
