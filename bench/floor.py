"""The floor of the stack: what a minimal discord.py bot costs per interaction, next to ours.

    python -m bench.floor --tables 100 --guilds 5 --rate 40 --seconds 25 --warmup 5 --runs 3

Each run measures our bot as ``bench.load`` does (same world, players, rate, CPU from /proc),
then ``bench/_floorbot.py`` in its own process against a fresh fake of the same size (G
servers, N table channels, their members), clicked by the tables' players at the rate our
bot saw in interactions/s, in two modes: ``text`` (a short ephemeral answer) and ``update``
(UPDATE_MESSAGE with the embeds and first 5 buttons of a table message our bot drew in that
run), and ``our requests``: the requests our bot made per interaction in that run (the answer,
token edits, followups, turn pings by token and their deletion, at the rates ``bench.load``
counted, with a PNG of the size our bot uploaded where it uploaded one; see
``bench/_floorbot.py``): discord.py's own cost of Discord's model of our bot's work, the floor
under ours that only fewer requests would lower. ``--pictures``: our bot draws table pictures
(Components V2; the floors answer with that message's text as an embed, its buttons and the
picture's bytes). ``--orjson DIR``: also ``update`` with orjson importable from DIR (``pip
install --target DIR orjson``; the project's environment has orjson since it is a dependency,
so every floor here has it). Prints medians of the runs: bot CPU ms per interaction, ours
divided by each floor, and each bot's answer latency p50/p99 in this same rig (a floor's p99 is
what the fake and players show for a bot doing nothing but those requests). ``--profile
DIR``: cProfile every bot (slower: for where the time goes, not for the numbers), and print each
bot's Python function calls per interaction in the last run: a count the machine's noise does not
move, so a cut too small for the CPU medians to show still shows there.

Three more floors take ``our requests`` and add what a card bot that survives a kill must do
per step whatever its code (``bench/_floorbot.py --book``): ``+ booking``, one durable SQLite
write transaction of a step (one of our engines' real snapshots, the seat's stack, a ledger row)
on aiosqlite's thread in one hop, as ``storage`` books; ``+ booking + copy``, also the copy
issue 26 asks a step to act on (the snapshot through our engines' pydantic state model and
back); ``+ booking + copy + rules``, also the rules on that copy (``--rules``: each table's game
forked, the legal actions of the player to act listed, one played, the copy dumped, booked and
swapped in), with our engines (``bench.rules_peer`` sets them beside pokerkit's). No text,
private updates, pings or timers: those are ours.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import bench.load
from bench._bot_process import ROOT, BotProcess
from bench._harness import (
    OPEN,
    Sample,
    Table,
    build_world,
    components,
    no_request_validation,
    percentile,
)
from games.fairness import new_secret
from games.registry import game_info
from sandbox.fake import FakeDiscord
from sandbox.messages import Message

FLOORBOT = Path(__file__).resolve().parent / "_floorbot.py"
made: list[FakeDiscord] = []


class Recorded(FakeDiscord):
    """The fake ``bench.load`` builds, kept so its table messages can be read afterwards."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        made.append(self)


class FloorProcess(BotProcess):
    """``python bench/_floorbot.py``: start, CPU and stop as for our bot."""

    def __init__(
        self,
        fake: FakeDiscord,
        folder: Path,
        table: Table,
        extra: Path | None,
        profile: Path | None,
    ) -> None:
        super().__init__(fake, folder, table.guild, profile=profile)
        self.body = folder / "body.json"
        self.extra = extra
        self.mix: Path | None = None
        self.picture: Path | None = None
        self.book: Path | None = None
        self.copy = False
        self.rules = False

    def start(self) -> None:
        command = [sys.executable, str(FLOORBOT), "--base", self.fake.base_url]
        if self.profile is not None:  # from its first click: start-up is not play
            command += ["--profile", str(self.profile)]
        command += ["--gateway", self.fake.gateway_url, "--token", self.fake.token]
        command += ["--guild", str(self.guild.id), "--body", str(self.body)]
        if self.mix is not None:
            command += ["--mix", str(self.mix)]
        if self.picture is not None:
            command += ["--picture", str(self.picture)]
        if self.book is not None:
            command += ["--book", str(self.book), *(["--copy"] if self.copy else [])]
            command += ["--rules"] if self.rules else []
        env = {**os.environ, "PYTHONPATH": str(self.extra or "")}
        self.started = time.monotonic()
        with self.log_file.open("ab") as out:
            # our own interpreter running our own script: no untrusted input
            self.proc = subprocess.Popen(  # noqa: S603
                command, env=env, stdout=out, stderr=out, cwd=self.folder
            )


def snapshots(seats: int, seed: int = 1) -> list[dict[str, str]]:
    """A snapshot of each game the bench opens, ``seats`` players a few random steps into a
    committed deal: the JSON our booking writes per step, of our size."""
    rng = random.Random(seed)
    made = []
    for game_id in OPEN:
        players = [str(1_100_000_000_000_000_000 + i) for i in range(seats)]
        game = game_info(game_id).engine.new(players, dict.fromkeys(players, 1_000), seed=seed)
        game.commit(new_secret())
        for _ in range(3):
            pid = game.to_act
            if game.is_over or pid is None:
                break
            game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
        made.append({"game": game_id, "snapshot": game.snapshot()})
    return made


def embeds_of(message: Message) -> list[dict[str, Any]]:
    """A table message's embeds; a V2 one's text as one embed."""
    if message.embeds:
        return message.embeds
    texts = [str(c.get("content", "")) for c in message.walk_components() if c.get("type") == 10]
    return [{"description": "\n".join(texts)[:4096]}]


def table_body(fake: FakeDiscord) -> dict[str, Any]:
    """The embeds and 5 buttons of the median-sized table message our bot left drawn."""
    drawn = [
        m
        for m in fake.world.messages.values()
        if m.visible_to is None and not m.deleted and any(components(m))
    ]
    if not drawn:
        raise RuntimeError("our bot drew no table message")
    drawn.sort(key=lambda m: len(json.dumps(embeds_of(m))))
    message = drawn[len(drawn) // 2]
    buttons = [c for c in components(message) if c.get("type") == 2]
    buttons = (buttons * 5)[:5]
    return {
        "embeds": embeds_of(message),
        "buttons": [
            {"style": int(b.get("style", 2)), "label": b.get("label"), "custom_id": f"update:{i}"}
            for i, b in enumerate(buttons)
        ],
    }


MIX = {
    "token_edit": "token edit (exempt)",
    "followup": "followup (exempt)",
    "ping": "ping by token (exempt)",
    "ping_delete": "ping delete by token (exempt)",
}


def our_mix(ours: dict[str, Any]) -> dict[str, float]:
    """Our bot's requests per interaction in a ``bench.load`` run (its counts are per action),
    and the share of answers and token edits that uploaded a picture."""
    per = float(ours["actions/s"]) / max(float(ours["interactions/s"]), 1e-9)
    mix = {name: float(ours.get(f"calls/action {kind}", 0.0)) * per for name, kind in MIX.items()}
    for name, kind in (
        ("answer_upload", "answer (exempt)"),
        ("edit_upload", "token edit (exempt)"),
    ):
        calls = float(ours.get(f"calls/action {kind}", 0.0))
        mix[name] = float(ours.get(f"uploads/action {kind}", 0.0)) / calls if calls else 0.0
    return mix


def our_picture(fake: FakeDiscord, ours: dict[str, Any]) -> bytes:
    """An upload of our bot's (a table picture) of the mean size its answers uploaded
    (none: no pictures)."""
    kind = "answer (exempt)"
    count = float(ours.get(f"uploads/action {kind}", 0.0))
    if not count:
        return b""
    mean = float(ours[f"upload KB/action {kind}"]) * 1024 / count
    files = [data for m in fake.world.messages.values() for data in m.files.values()]
    return min(files, key=lambda data: abs(len(data) - mean), default=b"")


async def click(
    fake: FakeDiscord,
    boards: list[tuple[Table, Message]],
    mode: str,
    rate: float,
    seconds: float,
    samples: list[Sample],
) -> None:
    """Open loop: one click every ``1/rate`` s on a random table's message, by one of its
    players, on a table whose last click was answered."""
    busy: set[int] = set()
    running: set[asyncio.Task[None]] = set()
    rng = boards[0][0].rng
    loop = asyncio.get_running_loop()
    start = loop.time()
    n = 0

    async def one(table: Table, message: Message) -> None:
        try:
            key = f"{mode}:{rng.randrange(5)}"
            made = fake.use_component(rng.choice(table.players), message, key, within=5)
            answer = await made
            latency = None if answer.answered_at is None else answer.answered_at - answer.created
            samples.append(Sample("button", latency, True))
        except TimeoutError:
            samples.append(Sample("button", None, True))
        finally:
            busy.discard(message.id)

    while loop.time() - start < seconds:
        n += 1
        delay = start + n / rate - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        table, message = rng.choice(boards)
        if message.id in busy:
            continue
        busy.add(message.id)
        task = asyncio.create_task(one(table, message))
        running.add(task)
        task.add_done_callback(running.discard)
    if running:
        await asyncio.wait(running, timeout=10)


async def floor_once(
    args: argparse.Namespace,
    body: dict[str, Any],
    mode: str,
    rate: float,
    extra: Path | None,
    mix: dict[str, float] | None = None,
    picture: bytes = b"",
    store: str = "",
) -> dict[str, float]:
    """A fresh fake world of the same size, the floor bot, its clicks measured."""
    no_request_validation()
    with tempfile.TemporaryDirectory(prefix="parlour-floor-") as folder:
        fake = FakeDiscord(answer_limit=3.0, rate_limits=False)
        await fake.start()
        try:
            tables = build_world(fake, args.tables, args.guilds, args.seats)
            row = [
                {**b, "type": 2, "custom_id": f"{mode}:{i}"} for i, b in enumerate(body["buttons"])
            ]
            drawn = {"embeds": body["embeds"], "components": [{"type": 1, "components": row}]}
            bot_user = fake.world.bot_user
            boards = [(t, fake.world.add_message(t.channel, bot_user, drawn)) for t in tables]
            profile = None
            if args.profile is not None:
                named = f"floor-{mode}{'-' + store if store else ''}{'-orjson' if extra else ''}"
                profile = args.profile.resolve() / f"{named}.prof"
            bot = FloorProcess(fake, Path(folder), tables[0], extra, profile)
            bot.body.write_text(json.dumps(body))
            if mix is not None:
                bot.mix = Path(folder) / "mix.json"
                bot.mix.write_text(json.dumps(mix))
            if picture:
                bot.picture = Path(folder) / "picture.png"
                bot.picture.write_bytes(picture)
            if store:
                bot.book, bot.copy = Path(folder) / "snapshots.json", store == "copy"
                bot.rules = store == "rules"
                bot.book.write_text(json.dumps(snapshots(args.seats)))
            bot.start()
            try:
                await bot.ready(tables[0].host, tables[0].guild.channels[0])
                idle0 = bot.cpu()
                await asyncio.sleep(3.0)
                idle = (bot.cpu() - idle0) / 3.0
                samples: list[Sample] = []
                await click(fake, boards, mode, rate, args.warmup, samples)
                samples.clear()
                cpu0, t0 = bot.cpu(), time.monotonic()
                await click(fake, boards, mode, rate, args.seconds, samples)
                cpu, elapsed = bot.cpu() - cpu0, time.monotonic() - t0
            finally:
                await bot.stop()
        finally:
            await fake.close()
    answered = [s.latency for s in samples if s.latency is not None]
    return {
        "cpu ms/interaction": cpu * 1000 / max(len(samples), 1),
        "interactions/s": len(samples) / elapsed,
        "p50 ms": percentile(answered, 0.5) * 1000,
        "p99 ms": percentile(answered, 0.99) * 1000,
        "unanswered": len(samples) - len(answered),
        "idle ms/s": idle * 1000,
    }


def calls_per_interaction(profile: Path) -> float:
    """Python function calls (cProfile's primitive ones, which count each resumption of a
    coroutine as a call) per interaction the profiled bot parsed (discord.py's
    ``parse_interaction_create``)."""
    stats: Any = pstats.Stats(str(profile))
    parsed: int = sum(
        v[1] for (_, _, name), v in stats.stats.items() if name == "parse_interaction_create"
    )
    return float(stats.prim_calls) / max(parsed, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--guilds", type=int, default=5)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--rate", type=float, default=40.0, help="our bot's player steps/s")
    parser.add_argument("--seconds", type=float, default=25.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--orjson", type=Path, help="a folder orjson is installed in")
    parser.add_argument("--profile", type=Path, help="a folder: cProfile each bot there")
    parser.add_argument("--pictures", action="store_true", help="our bot draws table pictures")
    args = parser.parse_args()
    load = argparse.Namespace(
        **vars(args),
        slash=0.2,
        cards=0.15,
        validate=False,
        rate_limits=False,
        threads=False,
        closed=0,
        garbage=False,
        mixes="",  # one measure of --slash's mix, named ""
    )
    bench.load.FakeDiscord = Recorded  # type: ignore[attr-defined]
    floors: list[tuple[str, str, Path | None, str]] = [
        ("text", "text", None, ""),
        ("update", "update", None, ""),
        ("our requests", "ours", None, ""),
        ("+ booking", "ours", None, "book"),
        ("+ booking + copy", "ours", None, "copy"),
        ("+ booking + copy + rules", "ours", None, "rules"),
    ]
    if args.orjson is not None:
        floors.append(("update+orjson", "update", args.orjson.resolve(), ""))
    if args.profile is not None:  # cProfile writes its file, not the folder it sits in
        args.profile.mkdir(parents=True, exist_ok=True)
    results: dict[str, list[dict[str, Any]]] = {"our bot": []}
    results.update((name, []) for name, *_ in floors)
    for run in range(args.runs):
        made.clear()
        mine = None if args.profile is None else args.profile.resolve() / "ours.prof"
        ours = asyncio.run(bench.load.run_once(load, ROOT, mine))[""]
        results["our bot"].append(
            {
                "cpu ms/interaction": ours["cpu ms/interaction"],
                "interactions/s": ours["interactions/s"],
                "p50 ms": ours["p50"],
                "p99 ms": ours["p99"],
            }
        )
        body = table_body(made[-1])
        mix, picture = our_mix(ours), our_picture(made[-1], ours)
        rate = float(ours["interactions/s"])
        line = f"run {run + 1}: our bot {ours['cpu ms/interaction']:.2f} ms at {rate:.1f}/s"
        for name, mode, extra, store in floors:
            got = asyncio.run(floor_once(args, body, mode, rate, extra, mix, picture, store))
            results[name].append(got)
            line += (
                f", {name} {got['cpu ms/interaction']:.3f} ms (idle {got['idle ms/s']:.0f} ms/s)"
            )
        said = ", ".join(f"{k} {v:.2f}" for k, v in mix.items())
        print(line, f"(embeds {len(json.dumps(body['embeds']))} B)", flush=True)
        print(f"  our requests per interaction: {said}; picture {len(picture)} B", flush=True)
    ours_ms = statistics.median(r["cpu ms/interaction"] for r in results["our bot"])
    print(f"\nmedians of {args.runs} runs, {args.tables} tables in {args.guilds} servers")
    print(
        f"{'bot':26}{'CPU ms/inter.':>14}{'min-max':>16}{'inter./s':>10}{'ours / it':>11}"
        f"{'p50 ms':>9}{'p99 ms':>9}"
    )
    for name, runs in results.items():
        cpu = [r["cpu ms/interaction"] for r in runs]
        median = statistics.median(cpu)
        rate = statistics.median(r["interactions/s"] for r in runs)
        spread = f"{min(cpu):.3f}-{max(cpu):.3f}"
        p50, p99 = (statistics.median(r[k] for r in runs) for k in ("p50 ms", "p99 ms"))
        print(
            f"{name:26}{median:14.3f}{spread:>16}{rate:10.1f}{ours_ms / median:11.2f}"
            f"{p50:9.1f}{p99:9.1f}"
        )
    if args.profile is not None:
        folder = args.profile.resolve()
        files = {"our bot": folder / "ours.prof"}
        files.update(
            (name, folder / f"floor-{mode}{'-' + store if store else ''}.prof")
            for name, mode, extra, store in floors
            if extra is None
        )
        counts = {name: calls_per_interaction(path) for name, path in files.items()}
        print("\nPython calls per interaction (cProfile, last run; our bot: its measured phase)")
        for name, count in counts.items():
            print(f"{name:26}{count:10.0f}{counts['our bot'] / count:8.2f}x")


if __name__ == "__main__":
    main()
