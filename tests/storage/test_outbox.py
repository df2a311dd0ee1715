"""The private outbox: a booked step owes its players their update until it is delivered, on
both backends; a refused or repeated step owes nothing."""

from __future__ import annotations

import pytest

import storage
from storage import Booking, Database, StaleAction, outbox, tables

from .conftest import GUILD

PLAYERS = [1, 2, 3]


async def open_table(db: Database, channel: int = 5) -> int:
    async with db.transaction() as tx:
        table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=channel, game="palace")
        for p in PLAYERS:
            await tables.buy_in(tx, table_id, p, 300, ref=f"in:{channel}:{p}")
    return table_id


def step(
    table_id: int,
    counter: int,
    private: set[int],
    bet: int = 0,
    delivered: dict[int, int] | None = None,
) -> Booking:
    return Booking(
        table_id,
        ref=f"t:{table_id}:{counter}",
        snapshot="{}",
        deal_number=1,
        action_counter=counter,
        stack_deltas={"1": -bet} if bet else {},
        pot=bet * counter,
        private=frozenset(private),
        delivered=delivered or {},
    )


async def owed(db: Database) -> dict[int, dict[int, int]]:
    async with db.read() as conn:
        return await outbox.pending(conn)


async def test_a_booked_step_owes_its_players_their_update_until_delivered(db: Database):
    table_id = await open_table(db)
    await storage.book(db, step(table_id, 1, {1, 2, 3}))
    assert await owed(db) == {table_id: {1: 1, 2: 1, 3: 1}}
    assert await outbox.delivered(db, table_id, {1, 3}, 1) == 2
    assert await owed(db) == {table_id: {2: 1}}


async def test_a_newer_step_replaces_the_older_update_and_outlives_its_delivery(db: Database):
    table_id = await open_table(db)
    await storage.book(db, step(table_id, 1, {1, 2}))
    await storage.book(db, step(table_id, 2, {2}))
    assert await owed(db) == {table_id: {1: 1, 2: 2}}
    # the delivery of step 1 finishes after step 2 was booked: step 2's update is still owed
    assert await outbox.delivered(db, table_id, {1, 2}, 1) == 1
    assert await owed(db) == {table_id: {2: 2}}
    assert await outbox.delivered(db, table_id, {2}, 2) == 1
    assert await owed(db) == {}


async def test_the_next_step_clears_what_was_delivered_in_its_own_transaction(db: Database):
    table_id = await open_table(db)
    await storage.book(db, step(table_id, 1, {1, 2, 3}))
    # 1 and 2 were told step 1's update; step 2 clears them with its booking and owes 2 anew
    await storage.book(db, step(table_id, 2, {2}, delivered={1: 1, 2: 1}))
    assert await owed(db) == {table_id: {2: 2, 3: 1}}
    # a delivery of an older step does not clear a newer step's update
    await storage.book(db, step(table_id, 3, set(), delivered={2: 1, 3: 1}))
    assert await owed(db) == {table_id: {2: 2}}


async def test_a_refused_or_repeated_step_owes_nothing(db: Database):
    table_id = await open_table(db)
    booking = step(table_id, 1, {1})
    await storage.book(db, booking)
    await outbox.delivered(db, table_id, {1}, 1)
    again = await storage.book(db, booking)  # the same ref: nothing booked, nothing owed
    assert not again.applied
    with pytest.raises(StaleAction):
        await storage.book(db, _stale(table_id))
    assert await owed(db) == {}


def _stale(table_id: int) -> Booking:
    """A step whose counter is not above the stored one (refused as stale)."""
    return Booking(
        table_id,
        ref="t:stale",
        snapshot="{}",
        deal_number=1,
        action_counter=1,
        stack_deltas={},
        pot=0,
        private=frozenset({2}),
    )


async def test_a_closed_table_owes_nothing(db: Database):
    table_id = await open_table(db)
    other = await open_table(db, channel=6)
    await storage.book(db, step(table_id, 1, {1}))
    await storage.book(db, step(other, 1, {2}))
    async with db.transaction() as tx:
        await tables.close(tx, table_id, ref="close:1", reason="admin")
    assert await owed(db) == {other: {2: 1}}
