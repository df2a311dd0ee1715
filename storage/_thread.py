"""SQLite's fast path, private to ``storage``: synchronous code on aiosqlite's own thread.

aiosqlite hops to its worker thread once per statement, and a hop (~50-100 us with the loop
busy) costs more than a statement, so a booking of a dozen statements through the public API
would spend most of its time hopping. The hot operations are written as synchronous functions
taking a :class:`Tx` and run in one hop by :func:`on_thread`; :func:`in_one_hop` gives each its
async form. Nothing outside ``storage`` sees any of this: the layers above call async
operations (``storage.book``, ``storage.tables``...), which a second backend implements its
own way.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Awaitable, Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeAlias, TypeVar

import aiosqlite

if TYPE_CHECKING:
    from storage._pg import PgConn

Conn: TypeAlias = "aiosqlite.Connection | PgConn"

T = TypeVar("T")
P = ParamSpec("P")


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


Outcome = tuple[bool, Any]
"""``(True, result)`` or ``(False, the exception raised)``."""


def transact(tx: Tx, fns: Sequence[Callable[[Tx], Any]]) -> list[Outcome]:
    """BEGIN IMMEDIATE, each of ``fns``, COMMIT (on the db thread). A lone function that
    raises rolls the transaction back and the error is raised; in a batch each runs in a
    savepoint, so one that raises undoes only itself."""
    tx.execute(tx.BEGIN)
    try:
        if len(fns) == 1:
            outcomes: list[Outcome] = [(True, fns[0](tx))]
        else:
            outcomes = [in_savepoint(tx, fn) for fn in fns]
        tx.execute("COMMIT")
    except BaseException:
        if tx.in_transaction:
            tx.execute("ROLLBACK")
        raise
    return outcomes


def in_savepoint(tx: Tx, fn: Callable[[Tx], Any]) -> Outcome:
    tx.execute("SAVEPOINT booking")
    try:
        result = fn(tx)
    except Exception as error:
        if not tx.in_transaction:  # SQLite rolled everything back: the whole batch is lost
            raise
        tx.execute("ROLLBACK TO booking")
        tx.execute("RELEASE booking")
        return False, error
    tx.execute("RELEASE booking")
    return True, result


def on_thread(conn: Conn, fn: Callable[[Tx], T]) -> Awaitable[T]:
    """Run ``fn(tx)`` on aiosqlite's own thread, in one hop, and await its result.

    The one place that leans on aiosqlite's internals, on purpose: aiosqlite has no public
    "run this callable on your thread" call, and a thread hop (~50-100 us with the loop
    busy) costs more than a statement, so a booking of a dozen statements through the public
    API spends most of its time hopping. ``Connection._execute(fn, *args)`` (queue ``fn`` on
    the connection's worker thread, return its result) is what every public method uses and
    has not changed over the versions pinned in pyproject.toml; ``Connection._conn`` is the
    ``sqlite3.Connection`` it owns, used only on that thread. tests/storage/test_db.py checks
    both, so an aiosqlite upgrade that moves them fails there, loudly, not in production.

    On PostgreSQL (``storage._pg``) ``fn`` runs on a worker thread instead, each statement
    sent by the event loop's asyncpg connection.
    """
    if not isinstance(conn, aiosqlite.Connection):
        return conn.run_sync(fn)
    hop: Callable[[Callable[[], T]], Awaitable[T]] = conn._execute
    return hop(lambda: fn(Tx(conn._conn)))


def in_one_hop(fn: Callable[Concatenate[Tx, P], T]) -> Callable[Concatenate[Conn, P], Awaitable[T]]:
    """The async form of a synchronous operation, for callers inside ``Database.transaction``
    or ``Database.read``: the whole operation runs on the database thread in one hop.
    One implementation, two doors: sync inside ``Database._run_in_transaction``, async
    elsewhere."""

    async def run(conn: Conn, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return await on_thread(conn, lambda tx: fn(tx, *args, **kwargs))

    run.__name__, run.__qualname__, run.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    run.__module__ = fn.__module__
    return run
