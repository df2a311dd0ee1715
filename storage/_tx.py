"""A transaction as synchronous code on SQLite's own thread sees it (:class:`Tx`), apart from
:mod:`storage._thread` (which runs such code) so that PostgreSQL's backend (``storage._pg``),
which :mod:`storage._thread` names as the other kind of connection, builds on it without an
import cycle."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from typing import Any


class Tx:
    """The connection as synchronous code on aiosqlite's thread sees it, inside a transaction
    (``Database._run_in_transaction``, or one step of ``Database.transaction`` through
    :func:`on_thread`). No BEGIN/COMMIT here: the transaction's owner issues them."""

    __slots__ = ("_raw",)
    dialect = "sqlite"
    """Which SQL a statement that differs between the backends must use."""
    BEGIN = "BEGIN IMMEDIATE"
    """SQLite takes the write lock up front; PostgreSQL's rows lock as they are written."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self._raw = raw

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Cursor:
        return self._raw.execute(sql, params)

    @property
    def in_transaction(self) -> bool:
        """False once SQLite has ended the transaction on its own (full disk, I/O error)."""
        return self._raw.in_transaction

    def executemany(self, sql: str, params: list[tuple[Any, ...]]) -> sqlite3.Cursor:
        return self._raw.executemany(sql, params)

    def write_many(self, sql: str, params: list[tuple[Any, ...]]) -> None:
        """One write statement per parameter tuple, when nobody needs the rows changed back:
        on PostgreSQL all of them travel in one round trip (``executemany`` waits for each)."""
        self._raw.executemany(sql, params)

    def scalar(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        """The first column of the first row (``None`` when there is no row)."""
        row = self._raw.execute(sql, params).fetchone()
        return None if row is None else row[0]

    def one(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Row | None:
        """The first row, or ``None``."""
        row: sqlite3.Row | None = self._raw.execute(sql, params).fetchone()
        return row

    def all(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        """Every row."""
        return self._raw.execute(sql, params).fetchall()

    def changes(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        """Run one write statement and return how many rows it changed."""
        return int(self._raw.execute(sql, params).rowcount)

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        """A savepoint: an operation of several statements applies whole or not at all, even
        when its caller catches the error and goes on to commit the transaction."""
        self._raw.execute("SAVEPOINT op")
        try:
            yield
        except BaseException:
            self._raw.execute("ROLLBACK TO op")
            self._raw.execute("RELEASE op")
            raise
        self._raw.execute("RELEASE op")
