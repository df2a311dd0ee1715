"""The bot's hold on its shards fences its bookings (``bot.shards`` + ``storage.fence``), on both
backends: once it holds its leases, a booking made after another process took a shard over is
refused by the database, and the process hears it once and stops serving, even before its
heartbeat would have noticed."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

import storage
from bot.shards import ShardLeases
from storage import Booking, Database, tables
from storage.fence import LeaseLost


async def test_a_booking_after_a_takeover_is_refused_and_stops_the_process(
    database_target: str | Path,
) -> None:
    async with Database.open(database_target) as db, Database.open(database_target) as other:
        held = ShardLeases(db, 2, [0, 1], ttl=3600.0)  # no heartbeat comes due in this test
        await held.take()
        assert db.fence is not None
        assert db.fence.epochs == {0: 1, 1: 1}
        why: list[str] = []
        beating = asyncio.create_task(held.heartbeat(why.append))
        await asyncio.sleep(0)  # the heartbeat listens for refusals from its first step
        async with db.transaction() as tx:
            table_id = await tables.open_table(tx, guild_id=1, channel_id=5, game="palace")
            await tables.buy_in(tx, table_id, 1, 100, ref="in:1")
        step = Booking(
            table_id, ref="t:1", snapshot="{}", deal_number=1, action_counter=1,
            stack_deltas={"1": -10}, pot=10,
        )  # fmt: skip
        assert (await storage.book(db, step)).applied
        async with other.transaction() as tx:  # another process took shard 0 over
            await tx.execute(
                "UPDATE shard_leases SET holder = 'other', epoch = epoch + 1 WHERE shard_id = 0"
            )
        for counter in (2, 3):  # two clicks: one stop
            late = Booking(
                table_id, ref=f"t:{counter}", snapshot="{}", deal_number=1,
                action_counter=counter, stack_deltas={"1": -10}, pot=10 * counter,
            )  # fmt: skip
            with pytest.raises(LeaseLost):
                await storage.book(db, late)
        assert why == ["lost the lease on shards 0, 1 of 2: the database refused a booking"]
        beating.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beating
        async with db.read() as conn:
            table = await tables.get(conn, table_id)
        assert table is not None
        assert table.action_counter == 1
