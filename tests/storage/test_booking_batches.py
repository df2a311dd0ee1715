"""Bookings of many tables at once share a transaction (SQLite: savepoints in one BEGIN
IMMEDIATE; PostgreSQL: one ``parlour_book_many`` statement), and each still succeeds or fails
on its own: a refused step, or one that breaks a constraint, leaves the others booked."""

from __future__ import annotations

import asyncio

import pytest

import storage
from storage import Booking, Database, StaleAction, accounts, tables

from .conftest import GUILD, INTEGRITY_ERRORS, checked

TABLES = 8


async def open_tables(db: Database) -> list[int]:
    ids = []
    async with db.transaction() as tx:
        for t in range(TABLES):
            table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=t, game="palace")
            for user in (1 + 2 * t, 2 + 2 * t):
                await tables.buy_in(tx, table_id, user, 300, ref=f"in:{t}:{user}")
            ids.append(table_id)
    return ids


def bet(table_id: int, counter: int, first: int) -> Booking:
    players = [str(first), str(first + 1)]
    return Booking(
        table_id, ref=f"t:{table_id}:{counter}", snapshot="{}", deal_number=1,
        action_counter=counter, stack_deltas=dict.fromkeys(players, -10), pot=20 * counter,
    )  # fmt: skip


async def stored_counter(db: Database, table_id: int) -> int:
    async with db.read() as conn:
        table = await tables.get(conn, table_id)
    assert table is not None
    return table.action_counter


async def test_a_step_that_breaks_a_constraint_fails_alone_in_its_batch(db: Database):
    ids = await open_tables(db)
    broken = ids[3]
    async with db.transaction() as tx:  # the ref its first player's row would take
        await accounts.grant(tx, GUILD, 7, 5, ref=f"t:{broken}:1:7")
    outcomes = await asyncio.gather(
        *(storage.book(db, bet(tid, 1, 1 + 2 * n)) for n, tid in enumerate(ids)),
        return_exceptions=True,
    )
    failed = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(failed) == 1
    assert isinstance(failed[0], INTEGRITY_ERRORS)
    assert [await stored_counter(db, tid) for tid in ids] == [
        0 if tid == broken else 1 for tid in ids
    ]
    await checked(db)


async def test_a_refused_step_leaves_the_rest_of_its_batch_booked(db: Database):
    ids = await open_tables(db)
    for n, tid in enumerate(ids):
        assert (await storage.book(db, bet(tid, 1, 1 + 2 * n))).applied
    steps = [bet(tid, 1 if n == 5 else 2, 1 + 2 * n) for n, tid in enumerate(ids)]
    outcomes = await asyncio.gather(
        *(storage.book(db, step) for step in steps), return_exceptions=True
    )
    assert not outcomes[5].applied  # type: ignore[union-attr]  # its ref: already booked
    stale = Booking(
        ids[6], ref="t:stale", snapshot="{}", deal_number=1, action_counter=2,
        stack_deltas={}, pot=40,
    )  # fmt: skip
    with pytest.raises(StaleAction, match=f"table {ids[6]} is at action 2 of deal 1"):
        await storage.book(db, stale)
    assert [await stored_counter(db, tid) for tid in ids] == [
        1 if n == 5 else 2 for n in range(TABLES)
    ]
    await checked(db)
