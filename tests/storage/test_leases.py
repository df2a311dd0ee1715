"""Shard leases on both backends: taken whole or not at all, refused while their holder is
alive (naming it), taken over once expired, released by a clean stop."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import Database, leases
from storage.leases import Holder, LeaseHeld

NOW = 1_000_000.0
TTL = 10.0


def holder(name: str, pid: int) -> Holder:
    return Holder(f"{name}:{pid}:x", name, pid, "2026-12-02T03:00:00+00:00")


A, B = holder("alpha", 11), holder("beta", 22)


async def take(db: Database, who: Holder, count: int, ids: list[int], now: float) -> None:
    async with db.transaction() as tx:
        await leases.acquire(tx, who, count, ids, ttl=TTL, now=now)


async def test_a_second_process_is_refused_with_the_holder_named(database_target: str | Path):
    async with Database.open(database_target) as db:
        await take(db, A, 1, [0], NOW)
        with pytest.raises(LeaseHeld) as refused:
            await take(db, B, 1, [0], NOW + 1)
        assert "host alpha, pid 11, since 2026-12-02T03:00:00+00:00" in str(refused.value)
        assert refused.value.expires_at == NOW + TTL
        async with db.read() as conn:
            assert [(x.shard_id, x.holder) for x in await leases.held(conn)] == [(0, A)]


async def test_shards_are_taken_all_or_none(database_target: str | Path):
    async with Database.open(database_target) as db:
        await take(db, A, 4, [0, 1], NOW)
        with pytest.raises(LeaseHeld) as refused:
            await take(db, B, 4, [1, 2], NOW)
        assert [x.shard_id for x in refused.value.held] == [1]
        async with db.read() as conn:
            rows = await leases.held(conn)
        assert [(x.shard_id, x.holder.pid) for x in rows] == [(0, 11), (1, 11)]  # no shard 2
        await take(db, B, 4, [2, 3], NOW)  # the other half is free


async def test_an_expired_lease_is_taken_over_and_its_old_holder_cannot_renew(
    database_target: str | Path,
):
    async with Database.open(database_target) as db:
        await take(db, A, 2, [0, 1], NOW)
        async with db.transaction() as tx:
            assert await leases.renew(tx, A, 2, [0, 1], ttl=TTL, now=NOW + 5)
        with pytest.raises(LeaseHeld):  # renewed: alive until NOW + 15
            await take(db, B, 2, [0], NOW + 12)
        await take(db, B, 2, [0], NOW + 15)  # A stopped renewing: gone
        async with db.transaction() as tx:
            assert not await leases.renew(tx, A, 2, [0, 1], ttl=TTL, now=NOW + 16)
        async with db.read() as conn:
            rows = await leases.held(conn)
        assert [(x.shard_id, x.holder.host) for x in rows] == [(0, "beta"), (1, "alpha")]


async def test_live_shards_of_another_count_refuse_a_process(database_target: str | Path):
    async with Database.open(database_target) as db:
        await take(db, A, 1, [0], NOW)
        with pytest.raises(LeaseHeld):  # shard 1 of 2 overlaps every guild of shard 0 of 1
            await take(db, B, 2, [1], NOW)
        await take(db, B, 2, [1], NOW + TTL)  # once A's lease has expired


async def test_a_clean_stop_frees_the_shards_at_once(database_target: str | Path):
    async with Database.open(database_target) as db:
        await take(db, A, 1, [0], NOW)
        async with db.transaction() as tx:
            assert await leases.release(tx, A) == 1
        await take(db, B, 1, [0], NOW + 1)


async def test_a_shard_outside_the_count_is_an_error(tmp_path: Path):
    async with Database.open(tmp_path / "p.db") as db:
        with pytest.raises(ValueError, match="shards"):
            await take(db, A, 2, [2], NOW)
