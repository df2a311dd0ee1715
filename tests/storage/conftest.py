"""Every storage test runs on a real database: each backend in turn (``db``), or SQLite only
(``sqlite_db``) for what is SQLite's own."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest

from storage import Database
from storage.audit import Audit, audit

GUILD = 1

INTEGRITY_ERRORS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
"""A constraint refused a write, on either backend."""

T = TypeVar("T")


@pytest.fixture
async def db(database_target: str | Path) -> AsyncIterator[Database]:
    """The database on each backend in turn (``database_target``, tests/conftest.py)."""
    async with Database.open(database_target) as database:
        yield database


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    """For the tests of SQLite itself (pragmas, its thread, its group commit)."""
    async with Database.open(tmp_path / "parlour.db") as database:
        yield database


async def checked(db: Database) -> Audit:
    """The audit, asserted to hold."""
    async with db.read() as conn:
        result = await audit(conn)
    assert result.ok, result
    return result


def on_thread(conn: Any, fn: Callable[[sqlite3.Connection], T]) -> Awaitable[T]:
    """Run ``fn`` on aiosqlite's thread with its sqlite3 connection, outside any transaction,
    through the aiosqlite internals storage's private fast path leans on (test_db checks them):
    the tests of that path look at SQLite from where it runs."""
    hop: Callable[[Callable[[], T]], Awaitable[T]] = conn._execute
    return hop(lambda: fn(conn._conn))
