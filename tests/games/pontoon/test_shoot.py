"""PO-24 .. PO-31: Shoot Pontoon."""

from __future__ import annotations

import pytest

from games.engine import KITTY
from games.errors import IllegalAction, Refusal
from games.pontoon import PontoonRefusal

from .helpers import bounds, dealt, game, kinds, refused

FOUR = ("a", "b", "c", "d")


def shoot_game(codes: str, **kw):
    return game(codes, shoot=True, **kw)


def test_PO_24_new_banker_puts_up_a_kitty():
    g = shoot_game("2s", stacks={"a": 50, "b": 1000, "c": 1000})
    assert "stay" not in kinds(g, "a")
    with pytest.raises(IllegalAction):
        g.act("a", {"kind": "stay"})
    assert bounds(g, "a", "kitty") == (10, 50)  # min_bet .. max_bet, no more than the stack
    g.act("a", {"kind": "kitty", "amount": 40})
    assert (g.kitty, g.stacks["a"]) == (40, 10)
    assert g.chips_in_play() == 2050
    g.act("a", {"kind": "stay"})
    assert g.phase == "staking"


def test_PO_25_shoot_bets_before_the_second_card_capped_by_the_kitty():
    g = shoot_game("9s 8s 7s Kd Kh 10c", players=FOUR)
    dealt(g, {})
    for pid in ("b", "c", "d"):
        g.act(pid, {"kind": "stake", "amount": 10})
    assert g.phase == "shoot"
    assert g.to_act == "b"
    assert len(g.state.punters[0].hands[0].cards) == 1
    assert bounds(g, "b", "shoot") == (0, 100)
    g.act("b", {"kind": "shoot", "amount": 60})
    assert bounds(g, "c", "shoot") == (0, 40)  # all shoot bets together within the kitty
    with refused(Refusal.AMOUNT_OUT_OF_RANGE, kind="shoot", min=0, max=40):
        g.act("c", {"kind": "shoot", "amount": 41})
    assert g.timeout_action("c") == {"kind": "shoot", "amount": 0}
    g.act("c", {"kind": "shoot", "amount": 40})
    assert g.phase == "punters"  # d has no room left to shoot: skipped
    assert g.pot == 30 + 100


def test_PO_26_banker_pontoon_takes_every_shoot_bet():
    g = shoot_game("9s 8s As Kd Kh Qc")
    dealt(g, {"b": 10, "c": 20}, {"b": 30, "c": 20})
    assert g.is_over
    assert g.kitty == 150
    # the kitty the banker put up (100) is a move, not a result (issue 14, item 8)
    assert g.settlement() == {"a": 60, "b": -50, "c": -60, KITTY: 50}


def test_PO_27_one_more_shoot_bet_only_before_the_fourth_card():
    g = shoot_game("2s 8s 7s 3d 8d 10c 4h 5h 6h")
    dealt(g, {"b": 20, "c": 30})  # no first shoot bet
    assert "shoot" not in kinds(g, "b")  # two cards: not yet
    g.act("b", {"kind": "twist"})  # 4h: 9 in three cards
    assert bounds(g, "b", "shoot") == (1, 100)
    g.act("b", {"kind": "shoot", "amount": 25})
    assert set(kinds(g, "b")) == {"twist"}  # after a twist: only twist, and not stick
    with refused(PontoonRefusal.MUST_TAKE_FOURTH):
        g.act("b", {"kind": "stick"})
    g.act("b", {"kind": "twist"})  # 5h: 14
    assert "shoot" not in kinds(g, "b")  # only for the fourth card
    assert g.state.punters[0].hands[0].shoot == 25


def test_PO_28_split_hands_get_their_own_shoot_bets():
    g = shoot_game("8s 9s 7s 8d 9d 10c Kh Qh")
    dealt(g, {"b": 20, "c": 30}, {"b": 30})
    g.act("b", {"kind": "split"})
    hands = g.state.punters[0].hands
    assert (hands[0].shoot, hands[1].shoot) == (30, 0)  # the first bet stays on hand 1
    assert "shoot" not in kinds(g, "b")
    g.act("b", {"kind": "stick"})  # 8s Kh = 18
    assert bounds(g, "b", "shoot") == (1, 70)
    g.act("b", {"kind": "shoot", "amount": 70})
    assert g.state.punters[0].hands[1].shoot == 70
    assert g.state.shoot_room() == 0


def test_PO_29_bust_shoot_bet_feeds_the_kitty_at_once():
    g = shoot_game("Ks 9s 7s 5d 9d 10c 4h Qh", players=("a", "b", "c"))
    dealt(g, {"b": 20, "c": 30}, {"b": 60, "c": 40})
    g.act("b", {"kind": "twist"})  # 19
    g.act("b", {"kind": "stick"})
    assert g.to_act == "c"
    g.act("c", {"kind": "twist"})  # 9s 9d + Qh = 28: bust
    assert g.kitty == 140
    assert g.state.shoot_room() == 140 - 60


def test_PO_30_shoot_bets_settle_with_the_stakes():
    # b 19 beats the banker's 18: paid 60 from the kitty; c 18 ties: its 40 goes to the kitty
    g = shoot_game("Ks Qs 10s 9d 8d 8c")
    dealt(g, {"b": 20, "c": 30}, {"b": 60, "c": 40})
    g.act("b", {"kind": "stick"})
    g.act("c", {"kind": "stick"})
    g.act("a", {"kind": "stay"})
    assert g.settlement() == {"a": -20 + 30, "b": 20 + 60, "c": -30 - 40, KITTY: -60 + 40}
    assert g.kitty == 80


def _over(g) -> None:
    while not g.is_over:
        pid = g.to_act
        g.act(pid, g.timeout_action(pid))


def test_PO_31_top_up_and_an_empty_kitty_must_be_refilled_or_the_bank_passes():
    g = shoot_game("Ks Qs 10s 9d 8d 8c")
    dealt(g, {"b": 20, "c": 30}, {"b": 100})
    _over(g)  # b 19 beats 18: the kitty pays out all 100
    assert g.kitty == 0
    nxt = g.next_deal()
    assert nxt.banker == "a"
    assert "stay" not in kinds(nxt, "a")
    assert nxt.timeout_action("a") == {"kind": "kitty", "amount": 10}
    nxt.act("a", {"kind": "decline_bank"})
    assert nxt.banker == "b"
    assert nxt.to_act == "b"
    nxt.act("b", {"kind": "kitty", "amount": 50})
    assert bounds(nxt, "b", "offer_bank", "price")  # may still sell; no second kitty action
    assert "kitty" not in kinds(nxt, "b")
    nxt.act("b", {"kind": "stay"})
    _over(nxt)
    third = nxt.next_deal()
    if third.banker == "b" and third.kitty:
        assert bounds(third, "b", "kitty") == (1, 100)  # a top-up of up to max_bet


def test_PO_31_banker_who_cannot_refill_passes_on_timeout():
    g = shoot_game("Ks Qs 10s 9d 8d 8c", stacks={"a": 5, "b": 1000, "c": 1000})
    assert g.timeout_action("a") == {"kind": "decline_bank"}
    g.act("a", {"kind": "decline_bank"})
    assert g.banker == "b"


def test_PO_31_the_kitty_leaves_with_its_banker():
    g = shoot_game("2s")
    g.act("a", {"kind": "kitty", "amount": 80})
    g.act("a", {"kind": "offer_bank", "to": "c", "price": 5})
    g.act("c", {"kind": "accept_bank"})
    assert g.kitty == 0
    assert g.stacks["a"] == 1000 + 5  # the seller takes the kitty back
    assert "stay" not in kinds(g, "c")  # the new banker puts up a new one
    # the bank passing by a pontoon (PO-20): the old kitty goes back in the next deal
    h = shoot_game("As 9s 7s 8s Kd 9d 10c 9h", players=FOUR)
    dealt(h, {"b": 10, "c": 10, "d": 10})
    _over(h)
    kitty = h.kitty
    nxt = h.next_deal()
    assert nxt.banker == "b"
    assert nxt.kitty == 0
    assert nxt.stacks["a"] == h.stacks["a"] + kitty
    nxt.act("b", {"kind": "kitty", "amount": 10})
    nxt.act("b", {"kind": "stay"})
    _over(nxt)
    # the old kitty went back and a new one was put up: moves, not the kitty's result
    assert nxt.settlement()[KITTY] == 0
    # a banker who leaves the table takes the kitty too
    away = h.next_deal(players=["b", "c", "d"])
    assert away.state.refunds == {"a": kitty}
    assert away.kitty == 0
    assert away.banker == "b"  # PO-20 all the same


def test_PO_31_a_departed_banker_gets_the_kitty_back_outside_the_settlement():
    h = shoot_game("As 9s 7s 8s Kd 9d 10c 9h", players=FOUR)
    dealt(h, {"b": 10, "c": 10, "d": 10})
    _over(h)
    kitty = h.kitty
    away = h.next_deal(players=["b", "c", "d"])
    _over(away)
    result = away.settlement()
    assert away.owed_outside() == {"a": kitty}  # booked to them, but not a deal result
    assert "a" not in result
    assert sum(result.values()) == 0
