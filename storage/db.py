"""The one connection of the process (aiosqlite, or asyncpg for a ``postgresql://`` URL: see
``storage._pg``), its migrations and its transaction helper.

aiosqlite neither commits for us nor isolates coroutines from each other: every coroutine shares
the one connection, so a read issued while another coroutine is half-way through a transaction
would see its uncommitted rows. Hence every access goes through :meth:`Database.transaction`
(writes, ``BEGIN IMMEDIATE`` so the write lock is taken up front), :meth:`Database.read`
(reads) or ``Database._run_in_transaction`` (private to ``storage``: a write transaction as one
synchronous function on the database thread, one thread hop in all, for ``storage.book``), all
under one ``asyncio.Lock``.

Bookings that arrive while the database is busy are committed together (group commit): a
thread hop and a COMMIT cost more than a whole booking's statements, so the bookings of many
tables acting at once share one of each, each in its own savepoint so that one refused
booking undoes only itself. Nobody is answered before the COMMIT that holds their booking.

PostgreSQL has a second connection, used only for that: a big batch of server-side bookings
is split in two, sent at once on both, so two server processes (two cores) book instead of
one; the lock is held until both have committed, so nothing else sees the difference.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Generator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any, Generic, Self, TypeVar, cast

import aiosqlite

from storage import _calls, _pg
from storage._pg import PgConn
from storage._thread import Conn as Conn
from storage._thread import Outcome, Tx, on_thread, transact
from storage.fence import Fence

T = TypeVar("T")

BUSY_TIMEOUT_MS = 5000

MAX_BATCH = 64
"""The most bookings committed together: enough to amortise the hop and the COMMIT over a
busy moment, few enough that the first of them is not kept waiting long."""

CACHE_KIB = 8 * 1024
"""SQLite's page cache, a ceiling the cache fills up to and then keeps (it is never given back
while the database is open). A booking touches few pages (the table's row, the seats, the
ends of the ledger's indexes), but every page it writes stays cached, so the cache fills with
pages written once and never read again: at 32 MiB a bot's memory still grew by the cache
after 1,000 deals (8.6 -> 19.5 MiB over 2,568 deals in bench.soak), past the 10 % that issue 18
allows. 8 MiB is full by about 1,000 deals, and bookings do not miss the rest:
``python -m bench.ledger --cache-kib 32768 8192 --repeat 4 --rows 400000 --accounts 40000
--deals 2000`` booked 1,674 (32 MiB) and 2,045 (8 MiB) actions/s concurrently, 0.358 and 0.362
CPU ms per action (the same within the noise of a shared machine), with SQLite holding at most
9.9 and 8.8 MiB. SQLite's default 2 MiB did cost bookings (2,210 vs 2,634 actions/s against
32 MiB, 974 vs 1,208 one at a time, in the 100,000-row run of the same bench)."""

# Constant statements only: nothing from outside ever reaches these strings.
_PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA busy_timeout = 5000",
)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations(folder: str = "migrations") -> list[tuple[int, str]]:
    """Every ``storage/<folder>/NNNN_name.sql`` as ``(version, sql)``, in version order
    (``migrations``: SQLite's; ``migrations_pg``: PostgreSQL's, numbered on their own)."""
    found = []
    for entry in resources.files("storage").joinpath(folder).iterdir():
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
    """One connection (PostgreSQL: and a second for group-committed bookings), a lock, and the
    helpers that own BEGIN/COMMIT/ROLLBACK."""

    def __init__(self, conn: Conn, path: Path, url: str | None = None) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._queued: list[_Booking[Any]] = []
        self._committer: asyncio.Task[None] | None = None
        self._calls: list[_calls.Call] = []
        self._caller: asyncio.Task[None] | None = None
        self._side: PgConn | None = None
        """PostgreSQL's second connection: half of a big batch of group-committed calls is
        sent on it while the other half runs on the first (see :meth:`_call_queued`)."""
        self._begin = "BEGIN" if isinstance(conn, PgConn) else "BEGIN IMMEDIATE"
        self.path = path
        """The SQLite file (on PostgreSQL: ``Path()``; see :attr:`url`)."""
        self.url = url
        """The PostgreSQL URL, ``None`` on SQLite."""
        self.fence: Fence | None = None
        """The leases this process books under (``storage.fence``), once it holds them: every
        ``storage.book`` is refused by the database when the lease of its table's shard has
        moved on. ``None``: bookings are not fenced (tools, tests of one process)."""

    @classmethod
    def open(cls, target: str | Path) -> _Opening:
        """Connect, set the pragmas and migrate: ``db = await Database.open(p)`` or
        ``async with Database.open(p) as db: ...`` (closed on exit). ``target`` is a SQLite
        file (a path; or a URL as SQLAlchemy writes it: ``sqlite:///relative.db``,
        ``sqlite:////absolute.db``) or a ``postgresql://`` URL."""
        if _pg.is_url(target):
            return _Opening(cls._open_postgres(str(target)))
        return _Opening(cls._open(Path(str(target).removeprefix("sqlite:///"))))

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgres"``."""
        return "postgres" if isinstance(self._conn, PgConn) else "sqlite"

    @classmethod
    async def _open_postgres(cls, url: str) -> Database:
        conn = await _pg.connect(url)
        try:
            db = cls(conn, Path(), url)
            await db._migrate()
            db._side = await _pg.connect(url)
        except BaseException:
            await conn.raw.close()
            raise
        return db

    @classmethod
    async def _open(cls, path: Path) -> Database:
        conn = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN ourselves
        try:
            conn.row_factory = aiosqlite.Row
            for pragma in _PRAGMAS:
                await conn.execute(pragma)
            # read when opening, so bench.ledger can compare sizes; an int, never outside text
            await conn.execute(f"PRAGMA cache_size = -{int(CACHE_KIB)}")
            db = cls(conn, path)
            await db._migrate()
        except BaseException:
            await conn.close()
            raise
        return db

    async def close(self) -> None:
        """Close the connections once any transaction in flight has finished."""
        for task in (self._committer, self._caller):
            if task is not None:
                await asyncio.wait([task])
        async with self._lock:
            if isinstance(self._conn, PgConn):
                if self._side is not None:
                    await self._side.raw.close()
                await self._conn.raw.close()
            else:
                await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def version(self) -> int:
        """The last migration applied (SQLite's ``PRAGMA user_version``, PostgreSQL's
        ``schema_version`` row)."""
        async with self.read() as conn:
            return await _stamped(conn)

    async def _migrate(self) -> None:
        """Apply every migration newer than the stamped version, all in one transaction."""
        postgres = isinstance(self._conn, PgConn)
        async with self.transaction() as conn:
            if isinstance(conn, PgConn):
                await conn.execute(_pg.MIGRATION_LOCK)
            current = await _stamped(conn)
            known = migrations("migrations_pg" if postgres else "migrations")
            where = self.url or self.path
            if current > len(known):
                raise RuntimeError(
                    f"{where} is at schema version {current}; this code knows {len(known)}"
                )
            for version, sql in known:
                if version <= current:
                    continue
                if isinstance(conn, PgConn):
                    await conn.execute(sql)  # one script: PostgreSQL runs it in our transaction
                else:
                    for statement in split_statements(sql):
                        await conn.execute(statement)
                if await _stamped(conn) != version:
                    stamp = (
                        "UPDATE schema_version SET version" if postgres else "PRAGMA user_version"
                    )
                    raise RuntimeError(f"migration {version:04d} must end with {stamp} = {version}")

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Conn]:
        """A write transaction: COMMIT when the block ends, ROLLBACK when it raises (or is
        cancelled), so a booking is applied whole or not at all."""
        async with self._lock:
            await self._conn.execute(self._begin)
            try:
                yield self._conn
            except BaseException:
                # Shielded: a second cancellation must not leave the transaction open.
                await asyncio.shield(self._conn.execute("ROLLBACK"))
                raise
            await self._conn.execute("COMMIT")

    async def _run_in_transaction(self, fn: Callable[[Tx], T]) -> T:
        """Run ``fn`` as a write transaction on the database thread and return its result once
        it is committed; when ``fn`` raises, what it wrote is undone and the error is raised
        here. The hot path: one thread hop, not one per statement. ``fn`` is synchronous and
        runs on aiosqlite's thread, so it must not touch the event loop or block on anything
        but SQLite, nor issue BEGIN, COMMIT or ROLLBACK.

        Group commit: bookings queued while the database is busy run together, in the order
        they arrived, in one BEGIN IMMEDIATE ... COMMIT, each inside its own savepoint (a
        lone booking needs none). So ``fn`` sees what the bookings before it wrote, and a
        booking that raises is rolled back to its savepoint without touching the others. If
        the transaction itself is lost (COMMIT fails, or SQLite rolls it back on a full disk
        or an I/O error), every booking in it fails with that error: none is reported done.

        A booking whose caller is cancelled before it starts never runs. Once started it
        cannot be stopped half-way: it still ends whole, committed or rolled back with its
        batch, before anything queued after it (the thread runs its queue in order), as a
        cancel during COMMIT always could."""
        if self._committer is None and not self._lock.locked():
            if isinstance(self._conn, PgConn):
                return await self._run_on_postgres(fn)
            # Nobody to wait for or to batch with: straight to the thread, without the
            # committer task and its extra loop turns (about 0.1 ms a booking here).
            async with self._lock:
                [(_, result)] = await on_thread(self._conn, lambda tx: transact(tx, [fn]))
                return cast(T, result)
        booking: _Booking[T] = _Booking(fn, asyncio.get_running_loop().create_future())
        self._queued.append(booking)
        if self._committer is None:
            self._committer = asyncio.create_task(self._commit_queued(), name="group-commit")
        return await booking.future  # a cancelled caller cancels it: it is dropped if queued

    async def _run_on_postgres(self, fn: Callable[[Tx], T]) -> T:
        """PostgreSQL's lone booking (a thread running ``fn``, its statements sent by the
        loop; bookings that queue meanwhile are group-committed as on SQLite). A cancelled
        caller is answered at once, but the lock stays taken until the thread has ended the
        transaction, as SQLite's thread finishes a started booking before anything queued
        after it."""
        conn = self._conn
        assert isinstance(conn, PgConn)  # noqa: S101 - the caller checked
        await self._lock.acquire()
        work = asyncio.ensure_future(conn.run_sync(lambda tx: transact(tx, [fn])))
        work.add_done_callback(lambda _: self._lock.release())
        [(_, result)] = await asyncio.shield(work)
        return cast(T, result)

    async def _commit_queued(self) -> None:
        """Commit the queue batch by batch until it is empty, taking the lock for each batch
        so that other transactions and reads take their turns in between."""
        try:
            while self._queued:
                async with self._lock:
                    live = [b for b in self._queued if not b.future.done()]
                    batch, self._queued = live[:MAX_BATCH], live[MAX_BATCH:]
                    if batch:
                        await self._commit(batch)
        finally:
            self._committer = None
            for stranded in self._queued:  # only when this task itself is cancelled
                stranded.future.cancel()
            self._queued.clear()

    async def _commit(self, batch: list[_Booking[Any]]) -> None:
        """Run ``batch`` in one transaction, in one hop; every booking's future is settled
        when the hop ends, even if the committing task is cancelled meanwhile."""
        fns = [b.fn for b in batch]
        hop = asyncio.ensure_future(on_thread(self._conn, lambda tx: transact(tx, fns)))
        hop.add_done_callback(lambda done: _settle(batch, done))
        await asyncio.wait([hop])

    async def _call_batched(
        self,
        many: str,
        one: str,
        item: str,
        text: str,
        *,
        rows: frozenset[str] | None = None,
    ) -> Any:
        """PostgreSQL's group commit of server-side calls: ``item`` (JSON text) and its
        ``text`` join the items queued while the connection is busy, and one statement ``many``
        (``$1``: the JSON array of the items; ``$2``: their texts, a text array in the same
        order) runs them all, in order, in its own transaction (no BEGIN: one round trip);
        each caller gets its element of the JSON array ``many`` returns, parsed. When ``many``
        raises, each item is run again on its own with ``one`` (``$1``: the item, ``$2``: its
        text), so an item that raises fails only its own caller, as a savepoint does on SQLite.
        The text travels beside the JSON, not in it, so the server neither parses it as JSON
        nor carries it through what it reads of the items (a step's snapshot: ~3 KB).

        ``rows``: what the item writes that another item may also write (names of the
        caller's choosing; ``None``: not known). Items whose rows do not meet may commit on
        the second connection beside a batch on the first, neither waiting for the other's
        locks; items whose rows meet run in one batch, in order (:meth:`_call_queued`,
        ``storage._calls``).

        As with :meth:`_run_in_transaction`, a caller cancelled once its item is sent is
        answered at once, but the item still commits or rolls back with its batch."""
        future = asyncio.get_running_loop().create_future()
        call = _calls.Call(many, one, item, text, future, rows)
        self._calls.append(call)
        if self._caller is None:
            self._caller = asyncio.create_task(self._call_queued(), name="group-call")
        return await call.future

    async def _call_queued(self) -> None:
        """Run the queued calls batch by batch under the lock (nothing else of this process
        reads or writes meanwhile, as with one connection). A batch big enough is split in
        two, sent at once on the two connections: the server books them on two processes
        (two cores) instead of one after the other. The halves lock no row in common
        (``_calls.halves``), so neither waits for (nor deadlocks with) the other; both have
        committed before the lock is let go."""
        conn = self._conn
        assert isinstance(conn, PgConn)  # noqa: S101 - PostgreSQL only
        try:
            while self._calls:
                async with self._lock:
                    live = [c for c in self._calls if not c.future.done()]
                    same = [c for c in live if c.many == live[0].many] if live else []
                    batch = same[:MAX_BATCH]
                    self._calls = [c for c in live if c not in batch]
                    first, second = _calls.halves(batch, self._side)
                    try:
                        if second and self._side is not None:
                            side = _calls.run(self._side, second)
                            await _calls.both(_calls.run(conn, first), side)
                        elif batch:
                            await _calls.run(conn, batch)
                    finally:  # this task cancelled mid-call: its callers are not left waiting
                        for call in batch:
                            _calls.answer(call, error=asyncio.CancelledError())
        finally:
            self._caller = None
            for stranded in self._calls:  # only when this task itself is cancelled
                stranded.future.cancel()
            self._calls.clear()

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        """Reads that see only committed data (no other coroutine is inside a transaction)."""
        async with self._lock:
            yield self._conn


async def _stamped(conn: Conn) -> int:
    if isinstance(conn, PgConn):
        if not await scalar(conn, "SELECT to_regclass('schema_version') IS NOT NULL"):
            return 0
        return int(await scalar(conn, "SELECT version FROM schema_version"))
    return int(await scalar(conn, "PRAGMA user_version"))


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


@dataclass(eq=False, slots=True)
class _Booking(Generic[T]):
    """A transaction function waiting for its batch, and where its outcome goes."""

    fn: Callable[[Tx], T]
    future: asyncio.Future[T]


def _settle(batch: Sequence[_Booking[Any]], hop: asyncio.Future[list[Outcome]]) -> None:
    """Hand every booking of a finished batch its result or its error."""
    lost = None if hop.cancelled() else hop.exception()
    outcomes = None if hop.cancelled() or lost else hop.result()
    for i, booking in enumerate(batch):
        if booking.future.done():  # its caller was cancelled
            continue
        if outcomes is not None:
            ok, value = outcomes[i]
            if ok:
                booking.future.set_result(value)
            else:
                booking.future.set_exception(value)
        elif lost is not None:
            booking.future.set_exception(lost)
        else:
            booking.future.cancel()


# One thread hop each: aiosqlite runs every call on its worker thread, and a hop (~50-100 us)
# costs more than the statement itself, so none of these opens a cursor it must then close.


async def scalar(conn: Conn, sql: str, params: tuple[Any, ...] = ()) -> Any:
    """The first column of the first row (``None`` when there is no row)."""
    rows = list(await conn.execute_fetchall(sql, params))
    return rows[0][0] if rows else None


async def fetch_one(conn: Conn, sql: str, params: tuple[Any, ...] = ()) -> Any:
    """The first row, or ``None``."""
    rows = list(await conn.execute_fetchall(sql, params))
    return rows[0] if rows else None


async def fetch_all(conn: Conn, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """Every row."""
    return list(await conn.execute_fetchall(sql, params))


async def changes(conn: Conn, sql: str, params: tuple[Any, ...] = ()) -> int:
    """Run one write statement and return how many rows it changed."""
    cur = await conn.execute(sql, params)
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
