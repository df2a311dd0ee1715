"""Opening, migrations and the transaction helper."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from storage import Database, accounts, stats
from storage.db import CACHE_KIB, fetch_all, migrations, scalar, split_statements

from .conftest import GUILD, INTEGRITY_ERRORS, checked, on_thread


async def test_migrations_from_empty_reach_the_last_version(tmp_path: Path):
    path = tmp_path / "fresh.db"
    assert not path.exists()
    async with Database.open(path) as db:
        assert await db.version() == len(migrations()) >= 1
        async with db.read() as conn:
            names = {r["name"] for r in await fetch_all(conn, "SELECT name FROM sqlite_master")}
        for table in ("accounts", "ledger", "tables", "seats", "claims", "results", "stats"):
            assert table in names
        await checked(db)


async def test_pragmas_wal_foreign_keys_busy_timeout_synchronous_normal(sqlite_db: Database):
    db = sqlite_db
    async with db.read() as conn:
        assert await scalar(conn, "PRAGMA journal_mode") == "wal"
        assert await scalar(conn, "PRAGMA foreign_keys") == 1
        assert await scalar(conn, "PRAGMA busy_timeout") == 5000
        assert await scalar(conn, "PRAGMA synchronous") == 1  # NORMAL
        assert await scalar(conn, "PRAGMA cache_size") == -CACHE_KIB  # negative: in KiB


async def test_reopening_keeps_data_and_applies_nothing_twice(tmp_path: Path):
    path = tmp_path / "again.db"
    async with Database.open(path) as db, db.transaction() as tx:
        await accounts.ensure(tx, GUILD, 7)
    db = await Database.open(path)
    try:
        assert await db.version() == len(migrations())
        async with db.read() as conn:
            assert await accounts.peek_balance(conn, GUILD, 7) == 1000
    finally:
        await db.close()


async def test_a_raising_transaction_rolls_back_everything(db: Database):
    async def grant_then_fail() -> None:
        async with db.transaction() as tx:
            await accounts.grant(tx, GUILD, 5, 50, ref="g1")
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await grant_then_fail()
    async with db.read() as conn:
        assert await accounts.peek_balance(conn, GUILD, 5) is None
        assert await scalar(conn, "SELECT COUNT(*) FROM ledger") == 0


async def test_a_cancelled_transaction_rolls_back_and_the_lock_is_free(db: Database):
    started = asyncio.Event()

    async def slow() -> None:
        async with db.transaction() as tx:
            await accounts.grant(tx, GUILD, 5, 50, ref="g1")
            started.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with db.transaction() as tx:  # not stuck in the cancelled one's transaction
        assert await accounts.peek_balance(tx, GUILD, 5) is None
    await checked(db)


def test_split_statements_keeps_triggers_whole_and_drops_comments():
    script = (
        "-- header\nCREATE TABLE a (x);\n"
        "CREATE TRIGGER t AFTER INSERT ON a BEGIN\n  UPDATE a SET x = 1;\nEND;\n-- tail\n"
    )
    parts = split_statements(script)
    assert len(parts) == 2
    assert parts[1].startswith("CREATE TRIGGER")
    assert parts[1].endswith("END;")


def test_an_unfinished_statement_is_refused():
    with pytest.raises(ValueError, match="incomplete"):
        split_statements("CREATE TABLE a (x);\nCREATE TABLE b (y)")


def test_every_migration_stamps_its_own_version():
    for version, sql in migrations():
        assert sql.rstrip().endswith(f"PRAGMA user_version = {version};")


def test_aiosqlite_still_has_the_internals_the_one_hop_adapter_uses():
    """storage._thread.on_thread relies on ``Connection._execute(fn)`` (a coroutine that runs ``fn``
    on the connection's worker thread) and ``Connection._conn`` (its sqlite3 connection). If an
    aiosqlite upgrade changes either, this fails: re-verify the adapter, then the pin."""
    assert asyncio.iscoroutinefunction(aiosqlite.Connection._execute)
    assert isinstance(aiosqlite.Connection.__dict__["_conn"], property)


async def test_the_adapter_runs_on_aiosqlites_thread_with_aiosqlites_connection(
    sqlite_db: Database,
):
    db = sqlite_db
    seen: list[tuple[int, sqlite3.Connection]] = []

    def probe(tx: Any) -> int:
        seen.append((threading.get_ident(), tx._raw))
        tx.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")
        return int(tx.scalar("SELECT COUNT(*) FROM guild_settings"))

    assert await db._run_in_transaction(probe) == 1
    async with db.read() as conn:
        assert await on_thread(conn, lambda raw: (threading.get_ident(), raw)) == seen[0]
        assert await scalar(conn, "SELECT COUNT(*) FROM guild_settings") == 1  # committed
    raw = db._conn
    assert isinstance(raw, aiosqlite.Connection)
    assert seen[0][0] == raw._thread.ident != threading.get_ident()
    assert seen[0][1] is raw._conn


async def test_run_in_transaction_rolls_back_everything_when_fn_raises(sqlite_db: Database):
    db = sqlite_db

    def insert_then_fail(tx: Any) -> None:
        tx.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")
        tx.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")  # duplicate key

    with pytest.raises(sqlite3.IntegrityError):
        await db._run_in_transaction(insert_then_fail)
    async with db.read() as conn:
        assert await scalar(conn, "SELECT COUNT(*) FROM guild_settings") == 0
        assert not await on_thread(conn, lambda raw: raw.in_transaction)


async def test_a_cancelled_run_in_transaction_still_ends_whole_and_the_lock_is_free(db: Database):
    running, release = threading.Event(), threading.Event()

    def slow(tx: Any) -> None:
        tx.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")
        running.set()
        release.wait(10)
        tx.execute("INSERT INTO guild_settings (guild_id) VALUES (2)")

    task = asyncio.create_task(db._run_in_transaction(slow))
    await asyncio.to_thread(running.wait, 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    release.set()  # the function cannot be stopped half-way: it commits whole
    rows = await db._run_in_transaction(
        lambda tx: [r[0] for r in tx.all("SELECT guild_id FROM guild_settings ORDER BY 1")]
    )
    assert rows == [1, 2]


async def test_a_sync_savepoint_undoes_only_its_own_operation(db: Database):
    def failing_op(tx: Any) -> None:
        with tx.atomic():
            tx.execute("INSERT INTO guild_settings (guild_id) VALUES (2)")
            tx.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")  # duplicate key

    def two_ops(tx: Any) -> None:
        tx.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")
        with pytest.raises(INTEGRITY_ERRORS):
            failing_op(tx)

    await db._run_in_transaction(two_ops)  # the caller caught the error and committed
    async with db.read() as conn:
        rows = await fetch_all(conn, "SELECT guild_id FROM guild_settings")
    assert [r[0] for r in rows] == [1]


async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path):
    path = tmp_path / "future.db"
    async with Database.open(path) as db, db.transaction() as tx:
        await tx.execute("PRAGMA user_version = 999")
    with pytest.raises(RuntimeError, match="version 999"):
        await Database.open(path)


async def test_a_version_1_database_is_upgraded_with_its_data(tmp_path: Path):
    path = tmp_path / "v1.db"
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as raw:
        v1 = dict(migrations())[1]
        raw.execute("BEGIN")
        for statement in split_statements(v1):
            raw.execute(statement)
        raw.execute("INSERT INTO accounts (guild_id, user_id, balance) VALUES (1, 7, 40)")
        raw.execute(
            "INSERT INTO ledger (ref, reason, guild_id, user_id, balance_delta, minted) "
            "VALUES ('start:1:7', 'starting_grant', 1, 7, 40, 40)"
        )
        raw.executemany(
            "INSERT INTO stats VALUES (1, ?, ?, ?, ?, ?, ?)",
            [(7, "*", 3, 2, 25, 30), (7, "palace", 3, 2, 25, 30), (8, "*", 1, 0, -5, 0)],
        )
        raw.execute("COMMIT")
    async with Database.open(path) as db:
        assert await db.version() == len(migrations()) >= 2
        await checked(db)
        async with db.read() as conn:
            assert await stats.get_stats(conn, 1, 7) == {
                "*": stats.Stats("*", 3, 2, 25, 30),
                "palace": stats.Stats("palace", 3, 2, 25, 30),
            }
            board = await stats.leaderboard(conn, 1, stats.Board.NET, asker=8)
            assert [(r.user_id, r.value) for r in board.top] == [(7, 25), (8, -5)]
            plan = await fetch_all(
                conn, "EXPLAIN QUERY PLAN SELECT * FROM stats WHERE guild_id = 1 AND user_id = 7"
            )
        assert "PRIMARY KEY (guild_id=? AND user_id=?)" in plan[0]["detail"]
