"""A restart with many open tables: how long until every table is back, and at what cost.

    python -m bench.startup --tables 500 [--baseline DIR] [--runs 3]

Opens ``--tables`` tables through the real bot (its own process, the fake Discord in this one),
every one dealt, and stops the bot cleanly. Then, on a fresh copy of that database each time, it
starts the bot (this tree's, and ``--baseline``'s in turn) and prints: seconds from the process
start until it logged every table resumed in memory (timers armed, buttons working), until it
answered a command, and until every table message said it was back; the REST calls of the
restart by kind (until the last table was told, or ``--wait`` seconds), the requests per table,
and the RSS then. Medians of ``--runs``.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench._bot_process import ROOT, BotProcess
from bench._call_kinds import call_kind
from bench._harness import Players, Table, build_world
from bench._harness import no_request_validation as fast_fake
from sandbox.fake import FakeDiscord


async def seat_all(fake: FakeDiscord, folder: Path, tables: list[Table], src: Path) -> int:
    """Open and deal every table with the bot of ``src``; returns how many were dealt."""
    bot = BotProcess(fake, folder, tables[0].guild, src=src)
    bot.start()
    try:
        await bot.ready(tables[0].host, tables[0].guild.channels[0])
        players = Players(fake)
        gate = asyncio.Semaphore(8)

        async def seat(table: Table) -> bool:
            async with gate:
                return await players.seat(table)

        dealt = sum(await asyncio.gather(*(seat(t) for t in tables)))
    finally:
        await bot.stop()
    return dealt


def copy_database(source: Path, folder: Path) -> None:
    folder.mkdir()
    for path in source.glob("bench.db*"):
        shutil.copy(path, folder / path.name)


def line_seen(log: Path, start: int, text: str) -> bool:
    return text in log.read_bytes()[start:].decode(errors="replace")


async def restart(
    fake: FakeDiscord,
    folder: Path,
    source: Path,
    tables: list[Table],
    src: Path,
    wait: float,
    trace: bool = False,
) -> dict[str, Any]:
    """One start of the bot on a copy of ``source``'s database."""
    await asyncio.to_thread(copy_database, source, folder)
    calls0 = len(fake.log.calls)
    bot = BotProcess(fake, folder, tables[0].guild, src=src, trace_memory=trace)
    bot.start()
    resumed = answered = told = float("nan")
    try:
        end = time.monotonic() + wait
        while time.monotonic() < end and resumed != resumed:
            bot.check()
            if bot.log_file.exists() and line_seen(bot.log_file, 0, "open tables"):
                resumed = time.monotonic() - bot.started
            await asyncio.sleep(0.01)
        answered = await bot.ready(tables[0].host, tables[0].guild.channels[0])
        pending = {t.message_id for t in tables if t.message_id is not None}
        seen = calls0
        while pending and time.monotonic() < end:
            for call in fake.log.calls[seen:]:
                parts = call.path.split("/")
                if call.method == "PATCH" and len(parts) == 5 and parts[3] == "messages":
                    pending.discard(int(parts[4]))
            seen = len(fake.log.calls)
            if pending:
                await asyncio.sleep(0.02)
        if not pending:
            told = time.monotonic() - bot.started
        rss = bot.rss_mib()
        stats = await bot.stats(within=60.0 if trace else 2.0)
        calls = fake.log.calls[calls0:]
    finally:
        await bot.stop()
    dm = {c.id for c in fake.world.dm_channels.values()}
    kinds = Counter(call_kind(c.method, c.route, c.path, dm) for c in calls)
    kinds.pop("commands", None)  # the command sync of a dev guild, not the restart's
    kinds.pop("answer (exempt)", None)  # the bench's own probe command
    refused = sum(1 for c in calls if c.status == 429)
    return {
        "resumed in memory s": resumed,
        "answers a command s": answered,
        "every table told s": told,
        "requests": sum(kinds.values()),
        "requests per table": sum(kinds.values()) / len(tables),
        "429s": refused,
        "rss MiB": rss,
        "gc objects": stats.get("gc_objects", 0),
        "gc frozen": stats.get("gc_frozen", 0),
        "top types": stats.get("top_types", []),
        "memory by file": stats.get("growth", []),
        **{f"requests {k}": v for k, v in sorted(kinds.items())},
    }


async def main_async(args: argparse.Namespace) -> dict[str, list[dict[str, Any]]]:
    fast_fake()
    codes = {"this tree": ROOT}
    if args.baseline is not None:
        codes = {"baseline": args.baseline.resolve(), **codes}
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in codes}
    with tempfile.TemporaryDirectory(prefix="parlour-startup-") as tmp:
        root = Path(tmp)
        fake = FakeDiscord(answer_limit=3.0, rate_limits=args.rate_limits)
        await fake.start()
        try:
            tables = build_world(fake, args.tables, args.guilds, args.seats)
            seeded = root / "seeded"
            seeded.mkdir()
            began = time.monotonic()
            # the oldest code writes the tables: a newer one reads older snapshots, not the
            # other way round
            dealt = await seat_all(fake, seeded, tables, next(iter(codes.values())))
            print(f"{dealt} of {len(tables)} tables dealt in {time.monotonic() - began:.0f} s")
            players = Players(fake)
            for table in tables:
                players.table_message(table)
            for run in range(args.runs):
                for name, src in codes.items():
                    folder = root / f"{name.replace(' ', '_')}-{run}"
                    result = await restart(
                        fake, folder, seeded, tables, src, args.wait, args.trace_memory
                    )
                    results[name].append(result)
                    print(f"run {run + 1} {name}: {result}", flush=True)
        finally:
            await fake.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--guilds", type=int, default=25)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--wait", type=float, default=120.0, help="give up after (s)")
    parser.add_argument("--baseline", type=Path, help="a checkout to compare against")
    parser.add_argument("--rate-limits", action="store_true", help="the fake's rate limits on")
    parser.add_argument(
        "--trace-memory", action="store_true", help="tracemalloc in the bot: memory by file"
    )
    args = parser.parse_args()
    results = asyncio.run(main_async(args))
    names = list(results)
    keys: list[str] = []
    for runs in results.values():
        for run in runs:
            keys += [k for k in run if k not in keys]
    print(f"{'median of runs':28}" + "".join(f"{n:>14}" for n in names))
    other: list[str] = []
    for key in keys:
        cells = []
        for name in names:
            values = [r.get(key, 0) for r in results[name]]
            if values and not all(isinstance(v, int | float) for v in values):
                other.append(f"{key} ({name}, last run): {values[-1]}")
                continue
            cells.append(f"{statistics.median(values):14.2f}" if values else f"{'-':>14}")
        if cells:
            print(f"{key:28}" + "".join(cells))
    for line in other:
        print(line)


if __name__ == "__main__":
    main()
