"""PP-7 to PP-11: buy (and its free discard step), the draw pile, discard, stay, fold."""

from __future__ import annotations

import pytest

from games.cards import Card
from games.errors import IllegalAction
from games.palace import PalacePoker, PalaceRefusal, Status
from tests.games.palace.helpers import (
    codes_in,
    deal_deck,
    full_deck,
    kinds,
    public_text,
    refused,
    spec,
    table,
)

BANNERS_10 = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc", "Qs", "Qh"]


def stay_round(game: PalacePoker, *pids: str) -> None:
    for pid in pids:
        game.act(pid, {"kind": "stay"})


def test_pp7_buy_pays_the_small_bet_and_a_sixth_soldier_must_go():
    draw = ["2c", "3c", "4c", "5c", "6c", "7c"]
    game = table(3, deal_deck(["As", "Kh", "Qd"], ["Js Jh Jd", "10s 10h 10d", "9s 9h 9d"], draw))
    for i, code in enumerate(draw):
        stack, pot = game.stacks["a"], game.pot
        events = game.act("a", {"kind": "buy"})
        assert game.stacks["a"] == stack - 10
        assert game.pot == pot + 10
        assert game.state.seat["a"].soldiers[-1] == Card.parse(code)
        assert code in public_text(events)  # the soldier is face up
        # The free second step: the same player acts again, and may keep everything up to 5.
        assert game.phase == "discard_step"
        assert game.to_act == "a"
        field = spec(game, "a", "discard_soldiers").fields["cards"]
        assert field.max_count == i + 1
        if i < 5:
            assert field.min_count == 0
            game.act("a", {"kind": "discard_soldiers", "cards": []})
            stay_round(game, "b", "c")
    assert spec(game, "a", "discard_soldiers").fields["cards"].min_count == 1
    refused(
        game, "a", {"kind": "discard_soldiers", "cards": []}, PalaceRefusal.CARD_COUNT, min=1, max=6
    )
    # Any soldier may go, the bought one or an older one.
    game.act("a", {"kind": "discard_soldiers", "cards": ["3c"]})
    assert [c.code for c in game.state.seat["a"].soldiers] == ["2c", "4c", "5c", "6c", "7c"]
    assert game.to_act == "b"


def test_pp8_empty_draw_pile_takes_the_discards_and_buy_needs_a_card():
    game = table(10, full_deck(BANNERS_10))
    assert len(game.state.draw) == 12
    order = "abcdefghij"
    bought = []
    for turn in range(12):
        pid = order[turn % 10]
        game.act(pid, {"kind": "buy"})
        card = game.state.seat[pid].soldiers[-1].code
        bought.append(card)
        game.act(pid, {"kind": "discard_soldiers", "cards": [card]})
    assert game.state.draw == []
    assert [c.code for c in game.state.discards] == bought
    events = game.act("c", {"kind": "buy"})
    assert events[0].kind == "discards_reshuffled"
    # Stacked: the discards become the draw pile in the order they were discarded.
    assert game.state.seat["c"].soldiers[-1].code == bought[0]
    assert [c.code for c in game.state.draw] == bought[1:]

    keep = table(10, full_deck(BANNERS_10))
    for turn in range(12):
        pid = order[turn % 10]
        keep.act(pid, {"kind": "buy"})
        keep.act(pid, {"kind": "discard_soldiers", "cards": []})
    assert keep.to_act == "c"
    assert "buy" not in kinds(keep, "c")
    refused(keep, "c", {"kind": "buy"}, PalaceRefusal.NO_CARDS_LEFT, kind="buy")


def test_pp9_discard_pays_the_small_bet_and_drops_soldiers_face_down():
    game = table(
        3, deal_deck(["As", "Kh", "Qd"], ["Js Jh Jd", "10s 10h 10d", "9s 9h 9d"], ["2c", "3c"])
    )
    assert "discard" not in kinds(game, "a")  # no soldiers yet
    game.act("a", {"kind": "buy"})
    game.act("a", {"kind": "discard_soldiers", "cards": []})
    game.act("b", {"kind": "buy"})
    game.act("b", {"kind": "discard_soldiers", "cards": []})
    game.act("c", {"kind": "stay"})
    field = spec(game, "a", "discard").fields["cards"]
    assert (field.min_count, field.max_count, field.options) == (1, 1, ("2c",))
    with pytest.raises(IllegalAction):
        game.act("a", {"kind": "discard", "cards": []})
    stack, pot = game.stacks["a"], game.pot
    events = game.act("a", {"kind": "discard", "cards": ["2c"]})
    assert game.stacks["a"] == stack - 10
    assert game.pot == pot + 10
    assert game.state.seat["a"].soldiers == []
    assert game.state.discards == [Card.parse("2c")]
    assert codes_in(public_text(events), [Card.parse("2c")]) == set()
    assert game.view(None).discard_count == 1
    assert game.to_act == "b"


def test_pp10_stay_changes_nothing_but_the_turn():
    game = table(3)
    before = (dict(game.stacks), game.pot, game.view(None).seats)
    game.act("a", {"kind": "stay"})
    assert (dict(game.stacks), game.pot, game.view(None).seats) == before
    assert game.to_act == "b"


def test_pp11_fold_leaves_chips_in_the_pot_and_cards_unseen():
    game = table(
        4, deal_deck(["As", "Kh", "Qd", "Jc"], ["2s 3s 4s", "2h 3h 4h", "2d 3d 4d", "2c 3c 4c"])
    )
    pot = game.pot
    events = game.act("a", {"kind": "fold"})
    assert game.pot == pot
    assert game.state.seat["a"].status is Status.FOLDED
    assert game.state.seat["a"].banner is None
    assert sorted(game.state.seat["a"].aside) == sorted(Card.parse_many("As 2s 3s 4s"))
    assert all(game.state.seat[p].soldiers == [] for p in "bcd")  # nobody captured them
    assert codes_in(public_text(events), Card.parse_many("2s 3s 4s")) == set()
    assert game.to_act == "b"
    assert spec(game, "b", "bet").fields["target"].options == ("c", "d")
