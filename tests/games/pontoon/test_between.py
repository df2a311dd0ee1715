"""PO-19 .. PO-23: between the deals, the bank's changes, the house bank."""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

import pytest

from games.core.result import HandLabel
from games.engine import HOUSE, Engine
from games.errors import IllegalAction, Refusal
from games.events import GameEvent
from games.pontoon import BankerMode, Pontoon, PontoonOptions
from games.random_play import PlayStats, play_deal

from .helpers import dealt, game, kinds, refused

FOUR = ("a", "b", "c", "d")


def test_PO_19_no_pontoon_cards_go_under_unshuffled():
    g = game("Ks 8s 7s 6d 8d 9c Qh")
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "twist"})  # bust: its cards go under at once
    g.act("c", {"kind": "twist"})  # 8s 8d + 2c = 18
    g.act("c", {"kind": "stick"})
    g.act("a", {"kind": "stay"})
    assert g.is_over
    expected = [c.code for c in g.state.pack] + ["8s", "8d", "2c", "7s", "9c"]
    nxt = g.next_deal()
    assert [c.code for c in nxt.state.pack] == expected
    assert nxt.phase == "opening"
    assert nxt.deal_number == 2


def _gathered(g: Pontoon) -> list[str]:
    s = g.state
    cards = [c for p in s.punters for h in p.hands if not h.returned for c in h.cards]
    return [c.code for c in s.pack] + [c.code for c in cards + s.banker_hand.cards]


def test_PO_19_pontoon_reshuffles_the_pack():
    seen = set()
    rng = random.Random(3)
    players = ["a", "b", "c", "d"]
    g = Pontoon.new(players, dict.fromkeys(players, 10_000), PontoonOptions(), seed=3)
    for _ in range(60):
        play_deal(cast(Engine, g), rng, PlayStats(), illegal_share=0)
        made = any(
            h.value.kind.name == "PONTOON"
            for h in [h for p in g.state.punters for h in p.hands] + [g.state.banker_hand]
        )
        before = _gathered(g)
        nxt = g.next_deal()
        after = [c.code for c in nxt.state.pack]
        assert Counter(after) == Counter(before)
        if made:
            assert after != before
        else:
            assert after == before
        seen.add(made)
        g = nxt
    assert seen == {True, False}


def test_PO_20_first_pontoon_to_the_left_takes_the_bank():
    # b 18 sticks; c and d declare pontoons; the bank goes to c, the first on a's left
    g = game("Ks As Ah 9s 8d Kd Qd 8s", players=FOUR)
    dealt(g, {"b": 10, "c": 10, "d": 10})
    g.act("b", {"kind": "stick"})
    g.act("a", {"kind": "stay"})
    assert g.next_deal().banker == "c"


def test_PO_20_not_on_a_split_hand():
    # b splits As Ad, hand 1 gets Kc: a pontoon, but on a split hand
    g = game("As 10s 9s Ad 9d 8s Kc 9c")
    dealt(g, {"b": 10, "c": 10})
    g.act("b", {"kind": "split"})
    assert g.state.punters[0].hands[0].declared
    g.act("b", {"kind": "stick"})
    g.act("c", {"kind": "stick"})
    g.act("a", {"kind": "stay"})
    assert g.next_deal().banker == "a"


def _broken(stacks: dict[str, int], c_card: str) -> Pontoon:
    # b: Ks 9d 19 (stake 30); c: As + c_card (stake 20); d: 10s 6d 16 (stake 10); banker 17
    g = game(f"Ks As 10s 9s 9d {c_card} 6d 8s", players=FOUR, stacks=stacks)
    dealt(g, {"b": 30, "c": 20, "d": 10})
    g.act("b", {"kind": "stick"})
    if g.to_act == "c":  # As 9h: soft 20 (As Kh is declared by itself)
        g.act("c", {"kind": "stick"})
    g.act("d", {"kind": "stick"})
    g.act("a", {"kind": "stay"})
    assert g.is_over
    return g


def test_PO_22_bank_that_cannot_pay_pays_pro_rata_and_passes():
    # c: As 9h = soft 20 wins 20; b wins 30; d loses 10; the banker has 26 + 10 = 36 of 50
    g = _broken({"a": 26, "b": 1000, "c": 1000, "d": 1000}, "9h")
    # 30·36/50 = 21.6 -> 21, 20·36/50 = 14.4 -> 14, the odd chip to b (first in seat order)
    assert g.settlement() == {"a": -26, "b": 22, "c": 14, "d": -10}
    assert g.stacks["a"] == 0
    assert g.next_deal().banker == "b"


def test_PO_20_comes_before_PO_22():
    # c's pontoon (As Kh) is owed 40, b 30; the broken bank goes to c, not to b on a's left
    g = _broken({"a": 26, "b": 1000, "c": 1000, "d": 1000}, "Kh")
    assert g.state.bank_broken
    assert g.next_deal().banker == "c"


def test_PO_21_selling_the_bank():
    g = game("2s")
    g.act("a", {"kind": "offer_bank", "to": "c", "price": 50})
    assert g.to_act == "c"
    assert g.timeout_action("c") == {"kind": "decline_bank"}  # an offer lapses
    g.act("c", {"kind": "decline_bank"})
    assert g.to_act == "a"
    with pytest.raises(IllegalAction):
        g.act("a", {"kind": "offer_bank", "to": "c", "price": 40})  # c has declined
    with refused(Refusal.AMOUNT_OUT_OF_RANGE, kind="offer_bank", field="price", min=0, max=1000):
        g.act("a", {"kind": "offer_bank", "to": "b", "price": 1001})  # more than b has
    g.act("a", {"kind": "offer_bank", "to": "b", "price": 50})
    g.act("b", {"kind": "accept_bank"})
    assert g.banker == "b"
    assert g.to_act == "b"
    assert g.stacks == {"a": 1050, "b": 950, "c": 1000}
    g.act("b", {"kind": "stay"})
    assert g.phase == "staking"
    assert g.to_act == "c"
    assert "offer_bank" not in kinds(g, "b")  # not mid-deal


def _house(codes: str, players: tuple[str, ...] = ("b", "c"), **options) -> Pontoon:
    return game(codes, players=players, dealer=None, **({"banker": BankerMode.HOUSE} | options))


def test_PO_23_house_bank():
    # b: Ks 8d 18; c: 10s 9d 19; the house: 2s 3s, draws Jd (15) and 2c (17), then stands
    g = _house("Ks 10s 2s 8d 9d 3s Jd 2c 9c")
    assert g.banker is None
    assert g.phase == "staking"
    assert HOUSE not in g.state.players
    assert g.stacks[HOUSE] == 0
    with pytest.raises(IllegalAction):
        g.act(HOUSE, {"kind": "stay"})
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "stick"})
    g.act("c", {"kind": "stick"})
    assert g.is_over
    assert [c.code for c in g.state.banker_hand.cards] == ["2s", "3s", "Jd", "2c"]
    assert g.settlement() == {"b": 20, "c": 30, HOUSE: -50}
    nxt = g.next_deal()
    assert nxt.banker is None
    assert nxt.stacks[HOUSE] == 0


def test_PO_23_house_needs_one_punter_player_bank_two():
    g = _house("2s", players=("b",))
    assert g.to_act == "b"
    with pytest.raises(ValueError, match="2 to 8"):
        game("2s", players=("b",), dealer="b")


def test_PO_23_house_bank_never_rotates():
    g = _house("As Ks 2s Kd 9d 3s")  # b makes a pontoon
    dealt(g, {"b": 20, "c": 30})
    g.act("c", {"kind": "stick"})
    assert g.is_over
    assert g.next_deal().banker is None


def test_a_restored_game_keeps_its_opening_events():
    g = _house("Ks 10s 2s 8d 9d 3s", shoot=True)  # the house tops up its kitty and deals
    opening = g.opening_events()
    assert [e.kind for e in opening][:2] == ["kitty", "first_card"]
    assert all(isinstance(e, GameEvent) for e in opening)
    copy = Pontoon.restore(g.snapshot())
    assert copy.opening_events() == opening


def test_deal_result_names_every_hand_and_the_kitty_owner():
    g = _house("Ks 10s 2s 8d 9d 3s Jd 2c 9c")
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "stick"})
    g.act("c", {"kind": "stick"})
    result = g.deal_result()
    assert result.winners is None  # every hand settles with the bank: no single pot
    assert result.hands == {
        "b": HandLabel(category="total", total=18),
        "c": HandLabel(category="total", total=19),
        HOUSE: HandLabel(category="total", total=17),
    }
    assert result.kitty_owner == HOUSE
    assert result.changes == {"b": 20, "c": 30, HOUSE: -50}
    assert result.start_deck == [
        "Ks",
        "10s",
        "2s",
        "8d",
        "9d",
        "3s",
        "Jd",
        "2c",
    ]  # what the deal used


def test_the_result_of_a_deal_does_not_tell_the_next_deals_cards():
    """Issue 18.10: deal N's stored result held deal N+1's first cards, in order."""
    g = _house("Ks 10s 2s 8d 9d 3s Jd 2c 9c")
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "stick"})
    g.act("c", {"kind": "stick"})
    record = g.deal_result().start_deck
    history = next(e for e in g.history() if e["kind"] == "cards")["start_deck"]
    following = g.next_deal()
    coming = {c.code for c in following.all_cards()} - set(record)
    assert record == history
    assert record == ["Ks", "10s", "2s", "8d", "9d", "3s", "Jd", "2c"]
    assert "9c" not in record  # the next deal's first card
    assert len(coming) == 52 - len(record)
