"""PP-12 to PP-17: attacking, stakes, the defender's answers, all-in, showdowns, who sees what."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import Card, Rank
from games.errors import IllegalAction, Refusal
from games.palace import (
    BattleWon,
    Ending,
    PalacePoker,
    PalaceRefusal,
    PalaceShown,
    Status,
    all_cards_of,
    battle_hand,
)
from games.poker import Category, evaluate
from tests.games.palace.helpers import (
    codes_in,
    deal_deck,
    kinds,
    public_text,
    refused,
    spec,
    table,
)

# Seat a's, b's and c's palace cards for each showdown case (banners first).
EXCLUSION = (["2s", "Qh", "Jd"], ["Kh Kd 3c", "Qc 7d 4s", "10d 9d 8d"])
"""Without PP-16's exclusion a has kings over b's queens; excluding hearts, a has king high."""
SHORT = (["9s", "9h", "Jd"], ["9d 5c 2d", "9c 5d 3s", "10d 8d 6d"])
"""b loses 3s to the exclusion: nines with a 5 and no kicker lose to nines, 5, 2."""
BANNER_COUNT = (["7s", "7h", "Jd"], ["7d Ks 4c", "7c Kd 4d", "10d 8d 6d"])
"""Equal sevens-king-four; a holds two spades (7s Ks), b one heart: a wins the tie-break."""
FULL_TIE = (["7s", "7h", "Jd"], ["7d Kc 4c", "7c Kd 4d", "10d 8d 6d"])
"""Equal hands and one own-suit card each."""


def battle(case: tuple[list[str], list[str]], n: int = 3, **options: Any) -> PalacePoker:
    banners, palaces = case
    game = table(n, deal_deck(banners[:n], palaces[:n]), **options)
    game.act("a", {"kind": "bet", "target": "b"})
    return game


def with_soldier_for_b(**options: Any) -> PalacePoker:
    """a stays, b buys 2c and keeps it, c stays: a's turn, b has one soldier."""
    game = table(
        3, deal_deck(["As", "Kh", "Qd"], ["Js Jh Jd", "10s 10h 10d", "9s 9h 9d"], ["2c"]), **options
    )
    game.act("a", {"kind": "stay"})
    game.act("b", {"kind": "buy"})
    game.act("b", {"kind": "discard_soldiers", "cards": []})
    game.act("c", {"kind": "stay"})
    return game


def test_pp12_no_attack_on_a_banner_of_your_own_suit():
    palaces = ["2c 3c 4c", "5c 6c 7c", "8c 9c 10c", "Jc Qc Kc", "2d 3d 4d"]
    game = table(5, deal_deck(["As", "Ah", "Ad", "Ac", "Ks"], palaces))
    assert game.state.seat["e"].banner == Card.parse("Ks")
    assert spec(game, "a", "bet").fields["target"].options == ("b", "c", "d")
    refused(
        game, "a", {"kind": "bet", "target": "e"}, Refusal.NOT_A_CHOICE, options=("b", "c", "d")
    )
    with pytest.raises(IllegalAction):
        game.act("a", {"kind": "bet", "target": "a"})


@pytest.mark.parametrize("betting", ["limit", "no-limit"])
def test_pp13_stake_is_own_soldiers_plus_one_times_the_small_bet(betting):
    game = with_soldier_for_b(betting=betting)
    pot = game.pot
    game.act("a", {"kind": "bet", "target": "b"})
    assert game.pot == pot + 10  # a: no soldiers, (0 + 1) × 10
    assert game.phase == "battle"
    assert game.to_act == "b"
    assert game.view(None).battle.to_call == 20  # type: ignore[union-attr]
    game.act("b", {"kind": "call"})
    assert game.pot == pot + 30  # b paid their own stake, (1 + 1) × 10, not a's


def test_pp14_defender_folds_and_the_attacker_captures():
    game = with_soldier_for_b()
    game.act("a", {"kind": "bet", "target": "b"})
    pot = game.pot
    game.act("b", {"kind": "fold"})
    assert game.pot == pot  # the attacker's bet stays in the pot
    assert game.state.seat["b"].status is Status.FOLDED
    assert [c.code for c in game.state.seat["a"].soldiers] == ["Kh", "2c"]
    assert sorted(game.state.seat["b"].aside) == sorted(Card.parse_many("10s 10h 10d"))
    assert game.phase == "discard_step"
    assert game.to_act == "a"
    game.act("a", {"kind": "discard_soldiers", "cards": ["2c"]})
    assert game.to_act == "c"


def test_pp14_limit_raises_are_b_or_2s_and_capped():
    game = with_soldier_for_b(small_bet=10, big_bet=30)
    game.act("a", {"kind": "bet", "target": "b"})
    raise_field = spec(game, "b", "raise").fields["amount"]
    assert (raise_field.min, raise_field.max) == (30, 30)  # b has a soldier: B
    refused(game, "b", {"kind": "raise", "amount": 40}, Refusal.AMOUNT_OUT_OF_RANGE, min=30, max=30)
    stack = game.stacks["b"]
    game.act("b", {"kind": "raise", "amount": 30})
    assert game.stacks["b"] == stack - 20 - 30
    assert game.view(None).battle.to_call == 30  # type: ignore[union-attr]
    raise_field = spec(game, "a", "raise").fields["amount"]
    assert (raise_field.min, raise_field.max) == (20, 20)  # a has no soldiers: 2·S
    game.act("a", {"kind": "raise", "amount": 20})
    game.act("b", {"kind": "raise", "amount": 30})
    assert kinds(game, "a") == ["fold", "call"]  # max_raises = 3 reached


def test_pp14_folding_to_a_raise_returns_the_uncalled_raise():
    game = with_soldier_for_b()
    game.act("a", {"kind": "bet", "target": "b"})
    before = {p: game.stacks[p] for p in "ab"}
    pot = game.pot
    game.act("b", {"kind": "raise", "amount": 20})
    events = game.act("a", {"kind": "fold"})
    assert "raise_returned" in [e.kind for e in events]
    assert game.stacks["b"] == before["b"] - 20  # paid the call, took the raise back
    assert game.pot == pot + 20
    assert game.state.seat["a"].status is Status.FOLDED
    assert [c.code for c in game.state.seat["b"].soldiers] == ["2c", "As"]
    assert game.to_act == "b"  # the capturer's free step


@pytest.mark.parametrize("betting", ["limit", "no-limit"])
def test_palace_no_raise_against_an_all_in_opponent_who_cannot_call_more(betting):
    banners, palaces = BANNER_COUNT
    stacks = {"a": 15, "b": 1000, "c": 1000}  # a: the ante (5), then the stake (10) is all
    game = table(3, deal_deck(banners, palaces), stacks=stacks, betting=betting)
    game.act("a", {"kind": "bet", "target": "b"})
    assert game.stacks["a"] == 0
    assert kinds(game, "b") == ["fold", "call"]  # no raise a could never call
    with pytest.raises(IllegalAction):
        game.act("b", {"kind": "raise", "amount": 20})


def test_pp14_no_limit_raise_bounds():
    game = with_soldier_for_b(betting="no-limit", small_bet=10, big_bet=25)
    game.act("a", {"kind": "bet", "target": "b"})
    field = spec(game, "b", "raise").fields["amount"]
    assert (field.min, field.max) == (25, game.stacks["b"] - 20)
    refused(
        game,
        "b",
        {"kind": "raise", "amount": 24},
        Refusal.AMOUNT_OUT_OF_RANGE,
        min=25,
        max=game.stacks["b"] - 20,
    )
    game.act("b", {"kind": "raise", "amount": 100})
    # A re-raise needs the call and at least B on top.
    field = spec(game, "a", "raise").fields["amount"]
    assert (field.min, field.max) == (25, game.stacks["a"] - 100)
    game.act("a", {"kind": "raise", "amount": field.max})
    assert game.stacks["a"] == 0
    assert kinds(game, "b") == ["fold", "call"]  # b can't cover a call plus B any more


def test_pp15_all_in_for_ante_and_battle_amounts_but_not_for_buys():
    game = table(3, deal_deck(*SHORT), stacks={"a": 8, "b": 12, "c": 100})
    assert (game.stacks["a"], game.stacks["b"]) == (3, 7)  # ante 5: a and b both pay
    assert "buy" not in kinds(game, "a")
    refused(game, "a", {"kind": "buy"}, PalaceRefusal.CANT_AFFORD, kind="buy", price=10, stack=3)
    game.act("a", {"kind": "bet", "target": "b"})  # stake 10, a has 3: all-in
    assert game.stacks["a"] == 0
    assert game.state.seat["a"].status is Status.IN
    game.act("b", {"kind": "call"})  # owes 10, has 7: all-in, and the battle is shown down
    assert game.stacks["b"] == 0
    assert game.state.seat["b"].status is Status.BEATEN  # SHORT: a wins
    # No side pots: c and a play on for the whole pot.
    assert game.pot == 5 + 5 + 5 + 3 + 7
    game.act("a", {"kind": "discard_soldiers", "cards": []})
    assert kinds(game, "c") == ["bet", "fold"]


def test_pp16_banner_suit_cards_do_not_count():
    game = battle(EXCLUSION)
    # On all their cards a (kings) would beat b (queens); without hearts a has king high,
    # while b's queens keep b's own banner Qh.
    a_all, b_all = (evaluate(all_cards_of(game.state, p)) for p in "ab")
    assert a_all > b_all
    queens = battle_hand(game.state, "b", "a")
    assert (queens.category, queens.ranks[0]) == (Category.ONE_PAIR, Rank.QUEEN)
    king_high = battle_hand(game.state, "a", "b")
    assert (king_high.category, king_high.ranks[0]) == (Category.HIGH_CARD, Rank.KING)
    game.act("b", {"kind": "call"})
    assert game.state.seat["a"].status is Status.BEATEN
    assert game.state.seat["b"].status is Status.IN


def test_pp16_fewer_than_five_usable_cards_rank_with_a_missing_kicker_low():
    game = battle(SHORT)
    game.act("b", {"kind": "call"})
    assert game.state.seat["b"].status is Status.BEATEN
    assert game.state.seat["a"].status is Status.IN


def test_pp16_tie_goes_to_more_cards_of_your_own_banner_suit():
    game = battle(BANNER_COUNT)
    game.act("b", {"kind": "call"})
    assert game.state.seat["b"].status is Status.BEATEN
    assert game.state.seat["a"].soldiers == Card.parse_many("7h")


def test_pp16_full_tie_puts_both_battlers_out():
    game = battle(FULL_TIE)
    game.act("b", {"kind": "call"})
    assert game.state.seat["a"].status is Status.BEATEN
    assert game.state.seat["b"].status is Status.BEATEN
    assert game.is_over  # c is left alone (PP-18)
    assert game.state.result.winners == ["c"]  # type: ignore[union-attr]
    assert game.settlement() == {"a": -15, "b": -15, "c": 30}


def test_pp16_full_tie_of_the_last_two_splits_the_pot():
    game = battle(FULL_TIE, n=2)
    game.act("b", {"kind": "call"})
    assert game.is_over
    assert game.state.result.ending is Ending.BATTLE_TIE  # type: ignore[union-attr]
    assert game.settlement() == {"a": 0, "b": 0}


def test_pp17_caller_sees_the_other_palace_and_shows_theirs_only_on_a_win():
    lost = battle(BANNER_COUNT)
    events = lost.act("b", {"kind": "call"})  # b called last and lost
    assert lost.view("b").seen_palaces == {"a": Card.parse_many("7d Ks 4c")}
    assert lost.view("a").seen_palaces == {}
    shown = [e for e in events if isinstance(e, PalaceShown)]
    assert [(e.to, e.owner) for e in shown] == [("b", "a")]
    hidden = Card.parse_many("7d Ks 4c 7c Kd 4d")
    assert codes_in(public_text(events), hidden) == set()
    assert codes_in(lost.view(None).model_dump_json(), hidden) == set()
    assert codes_in(lost.view("c").model_dump_json(), hidden) == set()
    won = next(e for e in events if isinstance(e, BattleWon))
    assert (won.winner, won.loser, won.hand) == ("a", "b", None)

    win = battle(EXCLUSION, announce_battle_hands=True)
    events = win.act("b", {"kind": "call"})  # b called last and won
    assert win.view("a").seen_palaces == {"b": Card.parse_many("Qc 7d 4s")}
    assert win.view("b").seen_palaces == {"a": Card.parse_many("Kh Kd 3c")}
    won = next(e for e in events if isinstance(e, BattleWon))
    assert won.hand is not None
    assert (won.hand.category, won.hand.ranks[0]) == (Category.ONE_PAIR, "Q")


def test_pp17_the_winner_captures_and_must_discard_down_to_the_cap():
    game = battle(BANNER_COUNT, max_soldiers=1)
    game.act("b", {"kind": "call"})
    assert game.to_act == "a"
    assert game.phase == "discard_step"
    assert game.state.seat["a"].soldiers == Card.parse_many("7h")
    assert spec(game, "a", "discard_soldiers").fields["cards"].min_count == 0
    game2 = with_soldier_for_b(max_soldiers=1)
    game2.act("a", {"kind": "bet", "target": "b"})
    game2.act("b", {"kind": "raise", "amount": 20})
    game2.act("a", {"kind": "fold"})
    field = spec(game2, "b", "discard_soldiers").fields["cards"]
    assert (field.min_count, field.max_count) == (1, 2)
    assert game2.timeout_action("b") == {"kind": "discard_soldiers", "cards": ["As"]}
