"""PO-2, PO-4 .. PO-7: the table, the cut and the deal."""

from __future__ import annotations

import pytest

from games.errors import Refusal
from games.pontoon import FirstCard, Pontoon, PontoonOptions, Stake, YourCards
from games.randomness import new_rng
from games.seats import cut_for_deal

from .helpers import bounds, dealt, game, kinds, refused


def test_PO_2_table_size_and_stake_bounds():
    with pytest.raises(ValueError, match="2 to 8"):
        Pontoon.new(["a"], {"a": 100}, PontoonOptions(), seed=1)
    nine = [str(i) for i in range(9)]
    with pytest.raises(ValueError, match="2 to 8"):
        Pontoon.new(nine, dict.fromkeys(nine, 100), PontoonOptions(), seed=1)
    g = game("2s", stacks={"a": 1000, "b": 1000, "c": 60})
    g.act("a", {"kind": "stay"})
    assert bounds(g, "b", "stake") == (10, 100)
    g.act("b", {"kind": "stake", "amount": 100})
    assert bounds(g, "c", "stake") == (10, 60)  # no more than the stack
    with refused(Refusal.AMOUNT_OUT_OF_RANGE, kind="stake", field="amount", min=10, max=60):
        g.act("c", {"kind": "stake", "amount": 61})


def test_PO_4_first_banker_is_cut_for():
    players = ["a", "b", "c", "d"]
    for seed in range(5):
        g = Pontoon.new(players, dict.fromkeys(players, 100), PontoonOptions(), seed=seed)
        winner, rounds = cut_for_deal(players, new_rng(seed))
        assert g.banker == winner
        last = rounds[-1]
        assert max(last.values(), key=lambda c: c.rank) == last[winner]
        assert g.history()[0]["cut"]


def test_PO_5_one_card_each_punters_see_theirs_banker_sees_nothing():
    g = game("5s 6s 7s Ks 10d 9c")
    events = g.act("a", {"kind": "stay"})
    assert g.phase == "staking"
    assert g.to_act == "b"  # from the banker's left
    private = {e.to: [e.card] for e in events if isinstance(e, FirstCard)}
    assert all(e.is_public for e in events if not isinstance(e, FirstCard))
    assert private == {"b": ["5s"], "c": ["6s"]}  # nothing for the banker
    assert g.view("b").punters[0].hands[0].cards == ["5s"]
    assert g.view("a").banker_hand.cards == [None]  # the banker may not look at theirs
    assert g.view("b").banker_hand.cards == [None]
    assert g.view(None).punters[1].hands[0].cards == [None]
    assert [c.code for c in g.state.banker_hand.cards] == ["7s"]


def test_PO_6_stakes_in_turn_from_the_banker_left():
    g = game("5s 6s 7s Ks 10d 9c", players=("a", "b", "c", "d"), dealer="c")
    g.act("c", {"kind": "stay"})
    assert g.to_act == "d"
    with refused(Refusal.NOT_YOUR_TURN, to_act="d"):
        g.act("a", {"kind": "stake", "amount": 10})
    with refused(Refusal.AMOUNT_OUT_OF_RANGE, kind="stake", min=10, max=100):
        g.act("d", {"kind": "stake", "amount": 9})
    g.act("d", Stake(amount=10))  # a pydantic action model works as well as a dict
    g.act("a", {"kind": "stake", "amount": 20})
    assert g.to_act == "b"
    assert g.pot == 30
    assert kinds(g, "c") == []


def test_PO_7_second_card_and_banker_sees_both():
    g = game("5s 6s 7s Ks 10d 9c")
    events = dealt(g, {"b": 20, "c": 30})
    assert g.phase == "punters"
    assert g.view("a").banker_hand.cards == ["7s", "9c"]
    assert g.view("b").banker_hand.cards == [None, None]
    assert g.view("b").punters[0].hands[0].cards == ["5s", "Ks"]
    banker_dm = [e for e in events if e.to == "a"]
    assert banker_dm
    assert isinstance(banker_dm[0], YourCards)
    assert banker_dm[0].cards == ["7s", "9c"]


def test_PO_7_banker_pontoon_collects_double_at_once():
    g = game("5s 6s As Ks 10d Kc", stacks={"a": 1000, "b": 1000, "c": 35})
    dealt(g, {"b": 20, "c": 30})
    assert g.is_over
    assert g.view(None).banker_hand.cards == ["As", "Kc"]  # shown at once
    # b pays twice the stake; c has only 5 more chips after staking 30, so pays 35 in all
    assert g.settlement() == {"a": 75, "b": -40, "c": -35}


def test_PO_2_kitty_bounded_by_the_bets():
    g = game("2s", shoot=True)
    assert bounds(g, "a", "kitty") == (10, 100)


def test_history_shows_every_card_only_after_the_end():
    g = game("5s 6s As Ks 10d Kc")
    dealt(g, {"b": 20, "c": 30})  # the banker's pontoon ends the deal
    before = game("5s 6s 7s Ks 10d 9c")
    dealt(before, {"b": 20, "c": 30})
    assert not [line for line in before.history() if line["kind"] == "cards"]
    assert [line["kind"] for line in before.history()].count("action") == 3  # stay, 2 stakes
    cards = [line for line in g.history() if line["kind"] == "cards"]
    assert cards[0]["start_deck"] == [
        "5s",
        "6s",
        "As",
        "Ks",
        "10d",
        "Kc",
    ]  # only what the deal used
    assert cards[0]["banker"] == ["As", "Kc"]
