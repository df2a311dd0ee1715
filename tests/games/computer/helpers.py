"""Driving an engine with computer players, the way a table would: view and legal only."""

from __future__ import annotations

import random
from typing import Any

from games.computer import Strategy, strategy
from games.engine import Engine


def decide(game: Engine, game_id: str, level: str = "normal", seed: int = 1) -> dict[str, Any]:
    """What the computer player would do for the seat to act now."""
    pid = game.to_act
    assert pid is not None
    return strategy(game_id, level).choose(
        game.view(pid), game.legal_actions(pid), random.Random(seed)
    )


def play_out(game: Engine, players: dict[str, Strategy], rng: random.Random) -> list[bool]:
    """Play the deal to its end; for every decision, whether ``legal`` allowed it."""
    allowed = []
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        legal = game.legal_actions(pid)
        action = players[pid].choose(game.view(pid), legal, rng)
        allowed.append(any(spec.allows(action) for spec in legal))
        game.act(pid, action)
    return allowed
