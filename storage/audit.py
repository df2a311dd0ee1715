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

from games.limits import MAX_CHIPS
from storage import _pg
from storage.db import Conn, Database, fetch_one

_TOTALS = {
    "balances": ("accounts", "balance", ""),
    "stacks": ("seats", "stack", ""),
    "pots": ("tables", "pot", ""),
    "kitties": ("tables", "kitty", ""),
    "minted": ("ledger", "minted", "WHERE minted != 0 AND minted > 0"),
    "removed": ("ledger", "-minted", "WHERE minted != 0 AND minted < 0"),
}

_LOW = 4294967295
"""2^32 - 1. SQLite's SUM of 64-bit integers fails with "integer overflow" past 2^63 (two
admin grants of 2^62 did it: issue 18); it is never silently wrong. So on SQLite the audit
first sums as usual (:data:`AUDIT_SQL`: exact whenever it answers), and only when that
overflows takes every sum in two halves (:data:`AUDIT_SQL_WIDE`), the high 32 bits (an
arithmetic shift) and the low 32 bits, neither of which can overflow (2^31 rows would be
needed), put together exactly in Python (or compared half by half). The halves cost about
two thirds more time, so the usual case does not pay for them."""


def _total(name: str, table: str, column: str, where: str, split: bool) -> str:
    if not split:  # PostgreSQL: SUM(bigint) is numeric, which does not overflow
        return f"(SELECT COALESCE(SUM({column}), 0) FROM {table} {where}) AS {name}"  # noqa: S608
    value = f"({column})"
    return (
        f"(SELECT COALESCE(SUM({value} >> 32), 0) FROM {table} {where}) AS {name}_hi, "  # noqa: S608
        f"(SELECT COALESCE(SUM({value} & {_LOW}), 0) FROM {table} {where}) AS {name}_lo"
    )


def _differs(held: str, hi: str, lo: str, split: bool, whole: str) -> str:
    """``held`` differs from the ledger's sum: as a whole on PostgreSQL, half by half on
    SQLite (the high half carries the low half's overflow: ``lo >> 32``)."""
    if not split:
        return f"{held} != COALESCE({whole}, 0)"
    return (
        f"(({held} >> 32) != COALESCE({hi}, 0) + (COALESCE({lo}, 0) >> 32) "
        f"OR ({held} & {_LOW}) != (COALESCE({lo}, 0) & {_LOW}))"
    )


def _sums(column: str, alias: str, split: bool) -> str:
    if not split:
        return f"SUM({column}) AS {alias}"
    return f"SUM({column} >> 32) AS {alias}_hi, SUM({column} & {_LOW}) AS {alias}_lo"


def audit_sql(split: bool) -> str:
    """The audit's one SELECT; ``split``: SQLite's overflow-proof form (see :data:`_LOW`)."""
    totals = ",\n  ".join(_total(n, *spec, split=split) for n, spec in _TOTALS.items())
    acc = _differs("a.balance", "l.s_hi", "l.s_lo", split, "l.s")
    seat = _differs("st.stack", "l.s_hi", "l.s_lo", split, "l.s")
    pot = _differs("t.pot", "l.p_hi", "l.p_lo", split, "l.p")
    kitty = _differs("t.kitty", "l.k_hi", "l.k_lo", split, "l.k")
    # Constant pieces only (this module's), built once at import: no value reaches the SQL.
    return f"""
SELECT
  {totals},
  (SELECT COUNT(*) FROM accounts a LEFT JOIN (
      SELECT guild_id, user_id, {_sums("balance_delta", "s", split)} FROM ledger
      WHERE balance_delta != 0 GROUP BY guild_id, user_id) l
    ON l.guild_id = a.guild_id AND l.user_id = a.user_id
    WHERE {acc}) AS accounts_off,
  (SELECT COUNT(*) FROM seats st LEFT JOIN (
      SELECT table_id, user_id, {_sums("stack_delta", "s", split)} FROM ledger
      WHERE table_id IS NOT NULL AND user_id IS NOT NULL GROUP BY table_id, user_id) l
    ON l.table_id = st.table_id AND l.user_id = st.user_id
    WHERE {seat}) AS seats_off,
  (SELECT COUNT(*) FROM tables t LEFT JOIN (
      SELECT table_id, {_sums("pot_delta", "p", split)}, {_sums("kitty_delta", "k", split)}
      FROM ledger WHERE table_id IS NOT NULL GROUP BY table_id) l
    ON l.table_id = t.id
    WHERE {pot} OR {kitty}) AS tables_off,
  (SELECT COUNT(*) FROM ledger) AS ledger_rows,
  (SELECT COUNT(*) FROM accounts WHERE balance > {MAX_CHIPS})
    + (SELECT COUNT(*) FROM seats WHERE stack > {MAX_CHIPS})
    + (SELECT COUNT(*) FROM tables WHERE pot > {MAX_CHIPS} OR kitty > {MAX_CHIPS})
    AS over_ceiling
"""  # noqa: S608


AUDIT_SQL = audit_sql(split=False)
"""The audit as one SELECT: PostgreSQL's always (its SUM of bigint is numeric, which does not
overflow), SQLite's first."""

AUDIT_SQL_WIDE = audit_sql(split=True)
"""SQLite's audit when :data:`AUDIT_SQL` overflowed: the sums in halves (see :data:`_LOW`)."""


def _overflowed(error: sqlite3.OperationalError) -> bool:
    return "integer overflow" in str(error)


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
    over_ceiling: int
    """Balances, stacks, pots and kitties above ``MAX_CHIPS`` (written before the ceiling
    existed: migration 0006 keeps them; an admin removal brings one back under)."""
    seconds: float

    @property
    def ok(self) -> bool:
        """The invariant holds, every account, seat and table matches its ledger rows, and
        nothing is above the ceiling."""
        held = self.balances + self.stacks + self.pots + self.kitties
        reconciled = not (self.accounts_off or self.seats_off or self.tables_off)
        return held == self.minted - self.removed and reconciled and not self.over_ceiling

    def to_json(self) -> str:
        """One JSON line (what ``python -m storage audit`` prints)."""
        return json.dumps({**asdict(self), "seconds": round(self.seconds, 4), "ok": self.ok})


def _audit(row: Any, started: float) -> Audit:
    """The row of either form of :func:`audit_sql` as an :class:`Audit` (Python ints: exact)."""
    got = dict(zip(row.keys(), tuple(row), strict=True))
    values = {}
    for f in fields(Audit):
        if f.name == "seconds":
            continue
        if f.name in got:
            values[f.name] = int(got[f.name])
        else:
            values[f.name] = int(got[f.name + "_hi"]) * 2**32 + int(got[f.name + "_lo"])
    return Audit(**values, seconds=time.perf_counter() - started)


async def audit(conn: Conn) -> Audit:
    """Check the chip invariant (inside ``db.read()``)."""
    started = time.perf_counter()
    try:
        row = await fetch_one(conn, AUDIT_SQL)
    except sqlite3.OperationalError as error:
        if not _overflowed(error):
            raise
        row = await fetch_one(conn, AUDIT_SQL_WIDE)
    assert row is not None  # noqa: S101 - an aggregate always has a row
    return _audit(row, started)


def audit_file(path: str | Path) -> Audit:
    """The audit on a database file, read-only (the CLI; safe while the bot runs)."""
    started = time.perf_counter()
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    with contextlib_closing(sqlite3.connect(uri, uri=True)) as conn:
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA busy_timeout = 5000")
        try:
            row = conn.execute(AUDIT_SQL).fetchone()
        except sqlite3.OperationalError as error:
            if not _overflowed(error):
                raise
            row = conn.execute(AUDIT_SQL_WIDE).fetchone()
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
