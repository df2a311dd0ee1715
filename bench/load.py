"""Many busy tables: the real bot in its own process, the fake Discord and the players in this.

    python -m bench.load --tables 100 --rate 50 --seconds 20 [--baseline DIR] [--runs 3]
    python -m bench.load --tables 500 --closed 32 --seconds 20   # saturation

N tables (the three games in turn) in G servers, every table dealt; then, for ``--seconds``
after ``--warmup``, players act at ``--rate`` steps per second in all (open loop: a table whose
player is still waiting for an answer is skipped), each step by the player the table message
says is to act, through its buttons and modals, **My cards** (``--cards`` of the time, and for
card choices) and slash commands (``--slash`` of the time; ``--mixes buttons,slash,mix``: each
of those shares in turn on the same seated tables, a warm-up and a measure each). Prints latency
p50/p90/p99/max of every answer, interactions/s, committed actions/s (the tables' action
counters), bot CPU ms per interaction and per action, bytes the bot wrote per action (WAL,
checkpoints, log), REST calls per action by kind (and the calls that upload a file, with their
KB), RSS, the longest GC pause, live view timeout tasks, and SQLite bytes per finished deal.
Catch-up: once the players stop, the seconds until every table message shows its table's state
("caught up s"), and the bot's record of how long table messages stayed behind their tables from
the measure's start ("behind": p50, p99, longest, how many stretches were over 5 s, and the
longest one still open when read): every action was on its table's message within the longest.

``--threads``: each table opens in a thread of its channel (a server's default). A server
holds 50 open tables by default: ``--guilds`` at least ``--tables`` / 50 (a refused opening is
counted in ``errors``). Last it prints the global budget per kind: calls per action against
Discord's global limit by kind, and the actions/s the bot's 48/s then carries.

``--baseline DIR``: a checkout of the code to compare (``git archive <commit> | tar -x -C
DIR``): its bot runs the same load in turn with this tree's, ``--runs`` times each (which goes
first alternates: use an even ``--runs``), and the medians are printed side by side. The fake
checks no request bodies here (see ``bench/_harness.py``); ``--validate`` turns that back on.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import sqlite3
import tempfile
import time
from collections import Counter
from math import nan
from pathlib import Path
from typing import Any

from bench._bot_process import ROOT, BotProcess
from bench._call_kinds import call_kind
from bench._capacity import floor_lines, own_cpu
from bench._harness import (
    Players,
    Table,
    build_world,
    components,
    no_request_validation,
    percentile,
)
from bench._load_report import print_run, show, show_budget
from sandbox.fake import FakeDiscord


def counters(players: Players, tables: list[Table]) -> dict[int, tuple[int, int]]:
    """Each table's (deal, action counter) as its message shows them now."""
    seen: dict[int, tuple[int, int]] = {}
    for table in tables:
        message = players.table_message(table)
        if message is None:
            continue
        for c in components(message):
            parts = str(c["custom_id"]).split(":")
            seen[table.channel.id] = (int(parts[3]), int(parts[4]))
            break
    return seen


def bytes_by_object(folder: Path) -> dict[str, int]:
    """Bytes of each table and index in the bench database (SQLite's ``dbstat``: whole
    pages, after a checkpoint), the small ones together as ``other``."""
    with contextlib.closing(sqlite3.connect(folder / "bench.db")) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        rows = db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()
    out: Counter[str] = Counter()
    for name, size in rows:
        out[name if size >= 64 * 1024 else "other"] += int(size)
    return dict(out)


def database_bytes(folder: Path) -> int:
    """The bench database's size with its WAL."""
    return sum(p.stat().st_size for p in folder.glob("bench.db*") if p.is_file())


async def drive(players: Players, tables: list[Table], rate: float, seconds: float) -> None:
    """Open loop: one step every ``1/rate`` s at a random table not already busy."""
    busy: set[int] = set()
    running: set[asyncio.Task[Any]] = set()
    rng = tables[0].rng
    loop = asyncio.get_running_loop()
    start = loop.time()
    n = 0

    async def one(table: Table) -> None:
        try:
            await players.step(table)
        finally:
            busy.discard(table.channel.id)

    while loop.time() - start < seconds:
        n += 1
        due = start + n / rate
        delay = due - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        idle = [t for t in rng.sample(tables, min(8, len(tables))) if t.channel.id not in busy]
        if not idle:
            continue
        table = idle[0]
        busy.add(table.channel.id)
        task = asyncio.create_task(one(table))
        running.add(task)
        task.add_done_callback(running.discard)
    if running:
        await asyncio.wait(running, timeout=10)


async def saturate(players: Players, tables: list[Table], workers: int, seconds: float) -> None:
    """Closed loop: ``workers`` players each step a random idle table as soon as their last
    step is answered, for ``seconds``: the bot's throughput when nothing waits on a clock."""
    busy: set[int] = set()
    rng = tables[0].rng
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds

    async def worker() -> None:
        while loop.time() < end:
            idle = [t for t in rng.sample(tables, min(8, len(tables))) if t.channel.id not in busy]
            if not idle:
                await asyncio.sleep(0)
                continue
            table = idle[0]
            busy.add(table.channel.id)
            try:
                await players.step(table)
            finally:
                busy.discard(table.channel.id)

    await asyncio.wait(
        [asyncio.create_task(worker()) for _ in range(workers)], timeout=seconds + 10
    )


async def load(
    args: argparse.Namespace, players: Players, tables: list[Table], seconds: float
) -> None:
    """The load the arguments ask for: closed loop with ``--closed`` workers, else open loop."""
    if args.closed:
        await saturate(players, tables, args.closed, seconds)
    else:
        await drive(players, tables, args.rate, seconds)


async def catch_up(bot: BotProcess, within: float = 30.0) -> tuple[float, float]:
    """Once the players stop: seconds until every table message shows its table's latest
    state, and how many were behind then (NaN: the bot does not say)."""
    began = time.monotonic()
    first: float | None = None
    while time.monotonic() - began < within:
        behind = (await bot.stats(light=True)).get("tables_behind")
        if behind is None:
            return nan, nan
        first = behind if first is None else first
        if behind == 0:
            return time.monotonic() - began, first
        await asyncio.sleep(0.1)
    return nan, first if first is not None else nan


MIXES = {"buttons": 0.0, "slash": 1.0, "mix": 0.2}
"""``--mixes``: the share of steps typed as slash commands in each."""


async def run_once(
    args: argparse.Namespace, src: Path, profile: Path | None
) -> dict[str, dict[str, Any]]:
    """One fresh world and bot, seated; then per mix (``--mixes``, else ``--slash`` alone,
    named ""), warmed up and measured on the same tables, one after another."""
    if not args.validate:
        no_request_validation()
    shares = [(m, MIXES[m]) for m in args.mixes.split(",")] if args.mixes else [("", args.slash)]
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="parlour-load-") as folder:
        fake = FakeDiscord(answer_limit=3.0, rate_limits=args.rate_limits)
        await fake.start()
        try:
            tables = build_world(fake, args.tables, args.guilds, args.seats, threads=args.threads)
            bot = BotProcess(
                fake,
                Path(folder),
                tables[0].guild,
                src=src,
                pictures=args.pictures,
                profile=profile,
                garbage=args.garbage,
            )
            bot.start()
            try:
                await bot.ready(tables[0].host, tables[0].guild.channels[0])
                players = Players(fake, slash_share=shares[0][1], cards_share=args.cards)
                gate = asyncio.Semaphore(8)

                async def seat(table: Table) -> None:
                    async with gate:
                        await players.seat(table)

                await asyncio.gather(*(seat(t) for t in tables))
                for mix, share in shares:
                    players.slash_share = share
                    results[mix] = await phase(args, fake, bot, players, tables)
                rss = bot.rss_mib()
            finally:
                code = await bot.stop()
            size = database_bytes(Path(folder))
            objects = bytes_by_object(Path(folder))
        finally:
            await fake.close()
    deals_total = max(r.pop("deals total") for r in results.values())
    for result in results.values():
        result.update(
            {
                "rss MiB": rss,
                "SQLite KB/deal": size / 1024 / max(deals_total, 1),
                **{
                    f"KB/deal {name}": b / 1024 / max(deals_total, 1)
                    for name, b in sorted(objects.items(), key=lambda kv: -kv[1])
                },
                "stop code": code,
            }
        )
    return results


def since(now: dict[str, Any], then: dict[str, Any], key: str) -> dict[str, float]:
    """The counters under ``key`` in ``now`` less those in ``then`` (the bot counts from its
    start; a phase wants its own)."""
    earlier = then.get(key, {})
    return {k: v - earlier.get(k, 0) for k, v in now.get(key, {}).items()}


async def phase(
    args: argparse.Namespace,
    fake: FakeDiscord,
    bot: BotProcess,
    players: Players,
    tables: list[Table],
) -> dict[str, Any]:
    """Warm up, measure ``--seconds`` of load, wait for the tables to catch up, and tell
    what the bot and the fake say of the measured part."""
    await load(args, players, tables, args.warmup)
    players.samples.clear()
    players.replies.clear()
    bot.reset_gc()
    before = counters(players, tables)
    start = await bot.stats(light=True)  # the counters below are the bot's since it started
    threads0 = start.get("thread_cpu", {})
    calls0, cpu0, t0 = len(fake.log.calls), bot.cpu(), time.monotonic()
    harness0 = own_cpu()
    written0 = bot.written()
    await load(args, players, tables, args.seconds)
    elapsed = time.monotonic() - t0
    cpu = bot.cpu() - cpu0
    harness = own_cpu() - harness0
    threads = (await bot.stats(light=True)).get("thread_cpu", {})
    written = bot.written() - written0
    calls = fake.log.calls[calls0:]
    caught_up, behind_at_end = await catch_up(bot)
    after = counters(players, tables)
    # the census and a forced full collection take seconds at 1000 tables
    stats = await bot.stats(within=60.0)
    dm = {c.id for c in fake.world.dm_channels.values()}
    messages = fake.world.messages
    kinds = Counter(call_kind(c.method, c.route, c.path, dm, c.body, messages) for c in calls)
    refused = Counter(
        call_kind(c.method, c.route, c.path, dm, c.body, messages) for c in calls if c.status == 429
    )
    uploads: Counter[str] = Counter()
    uploaded: Counter[str] = Counter()
    for c in calls:
        sizes = c.body.get("_sizes") if isinstance(c.body, dict) else None
        if sizes:
            kind = call_kind(c.method, c.route, c.path, dm, c.body, messages)
            uploads[kind] += 1
            uploaded[kind] += sum(sizes.values())
    global_calls = sum(n for k, n in kinds.items() if not k.endswith("(exempt)"))
    actions = sum(after[k][1] - before[k][1] for k in after if k in before)
    deals = sum(after[k][0] - before[k][0] for k in after if k in before)
    answered = [s.latency for s in players.samples if s.latency is not None]
    n = len(players.samples)
    return {
        "p50": percentile(answered, 0.5) * 1000,
        "p90": percentile(answered, 0.9) * 1000,
        "p99": percentile(answered, 0.99) * 1000,
        "max": max(answered, default=float("nan")) * 1000,
        "unanswered": n - len(answered),
        **{
            f"p99 {kind}": percentile(
                [s.latency for s in players.samples if s.kind == kind and s.latency is not None],
                0.99,
            )
            * 1000
            for kind in ("button", "modal", "select", "cards", "slash")
        },
        "interactions/s": n / elapsed,
        "actions/s": actions / elapsed,
        "cpu ms/interaction": cpu * 1000 / max(n, 1),
        "cpu ms/action": cpu * 1000 / max(actions, 1),
        "cpu share": cpu / elapsed,
        # the bench's own process: the fake Discord and the players, on the same cores
        "harness cpu ms/action": harness * 1000 / max(actions, 1),
        "harness cpu share": harness / elapsed,
        # by thread: the event loop, the executor (pictures), aiosqlite's, the heartbeat
        **{
            f"cpu ms/interaction {name}": (seconds - threads0.get(name, 0.0)) * 1000 / max(n, 1)
            for name, seconds in sorted(threads.items())
        },
        # the event loop's thread alone: one process's loop runs on one core however many
        # there are (the floor line's second half)
        "loop cpu ms/action": (threads.get("MainThread", nan) - threads0.get("MainThread", 0.0))
        * 1000
        / max(actions, 1),
        "bytes written/action": written / max(actions, 1),
        "deals": deals,
        "deals total": sum(d for d, _c in after.values()),
        "gc max ms": stats.get("gc_longest_ms", float("nan")),
        "gc max CPU ms": stats.get("gc_longest_cpu_ms", float("nan")),
        **{
            f"gc max ms gen {g}": ms
            for g, ms in enumerate(stats.get("gc_longest_ms_by_generation", []))
        },
        "gc total ms": stats.get("gc_total_ms", float("nan")),
        **{f"gc longest {k}": v for k, v in stats.get("gc_longest_what", {}).items()},
        "gc objects": stats.get("gc_objects", 0),
        "gc objects/table": stats.get("gc_objects", 0) / max(len(tables), 1),
        "gc frozen": stats.get("gc_frozen", 0),
        "gc full": stats.get("gc_full", 0),
        "gc collections": stats.get("gc_collections", 0),
        "gc forced full ms": stats.get("gc_forced_full_ms", -1.0),
        "gc forced full CPU ms": stats.get("gc_forced_full_cpu_ms", -1.0),
        "gc forced full walked": stats.get("gc_forced_full_walked", -1.0),
        "gc top types": stats.get("top_types", []),
        "gc objects by owner": stats.get("gc_owners", []),
        "view timeout tasks": stats.get("view_timeout_tasks", 0),
        "tasks": stats.get("tasks", 0),
        "garbage objects": stats.get("garbage", 0),
        "garbage types": stats.get("garbage_types", []),
        "errors": dict(players.errors),
        "replies": players.replies.most_common(8),
        **{f"calls/action {k}": v / max(actions, 1) for k, v in sorted(kinds.items())},
        # the files sent (the pictures): calls that upload one, and what they upload
        **{f"uploads/action {k}": v / max(actions, 1) for k, v in sorted(uploads.items())},
        **{
            f"upload KB/action {k}": v / 1024 / max(actions, 1) for k, v in sorted(uploaded.items())
        },
        **{
            f"global/action {k}": v / max(actions, 1)
            for k, v in sorted(kinds.items())
            if not k.endswith("(exempt)")
        },
        "global calls/action": global_calls / max(actions, 1),
        "global calls/s": global_calls / elapsed,
        "429s": sum(refused.values()),
        **{f"429s {k}": v for k, v in sorted(refused.items())},
        "caught up s": caught_up,
        "tables behind at the end": behind_at_end,
        # how long table messages stayed behind their tables, from the measure's start until
        # every one caught up (the bot's record; a stretch still open counts as it is then)
        **{f"behind {k}": v for k, v in stats.get("catch_up", {}).items()},
        # turn pings and the budget's requests of this phase (with --mixes, not the earlier ones)
        **{f"pings {k}": v for k, v in sorted(since(stats, start, "pings").items())},
        **{
            f"budget {what} {p}": n
            for what in ("sent", "waited")
            for p, n in since(
                stats.get("global_budget", {}), start.get("global_budget", {}), what
            ).items()
        },
        # a maximum since the bot started (a phase cannot subtract it)
        "budget longest wait s": stats.get("global_budget", {}).get("longest_wait_s", nan),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--guilds", type=int, default=5)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--rate", type=float, default=50.0, help="player steps per second")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument(
        "--closed",
        type=int,
        default=0,
        help="closed loop (saturation): this many players step as fast as answered; --rate unused",
    )
    parser.add_argument("--slash", type=float, default=0.2, help="share of steps typed")
    parser.add_argument(
        "--mixes",
        default="",
        help=f"measure each of these mixes ({','.join(MIXES)}) in turn on the same seated "
        "tables (instead of --slash): one seating per run",
    )
    parser.add_argument("--cards", type=float, default=0.15, help="share of looks at My cards")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument(
        "--target", type=float, default=125.0, help="actions/s of the CPU floor line (issue 27)"
    )
    parser.add_argument("--baseline", type=Path, help="a checkout to compare against")
    parser.add_argument("--pictures", action="store_true", help="table pictures (off: embeds)")
    parser.add_argument(
        "--threads", action="store_true", help="tables in threads (a server's default)"
    )
    parser.add_argument("--rate-limits", action="store_true", help="the fake's rate limits on")
    parser.add_argument("--validate", action="store_true", help="the fake checks every body")
    parser.add_argument(
        "--garbage", action="store_true", help="what the bot's collector frees, by type (slow)"
    )
    parser.add_argument("--profile", type=Path, help="cProfile the bot: write stats here")
    parser.add_argument(
        "--census", action="store_true", help="the collector's objects by owner (slow: ~1 min)"
    )
    parser.add_argument(
        "--full-collect",
        action="store_true",
        help="a full collection in the bot as the measure starts, one timed at its end",
    )
    parser.add_argument(
        "--allow-429", action="store_true", help="exit 0 even if a run drew 429s (flagged)"
    )
    args = parser.parse_args()
    if unknown := set(filter(None, args.mixes.split(","))) - set(MIXES):
        parser.error(f"unknown mixes {sorted(unknown)}: pick from {','.join(MIXES)}")
    if args.full_collect:  # the bot processes inherit the environment
        os.environ["BENCH_FULL_COLLECT"] = "1"
    if args.census:
        os.environ["BENCH_CENSUS"] = "1"
    codes = {"this tree": ROOT}
    if args.baseline is not None:
        codes = {"baseline": args.baseline.resolve(), **codes}
    print(
        f"{args.tables} tables in {args.guilds} servers, {args.seats} seats, {args.rate}/s "
        f"{f' closed loop x{args.closed}' if args.closed else ''} "
        f"for {args.seconds}s after {args.warmup}s, "
        f"{f'mixes {args.mixes}' if args.mixes else f'slash {args.slash}'}, cards {args.cards}, "
        f"pictures {args.pictures}, threads {args.threads}, rate limits {args.rate_limits}, "
        f"validation {args.validate}"
    )
    mixes = args.mixes.split(",") if args.mixes else [""]
    results: dict[str, list[dict[str, Any]]] = {
        f"{name} {mix}".strip(): [] for name in codes for mix in mixes
    }
    for run in range(args.runs):
        # the second code of a pair measured 12-18% more CPU per action than the first with
        # the same code in both (this tree against a copy of itself, pictures off): the order
        # alternates, and each run starts from a collected bench process
        order = list(codes.items())
        for name, src in order[::-1] if run % 2 else order:
            gc.collect()
            profile = None
            if args.profile is not None:
                profile = args.profile.with_name(f"{args.profile.stem}-{name.replace(' ', '_')}")
            for mix, result in asyncio.run(run_once(args, src, profile)).items():
                results[f"{name} {mix}".strip()].append(result)
                print_run(f"run {run + 1} {name} {mix}".strip(), result)
    show(results)
    show_budget(results)
    print("\n".join(floor_lines(results, args.target)))
    flagged = {name: [r["429s"] for r in runs] for name, runs in results.items()}
    if any(n for counts in flagged.values() for n in counts):
        print(f"FLAGGED: 429s in a run (per code, per run): {flagged}")
        if not args.allow_429:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
