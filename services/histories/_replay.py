"""A finished deal, step by step, as one reader may see it (issue 29's replay).

Driven by the deal's stored record alone (so it survives restarts and needs no table): its
opening state is restored and its actions applied again (:mod:`games.core.replay`). At each
step the reader gets what they saw at that moment and nothing else: the table's view
(``view(None)``), their own (``view(reader)``) and the events of that step that were public
or told to them. The whole deal is recomputed for each step asked (a deal is at most a few
hundred actions of a pure engine: milliseconds), so nothing is cached between clicks.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from games.core import replay
from games.events import GameEvent
from games.registry import game_info
from storage import players


class NoReplay(LookupError):
    """The deal's record keeps no opening state (recorded before replays were kept) or its
    game is no longer offered."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One moment of a deal as its reader saw it."""

    deal_id: int
    game: str
    table_id: int
    deal_number: int
    reader: str
    index: int
    """0: the deal as dealt; then one per action."""
    last: int
    """The index of the deal's last step."""
    player: str | None
    """Who acted (``None``: the deal itself, dealt)."""
    action: dict[str, Any] | None
    events: list[GameEvent]
    """This step's events that were public or told to the reader."""
    table: BaseModel
    """The table's (public) view after the step."""
    mine: BaseModel
    """The reader's own view after the step."""
    players: list[str]
    user_ids: dict[str, int]
    """Each player's user id (a computer player's is negative), for the seats' lines."""
    stacks: dict[str, int]
    pot: int
    fingerprint: str | None


def replay_step(record: Mapping[str, Any], reader: str, index: int) -> ReplayStep:
    """Step ``index`` of the stored deal ``record`` as ``reader`` saw it (clamped to the
    deal's steps). The caller has checked that ``reader`` played the deal."""
    history = record["history"]
    opening = replay.opening_of(history)
    try:
        engine = game_info(str(record["game"])).engine
    except KeyError:
        raise NoReplay(record["id"]) from None
    if opening is None:
        raise NoReplay(record["id"])
    actions = replay.actions_of(history)
    wanted = max(0, min(index, len(actions)))
    try:
        seen, last = _walk(engine, opening, actions, wanted, reader)
    except (ValueError, zlib.error):  # a stored opening this engine cannot read
        raise NoReplay(record["id"]) from None
    if seen is None:  # the record stopped replaying before that step: its last one
        return replay_step(record, reader, last)
    fairness: Mapping[str, Any] = next((r for r in history if r.get("kind") == "fairness"), {})
    return ReplayStep(
        deal_id=int(record["id"]),
        game=str(record["game"]),
        table_id=int(record["table_id"]),
        deal_number=int(record["deal_number"]),
        reader=reader,
        last=last,
        players=list(record["players"]),
        user_ids={p: players.user_id(p) for p in record["players"]},
        fingerprint=fairness.get("fingerprint"),
        **seen,
    )


def _walk(
    engine: Any, opening: str, actions: list[tuple[str, dict[str, Any]]], wanted: int, reader: str
) -> tuple[dict[str, Any] | None, int]:
    """The deal replayed to its end: what ``reader`` saw at step ``wanted``, and the last
    step's index."""
    seen: dict[str, Any] | None = None
    last = 0
    for moment in replay.moments(engine, opening, actions):
        last = moment.index
        if moment.index == wanted:
            game = moment.game
            seen = {
                "index": moment.index,
                "player": moment.player,
                "action": moment.action,
                "events": [e for e in moment.events if e.to is None or e.to == reader],
                "table": game.view(None),
                "mine": game.view(reader),
                "stacks": dict(game.stacks),
                "pot": game.pot,
            }
    return seen, last
