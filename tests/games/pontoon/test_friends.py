"""Issue 14 ("playable with friends"), items 8 and 9: what three players saw at a Pontoon table,
each reproduced on a stacked deck first."""

from __future__ import annotations

from games.engine import KITTY
from games.pontoon import PontoonRefusal
from games.pontoon._events import BankerShows, HandLoses

from .helpers import bounds, dealt, game, kinds, refused


def _over(g) -> None:
    while not g.is_over:
        pid = g.to_act
        g.act(pid, g.timeout_action(pid))


def test_deal_results_leave_out_the_kitty_put_up_the_bank_sale_and_the_returned_kitty():
    # a puts up a kitty of 30, sells the bank to b for 25 (a's kitty goes back to a), b puts
    # up 40; c stakes 10 and loses to the bank: the only results are c -10 and b +10
    g = game("Ks Qs 10s 9d 8d 8c", shoot=True)
    g.act("a", {"kind": "kitty", "amount": 30})
    g.act("a", {"kind": "offer_bank", "to": "b", "price": 25})
    g.act("b", {"kind": "accept_bank"})
    g.act("b", {"kind": "kitty", "amount": 40})
    g.act("b", {"kind": "stay"})
    g.act("c", {"kind": "stake", "amount": 10})  # c: Ks 9d .. and a sits out
    g.act("a", {"kind": "sit_out"})
    _over(g)
    result = g.settlement()
    assert g.stacks["a"] == 1000 + 25  # the price reached the seller; the kitty came back
    assert result["a"] == 0  # neither the price nor the returned kitty is a deal won
    assert result[KITTY] == 0  # the kitty was put up and given back: no result of its own
    assert sum(result.values()) == 0
    assert [p for p, v in result.items() if v > 0 and p != KITTY] == [
        p for p in ("b", "c") if result[p] > 0
    ]


def test_a_bank_sale_price_is_not_a_pot_won():
    g = game("2s")
    g.act("a", {"kind": "offer_bank", "to": "b", "price": 50})
    g.act("b", {"kind": "accept_bank"})
    g.act("b", {"kind": "stay"})
    for pid in ("c", "a"):
        g.act(pid, {"kind": "sit_out"})
    assert g.is_over  # nobody staked
    assert g.stacks["a"] == 1050
    assert g.settlement() == {"a": 0, "b": 0, "c": 0}  # so /stats counts no win for a


def test_PO_31_the_banker_can_top_up_a_full_kitty_before_the_next_deal():
    g = game("Ks Qs 10s 9d 8d 8c", shoot=True)
    dealt(g, {"b": 20, "c": 30})  # the kitty is put up at max_bet (100)
    _over(g)
    nxt = g.next_deal()
    assert nxt.banker == "a"
    assert nxt.kitty >= 100
    assert "kitty" in kinds(nxt, "a")  # was refused: the kitty was "full"
    assert bounds(nxt, "a", "kitty") == (1, 100)
    before = nxt.stacks["a"]
    nxt.act("a", {"kind": "kitty", "amount": 60})
    assert nxt.stacks["a"] == before - 60
    nxt.act("a", {"kind": "stay"})
    for pid in ("b", "c"):
        nxt.act(pid, {"kind": "sit_out"})
    assert nxt.settlement() == {"a": 0, "b": 0, "c": 0, KITTY: 0}  # a top-up is not a loss


def test_a_second_shoot_bet_on_a_three_card_hand_is_refused_as_one_per_fourth_card():
    g = game("2s 8s 7s 3d 8d 10c 4h 5h 6h", shoot=True)
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "twist"})  # three cards
    g.act("b", {"kind": "shoot", "amount": 25})
    with refused(PontoonRefusal.ONE_SHOOT_FOR_FOURTH):
        g.act("b", {"kind": "shoot", "amount": 10})


def test_sat_out_punter_and_every_staked_hand_bust_ends_the_deal_at_the_last_bust():
    g = game("Ks 2s 9s Kd 5d 10c Qh")
    g.act("a", {"kind": "stay"})
    g.act("b", {"kind": "stake", "amount": 10})
    g.act("c", {"kind": "sit_out"})
    events = g.act("b", {"kind": "twist"})  # Ks Kd 10c: bust
    assert g.is_over  # the banker gets no turn
    assert not any(isinstance(e, BankerShows) for e in events)
    assert not any(isinstance(e, HandLoses) and e.player == "c" for e in events)  # no "pays 0"
    assert g.settlement() == {"a": 10, "b": -10, "c": 0}
