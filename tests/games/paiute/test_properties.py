"""Random legal play: invariants, exact legal actions, snapshots, and no hidden card in public."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.actions import ChoiceField
from games.cards import Card
from games.errors import IllegalAction
from games.events import GameEvent
from games.paiute import Drew, Outcome, Paiute, PaiuteOptions
from games.random_play import PlayStats, check_cards, check_chips, play_deal
from games.seats import left_of

SETTINGS = settings(max_examples=30, deadline=None)


def _table(n: int, seed: int, max_rounds: int = 20) -> Paiute:
    ids = [f"p{i}" for i in range(n)]
    return Paiute.new(
        ids, dict.fromkeys(ids, 200), PaiuteOptions(stake=5, max_rounds=max_rounds), seed=seed
    )


def _choose(game: Paiute, rng: random.Random, prefer_call: float) -> dict[str, Any]:
    """A random listed action; a listed call is taken with probability ``prefer_call``."""
    pid = game.to_act
    assert pid is not None
    specs = game.legal_actions(pid)
    calls = [s for s in specs if s.kind == "call"]
    if calls and rng.random() < prefer_call:
        return calls[0].sample(rng)
    if rng.random() < 0.1:
        return game.timeout_action(pid)
    return rng.choice(specs).sample(rng)


@SETTINGS
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_random_deals_keep_every_invariant_and_pass_the_deal_left(seed, players):
    rng = random.Random(seed)
    stats = PlayStats()
    game = _table(players, seed)
    for _ in range(3):
        play_deal(game, rng, stats, illegal_share=0.2)
        following = game.next_deal()
        assert following.dealer == left_of(game.players, game.dealer)
        assert following.deal_number == game.deal_number + 1
        assert sum(following.stacks.values()) + following.pot == sum(game.stacks.values())
        game = following
    assert stats.deals == 3
    assert stats.illegal_refused > 0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_a_call_is_listed_exactly_when_it_is_accepted(seed, players):
    """``legal_actions`` lists every legal call value and nothing else (PA-9)."""
    rng = random.Random(seed)
    game = _table(players, seed, max_rounds=5)
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        if game.phase == "discard":
            specs = {s.kind: s for s in game.legal_actions(pid)}
            listed: set[str | None] = set()
            if "call" in specs:
                field = specs["call"].fields["discard"]
                assert isinstance(field, ChoiceField)
                listed = set(field.options)
            hand = game.view(pid).hand or []
            for value in [None, *(c.code for c in hand)]:
                trial = Paiute.restore(game.snapshot())
                try:
                    trial.act(pid, {"kind": "call", "discard": value})
                except IllegalAction:
                    assert value not in listed
                else:
                    assert value in listed
        game.act(pid, _choose(game, rng, prefer_call=0.5))


def test_calls_happen_and_every_deal_ends():
    """A player who calls whenever they can: deals end by calls and by the round limit."""
    rng = random.Random(7)
    outcomes: dict[Outcome | None, int] = {}
    calls = lay_downs = 0
    for deal in range(60):
        game = _table(2 + deal % 4, deal, max_rounds=8)
        chips = game.chips_in_play()
        for _ in range(2_000):
            if game.is_over:
                break
            pid = game.to_act
            assert pid is not None
            events = game.act(pid, _choose(game, rng, prefer_call=1.0))
            calls += any(e.kind == "call" for e in events)
            lay_downs += any(e.kind == "lay_down" for e in events)
            check_chips(game, chips)
            check_cards(game)
        assert game.is_over
        assert sum(game.settlement().values()) == 0
        outcome = game.view(None).outcome
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert calls > 10
    assert lay_downs > 0
    assert set(outcomes) == {Outcome.SHOWDOWN, Outcome.STAKES_RETURNED}


@SETTINGS
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), cut=st.integers(0, 120))
def test_snapshot_restore_has_the_same_future(seed, players, cut):
    rng = random.Random(seed)
    game = _table(players, seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.act(game.to_act or "", _choose(game, rng, prefer_call=0.3))
    snap = game.snapshot()
    copy = Paiute.restore(snap)
    assert copy.snapshot() == snap
    assert copy.history() == game.history()

    def finish(g: Paiute, r: random.Random) -> tuple[list[GameEvent], str]:
        events: list[GameEvent] = []
        while not g.is_over:
            events += g.act(g.to_act or "", _choose(g, r, prefer_call=0.3))
        following = g.next_deal()
        return events, following.snapshot()

    assert finish(game, random.Random(seed + 1)) == finish(copy, random.Random(seed + 1))


def _leaks(text: str, hidden: set[Card]) -> list[str]:
    return [c.code for c in hidden if f'"{c.code}"' in text or str(c) in text]


def test_public_events_and_views_never_show_a_hidden_card():
    """PA-8: only the owner sees a hand until it is laid down or shown at the end.

    A card taken from the discard pile was face up, so everyone may know it is in that hand.
    The test reads the engine's state for the truth about where every card lies.
    """
    rng = random.Random(11)
    scanned = 0
    for deal in range(40):
        game = _table(2 + deal % 4, 100 + deal, max_rounds=6)
        known: dict[str, set[Card]] = {p: set() for p in game.players}
        while True:
            s = game.state
            for viewer in [None, *game.players]:
                hidden = set(s.stock)
                if not s.shown:
                    for p in game.players:
                        if p != viewer:
                            hidden |= set(s.hands[p]) - known[p]
                assert not _leaks(game.view(viewer).model_dump_json(), hidden), viewer
                scanned += 1
            if game.is_over:
                break
            pid = game.to_act
            assert pid is not None
            events = game.act(pid, _choose(game, rng, prefer_call=0.7))
            for e in events:
                if isinstance(e, Drew) and e.card is not None:
                    known[pid].add(Card.parse(e.card))
            known[pid] &= set(s.hands[pid])
            for e in events:
                hidden = set(s.stock)
                if not s.shown:
                    for p in game.players:
                        if p != e.to:
                            hidden |= set(s.hands[p]) - known[p]
                assert not _leaks(e.model_dump_json(), hidden), e
    assert scanned > 1000
