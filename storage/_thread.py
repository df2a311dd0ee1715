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

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeAlias, TypeVar

import aiosqlite

from storage._tx import Tx as Tx

if TYPE_CHECKING:
    from storage._pg import PgConn

Conn: TypeAlias = "aiosqlite.Connection | PgConn"

T = TypeVar("T")
P = ParamSpec("P")


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
