"""What every computer player promises: the pinned entry point, only the seat's view, and an
action ``legal`` allows on every decision of random deals (any options, any table size)."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games.computer
from games.actions import ActionSpec
from games.computer import GAMES, LEVELS, strategy
from games.engine import HOUSE, Engine
from games.paiute import Paiute, PaiuteOptions
from games.palace import Betting, PalaceOptions, PalacePoker
from games.pontoon import BankerMode, Pontoon, PontoonOptions, SplitRule
from tests.games.computer.helpers import play_out
from tests.syntax import parse

PACKAGE = Path(games.computer.__file__).parent


def _table(game_id: str, n: int, seed: int, variant: int) -> Engine:
    ids = [f"p{i}" for i in range(n)]
    stacks = dict.fromkeys(ids, 200 + 150 * variant)
    if game_id == "palace":
        betting = Betting.NO_LIMIT if variant % 2 else Betting.LIMIT
        return PalacePoker.new(ids, stacks, PalaceOptions(small_bet=10, betting=betting), seed)
    if game_id == "paiute":
        return Paiute.new(ids[:5], stacks, PaiuteOptions(stake=10, max_rounds=5 + variant), seed)
    options = PontoonOptions(
        min_bet=10,
        max_bet=50 + 50 * variant,
        shoot=variant != 1,
        split=list(SplitRule)[variant % 3],
        banker=BankerMode.HOUSE if variant == 2 else BankerMode.PLAYER,
    )
    return Pontoon.new(ids[:7], stacks, options, seed=seed)


def test_the_pinned_entry_point():
    for game_id in GAMES:
        for level in LEVELS:
            player = strategy(game_id, level)
            assert list(inspect.signature(player.choose).parameters) == ["view", "legal", "rng"]
    with pytest.raises(ValueError, match="unknown game"):
        strategy("chess")
    with pytest.raises(ValueError, match="unknown level"):
        strategy("palace", "grandmaster")


def test_players_import_no_engine_internals():
    """Only public names of other packages: no ``_module`` and no ``_name`` from outside."""
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                if parts[0] != "games" or parts[:2] == ["games", "computer"]:
                    continue
                assert not any(p.startswith("_") for p in parts), (path.name, node.module)
                assert not any(a.name.startswith("_") for a in node.names), (path.name, node.module)
                assert node.module not in {"games.engine", "games.random_play", "games.simulate"}
            if isinstance(node, ast.Import):
                assert all(not a.name.startswith(("asyncio", "games.")) for a in node.names)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_rebuilt_from_json_gets_the_same_answer(game_id: str):
    """The view and the specs are plain data: rebuilt from their JSON, with no engine left to
    reach, every decision of a deal comes out the same."""
    game = _table(game_id, 4, seed=5, variant=0)
    player = strategy(game_id)
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        view, legal = game.view(pid), game.legal_actions(pid)
        copy = type(view).model_validate_json(view.model_dump_json())
        specs = [ActionSpec.model_validate_json(s.model_dump_json()) for s in legal]
        action = player.choose(copy, specs, random.Random(9))
        assert action == player.choose(view, legal, random.Random(9))
        game.act(pid, action)


@settings(max_examples=12)
@given(
    game_id=st.sampled_from(GAMES),
    level=st.sampled_from(LEVELS),
    players=st.integers(min_value=2, max_value=6),
    variant=st.integers(min_value=0, max_value=2),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_every_choice_is_legal(game_id: str, level: str, players: int, variant: int, seed: int):
    rng = random.Random(seed)
    game = _table(game_id, players, seed, variant)
    seats = [pid for pid in game.stacks if pid != HOUSE]
    computer = strategy(game_id, level)
    others = [strategy(game_id, "random"), strategy(game_id, "easy"), computer]
    table = {pid: computer if i == 0 else others[i % 3] for i, pid in enumerate(seats)}
    for _ in range(3):
        if any(pid not in table for pid in game.stacks):
            break
        assert all(play_out(game, table, rng))
        live = {p: v for p, v in game.stacks.items() if p in table and v > 20}
        if len(live) < 2:
            break
        game = game.next_deal(players=list(live), stacks=live)
    assert getattr(computer, "fallbacks", 0) == 0
