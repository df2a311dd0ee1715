"""Committed deals of every game: each proof a deal hands out holds against its fingerprint and
shows only cards its reader could see (checked against every view the reader had, step by
step), with random legal play over several deals of a table; and a snapshot keeps the
commitment."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.seen import cards_in
from games.engine import Engine
from games.fairness import Proof, proofs_of, verify
from games.palace import PalacePoker
from games.registry import PAIUTE, PALACE, PONTOON

GAMES = [PALACE, PAIUTE, PONTOON]


def seen_in_views(game: Engine, readers: list[str | None], oracle: dict[str | None, set[str]]):
    for reader in readers:
        oracle.setdefault(reader, set()).update(cards_in(game.view(reader)))


def holds(fingerprint: str, proof: dict[str, Any], cards: int = 52) -> bool:
    return verify(
        fingerprint,
        cards,
        Proof(proof["position"], proof["card"], proof["salt"], tuple(proof["path"])),
    )


def play_committed_deal(game: Engine, rng: random.Random, players: list[str]):
    """Commit, play the deal out at random, and return what each reader's views showed."""
    game.commit(rng.randbytes(16))
    readers: list[str | None] = [None, *players]
    oracle: dict[str | None, set[str]] = {}
    seen_in_views(game, readers, oracle)
    for _ in range(5000):
        if game.is_over:
            break
        pid = game.to_act
        assert pid is not None
        game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
        seen_in_views(game, readers, oracle)
    assert game.is_over
    return oracle


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(2, 5), deals=st.integers(1, 3))
def test_no_proof_shows_a_card_its_reader_could_not_see(info, seed, size, deals):
    rng = random.Random(seed)
    players = [str(100 + i) for i in range(size)]
    game = info.engine.new(players, dict.fromkeys(players, 1000), seed=seed)
    for _ in range(deals):
        oracle = play_committed_deal(game, rng, players)
        record = game.fairness()
        assert record is not None
        public = oracle[None]
        for reader in [None, *players]:
            # every committed order (the opening's, each reshuffle's): proofs against its own
            entries = game.commitments(reader)
            assert entries[0]["reveals"] == game.proofs(reader)
            shown = [p["card"] for e in entries for p in e["reveals"]]
            allowed = public | oracle.get(reader, set())
            assert set(shown) <= allowed, (reader, set(shown) - allowed)
            assert set(shown) == allowed  # and every card they saw has its proof
            for entry in entries:
                assert all(holds(entry["fingerprint"], p, entry["cards"]) for p in entry["reveals"])
        # the deal's record: the table's proofs only public cards, each player's only theirs
        parts = [record, *record.get("reshuffles", ())]
        assert {p["card"] for part in parts for p in proofs_of(part)[""]} == public
        for part in parts:
            for pid, proofs in proofs_of(part).items():
                if pid:
                    assert {p["card"] for p in proofs} <= oracle[pid]
        game = game.next_deal()


def test_pp11_a_folded_players_palace_cards_get_no_proof_for_anyone_else():
    rng = random.Random(5)
    players = ["a", "b", "c"]
    game = PalacePoker.new(players, dict.fromkeys(players, 500), seed=11)
    game.commit(rng.randbytes(16))
    folded = None
    palace: set[str] = set()
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        kinds = {s.kind: s for s in game.legal_actions(pid)}
        if folded is None and "fold" in kinds:
            folded = pid
            palace = {c.code for c in game.state.seat[pid].palace}
            game.act(pid, {"kind": "fold"})
        else:
            spec = kinds.get("check") or kinds.get("call") or next(iter(kinds.values()))
            game.act(pid, spec.sample(rng))
    assert folded is not None
    assert len(palace) == 3
    others = [p for p in players if p != folded]
    for reader in [None, *others]:  # no committed order (PP-6's included) proves them
        assert not ({p["card"] for e in game.commitments(reader) for p in e["reveals"]} & palace)
    assert palace <= {p["card"] for e in game.commitments(folded) for p in e["reveals"]}


def test_a_restored_table_keeps_its_commitment_and_what_was_seen():
    game = PAIUTE.engine.new(["a", "b"], {"a": 500, "b": 500}, seed=3)
    fingerprint = game.commit(bytes(16))
    again = PAIUTE.engine.restore(game.snapshot())
    assert again.fingerprint == fingerprint
    assert again.proofs("a") == game.proofs("a")
    assert again.proofs("a")  # the dealt hand is proved to its player


def test_an_uncommitted_deal_has_no_proofs_and_an_old_snapshot_restores():
    game = PONTOON.engine.new(["a", "b"], {"a": 500, "b": 500}, seed=3)
    assert game.fingerprint is None
    assert game.proofs("a") == []
    old = game.snapshot().replace('"commitment":null,', "").replace('"revealed":{},', "")
    assert "commitment" not in old
    assert PONTOON.engine.restore(old).snapshot() == game.snapshot()
