"""Every storage test runs on a real SQLite file in ``tmp_path``."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from storage import Database
from storage.audit import Audit, audit

GUILD = 1

T = TypeVar("T")


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
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
