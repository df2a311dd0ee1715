"""Group commit: bookings that arrive while the database is busy share one transaction, yet
each is applied whole or not at all, and nobody hears "done" before its COMMIT."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from storage import Database
from storage.db import MAX_BATCH, scalar

from .conftest import on_thread


@pytest.fixture
def db(sqlite_db: Database) -> Database:
    """Group commit is SQLite's: PostgreSQL commits each booking on its own."""
    return sqlite_db


@pytest.fixture
async def traced(db: Database) -> AsyncIterator[list[str]]:
    """Every statement the connection runs from now on, as SQLite's trace hook reports it."""
    statements: list[str] = []
    async with db.read() as conn:
        await on_thread(conn, lambda raw: raw.set_trace_callback(statements.append))
    yield statements
    async with db.read() as conn:
        await on_thread(conn, lambda raw: raw.set_trace_callback(None))


def insert(guild_id: int) -> Callable[[Any], int]:
    """A booking that writes one row and returns how many rows it then sees."""

    def booking(tx: Any) -> int:
        tx.execute("INSERT INTO guild_settings (guild_id) VALUES (?)", (guild_id,))
        return int(tx.scalar("SELECT COUNT(*) FROM guild_settings"))

    return booking


class Refused(Exception):
    """A booking's own refusal (as InsufficientChips or StaleAction would be)."""


def insert_then_refuse(guild_id: int) -> Callable[[Any], None]:
    def booking(tx: Any) -> None:
        tx.execute("INSERT INTO guild_settings (guild_id) VALUES (?)", (guild_id,))
        raise Refused(f"no {guild_id}")

    return booking


async def stored(db: Database) -> list[int]:
    async with db.read() as conn:
        rows = await conn.execute_fetchall("SELECT guild_id FROM guild_settings ORDER BY 1")
    return [int(r[0]) for r in rows]


async def queued_behind_a_transaction(
    db: Database, bookings: list[Callable[[Any], object]]
) -> list[object]:
    """Start ``bookings`` while another transaction holds the database, then let them run;
    their outcomes, errors included, in order."""
    async with db.transaction():
        tasks = [asyncio.create_task(db._run_in_transaction(b)) for b in bookings]
        await asyncio.sleep(0)  # every one of them is queued now
    return list(await asyncio.gather(*tasks, return_exceptions=True))


def commits(statements: list[str]) -> int:
    return sum(1 for s in statements if s == "COMMIT")


async def test_bookings_queued_while_busy_share_one_commit_and_run_in_arrival_order(
    db: Database, traced: list[str]
):
    results = await queued_behind_a_transaction(db, [insert(g) for g in range(1, 11)])
    assert results == list(range(1, 11))  # each saw exactly the bookings before it
    assert await stored(db) == list(range(1, 11))
    assert commits(traced) == 2  # the transaction that held the database, then one batch
    assert traced.count("SAVEPOINT booking") == 10


async def test_a_lone_booking_needs_no_savepoint(db: Database, traced: list[str]):
    assert await db._run_in_transaction(insert(1)) == 1
    assert traced == [
        "BEGIN IMMEDIATE",
        "INSERT INTO guild_settings (guild_id) VALUES (1)",
        "SELECT COUNT(*) FROM guild_settings",
        "COMMIT",
    ]


async def test_a_refused_booking_in_a_batch_undoes_only_itself(db: Database):
    results = await queued_behind_a_transaction(db, [insert(1), insert_then_refuse(2), insert(3)])
    assert results[0] == 1
    assert isinstance(results[1], Refused)
    assert str(results[1]) == "no 2"
    assert results[2] == 2  # the refused booking's row was already gone
    assert await stored(db) == [1, 3]


async def test_a_lost_transaction_fails_every_booking_of_its_batch(db: Database):
    def lose_the_transaction(tx: Any) -> None:
        # What SQLite does by itself on a full disk or an I/O error: the whole transaction
        # is rolled back under the batch, and the statement fails.
        tx.execute("ROLLBACK")
        raise sqlite3.OperationalError("database or disk is full")

    results = await queued_behind_a_transaction(db, [insert(1), lose_the_transaction, insert(3)])
    assert all(isinstance(r, sqlite3.OperationalError) for r in results), results
    assert await stored(db) == []  # booking 1 had run, but was never committed
    async with db.read() as conn:
        assert not await on_thread(conn, lambda raw: raw.in_transaction)
    assert await db._run_in_transaction(insert(4)) == 1  # and the database goes on


async def test_a_booking_whose_caller_is_cancelled_before_it_starts_never_runs(db: Database):
    async with db.transaction():
        first = asyncio.create_task(db._run_in_transaction(insert(1)))
        second = asyncio.create_task(db._run_in_transaction(insert(2)))
        await asyncio.sleep(0)
        first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    assert await second == 1
    assert await stored(db) == [2]


async def test_no_batch_is_bigger_than_max_batch(db: Database, traced: list[str]):
    n = 2 * MAX_BATCH + 5
    results = await queued_behind_a_transaction(db, [insert(g) for g in range(n)])
    assert results == list(range(1, n + 1))
    assert commits(traced) == 1 + 3


async def test_other_transactions_take_their_turn_between_batches(db: Database):
    """A long queue does not shut out a transaction or a read waiting for the lock."""
    seen: list[int] = []

    async def read_between() -> None:
        async with db.read() as conn:
            seen.append(int(await scalar(conn, "SELECT COUNT(*) FROM guild_settings")))

    async with db.transaction():
        tasks = [asyncio.create_task(db._run_in_transaction(insert(g))) for g in range(100)]
        await asyncio.sleep(0)
        reader = asyncio.create_task(read_between())
        await asyncio.sleep(0)
    await asyncio.gather(*tasks, reader)
    assert seen == [MAX_BATCH]  # after the first batch, before the second


async def test_close_commits_what_is_queued_first(tmp_path: Path):
    path = tmp_path / "closing.db"
    db = await Database.open(path)
    async with db.transaction():
        tasks = [asyncio.create_task(db._run_in_transaction(insert(g))) for g in range(5)]
        await asyncio.sleep(0)
        closing = asyncio.create_task(db.close())
        await asyncio.sleep(0)
    await closing
    assert [t.result() for t in tasks] == [1, 2, 3, 4, 5]
    async with Database.open(path) as again:
        assert await stored(again) == [0, 1, 2, 3, 4]
