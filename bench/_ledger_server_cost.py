"""What the PostgreSQL server itself spends on ``bench.ledger``'s bookings: the CPU of its
processes (from ``/proc``: the server runs on this machine) and the WAL it writes
(``pg_stat_wal``), read before and after a mode, per action. Kept apart from the measuring.
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncpg

import storage.db
from storage import Database


async def backend_pids(db: Database | None) -> list[int]:
    """The server processes of ``db``'s connections (PostgreSQL: every client of the bench's
    database, which nothing else connects to during a mode), else none."""
    if db is None:
        return []
    async with db.read() as conn:
        rows = await storage.db.fetch_all(conn, BACKENDS_SQL)
    return [int(r[0]) for r in rows]


BACKENDS_SQL = (
    "SELECT pid FROM pg_stat_activity "
    "WHERE datname = current_database() AND backend_type = 'client backend'"
)


WAL_SQL = "SELECT wal_sync, wal_records, wal_bytes FROM pg_stat_wal"


async def wal(db: Database | asyncpg.Connection | None) -> dict[str, float]:
    """The server's WAL counters (``pg_stat_wal``, PostgreSQL 15: all the server's, and the
    bench is all it runs), once the connection that booked (``db``'s, or a connection of its
    own) has reported its own: a server process adds its share to them at most once a second
    unless asked to (``pg_stat_force_next_flush``: when it next goes idle)."""
    if db is None:
        return {}
    if isinstance(db, Database):
        async with db.read() as conn:
            await storage.db.scalar(conn, "SELECT pg_stat_force_next_flush()")
            row = await storage.db.fetch_one(conn, WAL_SQL)
    else:
        await db.execute("SELECT pg_stat_force_next_flush()")
        row = await db.fetchrow(WAL_SQL)
    return {"wal_syncs": float(row[0]), "wal_records": float(row[1]), "wal_bytes": float(row[2])}


def per_action(before: dict[str, float], after: dict[str, float], actions: int) -> dict[str, float]:
    """The WAL counters' growth per action."""
    return {f"{k}_per_action": round((after[k] - before[k]) / actions, 3) for k in before}


def server_cpu(pids: list[int]) -> float:
    """The CPU seconds (user + system) processes ``pids`` have used: PostgreSQL server
    processes on this machine (``/proc``); 0 without any."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")
