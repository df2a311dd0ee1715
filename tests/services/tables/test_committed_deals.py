"""Issue 29 at the table service: every deal is committed before its first card is shown (the
table's status carries the fingerprint), the commitment survives a restart, and the stored
result keeps the proofs of the cards someone saw, which hold against that fingerprint."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from games.core.seen import cards_in
from games.fairness import Proof, proofs_of, verify
from services.tables import NoDeal, NoTable, TableService
from services.tables.timers import ManualClock
from storage import Database, stats

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, play_deal, play_one


def holds(record: dict[str, Any], proof: dict[str, Any]) -> bool:
    p = Proof(proof["position"], proof["card"], proof["salt"], tuple(proof["path"]))
    return verify(record["fingerprint"], record["cards"], p)


async def seat_three(service: TableService, game: str) -> None:
    await service.open(GUILD, CHANNEL, HOST, game, {"seats": 3}, buy_in=500)
    await service.join(GUILD, CHANNEL, BOB, 500)
    await service.join(GUILD, CHANNEL, CAT, 500)


@pytest.mark.parametrize("game", ["palace", "paiute", "pontoon"])
async def test_each_deal_has_a_new_fingerprint_and_its_record_proves_what_was_seen(
    service: TableService, db: Database, game: str
):
    await seat_three(service, game)
    rng = random.Random(3)
    table_id = service.status(GUILD, CHANNEL).table_id
    fingerprints = []
    for number in (1, 2):
        started = await service.start(GUILD, CHANNEL, HOST)
        assert started.table.fingerprint is not None  # with the deal's first message
        fingerprints.append(started.table.fingerprint)
        if started.table.deal_open:
            await play_deal(service, db, rng)
        async with db.read() as conn:
            recorded = await stats.result(conn, table_id, number)
        assert recorded is not None
        record = next(e for e in recorded["history"] if e["kind"] == "fairness")
        assert record["fingerprint"] == fingerprints[-1]
        assert "secret" not in record  # the secret opens every position: never stored here
        proofs = [p for shown in proofs_of(record).values() for p in shown]
        assert proofs  # someone saw a card
        assert all(holds(record, p) for p in proofs)
    assert fingerprints[0] != fingerprints[1]


async def test_a_restarted_table_keeps_its_deals_commitment(target: str | Path, clock: ManualClock):
    rng = random.Random(5)
    async with Database.open(target) as db:
        one = TableService(db, clock=clock)
        await one.startup(idle_sweeper=False)
        await seat_three(one, "paiute")
        await one.start(GUILD, CHANNEL, HOST)
        before = one.status(GUILD, CHANNEL).fingerprint
        await play_one(one, db, rng)
        await one.timers.shutdown()  # killed: only the file remains
    async with Database.open(target) as db:
        two = TableService(db, clock=clock)
        await two.startup(idle_sweeper=False)
        assert before is not None
        assert two.status(GUILD, CHANNEL).fingerprint == before
        result = await play_deal(two, db, rng)
        async with db.read() as conn:
            recorded = await stats.result(conn, result.table.table_id, 1)
        assert recorded is not None
        record = next(e for e in recorded["history"] if e["kind"] == "fairness")
        assert record["fingerprint"] == before
        assert all(holds(record, p) for shown in proofs_of(record).values() for p in shown)
        await two.shutdown()


async def test_a_players_proofs_now_hold_their_hand_and_nobody_elses(service: TableService):
    await seat_three(service, "paiute")
    with pytest.raises(NoDeal):
        service.deck_proofs(GUILD, CHANNEL, HOST)
    await service.start(GUILD, CHANNEL, HOST)
    hands = {}
    for user in (HOST, BOB, CAT):
        found = service.deck_proofs(GUILD, CHANNEL, user)
        view = service.status(GUILD, CHANNEL, user).view
        assert view is not None
        record = {"fingerprint": found.fingerprint, "cards": found.cards}
        assert all(holds(record, p) for p in found.proofs)
        hands[user] = {p["card"] for p in found.proofs}
        assert set(cards_in(view)) <= hands[user]
    public = {p["card"] for p in service.deck_proofs(GUILD, CHANNEL, 999).proofs}
    assert public  # the turned indicator and the first discard
    assert not (hands[HOST] - public) & (hands[BOB] - public)
    with pytest.raises(NoTable):
        service.deck_proofs(GUILD, CHANNEL + 1, HOST)
