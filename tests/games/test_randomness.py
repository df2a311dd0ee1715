"""The snapshot's generator: small, the same numbers as ``random.Random``, restored exactly."""

from __future__ import annotations

import copy
import json
import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.randomness import (
    RESEED_AFTER,
    CountedRandom,
    new_rng,
    rng_fork,
    rng_from_state,
    rng_state,
    rng_twin,
)
from games.registry import PAIUTE

OPS = st.lists(st.sampled_from(["shuffle", "random", "bits", "choice", "sample", "restore"]))


def draw(rng: random.Random, op: str) -> object:
    if op == "shuffle":
        deck = list(range(52))
        rng.shuffle(deck)
        return deck
    if op == "random":
        return rng.random()
    if op == "bits":
        return rng.getrandbits(70)
    if op == "choice":
        return rng.choice("abcdefg")
    return rng.sample(range(100), 5)


@settings(max_examples=60)
@given(seed=st.integers(min_value=0, max_value=2**128), ops=OPS)
def test_the_counted_generator_draws_what_random_draws_and_restores_in_place(
    seed: int, ops: list[str]
) -> None:
    plain, counted = random.Random(seed), new_rng(seed)
    for op in ops:
        if op == "restore":
            state = rng_state(counted)
            counted = rng_from_state(json.loads(json.dumps(state)))
            assert rng_state(counted) == state
            continue
        assert draw(plain, op) == draw(counted, op)


def test_the_stored_state_is_a_seed_and_a_count() -> None:
    rng = new_rng(None)
    rng.shuffle(list(range(52)))
    assert len(json.dumps(rng_state(rng))) < 60


def test_a_snapshot_of_the_old_form_still_restores_the_same_future() -> None:
    old = random.Random(7)
    old.shuffle(list(range(52)))
    restored = rng_from_state(json.loads(json.dumps(rng_state(old))))
    assert [restored.random() for _ in range(5)] == [old.random() for _ in range(5)]


def test_a_fork_after_many_words_is_reseeded_the_same_way_after_a_restore() -> None:
    rng = CountedRandom(11)
    rng.getrandbits(32 * (RESEED_AFTER + 1))
    again = rng_from_state(rng_state(rng))
    first, second = rng_fork(rng), rng_fork(again)
    assert rng_state(first) == rng_state(second)
    assert rng_state(first)[1] == 0
    assert first.random() == second.random()


def test_a_restored_game_deals_the_next_deal_as_the_original_would() -> None:
    players = ["1", "2", "3"]
    game = PAIUTE.engine.new(players, dict.fromkeys(players, 500), None, seed=3)
    while not game.is_over and (who := game.to_act) is not None:
        game.act(who, game.timeout_action(who))
    again = PAIUTE.engine.restore(game.snapshot())
    assert again.next_deal().snapshot() == game.next_deal().snapshot()


def test_a_copy_of_the_generator_goes_on_from_the_same_place() -> None:
    rng = new_rng(5)
    rng.shuffle(list(range(52)))
    for twin in (copy.deepcopy(rng), pickle.loads(pickle.dumps(rng))):  # noqa: S301 - our own
        assert rng_state(twin) == rng_state(rng)
        assert twin.random() == copy.copy(rng).random()


def test_a_twin_of_a_generator_at_its_state_goes_on_as_its_restore() -> None:
    """A fork's generator is copied when it is at the snapshot's state (no replay of its
    words), else replayed from the state: the same future either way."""
    rng = CountedRandom(11)
    rng.getrandbits(32 * 5000)  # a table many deals old
    state = rng_state(rng)
    twin, restored = rng_twin(rng, state), rng_from_state(state)
    assert rng_state(twin) == state
    assert [twin.random() for _ in range(5)] == [restored.random() for _ in range(5)]
    assert rng_state(twin) == rng_state(restored) != rng_state(rng)  # rng drew nothing
    elsewhere = rng_twin(rng, [11, 7])  # not at that state: replayed from it
    assert rng_state(elsewhere) == [11, 7]
    assert elsewhere.random() == rng_from_state([11, 7]).random()


def test_a_fork_of_a_game_goes_on_as_its_restore_and_leaves_the_game_as_it_is() -> None:
    players = ["1", "2", "3"]
    game = PAIUTE.engine.new(players, dict.fromkeys(players, 500), None, seed=4)
    snapshot = game.snapshot()
    fork, restored = game.fork(snapshot), PAIUTE.engine.restore(snapshot)
    while not fork.is_over and (who := fork.to_act) is not None:
        action = fork.timeout_action(who)
        assert fork.act(who, action) == restored.act(who, action)
    assert fork.snapshot() == restored.snapshot()
    assert fork.next_deal().snapshot() == restored.next_deal().snapshot()
    assert game.snapshot() == snapshot
