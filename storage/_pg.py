"""The PostgreSQL backend's connection, private to ``storage``: asyncpg behind the few calls
the storage modules make of a connection, so one implementation of every operation serves
both backends.

The storage modules write SQL once, with SQLite's ``?`` / ``?N`` placeholders; here they become
``$n`` (:func:`placeholders`, outside string literals only, cached per statement). Nothing is
ever formatted into SQL: values travel as bind parameters on both backends. The handful of
statements whose SQL cannot be shared pick theirs by ``conn.dialect`` / ``tx.dialect``.

:class:`PgConn` answers what ``storage.db``'s helpers ask of an aiosqlite connection
(``execute`` with a ``rowcount``, ``execute_fetchall``, ``executemany``). :class:`PgTx` runs the
synchronous ``_*_sync`` forms (SQLite's one-hop fast path) on a worker thread, each statement
handed back to the event loop's asyncpg connection: a thread hop per statement, which on
PostgreSQL costs less than the round trip to the server it waits for anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable, Coroutine, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from storage._tx import Tx

if TYPE_CHECKING:
    import asyncpg

T = TypeVar("T")

_TOKEN = re.compile(r"'(?:[^']|'')*'|\?(\d*)")


@lru_cache(maxsize=512)
def placeholders(sql: str) -> str:
    """SQLite's ``?`` (numbered in order) and ``?N`` as PostgreSQL's ``$n``."""
    counter = 0

    def swap(match: re.Match[str]) -> str:
        nonlocal counter
        if match.group(0).startswith("'"):
            return match.group(0)
        if match.group(1):
            return f"${match.group(1)}"
        counter += 1
        return f"${counter}"

    return _TOKEN.sub(swap, sql)


def _count(status: str) -> int:
    """Rows a command changed, from its status tag ("UPDATE 3", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


@dataclass(frozen=True, slots=True)
class Done:
    """What a write statement did (the part of a DB-API cursor storage reads)."""

    rowcount: int


class PgConn:
    """One asyncpg connection as the storage modules use a connection (inside
    ``Database.transaction`` / ``Database.read``, under the database's lock)."""

    dialect = "postgres"

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Done:
        if not params:  # simple protocol: BEGIN, SAVEPOINT, a migration's script
            return Done(_count(await self.raw.execute(sql)))
        return Done(_count(await self.raw.execute(placeholders(sql), *params)))

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        rows: list[Any] = await self.raw.fetch(placeholders(sql), *params)
        return rows

    async def executemany(self, sql: str, params: Sequence[Sequence[Any]]) -> Done:
        """One statement per parameter tuple (prepared once, by asyncpg's statement cache);
        the rows changed in all (asyncpg's own ``executemany`` reports no count, and storage
        checks it)."""
        query = placeholders(sql)
        total = 0
        for args in params:
            total += _count(await self.raw.execute(query, *args))
        return Done(total)

    async def write_many(self, sql: str, params: Sequence[Sequence[Any]]) -> None:
        """asyncpg's own ``executemany``: every tuple pipelined in one round trip (no count)."""
        await self.raw.executemany(placeholders(sql), params)

    async def run_sync(self, fn: Callable[[Tx], T]) -> T:
        """Run a synchronous ``_*_sync`` form on a worker thread against this connection.

        A thread cannot be stopped half-way, so a cancelled caller still waits for it to end
        (as a statement queued on aiosqlite's thread still runs): the database's lock is not
        released while the thread may still send statements."""
        loop = asyncio.get_running_loop()
        work = asyncio.ensure_future(asyncio.to_thread(lambda: fn(PgTx(self, loop))))
        try:
            return await asyncio.shield(work)
        except asyncio.CancelledError:
            while not work.done():
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wait([work])
            raise


class PgTx(Tx):
    """:class:`~storage._tx.Tx` for code on a worker thread: each statement runs on the
    event loop through :class:`PgConn` and the thread waits for it."""

    __slots__ = ("_conn", "_loop")
    dialect = "postgres"
    BEGIN = "BEGIN"

    def __init__(self, conn: PgConn, loop: asyncio.AbstractEventLoop) -> None:
        self._conn = conn
        self._loop = loop

    def _wait(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return self._wait(self._conn.execute(sql, params))

    def executemany(self, sql: str, params: list[tuple[Any, ...]]) -> Any:
        return self._wait(self._conn.executemany(sql, params))

    def write_many(self, sql: str, params: list[tuple[Any, ...]]) -> None:
        self._wait(self._conn.write_many(sql, params))

    @property
    def in_transaction(self) -> bool:
        return bool(self._conn.raw.is_in_transaction())

    def scalar(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        rows = self.all(sql, params)
        return rows[0][0] if rows else None

    def one(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        rows = self.all(sql, params)
        return rows[0] if rows else None

    def all(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        return self._wait(self._conn.execute_fetchall(sql, params))

    def changes(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        return int(self.execute(sql, params).rowcount)

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        self.execute("SAVEPOINT op")
        try:
            yield
        except BaseException:
            self.execute("ROLLBACK TO SAVEPOINT op")
            self.execute("RELEASE SAVEPOINT op")
            raise
        self.execute("RELEASE SAVEPOINT op")


def is_url(target: object) -> bool:
    """Whether ``Database.open`` was given a PostgreSQL URL."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


async def connect(url: str) -> PgConn:
    """Connect (asyncpg is the ``postgres`` extra: imported only when a URL asks for it)."""
    try:
        import asyncpg  # optional dependency: the postgres extra
    except ImportError as missing:
        raise RuntimeError(
            "a postgresql:// database needs asyncpg: pip install 'parlour[postgres]'"
        ) from missing
    raw = await asyncpg.connect(url, statement_cache_size=512)
    return PgConn(raw)


# The schema version lives in a one-row table (PostgreSQL has no user_version); a migration
# ends by setting it, as a SQLite one ends with PRAGMA user_version.
VERSION_SQL = (
    "SELECT CASE WHEN to_regclass('schema_version') IS NULL THEN 0 "
    "ELSE (SELECT version FROM schema_version) END"
)
MIGRATION_LOCK = "SELECT pg_advisory_xact_lock(7372)"
"""Two processes opening one database at once migrate one after the other."""
