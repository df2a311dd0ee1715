"""What ``bench.ledger`` books into and what it books: a fresh database seeded with accounts,
their ledger rows and stats, written straight into SQLite or copied into PostgreSQL (through
the API, seeding would take minutes), and the deals of the bench's 50 tables of 4 players, each
two bookings (everyone bets, then one of them takes the pot). Kept apart from the measuring.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from storage import Booking, Database, DealResult

GUILD = 1
SEATS = 4
TABLES = 50
BUY_IN = 100_000


Seed = tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[Any, ...]]]


def seed_rows(n_accounts: int, n_rows: int) -> Seed:
    """Accounts, their ledger rows and stats, consistent with each other."""
    rng = random.Random(1)
    balances = dict.fromkeys(range(1, n_accounts + 1), 1000)
    rows = [(f"start:{GUILD}:{u}", "starting_grant", GUILD, u, 1000, 1000) for u in balances]
    for u in range(1, TABLES * SEATS + 1):  # the players: enough for every repetition
        balances[u] += BUY_IN
        rows.append((f"bench:grant:{u}", "admin_grant", GUILD, u, BUY_IN, BUY_IN))
    for i in range(n_rows - len(rows)):
        user = rng.randint(1, n_accounts)
        amount = rng.randint(1, 500)
        balances[user] += amount
        rows.append((f"seed:{i}", "daily", GUILD, user, amount, amount))
    stat_rows = [
        (GUILD, u, g, 20, rng.randint(0, 20), rng.randint(-500, 500), 100)
        for u in balances
        for g in ("*", "palace")
    ]
    return [(GUILD, u, b) for u, b in balances.items()], rows, stat_rows


_ACCOUNTS = ("guild_id", "user_id", "balance")
_LEDGER = ("ref", "reason", "guild_id", "user_id", "balance_delta", "minted")
_STATS = ("guild_id", "user_id", "game", "played", "won", "net", "biggest_pot")


def seed(path: Path, n_accounts: int, n_rows: int) -> None:
    """The seed written directly into SQLite (the API would take minutes)."""
    accounts, rows, stat_rows = seed_rows(n_accounts, n_rows)
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(
            "INSERT INTO accounts (guild_id, user_id, balance) VALUES (?, ?, ?)", accounts
        )
        conn.executemany(
            "INSERT INTO ledger (ref, reason, guild_id, user_id, balance_delta, minted) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )
        conn.executemany(
            "INSERT INTO stats (guild_id, user_id, game, played, won, net, biggest_pot) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            stat_rows,
        )
    conn.close()


async def fresh_sqlite(path: Path, n_accounts: int, n_rows: int) -> Path:
    """A new, migrated and seeded SQLite file."""
    for old in path.parent.glob(path.name + "*"):
        old.unlink()
    async with Database.open(path):
        pass  # migrate
    seed(path, n_accounts, n_rows)
    return path


def bench_url(url: str) -> str:
    """The bench's own database on the server of ``url``."""
    return urlunsplit(urlsplit(url)._replace(path="/parlour_bench"))


async def fresh_postgres(url: str, n_accounts: int, n_rows: int) -> str:
    """A new, migrated and seeded ``parlour_bench`` database (COPY: the API would take
    minutes); its URL."""
    admin = await asyncpg.connect(url)
    try:
        # constant identifiers (they cannot be bound)
        await admin.execute("DROP DATABASE IF EXISTS parlour_bench WITH (FORCE)")
        await admin.execute("CREATE DATABASE parlour_bench")
    finally:
        await admin.close()
    target = bench_url(url)
    async with Database.open(target):
        pass  # migrate
    accounts, rows, stat_rows = seed_rows(n_accounts, n_rows)
    conn = await asyncpg.connect(target)
    try:
        await conn.copy_records_to_table("accounts", records=accounts, columns=_ACCOUNTS)
        await conn.copy_records_to_table("ledger", records=rows, columns=_LEDGER)
        await conn.copy_records_to_table("stats", records=stat_rows, columns=_STATS)
        await conn.execute("ANALYZE")
    finally:
        await conn.close()
    return target


class BenchTables:
    """The bench's 50 tables of 4 players, and where each table's deal and action count is."""

    def __init__(self, ids: list[int], rng: random.Random) -> None:
        self.ids = ids
        self.rng = rng
        self.deals = dict.fromkeys(ids, 0)
        self.counters = dict.fromkeys(ids, 0)

    def players(self, tid: int) -> list[str]:
        return [str(1 + (tid - self.ids[0]) * SEATS + s) for s in range(SEATS)]

    def steps(self, tid: int, snapshot: str) -> tuple[Booking, Booking]:
        """The next deal at ``tid``: everyone bets, then one of them takes the pot."""
        pids = self.players(tid)
        self.deals[tid] += 1
        n = self.deals[tid]
        self.counters[tid] += 2
        k = self.counters[tid] - 1
        bet = Booking(
            tid, ref=f"table:{tid}:deal:{n}:action:{k}", snapshot=snapshot, deal_number=n,
            action_counter=k, stack_deltas=dict.fromkeys(pids, -10), pot=10 * SEATS,
        )  # fmt: skip
        winner = self.rng.choice(pids)
        result = DealResult(
            guild_id=GUILD, game="palace", pot=10 * SEATS,
            settlement={p: (10 * SEATS - 10 if p == winner else -10) for p in pids},
            players=pids, deck=["As"] * 52, history=[{"kind": "bet"}] * 8,
        )  # fmt: skip
        settle = Booking(
            tid, ref=f"table:{tid}:deal:{n}:action:{k + 1}", snapshot=snapshot, deal_number=n,
            action_counter=k + 1, stack_deltas={winner: 10 * SEATS}, pot=0, deal_over=True,
            result=result,
        )  # fmt: skip
        return bet, settle
