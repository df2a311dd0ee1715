"""Every engine keeps the pinned contract (DESIGN.md), checked the same way for all three."""

from __future__ import annotations

import random

import pytest

from games.engine import Engine
from games.random_play import PlayStats, play_deal
from games.simulate import factories

PLAYERS = ["11", "22", "33"]


@pytest.fixture(params=sorted(factories()))
def game(request: pytest.FixtureRequest) -> Engine:
    return factories()[request.param](PLAYERS, dict.fromkeys(PLAYERS, 500), 7)


def test_every_game_is_registered():
    assert set(factories()) == {"palace", "paiute", "pontoon"}


def test_opening_events_give_each_dealt_player_their_cards_privately(game: Engine):
    private_to = {e.to for e in game.opening_events() if not e.is_public}
    if game.phase == "opening":  # Pontoon's player bank: nothing is dealt before the banker acts
        assert private_to == set()
    else:
        assert set(PLAYERS) <= private_to


def test_snapshot_round_trip_is_exact_for_every_engine(game: Engine):
    again = type(game).restore(game.snapshot())
    assert again.snapshot() == game.snapshot()
    assert again.deal_number == game.deal_number == 1


def test_next_deal_counts_up(game: Engine):
    play_deal(game, random.Random(3), PlayStats())
    assert game.is_over
    assert game.next_deal().deal_number == 2
