"""Random legal play over many consecutive deals: every deal ends, chips and cards are
conserved, listed actions are accepted, illegal ones refused with nothing changed, a snapshot
restores to the same future, and no hidden card ever reaches anyone who may not see it."""

from __future__ import annotations

import json
import random
from typing import cast

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import Card
from games.engine import HOUSE, KITTY, Engine
from games.pontoon import BankerMode, Pontoon, PontoonOptions, SplitRule
from games.random_play import PlayStats, play_deal

options_st = st.builds(
    PontoonOptions,
    min_bet=st.sampled_from([1, 10, 25]),
    max_bet=st.sampled_from([25, 100, 300]),
    min_stick=st.sampled_from([15, 16]),
    split=st.sampled_from(list(SplitRule)),
    banker=st.sampled_from(list(BankerMode)),
    shoot=st.booleans(),
)


def _table(options: PontoonOptions, n: int, seed: int) -> Pontoon:
    if options.banker == BankerMode.HOUSE:
        n = min(n, 7)
    ids = [f"p{i}" for i in range(n)]
    return Pontoon.new(ids, dict.fromkeys(ids, 400), options, seed=seed)


def _next(g: Pontoon) -> Pontoon | None:
    stacks = {p: v for p, v in g.stacks.items() if p != HOUSE and v > 0}
    need = 1 if g.options.banker == BankerMode.HOUSE else 2
    if len(stacks) < need:
        return None
    return g.next_deal(players=[p for p in g.state.players if p in stacks], stacks=stacks)


@settings(max_examples=30, deadline=None)
@given(options=options_st, n=st.integers(2, 8), seed=st.integers(0, 10_000))
def test_random_play_over_consecutive_deals(options, n, seed):
    if options.max_bet < options.min_bet:
        options = options.model_copy(update={"max_bet": options.min_bet})
    g: Pontoon | None = _table(options, n, seed)
    rng = random.Random(seed)
    stats = PlayStats()
    for _ in range(12):
        assert g is not None
        play_deal(cast(Engine, g), rng, stats, illegal_share=0.2)
        result = g.settlement()
        assert sum(result.values()) == 0
        if options.shoot:
            assert KITTY in result
        if options.banker == BankerMode.HOUSE:
            assert HOUSE in result
        g = _next(g)
        if g is None:
            break
    assert stats.deals >= 1


@settings(max_examples=20, deadline=None)
@given(options=options_st, n=st.integers(2, 7), seed=st.integers(0, 10_000), cut=st.integers(0, 30))
def test_snapshot_restores_the_same_future(options, n, seed, cut):
    if options.max_bet < options.min_bet:
        options = options.model_copy(update={"max_bet": options.min_bet})
    g = _table(options, n, seed)
    rng = random.Random(seed)
    for _ in range(cut):  # play part of the way in
        if g.is_over:
            nxt = _next(g)
            if nxt is None:
                return
            g = nxt
            continue
        pid = g.to_act
        assert pid is not None
        g.act(pid, rng.choice(g.legal_actions(pid)).sample(rng))
    copy = Pontoon.restore(g.snapshot())
    assert copy.snapshot() == g.snapshot()
    assert copy.view(None) == g.view(None)
    for game in (g, copy):
        if not game.is_over:
            play_deal(cast(Engine, game), random.Random(seed + 1), PlayStats(), illegal_share=0.2)
    assert copy.snapshot() == g.snapshot()
    nxt_g, nxt_c = _next(g), _next(copy)
    if nxt_g is not None and nxt_c is not None:
        assert nxt_g.snapshot() == nxt_c.snapshot()


def _hidden_from(g: Pontoon, viewer: str | None) -> set[Card]:
    """Cards ``viewer`` may not see now (PO-11a)."""
    s = g.state
    shown = {c for p in s.punters for h in p.hands if h.returned for c in h.cards}
    hidden = {c for c in s.pack if c not in shown}
    for p in s.punters:
        for h in p.hands:
            if h.returned:
                continue
            for card, up in zip(h.cards, h.public, strict=True):
                if not up and viewer != p.pid:
                    hidden.add(card)
    banker_sees = viewer is not None and viewer == s.banker and s.banker_looked
    for card, up in zip(s.banker_hand.cards, s.banker_hand.public, strict=True):
        if not up and not banker_sees:
            hidden.add(card)
    return hidden


def _leaks(text: str, hidden: set[Card]) -> list[str]:
    return [c.code for c in hidden if f'"{c.code}"' in text or str(c) in text]


def test_no_hidden_card_in_public_events_or_views():
    rng = random.Random(11)
    checked = 0
    for mode in BankerMode:
        for shoot in (False, True):
            options = PontoonOptions(min_bet=10, max_bet=100, banker=mode, shoot=shoot)
            g: Pontoon | None = _table(options, 5, 7)
            for _ in range(40):
                assert g is not None
                while not g.is_over:
                    pid = g.to_act
                    assert pid is not None
                    specs = g.legal_actions(pid)
                    assert any(spec.allows(g.timeout_action(pid)) for spec in specs)
                    events = g.act(pid, rng.choice(specs).sample(rng))
                    public_hidden = _hidden_from(g, None)
                    for event in events:
                        audience = event.to
                        hidden = public_hidden if audience is None else _hidden_from(g, audience)
                        assert not _leaks(event.model_dump_json(), hidden), event
                    for viewer in [None, *g.state.players]:
                        text = json.dumps(g.view(viewer).model_dump(mode="json"))
                        assert not _leaks(text, _hidden_from(g, viewer)), (viewer, text)
                    checked += 1
                g = _next(g)
                if g is None:
                    break
    assert checked > 500
