"""Random legal play: conservation, refusals, the bound on a hand, privacy, snapshots."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import Card
from games.palace import Bought, PalaceOptions, PalacePoker, PalaceShown, PalaceState
from games.random_play import PlayStats, play_deal
from games.simulate import simulate
from tests.games.palace.helpers import full_deck

PLAYERS = st.integers(min_value=2, max_value=10)
BETTING = st.sampled_from(["limit", "no-limit"])


def new_game(n: int, betting: str, seed: int, **options: Any) -> PalacePoker:
    ids = [f"p{i}" for i in range(n)]
    stacks = {p: 40 + 37 * i for i, p in enumerate(ids)}  # short stacks reach all-in often
    opts = PalaceOptions.model_validate({"small_bet": 5, "betting": betting, **options})
    return PalacePoker.new(ids, stacks, opts, seed=seed)


def action_bound(game: PalacePoker) -> int:
    """The most actions a hand can take (the bound every hand is proved to end within).

    PP-23 caps play at ``max_rounds`` rounds of at most n turns. A turn is one action, plus at
    most one free discard step, or a battle: the bet, its raises and the final call or fold,
    then one free step. Limit caps raises at ``max_raises``; in no-limit every raise moves at
    least B chips from a stack into the pot, where only a battle's last raise can come back,
    so raises over the hand are at most chips/B + battles.
    """
    opts = game.options
    n = len(game.state.seats)
    turns = opts.max_rounds * n
    if opts.betting == "limit":
        return turns * (3 + opts.max_raises)
    chips = game.chips_in_play()
    return turns * 4 + chips // opts.big_bet + turns


@settings(max_examples=60, deadline=None)
@given(n=PLAYERS, betting=BETTING, seed=st.integers(0, 2**32 - 1))
def test_random_play_conserves_and_every_hand_ends(n, betting, seed):
    rng = random.Random(seed)
    game = new_game(n, betting, seed)
    for _ in range(3):
        stats = PlayStats()
        play_deal(game, rng, stats, illegal_share=0.3, max_actions=action_bound(game))
        assert stats.deals == 1
        assert game.to_act is None
        assert all(game.legal_actions(p) == [] for p in game.stacks)
        funded = [p for p, s in game.stacks.items() if s > 0]
        if len(funded) < 2:
            break
        game = game.next_deal()


@settings(max_examples=40, deadline=None)
@given(n=PLAYERS, betting=BETTING, seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 60))
def test_snapshot_restore_has_the_same_future(n, betting, seed, cut):
    game = new_game(n, betting, seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        pid = game.to_act
        assert pid is not None
        game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
    twin = PalacePoker.restore(game.snapshot())
    assert twin.snapshot() == game.snapshot()
    future = random.Random(seed + 1)
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        assert twin.to_act == pid
        action = future.choice(game.legal_actions(pid)).sample(future)
        assert game.act(pid, action) == twin.act(pid, action)
        assert game.snapshot() == twin.snapshot()
    assert twin.is_over
    assert twin.settlement() == game.settlement()
    if sum(1 for chips in game.stacks.values() if chips > 0) >= 2:
        assert twin.next_deal().snapshot() == game.next_deal().snapshot()


CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AKQJ])([shdc♠♥♦♣])(?![A-Za-z0-9])")
"""A card written as a code ("10h") or for people ("10♥")."""


def cards_named(text: str) -> set[Card]:
    """Every card a text names, in either form."""
    return {Card.parse(rank + suit) for rank, suit in CARD_TOKEN.findall(text)}


def hidden_from(state: PalaceState, viewer: str | None) -> set[Card]:
    """Cards ``viewer`` (None: the public) must not see: piles, set-aside and palace cards,
    less the cards everyone saw turned face up and rejected in this deal's banner deal (PP-5):
    naming one of those is no leak, wherever PP-6 put it."""
    hidden = {*state.draw, *state.discards}
    for pid, seat in state.seat.items():
        hidden |= set(seat.aside)
        if pid != viewer and pid not in state.shown:
            hidden |= set(seat.palace)
    if viewer is not None:
        for cards in state.seen.get(viewer, {}).values():
            hidden -= set(cards)
    return hidden - set(state.rejected_banners)


def assert_private(game: PalacePoker, events, actor: str | None) -> None:
    """The public always; each player who got a private event, and the actor, too."""
    state = game.state
    told = {e.to for e in events if e.to is not None}
    for viewer in [None, *sorted(told | ({actor} if actor else set()))]:
        hidden = hidden_from(state, viewer)
        texts = [game.view(viewer).model_dump_json()]
        texts += [e.model_dump_json() for e in events if e.to is None or e.to == viewer]
        for text in texts:
            leaked = cards_named(text) & hidden
            assert not leaked, f"{leaked} visible to {viewer}: {text[:300]}"


def test_no_hidden_card_in_any_public_event_or_view():
    for hand in range(120):
        rng = random.Random(hand)
        game = new_game(
            2 + hand % 9, ["limit", "no-limit"][hand % 2], hand, announce_battle_hands=hand % 3 == 0
        )
        # The opening, banner events and their face-up rejects included (PP-5); the cut
        # used its own deck, so its cards say nothing about this deal's.
        opening = [e for e in game.opening_events() if e.kind != "cut"]
        assert_private(game, opening, None)
        for player in game.stacks:
            assert_private(game, [e for e in opening if e.to == player], player)
        while not game.is_over:
            pid = game.to_act
            assert pid is not None
            events = game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
            assert_private(game, events, pid)


def test_the_privacy_scan_catches_a_palace_card_never_shown():
    # b rejects Ks (PP-5) and the deal puts it in the draw pile; the palaces hold none of the
    # rejects. Naming Ks publicly is fine; naming a palace card is a leak the scan must catch.
    deck = full_deck(["As", "Ks", "Kh", "Qd"])
    stacks = dict.fromkeys("abc", 100)
    game = PalacePoker.new(["a", "b", "c"], stacks, seed=1, deck=deck, dealer="c")
    assert game.state.rejected_banners == [Card.parse("Ks")]
    seen = Bought(player="b", card="Ks", price=5, pot=20)
    assert_private(game, [seen], None)
    palace_card = game.state.seat["b"].palace[0]
    assert palace_card not in game.state.rejected_banners
    for leak in (
        Bought(player="b", card=palace_card.code, price=5, pot=20),
        PalaceShown(owner="b", cards=[palace_card.code]),
    ):
        with pytest.raises(AssertionError, match="visible to None"):
            assert_private(game, [leak], None)
    # ... and a palace card leaked to another player's private view or DM.
    with pytest.raises(AssertionError, match="visible to a"):
        assert_private(game, [PalaceShown(to="a", owner="b", cards=[palace_card.code])], "a")


def test_timeout_action_is_always_accepted():
    for hand in range(60):
        rng = random.Random(hand)
        game = new_game(2 + hand % 9, "limit", hand)
        while not game.is_over:
            pid = game.to_act
            assert pid is not None
            if rng.random() < 0.3:
                game.act(pid, game.timeout_action(pid))
            else:
                game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))


def test_simulator_plays_palace_cleanly():
    report, errors = simulate("palace", 6, 60, 1)
    assert errors == []
    assert report["chips_conserved"] is True
    assert report["cards_conserved"] is True
    assert report["deals"] == 60
