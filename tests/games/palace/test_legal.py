"""legal_actions bounds and the refusal codes (with their facts) a player's presenter words."""

from __future__ import annotations

import pytest

from games.errors import Refusal
from games.palace import Bet, Buy, PalaceRefusal, Raise, Stay
from tests.games.palace.helpers import kinds, refused, spec, table


def test_only_the_player_to_act_has_actions():
    game = table(4)
    assert kinds(game, "a") == ["buy", "stay", "bet", "fold"]
    assert all(game.legal_actions(p) == [] for p in "bcd")
    assert game.legal_actions("zed") == []
    refused(game, "b", {"kind": "stay"}, Refusal.NOT_YOUR_TURN, to_act="a")
    refused(game, "zed", {"kind": "stay"}, Refusal.NOT_PLAYING)


def test_malformed_actions_are_refused_without_change():
    game = table(3)
    error = refused(game, "a", {"kind": "shout"}, Refusal.UNKNOWN_ACTION, kind="shout")
    assert "discard_soldiers" in error.params["allowed"]  # type: ignore[operator]
    refused(game, "a", {"kind": "stay", "loud": True}, Refusal.BAD_ACTION, kind="stay")
    refused(game, "a", {"kind": "bet"}, Refusal.BAD_ACTION, kind="bet", field="target")
    refused(
        game,
        "a",
        {"kind": "bet", "target": "nobody"},
        Refusal.NOT_A_CHOICE,
        kind="bet",
        field="target",
        options=("b", "c"),
    )
    refused(
        game,
        "a",
        {"kind": "call"},
        PalaceRefusal.NOTHING_TO,
        kind="call",
        allowed=["buy", "stay", "bet", "fold"],
    )
    refused(game, "a", {"kind": "discard", "cards": ["Zz"]}, PalaceRefusal.NO_SOLDIERS)
    game.act("a", Buy())
    refused(
        game, "a", {"kind": "discard_soldiers", "cards": ["Zz"]}, PalaceRefusal.BAD_CARD, card="Zz"
    )
    twice = refused(game, "a", {"kind": "discard_soldiers", "cards": ["2c", "2c"]}, None)
    assert twice.code in (PalaceRefusal.NOT_YOUR_SOLDIER, PalaceRefusal.CARD_TWICE)
    refused(game, "a", {"kind": "stay"}, PalaceRefusal.FINISH_DISCARD_STEP, kind="stay")


def test_battle_actions_belong_to_the_battler_to_act():
    game = table(3, small_bet=10)
    game.act("a", Bet(target="b"))
    assert kinds(game, "b") == ["fold", "call", "raise"]
    assert game.legal_actions("a") == []
    assert game.legal_actions("c") == []
    field = spec(game, "b", "raise").fields["amount"]
    assert (field.min, field.max) == (20, 20)
    refused(game, "b", {"kind": "raise", "amount": "20"}, Refusal.BAD_ACTION, field="amount")
    refused(
        game,
        "b",
        {"kind": "raise", "amount": 21},
        Refusal.AMOUNT_OUT_OF_RANGE,
        kind="raise",
        field="amount",
        min=20,
        max=20,
    )
    refused(game, "b", Stay(), PalaceRefusal.IN_BATTLE, allowed=["fold", "call", "raise"])
    refused(game, "c", {"kind": "fold"}, Refusal.NOT_YOUR_TURN, to_act="b")
    game.act("b", Raise(amount=20))
    assert game.to_act == "a"
    assert game.view(None).battle.to_call == 20  # type: ignore[union-attr]


def test_pydantic_models_and_dicts_are_the_same_action():
    one, two = table(3, seed=5), table(3, seed=5)
    one.act("a", Bet(target="c"))
    two.act("a", {"kind": "bet", "target": "c"})
    assert one.snapshot() == two.snapshot()


def test_every_refusal_after_the_end():
    game = table(2)
    game.act("a", {"kind": "fold"})
    assert game.is_over
    assert game.legal_actions("b") == []
    refused(game, "b", {"kind": "bet", "target": "a"}, Refusal.DEAL_OVER)
    with pytest.raises(RuntimeError):
        table(2).settlement()
