"""The engine core, through the test-only toy game: the contract is implemented once."""

from __future__ import annotations

import random
from typing import cast

import pytest

from games.cards import FULL_DECK, codes
from games.core import DealNotOver
from games.engine import Engine
from games.errors import IllegalAction, Refusal
from games.random_play import PlayStats, play_deal
from tests.toy.high_card import HighCard, HighCardOptions, Stood, Won

PLAYERS = ["a", "b", "c"]
STACKS = dict.fromkeys(PLAYERS, 100)


def stacked(*top: str) -> list[str]:
    """A full deck with these cards on top, the rest in a fixed order."""
    rest = [c for c in codes(FULL_DECK) if c not in top]
    return [*top, *rest]


def game(*top: str) -> HighCard:
    return HighCard.new(
        PLAYERS, STACKS, HighCardOptions(stake=5), seed=1, deck=stacked(*top), dealer="c"
    )


def test_the_core_deals_through_the_game_hook_and_keeps_the_opening_private():
    g = game("2h", "Kd", "9s")
    assert (g.phase, g.to_act, g.pot, g.deal_number) == ("play", "a", 15, 1)
    assert [(e.to, e.model_dump()["card"]) for e in g.opening_events()] == [
        ("a", "2h"),
        ("b", "Kd"),
        ("c", "9s"),
    ]
    assert all(not e.is_public for e in g.opening_events())


def test_refusals_come_in_the_cores_order_with_codes_not_words():
    g = game("2h", "Kd", "9s")
    with pytest.raises(IllegalAction) as not_playing:
        g.act("z", {"kind": "stand"})
    assert not_playing.value.code == Refusal.NOT_PLAYING
    with pytest.raises(IllegalAction) as wrong_turn:
        g.act("b", {"kind": "stand"})
    assert (wrong_turn.value.code, wrong_turn.value.params) == ("not_your_turn", {"to_act": "a"})
    with pytest.raises(IllegalAction) as unknown:
        g.act("a", {"kind": "x" * 500})
    assert unknown.value.code == Refusal.UNKNOWN_ACTION
    assert unknown.value.params["allowed"] == ("stand", "swap")
    assert len(str(unknown.value.params["kind"])) == 32  # the player's input, cut
    with pytest.raises(IllegalAction) as bad:
        g.act("a", {"kind": "stand", "amount": 3})
    assert bad.value.code == Refusal.BAD_ACTION
    assert g.snapshot() == game("2h", "Kd", "9s").snapshot()  # refused: nothing changed


def test_an_action_the_specs_do_not_allow_is_explained():
    broke = HighCard.new(["a", "b"], {"a": 5, "b": 50}, HighCardOptions(stake=5), dealer="b")
    assert [s.kind for s in broke.legal_actions("a")] == ["stand"]
    with pytest.raises(IllegalAction) as refused:
        broke.act("a", {"kind": "swap"})
    assert (refused.value.code, refused.value.params) == (
        "not_now",
        {"kind": "swap", "allowed": ("stand",)},
    )


def test_settlement_and_result_only_at_the_end_then_the_history_shows_every_card():
    g = game("2h", "Kd", "9s", "Ac")
    with pytest.raises(DealNotOver):
        g.settlement()
    with pytest.raises(DealNotOver):
        g.deal_result()
    assert all(e["kind"] != "deck" for e in g.history())  # the deck order is secret
    g.act("a", {"kind": "swap"})
    g.act("b", {"kind": "stand"})
    events = g.act("c", {"kind": "stand"})
    assert isinstance(events[0], Stood)
    assert isinstance(events[-1], Won)
    assert g.is_over
    assert g.to_act is None
    assert g.settlement() == {"a": 10, "b": -5, "c": -5}
    result = g.deal_result()
    assert result.winners == ["a"]
    assert result.pot == 20
    assert result.changes == g.settlement()
    assert result.hands["a"].ranks == ("A",)
    assert result.start_deck[:4] == ["2h", "Kd", "9s", "Ac"]
    kinds = [e["kind"] for e in g.history()]
    assert kinds == ["deal", "deck", "action", "action", "action", "cards"]
    assert g.history()[-1]["hands"] == {"a": "Ac", "b": "Kd", "c": "9s"}


def test_snapshot_restore_gives_the_same_future_and_next_deal_moves_the_deal_on():
    g = HighCard.new(PLAYERS, STACKS, HighCardOptions(stake=5), seed=11, dealer="a")
    g.act(g.to_act or "", {"kind": "stand"})
    twin = HighCard.restore(g.snapshot())
    assert twin.snapshot() == g.snapshot()
    while not g.is_over:
        who = g.to_act or ""
        g.act(who, {"kind": "stand"})
        twin.act(who, {"kind": "stand"})
    assert twin.snapshot() == g.snapshot()
    following, again = g.next_deal(), twin.next_deal()
    assert following.snapshot() == again.snapshot()  # the RNG forked the same way
    assert following.deal_number == 2
    assert following.state.dealer == "b"
    assert g.is_over  # the old deal is left as it was


def test_random_legal_play_conserves_chips_and_cards_and_refuses_illegal_moves():
    rng = random.Random(3)
    stats = PlayStats()
    for seed in range(50):
        g = HighCard.new(PLAYERS, STACKS, HighCardOptions(stake=5), seed=seed)
        play_deal(cast(Engine, g), rng, stats, illegal_share=0.5)  # raises on any broken invariant
    assert stats.deals == 50
    assert stats.illegal_refused > 0
