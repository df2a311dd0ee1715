"""The chip invariant and online backups.

``balances + stacks + pots + kitties == minted - removed`` is read by one SELECT, so the totals
come from one consistent snapshot even while the bot writes. The same statement also reconciles
every account, seat and table against the sum of its ledger rows, which catches a booking that
moved chips without its row (or the reverse) even when the totals happen to agree.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import subprocess
import time
from contextlib import closing as contextlib_closing
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from storage import _pg
from storage.db import Conn, Database, fetch_one

AUDIT_SQL = """
SELECT
  (SELECT COALESCE(SUM(balance), 0) FROM accounts) AS balances,
  (SELECT COALESCE(SUM(stack), 0) FROM seats) AS stacks,
  (SELECT COALESCE(SUM(pot), 0) FROM tables) AS pots,
  (SELECT COALESCE(SUM(kitty), 0) FROM tables) AS kitties,
  (SELECT COALESCE(SUM(minted), 0) FROM ledger WHERE minted != 0 AND minted > 0) AS minted,
  (SELECT COALESCE(-SUM(minted), 0) FROM ledger WHERE minted != 0 AND minted < 0) AS removed,
  (SELECT COUNT(*) FROM accounts a LEFT JOIN (
      SELECT guild_id, user_id, SUM(balance_delta) AS s FROM ledger
      WHERE balance_delta != 0 GROUP BY guild_id, user_id) l
    ON l.guild_id = a.guild_id AND l.user_id = a.user_id
    WHERE a.balance != COALESCE(l.s, 0)) AS accounts_off,
  (SELECT COUNT(*) FROM seats st LEFT JOIN (
      SELECT table_id, user_id, SUM(stack_delta) AS s FROM ledger
      WHERE table_id IS NOT NULL AND user_id IS NOT NULL GROUP BY table_id, user_id) l
    ON l.table_id = st.table_id AND l.user_id = st.user_id
    WHERE st.stack != COALESCE(l.s, 0)) AS seats_off,
  (SELECT COUNT(*) FROM tables t LEFT JOIN (
      SELECT table_id, SUM(pot_delta) AS p, SUM(kitty_delta) AS k FROM ledger
      WHERE table_id IS NOT NULL GROUP BY table_id) l
    ON l.table_id = t.id
    WHERE t.pot != COALESCE(l.p, 0) OR t.kitty != COALESCE(l.k, 0)) AS tables_off,
  (SELECT COUNT(*) FROM ledger) AS ledger_rows
"""


@dataclass(frozen=True, slots=True)
class Audit:
    """The totals, the reconciliation counts, and whether all of it holds."""

    balances: int
    stacks: int
    pots: int
    kitties: int
    minted: int
    removed: int
    accounts_off: int
    seats_off: int
    tables_off: int
    ledger_rows: int
    seconds: float

    @property
    def ok(self) -> bool:
        """The invariant holds and every account, seat and table matches its ledger rows."""
        held = self.balances + self.stacks + self.pots + self.kitties
        reconciled = not (self.accounts_off or self.seats_off or self.tables_off)
        return held == self.minted - self.removed and reconciled

    def to_json(self) -> str:
        """One JSON line (what ``python -m storage audit`` prints)."""
        return json.dumps({**asdict(self), "seconds": round(self.seconds, 4), "ok": self.ok})


def _audit(row: Any, started: float) -> Audit:
    names = [f.name for f in fields(Audit) if f.name != "seconds"]
    values = {name: int(v) for name, v in zip(names, tuple(row), strict=True)}
    return Audit(**values, seconds=time.perf_counter() - started)


async def audit(conn: Conn) -> Audit:
    """Check the chip invariant (inside ``db.read()``)."""
    started = time.perf_counter()
    row = await fetch_one(conn, AUDIT_SQL)
    assert row is not None  # noqa: S101 - an aggregate always has a row
    return _audit(row, started)


def audit_file(path: str | Path) -> Audit:
    """The audit on a database file, read-only (the CLI; safe while the bot runs)."""
    started = time.perf_counter()
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    with contextlib_closing(sqlite3.connect(uri, uri=True)) as conn:
        conn.execute("PRAGMA busy_timeout = 5000")
        row = conn.execute(AUDIT_SQL).fetchone()
    return _audit(row, started)


def audit_target(target: str | Path) -> Audit:
    """The audit of a SQLite file (read-only) or a ``postgresql://`` database (one SELECT in
    a REPEATABLE READ READ ONLY transaction: one snapshot, safe while the bot writes)."""
    if not _pg.is_url(target):
        return audit_file(target)

    async def read() -> Audit:
        conn = await _pg.connect(str(target))
        try:
            started = time.perf_counter()
            async with conn.raw.transaction(isolation="repeatable_read", readonly=True):
                row = await conn.raw.fetchrow(AUDIT_SQL)
            return _audit(row, started)
        finally:
            await conn.raw.close()

    return asyncio.run(read())


def backup_file(path: str | Path, dest: str | Path) -> None:
    """Copy a live database with SQLite's online backup API: a consistent copy of the last
    commit, taken in one step so concurrent writers cannot tear it."""
    if not Path(path).exists():
        raise FileNotFoundError(path)
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    with (
        contextlib_closing(sqlite3.connect(uri, uri=True)) as src,
        contextlib_closing(sqlite3.connect(dest)) as dst,
    ):
        src.execute("PRAGMA busy_timeout = 5000")
        src.backup(dst)


def pg_dump() -> str:
    """The ``pg_dump`` to use: on ``PATH``, else the newest under ``/usr/lib/postgresql``."""
    found = shutil.which("pg_dump")
    if found:
        return found
    installed = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/pg_dump"), key=lambda p: int(p.parts[-3])
    )
    if not installed:
        raise FileNotFoundError("pg_dump (PostgreSQL's client tools) is not installed")
    return str(installed[-1])


def backup_target(target: str | Path, dest: str | Path) -> None:
    """Back up a SQLite file (:func:`backup_file`) or a ``postgresql://`` database: ``pg_dump``
    in its custom format (one consistent snapshot while the bot writes; ``pg_restore`` reads
    it)."""
    if not _pg.is_url(target):
        backup_file(target, dest)
        return
    subprocess.run(  # noqa: S603 - pg_dump with the operator's URL and path, no shell
        [pg_dump(), "--format=custom", f"--file={dest}", f"--dbname={target}"],
        check=True,
        capture_output=True,
    )


async def backup(db: Database, dest: str | Path) -> None:
    """Back up from inside the running process: a second, read-only connection in a worker
    thread (WAL lets it read while the bot writes), so neither the event loop nor the
    transaction lock waits for the copy (PostgreSQL: ``pg_dump``, its own connection)."""
    if db.url is not None:
        await asyncio.to_thread(backup_target, db.url, dest)
        return
    await asyncio.to_thread(backup_file, db.path, dest)
