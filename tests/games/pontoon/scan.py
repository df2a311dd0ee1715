"""Many random deals, with everything the engine hands out collected: events, refusals,
action specs and views (the no-English test and the presenter's tests read them)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, cast

from games.actions import ActionSpec
from games.engine import HOUSE, Engine
from games.errors import IllegalAction
from games.events import GameEvent
from games.pontoon import BankerMode, Pontoon, PontoonOptions, PontoonView, SplitRule
from games.random_play import illegal_variants


@dataclass
class Seen:
    """What the deals produced."""

    events: list[GameEvent] = field(default_factory=list)
    refusals: list[IllegalAction] = field(default_factory=list)
    specs: list[ActionSpec] = field(default_factory=list)
    views: list[PontoonView] = field(default_factory=list)
    deals: int = 0


_TRIES = ("stick", "split", "buy", "shoot", "twist", "stay", "accept_bank")


def _refused(game: Pontoon, pid: str, action: dict[str, Any], seen: Seen) -> None:
    try:
        game.act(pid, action)
    except IllegalAction as error:
        seen.refusals.append(error)
    else:  # pragma: no cover - the scan only tries actions that are not listed
        raise AssertionError(f"accepted {action}")


def play(deals: int, seed: int = 6) -> Seen:
    """``deals`` random deals over tables of every option, two to six players."""
    rng = random.Random(seed)
    seen = Seen()
    while seen.deals < deals:
        options = PontoonOptions(
            min_bet=10,
            max_bet=rng.choice([50, 100]),
            split=rng.choice(list(SplitRule)),
            banker=rng.choice(list(BankerMode)),
            shoot=rng.random() < 0.5,
        )
        ids = [f"p{i}" for i in range(rng.randint(2, 6))]
        game: Pontoon | None = Pontoon.new(ids, dict.fromkeys(ids, 300), options, seed=seen.deals)
        for _ in range(6):
            if game is None or seen.deals >= deals:
                break
            seen.events += game.opening_events()
            _deal(game, rng, seen)
            seen.deals += 1
            stacks = {p: v for p, v in game.stacks.items() if p != HOUSE and v >= 10}
            need = 1 if options.banker == BankerMode.HOUSE else 2
            game = game.next_deal(list(stacks), stacks) if len(stacks) >= need else None
    return seen


def _deal(game: Pontoon, rng: random.Random, seen: Seen) -> None:
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        specs = game.legal_actions(pid)
        seen.specs += specs
        if rng.random() < 0.3:
            seen.views += [game.view(v) for v in (None, *game.state.players)]
        listed = {s.kind for s in specs}
        for kind in _TRIES:
            if kind not in listed and rng.random() < 0.3:
                _refused(
                    game,
                    pid,
                    {"kind": kind, "amount": 10} if kind in ("buy", "shoot") else {"kind": kind},
                    seen,
                )
        if rng.random() < 0.3:
            who, attempt = rng.choice(illegal_variants(cast(Engine, game), pid, rng))
            if who != pid or not any(s.allows(attempt) for s in specs):
                _refused(game, who, attempt, seen)
        seen.events += game.act(pid, rng.choice(specs).sample(rng))
    seen.views += [game.view(v) for v in (None, *game.state.players)]
