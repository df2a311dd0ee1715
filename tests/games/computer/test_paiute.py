"""The Paiute players' key decisions, on stacked decks (the indicator 2c makes twos wild)."""

from __future__ import annotations

import random

from games.cards import FULL_DECK, Rank
from games.computer._paiute import completes
from games.paiute import best_combination
from tests.games.computer.helpers import decide
from tests.games.paiute.helpers import draw, new_game

ABCD = ["ann", "bob", "cat", "dan"]


def test_calls_with_five_of_a_kind():
    game = new_game(ABCD, "dan", {"ann": "Kh Kd Ks 2h 7c"}, stock="Kc")
    draw(game, "ann")
    assert decide(game, "paiute") == {"kind": "call", "discard": "7c"}


def test_takes_the_discard_that_makes_a_combination():
    # ann: four queens and a wild, the top discard is the last queen: five of a kind
    game = new_game(ABCD, "dan", {"ann": "Qh Qd Qs 2h 7c"}, discard="Qc")
    assert decide(game, "paiute") == {"kind": "draw", "source": "discard"}


def test_draws_from_the_stock_when_the_discard_does_not_help():
    game = new_game(ABCD, "dan", {"ann": "Qh Qd 9s 9h 5c"}, discard="3d")
    assert decide(game, "paiute") == {"kind": "draw", "source": "stock"}


def test_calls_a_six_card_combination_without_a_discard():
    game = new_game(ABCD, "dan", {"ann": "Qh Qd 9s 9h 2d"}, stock="5c")
    draw(game, "ann")
    assert decide(game, "paiute") == {"kind": "call", "discard": None}  # Q Q 9 9 5+wild


def test_keeps_the_pair_and_the_wild():
    game = new_game(ABCD, "dan", {"ann": "Qh Qd 9s 4h 2d"}, stock="5c")
    draw(game, "ann")
    action = decide(game, "paiute")
    assert action["kind"] == "discard"
    assert action["card"] in ("9s", "4h", "5c")


def test_holds_back_a_weak_call_when_many_would_answer():
    # five players, ann left of the dealer: four would answer a two/two/two
    players = ["ann", "bob", "cat", "dan", "eve"]
    game = new_game(players, "eve", {"ann": "Qh Qd 9s 9h 5d"}, stock="5c")
    draw(game, "ann")
    assert decide(game, "paiute")["kind"] == "discard"


def test_easy_calls_whenever_it_can():
    game = new_game(ABCD, "dan", {"ann": "9h 10h Jh Qh 3d"}, stock="Kh")
    draw(game, "ann")
    assert decide(game, "paiute", "easy") == {"kind": "call", "discard": "3d"}


def test_the_fast_combination_test_agrees_with_best_combination():
    rng = random.Random(11)
    ranks = list(Rank)
    for i in range(20_000):
        if i % 2:  # hands of few ranks, where the six-card combinations live
            few = rng.sample(ranks, 3)
            cards = rng.sample([c for c in FULL_DECK if c.rank in few], 6)
        else:
            cards = rng.sample(FULL_DECK, 6)
        wild = rng.choice(ranks)
        pairs = [(int(c.rank), c.suit.value) for c in cards]
        assert completes(pairs, int(wild)) == (best_combination(cards, wild) is not None), cards
