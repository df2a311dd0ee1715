"""legal_actions bounds and the refusals a player reads."""

from __future__ import annotations

from typing import Any

import pytest

from games.errors import IllegalAction
from games.palace import Bet, Buy, PalacePoker, Raise, Stay
from tests.games.palace.helpers import kinds, spec, table


def refused(game: PalacePoker, pid: str, action: Any, match: str) -> None:
    before = game.snapshot()
    with pytest.raises(IllegalAction, match=match):
        game.act(pid, action)
    assert game.snapshot() == before


def test_only_the_player_to_act_has_actions():
    game = table(4)
    assert kinds(game, "a") == ["buy", "stay", "bet", "fold"]
    assert all(game.legal_actions(p) == [] for p in "bcd")
    assert game.legal_actions("zed") == []
    refused(game, "b", {"kind": "stay"}, "It is a's turn")
    refused(game, "zed", {"kind": "stay"}, "not dealt into this hand")


def test_malformed_actions_are_refused_without_change():
    game = table(3)
    refused(game, "a", {"kind": "shout"}, "not a Palace Poker action")
    refused(game, "a", {"kind": "stay", "loud": True}, "not well formed")
    refused(game, "a", {"kind": "bet"}, "name the player you attack")
    refused(game, "a", {"kind": "bet", "target": "nobody"}, "You can attack: b, c")
    refused(game, "a", {"kind": "call"}, "nothing to call")
    refused(game, "a", {"kind": "discard", "cards": ["Zz"]}, "no soldiers")
    game.act("a", Buy())
    refused(game, "a", {"kind": "discard_soldiers", "cards": ["Zz"]}, "'Zz' is not a card")
    refused(game, "a", {"kind": "discard_soldiers", "cards": ["2c", "2c"]}, "not one of|once")
    refused(game, "a", {"kind": "stay"}, "free discard step")


def test_battle_actions_belong_to_the_battler_to_act():
    game = table(3, small_bet=10)
    game.act("a", Bet(target="b"))
    assert kinds(game, "b") == ["fold", "call", "raise"]
    assert game.legal_actions("a") == []
    assert game.legal_actions("c") == []
    field = spec(game, "b", "raise").fields["amount"]
    assert (field.min, field.max) == (20, 20)
    refused(game, "b", {"kind": "raise", "amount": "20"}, "whole number")
    refused(game, "b", {"kind": "raise", "amount": 21}, "exactly 20")
    refused(game, "b", Stay(), "fold, call or raise")
    refused(game, "c", {"kind": "fold"}, "It is b's turn")
    game.act("b", Raise(amount=20))
    assert game.to_act == "a"
    assert spec(game, "a", "call").label == "Call (20)"


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
    refused(game, "b", {"kind": "bet", "target": "a"}, "The hand is over")
    with pytest.raises(RuntimeError):
        table(2).settlement()
