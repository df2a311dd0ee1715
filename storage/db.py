"""The one aiosqlite connection of the process, its migrations and its transaction helper.

aiosqlite neither commits for us nor isolates coroutines from each other: every coroutine shares
the one connection, so a read issued while another coroutine is half-way through a transaction
would see its uncommitted rows. Hence every access goes through :meth:`Database.transaction`
(writes, ``BEGIN IMMEDIATE`` so the write lock is taken up front) or :meth:`Database.read`
(reads), both under one ``asyncio.Lock``.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Generator
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import aiosqlite

Conn = aiosqlite.Connection
"""A connection inside :meth:`Database.transaction` or :meth:`Database.read`."""

BUSY_TIMEOUT_MS = 5000

# Constant statements only: nothing from outside ever reaches these strings.
_PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA busy_timeout = 5000",
)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, str]]:
    """Every ``storage/migrations/NNNN_name.sql`` as ``(version, sql)``, in version order."""
    found = []
    for entry in resources.files("storage").joinpath("migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    found.sort()
    versions = [v for v, _ in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..n without gaps, got {versions}")
    return found


def split_statements(script: str) -> list[str]:
    """Cut a SQL script into statements (``executescript`` would COMMIT our transaction)."""
    statements, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            if pending.strip():
                statements.append(pending.strip())
            pending = ""
    if pending.strip() and not all(
        ln.strip().startswith("--") or not ln.strip() for ln in pending.splitlines()
    ):
        raise ValueError(f"incomplete SQL statement at the end of a migration: {pending!r}")
    return statements


class Database:
    """One connection, a lock, and the helpers that own BEGIN/COMMIT/ROLLBACK."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    def open(cls, path: str | Path) -> _Opening:
        """Connect, set the pragmas and migrate: ``db = await Database.open(p)`` or
        ``async with Database.open(p) as db: ...`` (closed on exit)."""
        return _Opening(cls._open(Path(path)))

    @classmethod
    async def _open(cls, path: Path) -> Database:
        conn = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN ourselves
        try:
            conn.row_factory = aiosqlite.Row
            for pragma in _PRAGMAS:
                await conn.execute(pragma)
            db = cls(conn, path)
            await db._migrate()
        except BaseException:
            await conn.close()
            raise
        return db

    async def close(self) -> None:
        """Close the connection once any transaction in flight has finished."""
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def version(self) -> int:
        """``PRAGMA user_version``: the last migration applied."""
        async with self.read() as conn:
            return int(await scalar(conn, "PRAGMA user_version"))

    async def _migrate(self) -> None:
        """Apply every migration newer than ``user_version``, all in one transaction."""
        async with self.transaction() as conn:
            current = int(await scalar(conn, "PRAGMA user_version"))
            known = migrations()
            if current > len(known):
                raise RuntimeError(
                    f"{self.path} is at schema version {current}; this code knows {len(known)}"
                )
            for version, sql in known:
                if version <= current:
                    continue
                for statement in split_statements(sql):
                    await conn.execute(statement)
                stamped = int(await scalar(conn, "PRAGMA user_version"))
                if stamped != version:
                    raise RuntimeError(
                        f"migration {version:04d} must end with PRAGMA user_version = {version}"
                    )

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Conn]:
        """A write transaction: COMMIT when the block ends, ROLLBACK when it raises (or is
        cancelled), so a booking is applied whole or not at all."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                # Shielded: a second cancellation must not leave the transaction open.
                await asyncio.shield(self._conn.execute("ROLLBACK"))
                raise
            await self._conn.execute("COMMIT")

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        """Reads that see only committed data (no other coroutine is inside a transaction)."""
        async with self._lock:
            yield self._conn


class _Opening:
    """What :meth:`Database.open` returns: awaitable, or an async context manager."""

    def __init__(self, coro: Any) -> None:
        self._coro = coro
        self._db: Database | None = None

    def __await__(self) -> Generator[Any, None, Database]:
        return self._coro.__await__()  # type: ignore[no-any-return]

    async def __aenter__(self) -> Database:
        self._db = await self._coro
        return self._db

    async def __aexit__(
        self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._db is not None:
            await self._db.close()


# One thread hop each: aiosqlite runs every call on its worker thread, and a hop (~50-100 us)
# costs more than the statement itself, so none of these opens a cursor it must then close.


async def scalar(conn: Conn, sql: str, params: tuple[Any, ...] = ()) -> Any:
    """The first column of the first row (``None`` when there is no row)."""
    rows = list(await conn.execute_fetchall(sql, params))
    return rows[0][0] if rows else None


async def fetch_one(conn: Conn, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Row | None:
    """The first row, or ``None``."""
    rows = list(await conn.execute_fetchall(sql, params))
    return rows[0] if rows else None


async def fetch_all(conn: Conn, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
    """Every row."""
    return list(await conn.execute_fetchall(sql, params))


async def changes(conn: Conn, sql: str, params: tuple[Any, ...] = ()) -> int:
    """Run one write statement and return how many rows it changed."""
    cur = await conn.execute(sql, params)
    return int(cur.rowcount)


async def pipeline(*statements: Awaitable[Any]) -> list[Any]:
    """Send statements to the database thread back to back and wait for them all: one round
    trip instead of one each (they run in the order given). For writes whose preconditions
    were checked already; a failure is raised after every statement has finished, so the
    transaction helper's ROLLBACK follows them."""
    results = await asyncio.gather(*statements, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return list(results)


async def changes_many(conn: Conn, sql: str, params: list[tuple[Any, ...]]) -> int:
    """Run one write statement per parameter tuple; the rows changed in all."""
    cur = await conn.executemany(sql, params)
    return int(cur.rowcount)


@contextlib.asynccontextmanager
async def atomic(conn: Conn) -> AsyncIterator[None]:
    """A savepoint: an operation of several statements applies whole or not at all, even when
    its caller catches the error and goes on to commit the surrounding transaction."""
    await conn.execute("SAVEPOINT op")
    try:
        yield
    except BaseException:
        await asyncio.shield(conn.execute("ROLLBACK TO op"))
        await asyncio.shield(conn.execute("RELEASE op"))
        raise
    await conn.execute("RELEASE op")
