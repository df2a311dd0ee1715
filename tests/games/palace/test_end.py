"""PP-18 to PP-23: how the hand ends and the pot is paid; timeouts; the next deal."""

from __future__ import annotations

import pytest

from games.cards import Card
from games.core import HandLabel
from games.errors import IllegalAction, Refusal
from games.palace import Ending, PalaceHand, PalaceOptions, PalacePoker, PalaceRefusal
from games.poker import Category
from tests.games.palace.helpers import (
    codes_in,
    deal_deck,
    full_deck,
    kinds,
    public_text,
    refused,
    table,
)

FIVE = ["As", "Ah", "Ad", "Ac", "Ks"]
"""Banners of five seats: a (seat 0) and e (seat 4) both hold spades."""


def test_pp18_the_last_player_left_wins_the_pot_at_once():
    game = table(3)
    game.act("a", {"kind": "fold"})
    events = game.act("b", {"kind": "fold"})
    assert game.is_over
    assert game.to_act is None
    assert game.state.result.ending is Ending.LAST_PLAYER  # type: ignore[union-attr]
    assert game.settlement() == {"a": -5, "b": -5, "c": 10}
    assert game.pot == 0
    assert events[-1].kind == "hand_over"
    assert game.legal_actions("c") == []
    record = game.deal_result()
    assert (record.winners, record.hands) == (["c"], {})  # nobody showed a hand


def test_pp19_two_players_left_must_bet_or_fold():
    game = table(3)
    game.act("a", {"kind": "fold"})
    assert kinds(game, "b") == ["bet", "fold"]
    refused(game, "b", {"kind": "stay"}, PalaceRefusal.MUST_BATTLE, allowed=["bet", "fold"])
    assert game.timeout_action("b") == {"kind": "fold"}
    assert kinds(table(2), "a") == ["bet", "fold"]


def test_pp20_same_suit_banners_left_split_the_pot():
    game = table(5, full_deck(FIVE))
    game.act("a", {"kind": "stay"})
    for pid in "bcd":
        game.act(pid, {"kind": "fold"})
    assert game.is_over
    assert game.state.result.ending is Ending.SAME_BANNERS  # type: ignore[union-attr]
    # 25 chips of antes: the odd chip goes to a, first from the dealer's (e's) left.
    assert game.state.result.payouts == {"a": 13, "e": 12}  # type: ignore[union-attr]


def test_pp21_a_round_with_no_buy_or_bet_ends_in_a_normal_showdown():
    game = table(3, deal_deck(["As", "Kh", "Qd"], ["Ah Ad 2c", "Kd Kc 3c", "2d 3d 4d"]))
    game.act("a", {"kind": "stay"})
    game.act("b", {"kind": "stay"})
    assert game.phase == "play"
    events = game.act("c", {"kind": "stay"})
    assert game.is_over
    result = game.state.result
    assert result is not None
    assert result.ending is Ending.QUIET_ROUND
    # No banner-suit exclusion here: a's Ah counts although b's banner is a heart.
    assert result.winners == ["a"]
    assert result.hands["a"] == PalaceHand(category=Category.THREE_OF_A_KIND, ranks=("A", "2"))
    palaces = Card.parse_many("Ah Ad 2c Kd Kc 3c 2d 3d 4d")
    assert codes_in(public_text(events), palaces) == {c.code for c in palaces}
    assert set(game.view(None).shown_palaces) == {"a", "b", "c"}
    record = game.deal_result()
    assert record.winners == ["a"]
    assert record.hands["a"] == HandLabel(category="three_of_a_kind", ranks=("A", "2"))
    assert set(record.hands) == {"a", "b", "c"}
    assert record.changes == game.settlement()
    assert record.pot == 15
    assert record.start_deck[:3] == ["As", "Kh", "Qd"]
    assert (record.kitty_owner, record.stakes_returned, record.owed_outside) == (None, False, {})


def test_pp21_a_buy_restarts_the_quiet_round():
    game = table(3)
    game.act("a", {"kind": "stay"})
    game.act("b", {"kind": "buy"})
    game.act("b", {"kind": "discard_soldiers", "cards": []})
    game.act("c", {"kind": "stay"})
    game.act("a", {"kind": "stay"})
    assert not game.is_over
    game.act("b", {"kind": "stay"})
    assert game.is_over


def test_pp22_ties_split_with_odd_chips_from_the_dealers_left():
    # Dealer a: seats are b, c, a. b and a tie with nines, five, two; c has queen high.
    deck = deal_deck(["9h", "Qd", "9s"], ["9c 5d 2d", "3s 4s 6c", "9d 5c 2h"])
    game = PalacePoker.new(
        ["a", "b", "c"],
        dict.fromkeys("abc", 100),
        PalaceOptions(small_bet=10),
        seed=1,
        deck=deck,
        dealer="a",
    )
    assert game.state.seats == ["b", "c", "a"]
    for pid in "bca":
        game.act(pid, {"kind": "stay"})
    assert game.state.result.payouts == {"b": 8, "a": 7}  # type: ignore[union-attr]
    assert game.settlement() == {"a": 2, "b": 3, "c": -5}


def test_pp23_the_round_limit_ends_the_hand_in_a_showdown():
    game = table(3, max_rounds=2, small_bet=1)
    for _ in range(2):
        game.act("a", {"kind": "buy"})
        card = game.state.seat["a"].soldiers[-1].code
        game.act("a", {"kind": "discard_soldiers", "cards": [card]})
        game.act("b", {"kind": "stay"})
        assert not game.is_over
        game.act("c", {"kind": "stay"})
    assert game.is_over
    assert game.state.result.ending is Ending.MAX_ROUNDS  # type: ignore[union-attr]
    assert game.state.rounds == 2


def test_timeout_defaults_in_every_phase():
    game = table(3)
    assert game.timeout_action("a") == {"kind": "stay"}
    with pytest.raises(IllegalAction) as caught:
        game.timeout_action("b")
    assert (caught.value.code, caught.value.params) == (Refusal.NOT_YOUR_TURN, {"to_act": "a"})
    game.act("a", {"kind": "buy"})
    assert game.timeout_action("a") == {"kind": "discard_soldiers", "cards": []}
    game.act("a", game.timeout_action("a"))
    game.act("b", {"kind": "bet", "target": "c"})
    assert game.timeout_action("c") == {"kind": "fold"}
    game.act("c", game.timeout_action("c"))
    assert game.to_act == "b"  # b's free step after capturing c's banner
    game.act("b", game.timeout_action("b"))
    assert kinds(game, "a") == ["bet", "fold"]
    assert game.timeout_action("a") == {"kind": "fold"}
    game.act("a", game.timeout_action("a"))
    assert game.is_over
    with pytest.raises(IllegalAction) as caught:
        game.timeout_action("b")
    # The core refuses a timeout after the end as nobody's move.
    assert (caught.value.code, caught.value.params) == (Refusal.NOT_YOUR_TURN, {"to_act": None})


def test_next_deal_passes_left_and_broke_players_sit_out():
    game = table(3)
    game.act("a", {"kind": "fold"})
    game.act("b", {"kind": "fold"})
    nxt = game.next_deal()
    assert nxt.state.dealer == "a"
    assert nxt.state.seats == ["b", "c", "a"]
    assert nxt.deal_number == 2
    assert nxt.state.start_stacks == {"a": 995, "b": 995, "c": 1010}
    assert game.is_over  # the old deal is left as it was
    later = nxt.next_deal(stacks={"a": 50, "b": 0, "c": 80})
    assert later.state.dealer == "c"  # b, next from a's left, has no chips
    assert later.state.seats == ["a", "c"]
    assert later.view(None).sitting_out == ["b"]
    assert later.stacks["b"] == 0
    with pytest.raises(ValueError, match="2 to 10"):
        nxt.next_deal(stacks={"a": 50, "b": 0, "c": 0})
