"""The bot under a bench, in its own process: ``python -m bot``'s own entry point
(``bot.__main__._connect``: the production factory, signals and clean stop) pointed at a fake
Discord on 127.0.0.1 that runs in the bench's process.

Run as a script (``python bench/_botproc.py``) so ``PYTHONPATH`` picks which checkout's ``bot``
runs: the bench measures a baseline commit and the working tree side by side with one driver.

What only a process can tell about itself it writes as one JSON object to ``--stats`` on
SIGUSR1: CPU seconds, RSS, the longest garbage-collector pause, live tasks and views; only the
cheap part (CPU by thread, budgets, tables behind) while ``--stats`` with the suffix
``.light`` exists (a poll: walking every object costs the loop ~0.1-0.3 s each time). SIGUSR2
resets the pause record and the tables' catch-up record (a phase starts). SIGTERM stops the
bot cleanly (its own handler); ``--profile FILE`` writes cProfile's stats there at the stop
(from the last SIGUSR2 on: the measured phase).
"""

from __future__ import annotations

import _sqlite3
import argparse
import asyncio
import cProfile
import ctypes
import gc
import json
import logging
import os
import re
import signal
import sys
import threading
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

import discord.http
import yarl
from discord.gateway import DiscordWebSocket


class GcWatch:
    """The collector's pauses, through ``gc.callbacks``."""

    def __init__(self) -> None:
        self.started = self.started_cpu = 0.0
        self.longest = 0.0
        self.longest_cpu = 0.0
        """The longest pause in CPU time (this thread's): a wall-clock pause much longer than
        it was the process waiting for a core, not the collector working."""
        self.longest_by_generation = [0.0, 0.0, 0.0]
        self.total = 0.0
        self.count = 0
        self.full = 0
        self.young = (0, 0, 0)
        self.longest_what: dict[str, int] = {}
        """The longest pause's generation, the generations' counts as it started, and what it
        freed: a pause that freed most of what it walked is short-lived garbage in cycles."""
        gc.callbacks.append(self.callback)

    def callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
            self.started_cpu = time.thread_time()
            self.young = gc.get_count()
            return
        pause = time.perf_counter() - self.started
        if pause > self.longest:
            self.longest_what = {
                "generation": int(info.get("generation", 0)),
                "count0": self.young[0],
                "count1": self.young[1],
                "collected": int(info.get("collected", 0)),
            }
        self.longest = max(self.longest, pause)
        self.longest_cpu = max(self.longest_cpu, time.thread_time() - self.started_cpu)
        generation = int(info.get("generation", 0))
        self.longest_by_generation[generation] = max(self.longest_by_generation[generation], pause)
        self.total += pause
        self.count += 1
        self.full += generation == 2

    def reset(self) -> None:
        self.longest = self.total = self.longest_cpu = 0.0
        self.longest_by_generation = [0.0, 0.0, 0.0]
        self.count = self.full = 0
        self.longest_what = {}


def task_kind(task: asyncio.Task[Any]) -> str:
    """What a task runs (for a view's timeout: which view)."""
    coro = task.get_coro()
    name = str(getattr(coro, "__qualname__", "?"))
    frame = getattr(coro, "cr_frame", None)
    owner = frame.f_locals.get("self") if frame is not None else None
    return f"{name} of {type(owner).__name__}" if "timeout" in name and owner else name


def sqlite_kib() -> int:
    """What SQLite holds (its page cache most of all): ``sqlite3_memory_used``."""
    try:
        lib = ctypes.CDLL(_sqlite3.__file__)
    except OSError:
        return -1
    used = lib.sqlite3_memory_used
    used.restype = ctypes.c_int64
    return int(used()) // 1024


def rss_kib() -> int:
    """Resident memory now (``VmRSS``), KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def thread_cpu() -> dict[str, float]:
    """CPU seconds of each live thread so far (``/proc``), by name: the event loop
    (``MainThread``), the loop's executor (``asyncio``: the pictures), aiosqlite's
    (``_connection_worker_thread``), discord.py's heartbeat."""
    ticks: Counter[str] = Counter()
    tick = os.sysconf("SC_CLK_TCK")
    for thread in threading.enumerate():
        try:
            stat = Path(f"/proc/self/task/{thread.native_id}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        name = re.sub(r"^Thread-\d+ \((.*)\)$", r"\1", re.sub(r"_\d+$", "", thread.name))
        ticks[name] += int(fields[11]) + int(fields[12])
    return {name: n / tick for name, n in ticks.items()}


CENSUS_PATHS = ("", "desk", "tables", "_connection", "desk.publisher", "desk.pings")
"""What holds the objects a full collection walks: the roots under the bot whose attributes
``owners`` counts (missing ones are skipped). An object reachable from two attributes counts
under both; a frozen object stops the walk."""


def reachable(start: object, live: set[int]) -> int:
    """Objects in ``live`` (ids) reachable from ``start`` through ``live`` objects only."""
    seen: set[int] = set()
    todo = [start]
    while todo:
        item = todo.pop()
        for ref in gc.get_referents(item):
            key = id(ref)
            if key in live and key not in seen:
                seen.add(key)
                todo.append(ref)
    return len(seen)


def attributes(thing: object) -> dict[str, Any]:
    """An object's attributes, from its ``__dict__`` and its ``__slots__``."""
    out: dict[str, Any] = dict(getattr(thing, "__dict__", {}))
    for klass in type(thing).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if name not in out and hasattr(thing, name):
                out[name] = getattr(thing, name)
    return out


def owners(bot: object, top: int = 20) -> list[tuple[str, int]]:
    """The attributes under ``CENSUS_PATHS`` whose reachable, unfrozen objects are most."""
    live = {id(o) for o in gc.get_objects()}
    counts: dict[str, int] = {}
    for path in CENSUS_PATHS:
        root: Any = bot
        for part in filter(None, path.split(".")):
            root = getattr(root, part, None)
        if root is None:
            continue
        for name, value in attributes(root).items():
            if id(value) in live or gc.is_tracked(value):
                label = f"{path}.{name}" if path else name
                counts[label] = reachable(value, live) + (id(value) in live)
    return sorted(counts.items(), key=lambda kv: -kv[1])[:top]


def budget_stats(bot: Any) -> dict[str, Any]:
    """What the bot's budgets say (a tree without them says nothing)."""
    out: dict[str, Any] = {}
    budget = getattr(bot, "global_budget", None)
    if budget is not None:
        out["global_budget"] = budget.stats()
    desk = getattr(bot, "desk", None)
    if desk is not None:
        out["pings"] = dict(getattr(desk.pings, "sent", {}))
        lagging = getattr(desk.publisher, "lagging", None)
        if lagging is not None:
            out["tables_behind"] = lagging
        lag_stats = getattr(desk.publisher, "lag_stats", None)
        if lag_stats is not None:  # how long table messages stayed behind
            out["catch_up"] = lag_stats()
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", required=True, help="the fake's REST base URL")
    parser.add_argument("--gateway", required=True, help="the fake's gateway URL")
    parser.add_argument("--token", required=True)
    parser.add_argument("--database", type=Path, required=True)
    parser.add_argument("--guild", type=int, required=True, help="the guild to sync commands to")
    parser.add_argument("--stats", type=Path, required=True)
    parser.add_argument("--pictures", action="store_true")
    parser.add_argument("--profile", type=Path)
    parser.add_argument(
        "--trace-memory", action="store_true", help="tracemalloc: growth since SIGUSR2 by line"
    )
    parser.add_argument(
        "--garbage",
        action="store_true",
        help="keep what the collector frees after SIGUSR2 (gc.DEBUG_SAVEALL): cycles by type",
    )
    args = parser.parse_args(argv)

    discord.http.Route.BASE = args.base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)

    import bot.__main__ as entry
    from bot.client import Parlour
    from bot.factory import BotConfig
    from bot.log import setup_logging

    pictures = bool(args.pictures)
    built: list[Parlour] = []

    def build(config: BotConfig) -> Parlour:
        built.append(Parlour(config, pictures=pictures))
        return built[-1]

    entry.BOT_FACTORY = build
    setup_logging("WARNING")
    logging.getLogger("bot.client").setLevel(logging.INFO)  # "Resumed N open tables"
    logging.getLogger("bot").setLevel(logging.INFO)  # "Stopped cleanly"
    watch = GcWatch()
    born = time.monotonic()
    traced: list[tracemalloc.Snapshot] = []
    if args.trace_memory:
        tracemalloc.start(8)

    # BENCH_PROFILE_CPU=1: the loop thread's CPU time, not the wall clock (a wait for the
    # socket or the GIL then costs nothing)
    timer = time.thread_time if os.environ.get("BENCH_PROFILE_CPU") else time.perf_counter
    profiles: list[cProfile.Profile] = []
    # BENCH_FULL_COLLECT=1: a full collection as a phase starts (not counted) and one timed at
    # the full dump: what a full collection costs after the phase, over every
    # object the tables hold
    forced = bool(os.environ.get("BENCH_FULL_COLLECT"))

    def mark() -> None:
        if forced:
            gc.collect()
        watch.reset()
        publisher = getattr(getattr(built[-1], "desk", None), "publisher", None) if built else None
        lags = getattr(publisher, "lags", None)
        if lags is not None:  # the catch-up record covers the measured phase
            lags.reset()
        if profiles:  # the profile covers the measured phase, not the seating before it
            profiles[0].disable()
            profiles[0] = cProfile.Profile(timer)
            profiles[0].enable()
        if args.garbage:
            gc.garbage.clear()
            gc.set_debug(gc.DEBUG_SAVEALL)
        if args.trace_memory:
            traced[:] = [tracemalloc.take_snapshot()]

    def growth() -> list[str]:
        if not tracemalloc.is_tracing():
            return []
        if not traced:  # no phase marked: what is allocated now, by file
            held = tracemalloc.take_snapshot().filter_traces(
                [tracemalloc.Filter(False, tracemalloc.__file__)]
            )
            return [
                f"{s.size / 1024:.0f} KiB {s.count} blocks: {s.traceback[0].filename}"
                for s in held.statistics("filename")[:25]
            ]
        now = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__)]
        )
        top = now.compare_to(traced[0], "traceback")[:8]
        return [
            f"{s.size_diff / 1024:+.0f} KiB {s.count_diff:+d} blocks: "
            + " < ".join(f"{f.filename.rsplit('/', 2)[-1]}:{f.lineno}" for f in s.traceback[:4])
            for s in top
        ]

    def dump(_signum: int, _frame: FrameType | None) -> None:
        """The stats the bench asked for, outside the profile (the census walks every object:
        it is the bench's work, not the bot's)."""
        if profiles:
            profiles[0].disable()
        try:
            take_stats()
        finally:
            if profiles:
                profiles[0].enable()

    def take_stats() -> None:
        if args.stats.with_suffix(".light").exists():  # polled: only what is cheap to tell
            light = {"cpu": time.process_time(), "thread_cpu": thread_cpu()}
            light.update(budget_stats(built[-1]) if built else {})
            write(light)
            return
        live = gc.get_objects()  # the collector's objects, the frozen ones left out
        views = 0
        task_kinds: list[tuple[str, int]] = []
        try:
            loop = asyncio.get_running_loop()
            task_kinds = Counter(task_kind(t) for t in asyncio.all_tasks(loop)).most_common(8)
            tasks = len(asyncio.all_tasks(loop))
            views = sum(
                1 for t in asyncio.all_tasks(loop) if "timeout_task_impl" in repr(t.get_coro())
            )
        except RuntimeError:
            tasks = 0
        stats = {
            "cpu": time.process_time(),
            "thread_cpu": thread_cpu(),
            "rss_kib": rss_kib(),
            "sqlite_kib": sqlite_kib(),
            "gc_longest_ms": watch.longest * 1000,
            "gc_longest_cpu_ms": watch.longest_cpu * 1000,
            "gc_longest_ms_by_generation": [t * 1000 for t in watch.longest_by_generation],
            "gc_total_ms": watch.total * 1000,
            "gc_longest_what": watch.longest_what,
            "gc_collections": watch.count,
            "gc_full": watch.full,
            "gc_objects": len(live),
            "top_types": Counter(type(o).__qualname__ for o in live).most_common(20),
            "gc_frozen": gc.get_freeze_count(),
            # BENCH_CENSUS=1 only: at 1000 tables its walks took the dump past a minute
            "gc_owners": owners(built[-1]) if built and os.environ.get("BENCH_CENSUS") else [],
            "tasks": tasks,
            "task_kinds": task_kinds,
            "view_timeout_tasks": views,
            "uptime": time.monotonic() - born,
            "growth": growth(),
            "garbage": len(gc.garbage),
            "garbage_types": Counter(type(o).__qualname__ for o in gc.garbage).most_common(25),
        }
        if built:  # the global budget by priority, turn pings by way, tables behind
            stats.update(budget_stats(built[-1]))
        if forced:  # after the census and the pause record: neither counts it
            del live
            stats["gc_forced_full_walked"] = len(gc.get_objects())
            began, began_cpu = time.perf_counter(), time.thread_time()
            gc.collect()
            stats["gc_forced_full_ms"] = (time.perf_counter() - began) * 1000
            stats["gc_forced_full_cpu_ms"] = (time.thread_time() - began_cpu) * 1000
        write(stats)

    def write(stats: dict[str, Any]) -> None:
        tmp = args.stats.with_suffix(".tmp")
        tmp.write_text(json.dumps(stats))
        tmp.replace(args.stats)

    def orphaned(parent: int = os.getppid()) -> None:
        """The bench that started this process is gone: stop cleanly, as on SIGTERM."""
        while os.getppid() == parent:
            time.sleep(1)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=orphaned, name="orphan-watch", daemon=True).start()
    signal.signal(signal.SIGUSR1, dump)
    signal.signal(signal.SIGUSR2, lambda _s, _f: mark())
    # as ``python -m bot`` runs it (a baseline checkout may predate the field)
    frozen: dict[str, Any] = (
        {"freeze_heap": True} if "freeze_heap" in BotConfig.__dataclass_fields__ else {}
    )
    config = BotConfig(args.database, dev_guild_id=args.guild, guild_ready_timeout=0.05, **frozen)
    # BENCH_PROFILE_CPU=1: the loop thread's CPU time, not the wall clock (a wait for the
    # socket or the GIL then costs nothing)
    if args.profile:
        profiles.append(cProfile.Profile(timer))
        profiles[0].enable()
    try:
        return asyncio.run(entry._connect(args.token, config))
    finally:
        if profiles:
            profiles[0].disable()
            profiles[0].dump_stats(str(args.profile))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
