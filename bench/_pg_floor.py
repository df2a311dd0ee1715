"""What this machine lets PostgreSQL do at best, measured in ``bench.ledger``'s repetitions,
right after its bookings, on the same server with the same settings: the rates a booking
cannot beat on this machine at this moment, so its own rates can be read as a share of them.

This machine's commit rate swings tenfold between runs (163-2,531 trivial commits a second
one at a time, stop 41), with the load of everything else it runs: a rate alone says little,
its share of the floor measured beside it says how much of the machine the code leaves unused.

- ``trivial_commits_per_s_one_at_a_time``: the smallest durable transaction (one row updated,
  committed: the WAL flushed) on one connection, each waiting for the one before, as
  ``one_table_at_a_time`` books: a booking is at least one such commit;
- ``trivial_commits_per_s_from_50_connections``: the same from 50 connections at once, one per
  table as the concurrent mode's 50 tables act (the server's own group commit: what 50 clients
  that each commit alone get); the bot's bookings share a commit per batch, so they can pass
  it: what bounds them at once is the server's CPU per step (``book_alone``);
- ``fdatasyncs_per_s``: the disk's own: 8 KiB written and flushed (``fdatasync``, PostgreSQL's
  WAL flush on Linux), one after the other, in a file in the temporary folder, on the disk the
  throwaway server's folder is on (``dev_postgres``). A commit one at a time waits for one.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import asyncpg

SETTINGS = ("synchronous_commit", "fsync", "wal_sync_method", "commit_delay", "full_page_writes")
"""The server's settings a commit's cost depends on, printed beside the floor."""


async def settings(url: str) -> dict[str, str]:
    """What the server's sessions commit with (every connection of the bench has the same)."""
    conn = await asyncpg.connect(url)
    try:
        return {name: str(await conn.fetchval(f"SHOW {name}")) for name in SETTINGS}
    finally:
        await conn.close()


async def commits(url: str, connections: int, n: int = 400) -> dict[str, float]:
    """Trivial durable commits per second on one connection one at a time (``n``), and from
    ``connections`` connections at once (``n // 10`` each)."""
    conns = [await asyncpg.connect(url) for _ in range(connections)]
    try:
        await conns[0].execute(
            "CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, n BIGINT NOT NULL)"
        )
        await conns[0].execute(
            "INSERT INTO bench_floor SELECT g, 0 FROM generate_series(0, $1) g "
            "ON CONFLICT DO NOTHING",
            connections,
        )
        bump = "UPDATE bench_floor SET n = n + 1 WHERE id = $1"
        started = time.perf_counter()
        for _ in range(n):
            await conns[0].execute(bump, 0)
        alone = n / (time.perf_counter() - started)

        async def one(k: int) -> None:
            for _ in range(n // 10):
                await conns[k].execute(bump, k)

        started = time.perf_counter()
        await asyncio.gather(*(one(k) for k in range(connections)))
        together = connections * (n // 10) / (time.perf_counter() - started)
    finally:
        for conn in conns:
            await conn.close()
    return {
        "trivial_commits_per_s_one_at_a_time": round(alone),
        f"trivial_commits_per_s_from_{connections}_connections": round(together),
    }


def fdatasyncs(n: int = 200) -> float:
    """Flushes of an 8 KiB write a second, one after the other (the disk's latency floor)."""
    block = b"\0" * 8192
    with tempfile.TemporaryDirectory() as folder:
        fd = os.open(os.path.join(folder, "flush"), os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            os.pwrite(fd, block, 0)
            os.fsync(fd)
            started = time.perf_counter()
            for _ in range(n):
                os.pwrite(fd, block, 0)
                os.fdatasync(fd)
            return round(n / (time.perf_counter() - started))
        finally:
            os.close(fd)


async def measure(url: str, connections: int) -> dict[str, float]:
    """Every floor once: the server's commits, then the disk's flushes (off the event loop,
    though nothing else runs meanwhile)."""
    return {
        **await commits(url, connections),
        "fdatasyncs_per_s": await asyncio.to_thread(fdatasyncs),
    }


def shares(rates: dict[str, float], floor: dict[str, float], connections: int) -> dict[str, float]:
    """``rates`` (actions a second, ``concurrent`` and ``one_table_at_a_time``) as a share of
    the trivial commits' rate measured beside them in the same way (at once: from
    ``connections`` connections; else one at a time)."""
    at_once = floor[f"trivial_commits_per_s_from_{connections}_connections"]
    alone = floor["trivial_commits_per_s_one_at_a_time"]
    return {
        "concurrent": round(rates["concurrent"] / at_once, 3),
        "one_table_at_a_time": round(rates["one_table_at_a_time"] / alone, 3),
    }


def lines(postgres: dict[str, Any], connections: int, paths: tuple[str, ...]) -> Iterator[str]:
    """Each path's actions a second in each mode beside the floor of the same repetitions
    (medians; the share is each repetition's own, so not quite the ratio of the medians)."""
    floor, shares = postgres["floor"], postgres["share_of_floor"]
    at_once = floor[f"trivial_commits_per_s_from_{connections}_connections"]
    alone = floor["trivial_commits_per_s_one_at_a_time"]
    for mode, what in (
        ("concurrent", f"{at_once:.0f}/s from {connections} connections"),
        ("one_table_at_a_time", f"{alone:.0f}/s one at a time"),
    ):
        for name in paths:
            rate = postgres[mode][name]["actions_per_s"]
            yield (
                f"postgres {mode} {name}: {rate:.0f} actions/s = {shares[name][mode]:.2f} of "
                f"the trivial commits ({what}; the disk's flushes "
                f"{floor['fdatasyncs_per_s']:.0f}/s; load {postgres['load_average_1m']})"
            )
