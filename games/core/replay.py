"""A finished deal stepped through again (issue 29's replay), from what its record keeps.

When a deal has been dealt, before anyone acts, the engine keeps its whole state (the RNG's
included, the commitment's secret not yet in it) compressed in :attr:`CoreState.opening`; the
deal's stored record carries it as a ``replay`` record (:meth:`CardGame.closing_records`).
Restoring that state and applying the logged actions again, one by one, gives every moment
of the deal exactly as it was (the same future: the RNG is in the state), so a replay reads
``view(reader)`` and the events each step handed out, never anything stored for the purpose
of showing it. The record holds the whole order, so only this module's callers decide what a
reader sees: the views and the events of their own audience.
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.errors import IllegalAction
from games.events import GameEvent

KIND = "replay"
"""The kind of the stored record holding a deal's opening state."""


def pack(state_json: str) -> str:
    """A state's JSON, compressed (a deal's opening is about a fifth of its size so)."""
    return base64.b64encode(zlib.compress(state_json.encode("utf-8"), 9)).decode("ascii")


def unpack(packed: str) -> str:
    return zlib.decompress(base64.b64decode(packed, validate=True)).decode("utf-8")


def opening_of(history: Sequence[Mapping[str, Any]]) -> str | None:
    """The packed opening state a stored deal's history carries, or ``None`` (a deal
    recorded before replays were kept)."""
    for entry in history:
        if entry.get("kind") == KIND and isinstance(entry.get("opening"), str):
            return str(entry["opening"])
    return None


def actions_of(history: Sequence[Mapping[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """Every player's action of a stored deal, in order (the game's own steps follow from
    them)."""
    return [
        (str(e["player"]), dict(e["action"]))
        for e in history
        if e.get("kind") == "action" and isinstance(e.get("action"), Mapping)
    ]


@dataclass(frozen=True, slots=True)
class Moment:
    """One step of a replay: who did what (``None``: the deal itself, dealt), the events it
    handed out (every audience: the caller filters) and the game just after it."""

    index: int
    player: str | None
    action: dict[str, Any] | None
    events: list[GameEvent]
    game: Any
    """The game (a :class:`games.core.CardGame`) after this step; the same object moves on
    to the next step."""


def moments(
    game_class: Any,
    opening: str,
    actions: Sequence[tuple[str, dict[str, Any]]],
) -> Iterator[Moment]:
    """The deal from its dealing to its end. Stops early (without raising) at an action the
    restored game refuses, which only a record of another engine version could hold.
    ``game_class``: the deal's :class:`games.core.CardGame` subclass (this module is below
    the engine, which packs the opening with it)."""
    game = game_class.restore(unpack(opening))
    yield Moment(0, None, None, game.opening_events(), game)
    for index, (pid, action) in enumerate(actions, start=1):
        try:
            events = game.act(pid, action)
        except IllegalAction:
            return
        yield Moment(index, pid, action, events, game)
