"""PO-8 .. PO-14 and PO-11a: a punter's turn."""

from __future__ import annotations

from games.errors import Refusal
from games.pontoon import Declared, PontoonRefusal, SplitRule, Stands, Twisted

from .helpers import bounds, dealt, game, hand_cards, kinds, refused


def test_PO_8_pontoon_declared_automatically():
    g = game("As 6s 7s Kd 10d 9c")
    events = dealt(g, {"b": 20, "c": 30})
    assert g.to_act == "c"  # b's pontoon was declared and stands
    declared = [e for e in events if e.kind == "pontoon"]
    assert declared
    assert declared[0] == Declared(player="b", card="As")
    assert g.view(None).punters[0].hands[0].cards == ["As", None]  # shows the ace only
    assert g.state.punters[0].hands[0].declared


def test_PO_8_pair_of_aces_may_split():
    g = game("As 6s 7s Ad 10d 9c")
    dealt(g, {"b": 20, "c": 30})
    assert g.to_act == "b"
    assert "split" in kinds(g, "b")


def test_PO_9_split_equal_ranks_up_to_four_hands():
    # b: 8s 8d; split, hand 1 gets 8h (split again), hand 2 gets 2d; then 8c, 3d; then 4d 5d
    g = game("8s 6s 7s 8d 10d 9c 8h 2d 8c 3d 4d 5d Kc")
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "split"})
    assert g.stacks["b"] == 960
    assert hand_cards(g, "b", 0) == ["8s", "8h"]
    assert hand_cards(g, "b", 1) == ["8d", "2d"]
    g.act("b", {"kind": "split"})
    assert hand_cards(g, "b", 0) == ["8s", "8c"]
    assert hand_cards(g, "b", 1) == ["8h", "3d"]
    g.act("b", {"kind": "split"})
    hands = g.state.punter("b").hands  # type: ignore[union-attr]
    assert len(hands) == 4
    assert [h.stake for h in hands] == [20] * 4
    assert "split" not in kinds(g, "b")  # no fifth hand, even with 8s 8? in hand
    assert g.stacks["b"] == 920
    # split hands are played one after another
    g.act("b", {"kind": "twist"})  # 8s 4d + Kc = 22: bust
    assert g.state.hand_index == 1


def test_PO_9_ten_values_split_only_by_equal_rank():
    g = game("Ks Kd 7s Js Kh 9c")  # b: K J, c: K K
    dealt(g, {"b": 20, "c": 30})
    assert "split" not in kinds(g, "b")  # king and jack
    with refused(PontoonRefusal.NOT_A_PAIR):
        g.act("b", {"kind": "split"})
    g.act("b", {"kind": "stick"})
    assert "split" in kinds(g, "c")  # two kings


def test_PO_9_split_option_aces_and_none():
    g = game("8s As 7s 8d Ad 9c", split=SplitRule.ACES)
    dealt(g, {"b": 20, "c": 30})
    with refused(PontoonRefusal.ACES_ONLY):
        g.act("b", {"kind": "split"})
    g.act("b", {"kind": "twist"})  # 8s 8d + 2c = 18
    g.act("b", {"kind": "stick"})
    assert "split" in kinds(g, "c")  # a pair of aces may split under "aces"
    g2 = game("As 6s 7s Ad 10d 9c", split=SplitRule.NONE)
    dealt(g2, {"b": 20, "c": 30})
    assert "split" not in kinds(g2, "b")


def test_PO_10_buy_limits_as_the_example():
    g = game("2s 6s 7s 3d 10d 9c 2h 2c 3h")
    dealt(g, {"b": 100, "c": 30})
    assert bounds(g, "b", "buy") == (100, 200)
    g.act("b", {"kind": "buy", "amount": 175})
    assert bounds(g, "b", "buy") == (100, 175)  # the fourth card costs 100 to 175
    with refused(Refusal.AMOUNT_OUT_OF_RANGE, kind="buy", min=100, max=175):
        g.act("b", {"kind": "buy", "amount": 176})
    g.act("b", {"kind": "buy", "amount": 120})
    assert bounds(g, "b", "buy") == (100, 120)  # the fifth: first stake to the previous buy
    g.act("b", {"kind": "buy", "amount": 100})
    assert g.state.punters[0].hands[0].stake == 495
    assert g.stacks["b"] == 1000 - 495
    assert g.to_act == "c"  # 2 3 2 2 3: a five-card trick stands


def test_PO_10_buy_bounded_by_the_stack():
    g = game("2s 6s 7s 3d 10d 9c 2h", stacks={"a": 1000, "b": 250, "c": 1000})
    dealt(g, {"b": 100, "c": 30})
    assert bounds(g, "b", "buy") == (100, 150)


def test_PO_11_twist_face_up_then_only_twist():
    g = game("2s 6s 7s 3d 10d 9c 4h 2c")
    dealt(g, {"b": 20, "c": 30})
    events = g.act("b", {"kind": "twist"})
    assert [e.card for e in events if isinstance(e, Twisted)] == ["4h"]
    assert g.view(None).punters[0].hands[0].cards == [None, None, "4h"]
    assert g.state.punters[0].hands[0].stake == 20
    assert "buy" not in kinds(g, "b")
    with refused(PontoonRefusal.TWISTED_NO_BUY):
        g.act("b", {"kind": "buy", "amount": 20})


def test_PO_11a_who_sees_what():
    # b buys 4h (private), twists 2c and Kh (public); c splits 8s 8d (public), gets Qh Jh
    g = game("2s 8s 7s 3d 8d 9c 4h 2c Kh Qh Jh")
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "buy", "amount": 20})
    g.act("b", {"kind": "twist"})
    public_b = g.view(None).punters[0].hands[0].cards
    assert public_b == [None, None, None, "2c"]
    assert g.view("b").punters[0].hands[0].cards == ["2s", "3d", "4h", "2c"]
    assert g.view("c").punters[0].hands[0].cards == public_b
    assert g.view("a").punters[0].hands[0].cards == public_b
    g.act("b", {"kind": "twist"})  # 21 in four cards stands
    assert g.to_act == "c"
    g.act("c", {"kind": "split"})
    assert g.view(None).punters[1].hands[0].cards == ["8s", None]  # split cards are public
    assert g.view(None).punters[1].hands[1].cards == ["8d", None]
    assert g.view("c").punters[1].hands[1].cards == ["8d", "Jh"]
    assert g.view(None).banker_hand.cards == [None, None]
    assert g.view("a").banker_hand.cards == ["7s", "9c"]
    g.act("c", {"kind": "stick"})
    g.act("c", {"kind": "stick"})
    assert g.phase == "banker"
    assert g.view(None).banker_hand.cards == ["7s", "9c"]  # public from the banker's turn
    g.act("a", {"kind": "stay"})
    assert g.is_over
    shown = g.view(None)
    assert shown.punters[0].hands[0].cards == ["2s", "3d", "4h", "2c", "Kh"]
    assert all(None not in h.cards for p in shown.punters for h in p.hands)


def test_PO_11a_bust_hand_is_shown():
    g = game("Ks 8s 7s 6d 8d 9c Qh")
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "buy", "amount": 20})  # bought card, but the hand busts: all shown
    assert g.view(None).punters[0].hands[0].cards == ["Ks", "6d", "Qh"]


def test_PO_12_stick_needs_min_stick():
    g = game("2s Ks 7s Qd 5d 9c")  # b 12, c 15
    dealt(g, {"b": 20, "c": 30})
    with refused(PontoonRefusal.STICK_TOO_LOW, total=12, min_stick=15):
        g.act("b", {"kind": "stick"})
    assert g.timeout_action("b") == {"kind": "twist"}
    g.act("b", {"kind": "twist"})  # 2c: 14
    assert "stick" not in kinds(g, "b")
    g.act("b", {"kind": "twist"})  # 2d: 16
    assert g.timeout_action("b") == {"kind": "stick"}
    g.act("b", {"kind": "stick"})
    assert "stick" in kinds(g, "c")  # exactly 15


def test_PO_12_min_stick_option():
    g = game("Ks 9s 7s 5d 6d 9c", min_stick=16)  # b 15
    dealt(g, {"b": 20, "c": 30})
    assert "stick" not in kinds(g, "b")
    g.act("b", {"kind": "twist"})  # 2c: 17
    assert "stick" in kinds(g, "b")


def test_PO_13_bust_pays_at_once_and_cards_go_under_the_pack():
    g = game("Ks 8s 7s 6d 8d 9c Qh")
    dealt(g, {"b": 20, "c": 30})
    bank_before = g.stacks["a"]
    events = g.act("b", {"kind": "twist"})
    assert [e.kind for e in events if e.kind == "bust"] == ["bust"]
    assert g.stacks["a"] == bank_before + 20  # the banker takes the stake at once
    assert g.pot == 30
    assert [c.code for c in g.state.pack[-3:]] == ["Ks", "6d", "Qh"]
    assert g.to_act == "c"


def test_PO_14_five_card_trick_stands():
    g = game("2s 8s 7s 3d 8d 9c 2h 2c 3h")
    dealt(g, {"b": 20, "c": 30})
    for _ in range(3):
        g.act("b", {"kind": "twist"})
    hand = g.state.punters[0].hands[0]
    assert len(hand.cards) == 5
    assert hand.done
    assert g.to_act == "c"


PACK_RUNS_OUT = (
    # first cards p1..p7 and the banker, then second cards
    "Ks Qs Js 10s 9s 2s 4s 4d Kh Qh Jh 10h 9h 2h 4h 4c "
    # each of p1..p6 splits three times: pair card, extra, pair card, extra, extra, extra
    "Kd 8s Kc 8h 8d 8c Qd 7s Qc 7h 7d 7c Jd 6s Jc 6h 6d 6c "
    "10d 5s 10c 5h 5d 5c 9d As 9c Ah Ad Ac 2d 3s 2c 3h 3d 3c"
)


def test_PO_14_pack_runs_out_and_hands_stand():
    players = ("bk", "p1", "p2", "p3", "p4", "p5", "p6", "p7")
    g = game(PACK_RUNS_OUT, players=players, dealer="bk")
    dealt(g, dict.fromkeys(players[1:], 10))
    for p in players[1:6]:
        for _ in range(3):
            g.act(p, {"kind": "split"})
        for _ in range(4):
            g.act(p, {"kind": "stick"})
    g.act("p6", {"kind": "split"})
    g.act("p6", {"kind": "split"})
    events = g.act("p6", {"kind": "split"})
    assert not g.state.pack
    # every hand of p6 (2 3 = 5) and p7 (4 4 = 8) wanted a card: they stand as they are
    stands = [e.player for e in events if isinstance(e, Stands)]
    assert stands == ["p6"] * 4 + ["p7"]
    assert g.is_over  # the banker (8) cannot draw either
    assert g.state.banker_hand.value.total == 8
    result = g.settlement()
    assert result["p7"] == -10  # 8 ties the banker's 8
    assert result["p6"] == -40
    assert result["p1"] == 40
    assert sum(result.values()) == 0
