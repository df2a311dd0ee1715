"""Ledger benchmark: committed table actions per second, audit time, leaderboard time.

    python -m bench.ledger [--accounts 10000] [--rows 100000] [--deals 1000] [--db PATH]

Seeds a database with ``--accounts`` accounts and ``--rows`` ledger rows (kept consistent, so
the audit holds), then books deals at 50 tables of 4 players through the real API, each deal
being two committed actions: everyone bets (4 stack rows + the pot), then the settlement (the
winner's row, the pot, ``deal_over``) with ``stats.record_result`` in the same booking. Each
action is booked as the table service books it, by ``db.run_in_transaction``, and writes a
~3 KB snapshot; a table books its next action only once the last one is committed.

It books ``--deals`` deals twice and prints both rates in one JSON line:

- ``concurrent``: the 50 tables act at once, as a busy bot's tables do. This is the
  throughput: bookings that arrive while the database is busy share a group commit.
- ``one_table_at_a_time``: each action waits for the one before it at any table, so every
  booking is a transaction of its own. This is the latency floor of one booking (thread hop,
  statements, COMMIT), not a load a bot sees.

With the load average (both rates depend on how soon the event loop and the database thread
are scheduled) and the CPU time per action, which depends on it much less.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from storage import Board, Database, Reason, audit, stats, tables
from storage.db import Tx

GUILD = 1
SEATS = 4
TABLES = 50


def seed(path: Path, n_accounts: int, n_rows: int) -> None:
    """Accounts, their ledger rows and stats written directly (the API would take minutes)."""
    rng = random.Random(1)
    conn = sqlite3.connect(path)
    with conn:
        balances = dict.fromkeys(range(1, n_accounts + 1), 1000)
        rows = [(f"start:{GUILD}:{u}", "starting_grant", GUILD, u, 1000, 1000) for u in balances]
        for i in range(n_rows - len(rows)):
            user = rng.randint(1, n_accounts)
            amount = rng.randint(1, 500)
            balances[user] += amount
            rows.append((f"seed:{i}", "daily", GUILD, user, amount, amount))
        conn.executemany(
            "INSERT INTO accounts (guild_id, user_id, balance) VALUES (?, ?, ?)",
            [(GUILD, u, b) for u, b in balances.items()],
        )
        conn.executemany(
            "INSERT INTO ledger (ref, reason, guild_id, user_id, balance_delta, minted) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )
        conn.executemany(
            "INSERT INTO stats (guild_id, user_id, game, played, won, net, biggest_pot) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (GUILD, u, g, 20, rng.randint(0, 20), rng.randint(-500, 500), 100)
                for u in balances
                for g in ("*", "palace")
            ],
        )
    conn.close()


def in_order(*steps: Callable[[Tx], object]) -> Callable[[Tx], None]:
    """One transaction of several operations, as the table service's ``book`` makes one."""

    def run(tx: Tx) -> None:
        for step in steps:
            step(tx)

    return run


class BenchTables:
    """The bench's 50 tables of 4 players, and where each table's deal and action count is."""

    def __init__(self, ids: list[int], rng: random.Random) -> None:
        self.ids = ids
        self.rng = rng
        self.deals = dict.fromkeys(ids, 0)
        self.counters = dict.fromkeys(ids, 0)

    def players(self, tid: int) -> list[str]:
        return [str(1 + (tid - self.ids[0]) * SEATS + s) for s in range(SEATS)]

    async def deal(self, db: Database, tid: int, snapshot: str) -> None:
        """One deal at one table: two actions, each committed before the next is booked."""
        pids = self.players(tid)
        self.deals[tid] += 1
        n = self.deals[tid]
        self.counters[tid] += 1
        bet = functools.partial(
            tables.save_action_sync, table_id=tid,
            ref=f"table:{tid}:deal:{n}:action:{self.counters[tid]}",
            snapshot=snapshot, deal_number=n, action_counter=self.counters[tid],
            stack_deltas=dict.fromkeys(pids, -10), pot=10 * SEATS,
        )  # fmt: skip
        await db.run_in_transaction(bet)
        self.counters[tid] += 1
        winner = self.rng.choice(pids)
        settlement = {p: (10 * SEATS - 10 if p == winner else -10) for p in pids}
        settle = functools.partial(
            tables.save_action_sync, table_id=tid,
            ref=f"table:{tid}:deal:{n}:action:{self.counters[tid]}",
            snapshot=snapshot, deal_number=n, action_counter=self.counters[tid],
            stack_deltas={winner: 10 * SEATS}, pot=0, deal_over=True,
            reason=Reason.SETTLEMENT,
        )  # fmt: skip
        record = functools.partial(
            stats.record_result_sync, guild_id=GUILD, table_id=tid, game="palace",
            deal_number=n, pot=10 * SEATS, settlement=settlement, players=pids,
            deck=["As"] * 52, history=[{"kind": "bet"}] * 8,
        )  # fmt: skip
        await db.run_in_transaction(in_order(settle, record))


async def timed(deals: int, play: Callable[[], Awaitable[None]]) -> dict[str, float]:
    """Actions per second and CPU per action of ``play`` (which books ``deals`` deals)."""
    started, cpu_started = time.perf_counter(), time.process_time()
    await play()
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started  # both threads: the loop and aiosqlite's
    return {
        "actions_per_s": round(2 * deals / elapsed),
        "settled_deals_per_s": round(deals / elapsed),
        "cpu_ms_per_action": round(cpu / (2 * deals) * 1000, 3),
    }


async def run(args: argparse.Namespace) -> dict[str, object]:
    path = Path(args.db)
    async with Database.open(path):
        pass  # migrate
    seed(path, args.accounts, args.rows)
    snapshot = json.dumps({"deck": ["As"] * 400, "log": list(range(300))})  # ~3 KB
    async with Database.open(path) as db:
        table_ids = []
        async with db.transaction() as tx:
            for t in range(TABLES):
                tid = await tables.open_table(tx, guild_id=GUILD, channel_id=t, game="palace")
                for s in range(SEATS):
                    user = 1 + t * SEATS + s
                    await tables.buy_in(tx, tid, user, 500, ref=f"bench:buy:{tid}:{user}")
                table_ids.append(tid)
        bench = BenchTables(table_ids, random.Random(2))
        per_table = max(1, args.deals // TABLES)
        deals = per_table * TABLES

        async def one_at_a_time() -> None:
            for i in range(deals):
                await bench.deal(db, table_ids[i % TABLES], snapshot)

        async def table(tid: int) -> None:
            for _ in range(per_table):
                await bench.deal(db, tid, snapshot)

        async def all_at_once() -> None:
            await asyncio.gather(*(table(tid) for tid in table_ids))

        serial = await timed(deals, one_at_a_time)
        concurrent = await timed(deals, all_at_once)
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
    cli = audit.audit_file(path)
    return {
        "load_average_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
        "accounts": args.accounts,
        "ledger_rows": result.ledger_rows,
        "deals": deals,
        "actions": 2 * deals,
        "concurrent": concurrent,
        "one_table_at_a_time": serial,
        "audit_ok": result.ok and cli.ok,
        "audit_ms": round(result.seconds * 1000, 1),
        "audit_cli_ms": round(cli.seconds * 1000, 1),
        "leaderboard_median_ms": board_ms,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--accounts", type=int, default=10_000)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--db", default=str(Path(tempfile.gettempdir()) / "parlour-bench.db"))
    args = parser.parse_args()
    for old in Path(args.db).parent.glob(Path(args.db).name + "*"):
        old.unlink()
    print(json.dumps(asyncio.run(run(args))))


if __name__ == "__main__":
    main()
