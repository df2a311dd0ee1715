"""Ledger benchmark: committed table actions per second, audit time, leaderboard time.

    python -m bench.ledger [--accounts 10000] [--rows 100000] [--deals 1000] [--repeat 5]
                           [--database postgresql://...]

With ``--database URL`` the same run measures PostgreSQL too, beside SQLite, under the key
``postgres`` (each repetition in a fresh database ``parlour_bench`` created next to the URL's:
the URL's role needs CREATEDB). A throwaway server for it (durable settings)::

    python3 dev_postgres.py sh -c \
        '.venv/bin/python -m bench.ledger --database "$PARLOUR_TEST_POSTGRES_URL"'

Seeds a database with ``--accounts`` accounts and ``--rows`` ledger rows (kept consistent, so
the audit holds), then books deals at 50 tables of 4 players, each deal being two committed
actions: everyone bets (4 stack rows + the pot), then the settlement (the winner's row, the
pot, ``deal_over``) with its result recorded in the same booking. Each action writes a ~3 KB
snapshot; a table books its next action only once the last one is committed.

Two paths book the same deals, side by side:

- ``api``: ``storage.book(db, Booking(...))``, the public API the table service calls (it also
  hands back the table as committed, one more read per booking);
- ``direct``: the baseline, the way the service booked before ``storage.book`` existed:
  storage's private synchronous operations handed straight to its private one-hop
  transaction.

Each repetition (``--repeat``) seeds a fresh database and books ``--deals`` deals by each path
in two modes (the order of the paths alternating); the JSON line holds the medians:

- ``concurrent``: the 50 tables act at once, as a busy bot's tables do. This is the
  throughput: bookings that arrive while the database is busy share a group commit.
- ``one_table_at_a_time``: each action waits for the one before it at any table, so every
  booking is a transaction of its own. This is the latency floor of one booking (thread hop,
  statements, COMMIT), not a load a bot sees.

``--cache-kib 32768 8192`` compares SQLite page cache sizes instead (the ``api`` path only, the
sizes taking turns): booking throughput and what SQLite held at most in each.

On PostgreSQL each mode also gives ``server_cpu_ms_per_action`` (the CPU the server process
of the bench's connection spent, from ``/proc``) and what it wrote ahead (``pg_stat_wal``: WAL
syncs, records and bytes per action; the server runs nothing else), and two floors measured
in every repetition, right after its bookings:

- ``floor``: what this machine and server allow with the same settings (``bench._pg_floor``,
  the settings under ``server_settings``): a trivial committed transaction one at a time
  (``one_table_at_a_time`` cannot beat it: a booking is at least one commit), from 50
  connections at once (the server's own group commit), and the disk's flushes a second;
  ``share_of_floor``: each repetition's actions a second as a share of the trivial commits'
  rate of the same repetition (at once: from 50 connections), for ``api`` and ``book_alone``
  (medians over the repetitions; also printed, a line each, on standard error);
- ``book_alone`` (beside the paths in each mode): the same steps as the server-side calls
  ``storage.book`` makes (``parlour_book_many`` with one step of each of the 50 tables, as a
  concurrent batch is; ``parlour_book`` one step at a time), their arguments built before the
  clock starts: what ``storage.book`` would reach if its Python cost nothing.

With the load average (both rates depend on how soon the event loop and the database thread
are scheduled) and the CPU time per action, which depends on it much less.
"""

from __future__ import annotations

import _sqlite3
import argparse
import asyncio
import ctypes
import functools
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncpg

import storage
import storage.db
from bench import _pg_floor
from bench._ledger_server_cost import backend_pids, per_action, server_cpu, wal
from bench._ledger_workload import (
    BUY_IN,
    GUILD,
    SEATS,
    TABLES,
    BenchTables,
    bench_url,
    fresh_postgres,
    fresh_sqlite,
)
from storage import Board, Booking, Database, DealResult, audit, stats, tables


async def book_api(db: Database, bet: Booking, settle: Booking) -> None:
    """One deal through the public API, as the table service books it."""
    await storage.book(db, bet)
    await storage.book(db, settle)


async def book_direct(db: Database, bet: Booking, settle: Booking) -> None:
    """The baseline: the same deal as the table service booked it before ``storage.book``,
    by handing storage's private synchronous operations to its private one-hop transaction
    (reached as attributes, on purpose: only this comparison may use them). No reload of the
    table, no away set: the floor that ``storage.book``'s cost is measured against."""

    def save(tx: Any, b: Booking) -> bool:
        return bool(
            storage._table_step._save_action_sync(
                tx, b.table_id, ref=b.ref, snapshot=b.snapshot, deal_number=b.deal_number,
                action_counter=b.action_counter, stack_deltas=b.stack_deltas, pot=b.pot,
                deal_over=b.deal_over, reason=b.reason,
            )
        )  # fmt: skip

    def settle_and_record(tx: Any) -> None:
        save(tx, settle)
        r = settle.result or DealResult(GUILD, "palace", 0, {}, [])
        stats._record_result_sync(
            tx, guild_id=r.guild_id, table_id=settle.table_id, game=r.game,
            deal_number=settle.deal_number, pot=r.pot, settlement=r.settlement,
            players=r.players, deck=r.deck, history=r.history,
        )  # fmt: skip

    await db._run_in_transaction(functools.partial(save, b=bet))
    await db._run_in_transaction(settle_and_record)


BookPath = Callable[[Database, Booking, Booking], Awaitable[None]]
PATHS: dict[str, BookPath] = {"api": book_api, "direct": book_direct}
ALONE = "book_alone"
"""PostgreSQL's floor of ``api``: its server-side calls, prebuilt (:func:`book_alone`)."""


async def book_alone(
    db: Database, bench: BenchTables, snapshot: str, per_table: int
) -> dict[str, dict[str, float]]:
    """The server's own cost of ``storage.book``'s steps: the next ``per_table`` deals of
    every table, as the JSON arguments of ``storage.book``'s server-side calls (storage's
    private ``_pg_book``, reached as an attribute on purpose: only this floor may use it),
    built before the clock starts, then sent on a connection of their own, timed: first as
    the concurrent mode's batches are (one step of each table per ``parlour_book_many``), then
    one step per call, each its own transaction (``one_table_at_a_time``)."""
    pg_book = storage._pg_book
    tids = bench.ids
    batches: list[list[tuple[str, str]]] = []
    for _ in range(per_table):
        deals = [bench.steps(tid, snapshot) for tid in tids]
        batches += [[pg_book.payload(d[0], None) for d in deals]]
        batches += [[pg_book.payload(d[1], None) for d in deals]]
    half = len(batches) // 2
    assert db.url is not None  # noqa: S101 - PostgreSQL only
    conn = await asyncpg.connect(db.url)
    try:
        pid = int(await conn.fetchval("SELECT pg_backend_pid()"))
        out = {}
        for mode, part in (("concurrent", batches[:half]), ("one_table_at_a_time", batches[half:])):
            actions = sum(len(b) for b in part)
            cpu, wal_started = server_cpu([pid]), await wal(conn)
            started = time.perf_counter()
            for batch in part:
                if mode == "concurrent":
                    steps = "[" + ",".join(step for step, _ in batch) + "]"
                    snapshots = [snap for _, snap in batch]
                    json.loads(await conn.fetchval(pg_book.MANY, steps, snapshots))
                else:
                    for step, snap in batch:
                        json.loads(await conn.fetchval(pg_book.ONE, step, snap))
            elapsed = time.perf_counter() - started
            out[mode] = {
                "actions_per_s": round(actions / elapsed),
                "server_cpu_ms_per_action": round((server_cpu([pid]) - cpu) / actions * 1000, 3),
                **per_action(wal_started, await wal(conn), actions),
            }
    finally:
        await conn.close()
    return out


async def timed(
    deals: int,
    play: Callable[[BookPath], Awaitable[None]],
    book: BookPath,
    server: Database | None = None,
) -> dict[str, float]:
    """Actions per second and CPU per action of ``play(book)`` (``deals`` deals); on
    PostgreSQL (``server``, the bench's database) also the CPU its server process spent and
    the WAL written per action."""
    pids = await backend_pids(server)
    server_started, wal_started = server_cpu(pids), await wal(server)
    started, cpu_started = time.perf_counter(), time.process_time()
    await play(book)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started  # both threads: the loop and aiosqlite's
    out = {
        "actions_per_s": round(2 * deals / elapsed),
        "settled_deals_per_s": round(deals / elapsed),
        "cpu_ms_per_action": round(cpu / (2 * deals) * 1000, 3),
    }
    if server is not None:
        out["server_cpu_ms_per_action"] = round(
            (server_cpu(pids) - server_started) / (2 * deals) * 1000, 3
        )
        out |= per_action(wal_started, await wal(server), 2 * deals)
    return out


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each measure's median over the repetitions."""
    return {key: statistics.median(r[key] for r in runs) for key in runs[0]}


Runs = dict[str, dict[str, list[dict[str, float]]]]
"""Per mode, per path: the measures of each repetition."""
Floors = dict[str, list[dict[str, float]]]
"""PostgreSQL's floor (``floor``) and each path's share of it, per repetition."""


async def repetition(
    target: str | Path, args: argparse.Namespace, order: list[str], runs: Runs, floors: Floors
) -> None:
    """Both paths, in ``order``, on a freshly seeded database: every repetition starts from
    the same data, as one run of the bench always did, so later runs do not pay for the
    deals booked by earlier ones. On PostgreSQL then the floors (``floors``: the floor and
    each path's share of it, this repetition's)."""
    if isinstance(target, Path):
        target = await fresh_sqlite(target, args.accounts, args.rows)
    else:
        target = await fresh_postgres(target, args.accounts, args.rows)
    snapshot = json.dumps({"deck": ["As"] * 400, "log": list(range(300))})  # ~3 KB
    async with Database.open(target) as db:
        table_ids = []
        async with db.transaction() as tx:
            for t in range(TABLES):
                tid = await tables.open_table(tx, guild_id=GUILD, channel_id=t, game="palace")
                for s in range(SEATS):
                    user = 1 + t * SEATS + s
                    await tables.buy_in(tx, tid, user, BUY_IN, ref=f"bench:buy:{tid}:{user}")
                table_ids.append(tid)
        bench = BenchTables(table_ids, random.Random(2))
        per_table = max(1, args.deals // TABLES)
        deals = per_table * TABLES

        async def one_at_a_time(book: BookPath) -> None:
            for i in range(deals):
                await book(db, *bench.steps(table_ids[i % TABLES], snapshot))

        async def table(book: BookPath, tid: int) -> None:
            for _ in range(per_table):
                await book(db, *bench.steps(tid, snapshot))

        async def all_at_once(book: BookPath) -> None:
            await asyncio.gather(*(table(book, tid) for tid in table_ids))

        server = db if db.dialect == "postgres" else None
        for name in order:
            book = PATHS[name]
            runs["concurrent"][name].append(await timed(deals, all_at_once, book, server))
            runs["one_table_at_a_time"][name].append(
                await timed(deals, one_at_a_time, book, server)
            )
        if server is not None:  # the same deals' steps again: twice per_table, half per mode
            alone = await book_alone(db, bench, snapshot, 2 * per_table)
            for mode, measured in alone.items():
                runs[mode].setdefault(ALONE, []).append(measured)
    if isinstance(target, str):  # the server's floor now, the bench's database closed
        floor = await _pg_floor.measure(target, TABLES)
        floors.setdefault("floor", []).append(floor)
        for name in ("api", ALONE):
            rates = {mode: runs[mode][name][-1]["actions_per_s"] for mode in runs}
            floors.setdefault(name, []).append(_pg_floor.shares(rates, floor, TABLES))


async def cache_sizes(args: argparse.Namespace) -> dict[str, object]:
    """SQLite's booking throughput (the ``api`` path) with each page cache size of
    ``--cache-kib`` (``storage.db.CACHE_KIB``), the sizes taking turns in every repetition, and
    what SQLite held at the end of each (``sqlite3_memory_used``: its page cache most of all)."""
    runs: dict[int, Runs] = {
        kib: {mode: {"api": []} for mode in ("concurrent", "one_table_at_a_time")}
        for kib in args.cache_kib
    }
    held: dict[int, list[int]] = {kib: [] for kib in args.cache_kib}
    for rep in range(args.repeat):
        order = args.cache_kib if rep % 2 == 0 else list(reversed(args.cache_kib))
        for kib in order:
            storage.db.CACHE_KIB = kib
            await repetition(Path(args.db), args, ["api"], runs[kib], {})
            held[kib].append(sqlite_memory_kib())
    return {
        "load_average_1m": round(os.getloadavg()[0], 2),
        "ledger_rows_seeded": args.rows,
        "deals": max(1, args.deals // TABLES) * TABLES,
        "repeat": args.repeat,
        **{
            f"cache {kib} KiB": {
                **{mode: medians(r["api"]) for mode, r in runs[kib].items()},
                "sqlite_memory_kib_at_end": statistics.median(held[kib]),
            }
            for kib in args.cache_kib
        },
    }


def sqlite_memory_kib() -> int:
    """What SQLite holds in this process now (its page caches, once closed: its high-water
    mark is what a bot keeps), through the library's own counter."""
    lib = ctypes.CDLL(_sqlite3.__file__)
    lib.sqlite3_memory_highwater.restype = ctypes.c_int64
    lib.sqlite3_memory_highwater.argtypes = [ctypes.c_int]
    return int(lib.sqlite3_memory_highwater(1)) // 1024  # and reset it for the next size


async def run(args: argparse.Namespace) -> dict[str, object]:
    """SQLite's measures, and PostgreSQL's beside them (key ``postgres``) with ``--database``."""
    if args.cache_kib:
        return await cache_sizes(args)
    out = await measure(Path(args.db), args)
    if args.database:
        postgres = await measure(args.database, args)
        out["postgres"] = {
            **{k: v for k, v in postgres.items() if k not in ("cpus", "accounts")},
            "server_settings": await _pg_floor.settings(args.database),
        }
    return out


async def measure(where: str | Path, args: argparse.Namespace) -> dict[str, object]:
    """Every measure on one backend: ``where`` is the SQLite file or the server's URL."""
    runs: Runs = {
        mode: {name: [] for name in PATHS} for mode in ("concurrent", "one_table_at_a_time")
    }
    floors: Floors = {}
    for rep in range(args.repeat):
        # Alternate which path goes first: the second books into a database the first grew.
        order = list(PATHS) if rep % 2 == 0 else list(reversed(PATHS))
        await repetition(where, args, order, runs, floors)
    target = where if isinstance(where, Path) else bench_url(where)
    async with Database.open(target) as db:
        async with db.read() as conn:
            result = await audit.audit(conn)
        board_ms = {}
        for board in (Board.BALANCE, Board.NET, Board.WINS):
            times = []
            async with db.read() as conn:
                for k in range(200):
                    t0 = time.perf_counter()
                    await stats.leaderboard(conn, GUILD, board, limit=10, asker=1 + k * 37)
                    times.append(time.perf_counter() - t0)
            board_ms[board.value] = round(statistics.median(times) * 1000, 3)
    cli = await asyncio.to_thread(audit.audit_target, target)
    deals = max(1, args.deals // TABLES) * TABLES
    return {
        "load_average_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
        "accounts": args.accounts,
        "ledger_rows": result.ledger_rows,
        "deals": deals,
        "actions": 2 * deals,
        "repeat": args.repeat,
        **{mode: {name: medians(r) for name, r in by.items()} for mode, by in runs.items()},
        "audit_ok": result.ok and cli.ok,
        "audit_ms": round(result.seconds * 1000, 1),
        "audit_cli_ms": round(cli.seconds * 1000, 1),
        "leaderboard_median_ms": board_ms,
        **(
            {
                "floor": medians(floors["floor"]),
                "share_of_floor": {k: medians(v) for k, v in floors.items() if k != "floor"},
            }
            if floors
            else {}
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--accounts", type=int, default=10_000)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each path (medians)")
    parser.add_argument("--db", default=str(Path(tempfile.gettempdir()) / "parlour-bench.db"))
    parser.add_argument(
        "--database", help="a postgresql:// URL: measure PostgreSQL too, beside SQLite"
    )
    parser.add_argument(
        "--cache-kib",
        type=int,
        nargs="+",
        help="compare SQLite page cache sizes (KiB) instead: booking throughput and memory",
    )
    args = parser.parse_args()
    out = asyncio.run(run(args))
    print(json.dumps(out))
    postgres = out.get("postgres")
    if isinstance(postgres, dict):
        for line in _pg_floor.lines(postgres, TABLES, ("api", ALONE)):
            print(line, file=sys.stderr)


if __name__ == "__main__":
    main()
