"""The fence on bookings (``storage.fence``), on both backends: a process books for a table
only while the lease on the table's shard is still the one it took. A process whose lease
expired and was taken over by another, or that released it, has its bookings refused by the
database with nothing written, and hears the refusal."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import storage
from storage import Booked, Booking, Database, leases, tables
from storage.db import fetch_all
from storage.fence import Fence, LeaseLost
from storage.leases import Holder

from .conftest import GUILD, checked

NOW = 1_000_000.0
TTL = 10.0
SHARDS = 2
OTHER_GUILD = 1 << 22
"""A guild of shard 1 of 2 (``GUILD`` is on shard 0)."""


def holder(name: str, pid: int) -> Holder:
    return Holder(f"{name}:{pid}:x", name, pid, "2026-12-02T03:00:00+00:00")


A, B = holder("alpha", 11), holder("beta", 22)


async def take(db: Database, who: Holder, ids: list[int], now: float) -> Fence:
    """``who`` takes ``ids`` and fences ``db``'s bookings with them, as ``bot.shards`` does."""
    async with db.transaction() as tx:
        held = await leases.acquire(tx, who, SHARDS, ids, ttl=TTL, now=now)
    db.fence = Fence(who.holder, SHARDS, {x.shard_id: x.epoch for x in held})
    return db.fence


async def open_table(db: Database, guild: int = GUILD, channel: int = 5) -> int:
    async with db.transaction() as tx:
        table_id = await tables.open_table(tx, guild_id=guild, channel_id=channel, game="palace")
        for user in (1, 2):
            await tables.buy_in(tx, table_id, user, 300, ref=f"in:{channel}:{user}")
    return table_id


def bet(table_id: int, counter: int) -> Booking:
    return Booking(
        table_id, ref=f"t:{table_id}:{counter}", snapshot="{}", deal_number=1,
        action_counter=counter, stack_deltas={"1": -10, "2": -10}, pot=20 * counter,
    )  # fmt: skip


async def refs(db: Database, table_id: int) -> list[str]:
    async with db.read() as conn:
        rows = await fetch_all(
            conn, "SELECT ref FROM ledger WHERE table_id = ? ORDER BY id", (table_id,)
        )
    return [str(r["ref"]) for r in rows]


async def test_a_process_whose_lease_was_taken_over_books_nothing(
    database_target: str | Path,
) -> None:
    async with Database.open(database_target) as one, Database.open(database_target) as two:
        fence = await take(one, A, [0, 1], NOW)
        heard: list[LeaseLost] = []
        fence.refused = heard.append
        table_id = await open_table(one)
        assert (await storage.book(one, bet(table_id, 1))).applied
        # one freezes past its lease; two takes the shards over (a new epoch) and books on
        await take(two, B, [0, 1], NOW + TTL)
        assert (await storage.book(two, bet(table_id, 2))).applied
        before = await refs(one, table_id)
        with pytest.raises(LeaseLost, match="shard 0 of 2 is at epoch 2") as refused:
            await storage.book(one, bet(table_id, 3))  # one resumes and clicks
        assert refused.value.shard_id == 0
        assert heard == [refused.value]
        assert await refs(one, table_id) == before  # nothing written
        async with one.read() as conn:
            table = await tables.get(conn, table_id)
        assert table is not None
        assert table.action_counter == 2
        assert (await storage.book(two, bet(table_id, 3))).applied  # the new holder goes on
        await checked(two)


async def test_a_released_lease_refuses_its_old_holders_bookings(
    database_target: str | Path,
) -> None:
    async with Database.open(database_target) as db:
        await take(db, A, [0, 1], NOW)
        table_id = await open_table(db)
        assert (await storage.book(db, bet(table_id, 1))).applied
        async with db.transaction() as tx:
            assert await leases.release(tx, A) == 2
        with pytest.raises(LeaseLost):
            await storage.book(db, bet(table_id, 2))
        async with db.read() as conn:
            epochs = {x.shard_id: x.epoch for x in await leases.held(conn)}
        assert epochs == {0: 2, 1: 2}  # released: the next epoch, never reused
        fence = await take(db, B, [0, 1], NOW + 1)
        assert fence.epochs == {0: 3, 1: 3}
        assert (await storage.book(db, bet(table_id, 2))).applied


async def test_a_table_of_a_shard_the_process_does_not_hold_is_refused(
    database_target: str | Path,
) -> None:
    async with Database.open(database_target) as db:
        as_a = await take(db, A, [0], NOW)
        mine, theirs = await open_table(db), await open_table(db, OTHER_GUILD, channel=6)
        assert (await storage.book(db, bet(mine, 1))).applied
        with pytest.raises(LeaseLost, match="shard 1 of 2 has no lease"):
            await storage.book(db, bet(theirs, 1))
        await take(db, B, [1], NOW)
        db.fence = as_a  # still booking as A: shard 1 is B's
        with pytest.raises(LeaseLost, match=r"shard 1 of 2 is at epoch 1 \(another holder"):
            await storage.book(db, bet(theirs, 1))


async def test_renewing_keeps_the_epoch_and_the_bookings_go_on(
    database_target: str | Path,
) -> None:
    async with Database.open(database_target) as db:
        await take(db, A, [0, 1], NOW)
        table_id = await open_table(db)
        for counter in range(1, 4):
            async with db.transaction() as tx:
                assert await leases.renew(tx, A, SHARDS, [0, 1], ttl=TTL, now=NOW + counter)
            assert (await storage.book(db, bet(table_id, counter))).applied
        await take(db, A, [0, 1], NOW + 5)  # taken again by its own holder: the same epoch
        assert db.fence is not None
        assert db.fence.epochs == {0: 1, 1: 1}
        await checked(db)


async def test_in_a_batch_only_the_tables_of_a_lost_shard_are_refused(
    database_target: str | Path,
) -> None:
    async with Database.open(database_target) as one, Database.open(database_target) as two:
        fence = await take(one, A, [0, 1], NOW)
        heard: list[LeaseLost] = []
        fence.refused = heard.append
        kept = [await open_table(one, channel=c) for c in (5, 6, 7)]
        lost = await open_table(one, OTHER_GUILD, channel=8)
        await take(two, B, [1], NOW + TTL)  # shard 1 moves on while one still books it
        outcomes = await asyncio.gather(  # one batch: the tables of both shards at once
            *(storage.book(one, bet(t, 1)) for t in (kept[0], kept[1], lost, kept[2])),
            return_exceptions=True,
        )
        refused = outcomes.pop(2)
        assert isinstance(refused, LeaseLost)
        assert refused.shard_id == 1
        assert heard == [refused]
        assert all(isinstance(o, Booked) and o.applied for o in outcomes)
        assert await refs(one, lost) == [f"in:8:{u}" for u in (1, 2)]  # nothing written
        assert [await refs(one, t) for t in kept] == [
            [f"in:{c}:1", f"in:{c}:2", f"t:{t}:1", f"t:{t}:1:1", f"t:{t}:1:2"]
            for c, t in zip((5, 6, 7), kept, strict=True)
        ]
        await checked(one)
