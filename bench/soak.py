"""A long run with faults and kills: do chips add up, do tables keep going, does memory stay?

    python -m bench.soak --deals 10000 --tables 50 [--rate 60] [--fault-every 2] [--kill-every 120]

The real bot in its own process plays ``--deals`` deals on ``--tables`` tables against the fake
Discord (in this process), driven by the scripted players of ``bench.load``. Every
``--fault-every`` seconds one random fault from the fake's kit is injected (a 429 or a 500 on
table edits, interaction answers or DMs, a player's DMs closed for a while, a table message
deleted by a moderator, the gateway dropped); every ``--kill-every`` seconds the bot is killed
(SIGKILL) and started again on the same database. Then, without faults, every table gets
``--settle`` seconds to move on; at the end the bot stops cleanly and ``python -m storage
audit`` reads the database.

Prints deals, faults, kills, chips lost (the audit: must be 0), tables stalled (must be 0: an
open table whose action counter did not move in the fault-free settle although its players
could play; a table between deals with too few players holding a playable stack is counted
apart, as short of players: it waits for chips, as it should) and the bot's RSS at
the start, after ``--mark`` deals and at the end, with the live object and task counts (a kill
starts a new process: for the memory question run with ``--kill-every 0``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench._bot_process import ROOT, BotProcess
from bench._harness import (
    Players,
    Table,
    build_world,
    components,
    kind_of,
    percentile,
    turn_of,
)
from bench._harness import no_request_validation as fast_fake
from bench.load import counters as progress
from bench.load import database_bytes, drive
from sandbox.fake import FakeDiscord
from services.tables import game

TABLE_EDIT = "/channels/{channel_id}/messages/{message_id}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
SEND = "/channels/{channel_id}/messages"


class Faulter:
    """Random faults from the fake's kit."""

    def __init__(self, fake: FakeDiscord, tables: list[Table], players: Players, seed: int):
        self.fake, self.tables, self.players = fake, tables, players
        self.rng = random.Random(seed)
        self.count: Counter[str] = Counter()
        self.closed: list[Any] = []

    async def one(self) -> None:
        fake, rng = self.fake, self.rng
        for user in self.closed:  # a closed-DM spell lasts one fault
            fake.faults.open_dms(user)
        self.closed.clear()
        kind = rng.choice(
            ["429 edit", "500 edit", "500 answer", "429 send", "closed dms", "deleted", "drop"]
        )
        if kind == "429 edit":
            fake.faults.rate_limit("PATCH", TABLE_EDIT, retry_after=0.3, times=2)
        elif kind == "500 edit":
            fake.faults.server_error("PATCH", TABLE_EDIT)
        elif kind == "500 answer":
            fake.faults.server_error("POST", CALLBACK)
        elif kind == "429 send":
            fake.faults.rate_limit("POST", SEND, retry_after=0.3)
        elif kind == "closed dms":
            user = rng.choice(rng.choice(self.tables).players)
            fake.faults.close_dms(user)
            self.closed.append(user)
        elif kind == "deleted":
            message = self.players.table_message(rng.choice(self.tables))
            if message is not None:
                await fake.delete_by_user(message)
        elif kind == "drop":
            await fake.drop_gateway()
        self.count[kind] += 1

    def clear(self) -> None:
        for user in self.closed:
            self.fake.faults.open_dms(user)
        self.closed.clear()
        self.fake.faults.planned.clear()


def describe(players: Players, table: Table, counter: tuple[int, int]) -> str:
    """A stalled table as its message shows it: where to look in the bot's log."""
    message = players.table_message(table)
    kinds = sorted({kind_of(str(c["custom_id"])) for c in components(message)} if message else ())
    who = turn_of(message) if message is not None else None
    return (
        f"{table.game} {table.guild.name}#{table.channel.name} (channel {table.channel.id}) "
        f"deal/counter {counter} turn {who} buttons {kinds}"
    )


def short_of_players(database: Path) -> set[int]:
    """The channels of the open tables that cannot deal: between deals, with fewer seated
    players holding a playable stack than the game needs (they went broke; the table waits,
    as it should, for someone to top up or join). Read from the stopped bot's database."""
    with contextlib.closing(sqlite3.connect(database)) as conn:
        rows = conn.execute(
            "SELECT id, channel_id, game, options FROM tables WHERE status = 'open' "
            "AND deal_open = 0"
        ).fetchall()
        short: set[int] = set()
        for table_id, channel, name, options in rows:
            g = game(name)
            engine = g.options.model_validate(json.loads(options)["engine"])
            need, (fewest, _most) = g.min_stack(engine), g.players(engine)
            able = conn.execute(
                "SELECT COUNT(*) FROM seats WHERE table_id = ? AND seated = 1 AND stack >= ?",
                (table_id, need),
            ).fetchone()[0]
            if able < fewest:
                short.add(int(channel))
    return short


def audit(database: Path, src: Path) -> dict[str, Any]:
    """``python -m storage audit`` of the bot's database."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(  # noqa: S603 - our interpreter, our module
        [sys.executable, "-m", "storage", "audit", str(database)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


async def soak(args: argparse.Namespace) -> dict[str, Any]:
    fast_fake()
    src = args.src.resolve()
    with tempfile.TemporaryDirectory(prefix="parlour-soak-") as tmp:
        folder = Path(tmp)
        fake = FakeDiscord(answer_limit=3.0, rate_limits=False)
        await fake.start()
        try:
            tables = build_world(fake, args.tables, args.guilds, args.seats, args.games)
            bot = BotProcess(
                fake,
                folder,
                tables[0].guild,
                src=src,
                pictures=args.pictures,
                trace_memory=args.trace_memory,
            )
            bot.start()
            await bot.ready(tables[0].host, tables[0].guild.channels[0])
            players = Players(fake, top_up=True)
            gate = asyncio.Semaphore(8)

            async def seat(table: Table) -> None:
                async with gate:
                    await players.seat(table)

            await asyncio.gather(*(seat(t) for t in tables))
            faulter = Faulter(fake, tables, players, seed=args.seed)
            start = await bot.stats()
            first = sum(d for d, _ in progress(players, tables).values())
            began, bench_cpu0 = time.monotonic(), time.process_time()
            last_kill = last_fault = last_print = began
            kills = 0
            marked: dict[str, Any] | None = None
            deals = 0
            while deals < args.deals and time.monotonic() - began < args.max_seconds:
                await drive(players, tables, args.rate, 1.0)
                now = time.monotonic()
                deals = sum(d for d, _ in progress(players, tables).values()) - first
                if marked is None and deals >= args.mark:
                    marked = {"deals": deals, **await bot.stats()}
                    bot.reset_gc()  # and the memory trace's starting point
                    print(f"mark: {json.dumps(marked)}", flush=True)
                if args.fault_every and now - last_fault >= args.fault_every:
                    await faulter.one()
                    last_fault = now
                if args.kill_every and now - last_kill >= args.kill_every:
                    await bot.kill()
                    kills += 1
                    bot = BotProcess(
                        fake,
                        folder,
                        tables[0].guild,
                        src=src,
                        pictures=args.pictures,
                        trace_memory=args.trace_memory,
                    )
                    bot.start()
                    await bot.ready(tables[0].host, tables[0].guild.channels[0])
                    last_kill = time.monotonic()
                if now - last_print >= 30:
                    stats = await bot.stats()
                    print(
                        f"{now - began:6.0f}s deals {deals} kills {kills} faults "
                        f"{sum(faulter.count.values())} rss {stats.get('rss_kib', 0) / 1024:.1f} "
                        f"MiB (SQLite {stats.get('sqlite_kib', 0) / 1024:.1f}) "
                        f"MiB objects {stats.get('gc_objects')} tasks {stats.get('tasks')} "
                        f"top {stats.get('top_types', [])[:6]} tasks {stats.get('task_kinds')}",
                        flush=True,
                    )
                    last_print = now
            faulter.clear()
            before = progress(players, tables)
            await drive(players, tables, args.rate, args.settle)
            after = progress(players, tables)
            unmoved = [
                t
                for t in tables
                if t.channel.id in before and after.get(t.channel.id) == before[t.channel.id]
            ]
            end = await bot.stats()
            bench_cpu, bot_cpu = time.process_time() - bench_cpu0, bot.cpu()
            code = await bot.stop()
            checked = await asyncio.to_thread(audit, bot.database, src)
            short = await asyncio.to_thread(short_of_players, bot.database)
            waiting = [t for t in unmoved if t.channel.id in short]
            stalled = [
                describe(players, t, before[t.channel.id]) for t in unmoved if t not in waiting
            ]
            size = database_bytes(folder)
            if args.keep is not None:
                await asyncio.to_thread(shutil.copy, bot.database, args.keep)
                await asyncio.to_thread(shutil.copy, bot.log_file, args.keep.with_suffix(".log"))
            total_deals = sum(d for d, _ in after.values())
        finally:
            await fake.close()
    answered = [x.latency for x in players.samples if x.latency is not None]
    held = checked["balances"] + checked["stacks"] + checked["pots"] + checked["kitties"]
    return {
        "deals": deals,
        "seconds": time.monotonic() - began,
        "faults": dict(faulter.count),
        "kills": kills,
        "chips lost": checked["minted"] - checked["removed"] - held,
        "audit ok": checked["ok"],
        "tables stalled": len(stalled),
        "tables short of players": len(waiting),
        "SQLite KB per deal": size / 1024 / max(total_deals, 1),
        "stalled": stalled[:10],
        "rss MiB start": start.get("rss_kib", 0) / 1024,
        "rss MiB at mark": (marked or {}).get("rss_kib", 0) / 1024,
        "rss MiB end": end.get("rss_kib", 0) / 1024,
        "SQLite MiB start/mark/end": (
            start.get("sqlite_kib", 0) / 1024,
            (marked or {}).get("sqlite_kib", 0) / 1024,
            end.get("sqlite_kib", 0) / 1024,
        ),
        "objects start/mark/end": (
            start.get("gc_objects"),
            (marked or {}).get("gc_objects"),
            end.get("gc_objects"),
        ),
        "tasks end": end.get("tasks"),
        "top types at mark": (marked or {}).get("top_types"),
        "top types end": end.get("top_types"),
        "growth since mark": end.get("growth"),
        "view timeout tasks end": end.get("view_timeout_tasks"),
        "stop code": code,
        "player errors": dict(players.errors),
        "top-ups": players.top_ups,
        "answer latency p50/p90/p99 ms": tuple(
            round(percentile(answered, q) * 1000) for q in (0.5, 0.9, 0.99)
        ),
        "bench CPU s / bot CPU s (last process)": (round(bench_cpu), round(bot_cpu)),
        "answers": len(players.samples),
        "unanswered": sum(1 for s in players.samples if s.latency is None),
        "private replies": players.replies.most_common(8),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--mark", type=int, default=1_000, help="RSS noted after this many")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--guilds", type=int, default=5)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument(
        "--games", nargs="+", choices=["pontoon", "paiute", "palace"], help="default: all three"
    )
    parser.add_argument("--rate", type=float, default=60.0, help="player steps per second")
    parser.add_argument("--fault-every", type=float, default=2.0, help="seconds (0: none)")
    parser.add_argument("--kill-every", type=float, default=120.0, help="seconds (0: none)")
    parser.add_argument("--settle", type=float, default=20.0, help="fault-free seconds at end")
    parser.add_argument("--max-seconds", type=float, default=3600.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pictures", action="store_true", help="table pictures (off: embeds)")
    parser.add_argument("--trace-memory", action="store_true", help="tracemalloc in the bot")
    parser.add_argument(
        "--keep",
        type=Path,
        help="copy the database (and the bot's log beside it, .log) here at the end",
    )
    parser.add_argument("--src", type=Path, default=ROOT, help="the checkout whose bot runs")
    args = parser.parse_args()
    result = asyncio.run(soak(args))
    for key, value in result.items():
        print(f"{key:24} {value}")


if __name__ == "__main__":
    main()
