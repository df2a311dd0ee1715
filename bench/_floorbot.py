"""The floor under the bench: the least a discord.py 2.x bot can do per interaction, with the
client settings ``bot/client.py`` uses (``Intents(guilds=True)``, ``max_messages=None``, the
same allowed mentions), in its own process against the fake Discord ``bench/floor.py`` runs.

A click on a ``text:*`` button is answered with a short ephemeral text; a click on an
``update:*`` button with UPDATE_MESSAGE carrying the embeds and the row of buttons read from
``--body`` (a table message our bot drew), built anew each time as any bot builds its answer.
``/help`` (through the command tree) answers a short ephemeral text: ``BotProcess.ready`` uses
it. No database, no views kept (each view is stopped before it is sent), nothing else.

A click on an ``ours:*`` button makes the requests our bot makes per interaction, at the rates
``--mix`` gives (a JSON object: per interaction, ``token_edit``, ``followup``, ``ping``,
``ping_delete``; the share of answers and of token edits that upload a picture,
``answer_upload`` and ``edit_upload``), a fraction spread evenly over the clicks: the
UPDATE_MESSAGE answer as ``update:*`` does (with ``--picture``'s bytes attached as a PNG where
our bot uploaded one), token edits of the click's message (the same body), ephemeral followups,
public turn pings through the click's webhook (one player in ``allowed_mentions``) and their
deletion. What this costs is discord.py's floor for Discord's model of our bot's requests.

``--book SNAPSHOTS`` (with ``ours:*``): each click first books a step as a durable bot must,
before it answers: one write transaction on aiosqlite's thread, in one hop, with the PRAGMAs
``storage/db.py`` sets (WAL, synchronous=NORMAL): the table's snapshot (one of ours, from the
JSON list of ``{"game", "snapshot"}`` the bench wrote), the seat's stack and one ledger row.
``--copy`` also makes the copy issue 26 asks a step to act on: the snapshot validated into the
game's state model and dumped back (pydantic, as ``CardGame.fork`` and ``snapshot`` do), the
JSON written being that dump. No rules run: what is left is the least SQLite and pydantic cost
for a step that survives a kill. ``--rules`` (with ``--book``) also runs the game's rules on that
copy, as the table service's step does: each table keeps a live game of ours (the snapshot's,
restored once; again when its deal ends), and a click forks it from its held snapshot, lists the
legal actions of the player to act, plays one of them, dumps the copy and swaps it in once
booked. Still no text, private updates, pings or timers.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import cProfile
import gc
import importlib
import io
import json
import os
import random
import signal
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any

import aiosqlite
import discord
import discord.http
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket

TEXT = "It is not your turn yet: the table waits for another player."
ROOT = Path(__file__).resolve().parent.parent

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS tables (id INTEGER PRIMARY KEY, snapshot TEXT NOT NULL, "
    "counter INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seats (table_id INTEGER NOT NULL, user_id INTEGER NOT NULL, "
    "stack INTEGER NOT NULL, PRIMARY KEY (table_id, user_id))",
    "CREATE TABLE IF NOT EXISTS ledger (id INTEGER PRIMARY KEY, ref TEXT NOT NULL UNIQUE, "
    "table_id INTEGER NOT NULL, user_id INTEGER NOT NULL, delta INTEGER NOT NULL)",
)
_PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA busy_timeout = 5000",
)


class Store:
    """The least a click's step costs to book durably (see the module's ``--book``)."""

    def __init__(
        self, path: Path, snapshots: list[dict[str, str]], copy: bool, rules: bool = False
    ) -> None:
        self.path, self.snapshots, self.copy, self.rules = path, snapshots, copy, rules
        self.engines: list[Any] = []
        if copy or rules:  # our engines: the project's root on the path, as for the bot
            sys.path.insert(0, str(ROOT))
            registry = importlib.import_module("games.registry")
            self.engines = [registry.game_info(s["game"]).engine for s in snapshots]
        self.games: dict[int, tuple[Any, str]] = {}
        """``--rules``: each table's game and the snapshot it was booked with."""
        self.starts: list[tuple[Any, str]] = []
        """``--rules``: each snapshot's game, restored once here: a table's first step and
        each one after its deal ended fork it as any step forks its table's game (a restore
        per table would add a restart's cost, replaying the generator, to the floor)."""
        if rules:
            self.starts = [
                (engine.restore(s["snapshot"]), s["snapshot"])
                for engine, s in zip(self.engines, snapshots, strict=True)
            ]
        self.rng = random.Random(1)  # a stand-in for the player's choice
        self.db: aiosqlite.Connection | None = None
        self.refs = 0

    async def open(self) -> None:
        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        for statement in (*_PRAGMAS, *_SCHEMA):
            await self.db.execute(statement)

    async def close(self) -> None:
        if self.db is not None:
            await self.db.close()

    async def step(self, table: int, user: int) -> None:
        """Book one step of ``table`` by ``user``: the copy (``--copy``), then one hop."""
        assert self.db is not None  # noqa: S101 - opened in setup_hook
        which = table % len(self.snapshots)
        snapshot = self.snapshots[which]["snapshot"]
        game = None
        if self.rules:
            game, snapshot = self.play(table, which)
        elif self.copy:
            snapshot = self.engines[which].State.model_validate_json(snapshot).model_dump_json()
        self.refs += 1
        ref = f"{table}:{self.refs}"
        conn: sqlite3.Connection = self.db._conn  # as storage/_thread.py: one hop, not five
        hop: Any = self.db._execute
        await hop(self._book, conn, table, user, snapshot, ref)
        if game is not None:  # booked: the copy becomes the table's game
            self.games[table] = (game, snapshot)

    def play(self, table: int, which: int) -> tuple[Any, str]:
        """One step of the rules on a copy of ``table``'s game: the copy and its snapshot."""
        held = self.games.get(table)
        if held is None or held[0].is_over:  # a new table, or its deal is over: start again
            held = self.starts[which]
        game = held[0].fork(held[1])
        pid = game.to_act
        game.act(pid, self.rng.choice(game.legal_actions(pid)).sample(self.rng))
        return game, game.snapshot()

    @staticmethod
    def _book(conn: sqlite3.Connection, table: int, user: int, snapshot: str, ref: str) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(
                "INSERT INTO tables (id, snapshot, counter) VALUES (?, ?, 1) ON CONFLICT (id) "
                "DO UPDATE SET snapshot = excluded.snapshot, counter = counter + 1",
                (table, snapshot),
            )
            conn.execute(
                "INSERT INTO seats (table_id, user_id, stack) VALUES (?, ?, 9999) "
                "ON CONFLICT (table_id, user_id) DO UPDATE SET stack = stack - 1",
                (table, user),
            )
            conn.execute(
                "INSERT INTO ledger (ref, table_id, user_id, delta) VALUES (?, ?, ?, -1)",
                (ref, table, user),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


class Floor(commands.Bot):
    def __init__(self, guild: int, body: dict[str, Any]) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            max_messages=None,
            help_command=None,
            guild_ready_timeout=0.05,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.guild_id = guild
        self.embeds: list[dict[str, Any]] = body["embeds"]
        self.buttons: list[dict[str, Any]] = body["buttons"]
        self.mix: dict[str, float] = {}
        self.picture = b""
        self.owed: dict[str, float] = {}
        """Each request kind's fraction not yet made (the mix spread over the clicks)."""
        self.pings: collections.deque[discord.WebhookMessage] = collections.deque()
        self.store: Store | None = None
        self.profile: cProfile.Profile | None = None
        """``--profile``: enabled at the first click (start-up and login are not play)."""
        self.profiling = False

    async def setup_hook(self) -> None:
        if self.store is not None:
            await self.store.open()

        @self.tree.command(name="help", description="A short private answer.")
        async def help_(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(TEXT, ephemeral=True)

        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)
        # The collector as our bot runs it after start-up (bot/heap.py, on in bench/_botproc):
        # start-up frozen, the youngest collected every 10,000 allocations, not 700. Without
        # it the floors paid for collections our bot has tuned away.
        gc.freeze()
        gc.set_threshold(10_000, *gc.get_threshold()[1:])

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        if self.profile is not None and not self.profiling:
            self.profiling = True  # from the first click on, as our bot's covers only play
            self.profile.enable()
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if custom_id.startswith("text"):
            await interaction.response.send_message(TEXT, ephemeral=True)
            return
        if custom_id.startswith("ours"):
            await self.ours(interaction)
            return
        await interaction.response.edit_message(embeds=self.drawn(), view=self.view())

    def view(self, mode: str = "update") -> discord.ui.View:
        """The table's buttons, their ids in ``mode`` (the next click comes back to it)."""
        view = discord.ui.View(timeout=None)
        for button in self.buttons:
            view.add_item(
                discord.ui.Button(
                    style=discord.ButtonStyle(int(button["style"])),
                    label=button.get("label"),
                    custom_id=f"{mode}:{str(button['custom_id']).rsplit(':', 1)[-1]}",
                )
            )
        view.stop()  # nothing kept: the next click comes to on_interaction as this one did
        return view

    def drawn(self) -> list[discord.Embed]:
        return [discord.Embed.from_dict(e) for e in self.embeds]

    def due(self, kind: str) -> int:
        """How many requests of ``kind`` this click makes: its rate per click, carried over."""
        owed = self.owed.get(kind, 0.0) + self.mix.get(kind, 0.0)
        whole = int(owed)
        self.owed[kind] = owed - whole
        return whole

    def files(self, kind: str) -> list[discord.File]:
        if not self.picture or not self.due(kind):
            return []
        return [discord.File(io.BytesIO(self.picture), filename="table.png")]

    async def ours(self, interaction: discord.Interaction) -> None:
        """Our bot's requests for one click (see the module), after its booking (``--book``)."""
        if self.store is not None:
            await self.store.step(interaction.channel_id or 0, interaction.user.id)
        files = self.files("answer_upload")
        await interaction.response.edit_message(
            embeds=self.drawn(), view=self.view("ours"), attachments=files
        )
        for _ in range(self.due("token_edit")):
            edited = self.files("edit_upload")
            await interaction.edit_original_response(
                embeds=self.drawn(), view=self.view("ours"), attachments=edited
            )
        for _ in range(self.due("followup")):
            await interaction.followup.send(TEXT, ephemeral=True)
        for _ in range(self.due("ping")):
            self.pings.append(
                await interaction.followup.send(
                    f"{interaction.user.mention}, it is your turn.",
                    allowed_mentions=discord.AllowedMentions(users=[interaction.user]),
                    wait=True,
                )
            )
        for _ in range(self.due("ping_delete")):
            if self.pings:
                await self.pings.popleft().delete()


async def serve(args: argparse.Namespace) -> None:
    bot = Floor(args.guild, json.loads(args.body.read_text()))
    if args.mix is not None:
        bot.mix = {k: float(v) for k, v in json.loads(args.mix.read_text()).items()}
    if args.picture is not None:
        bot.picture = args.picture.read_bytes()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, lambda: loop.create_task(bot.close()))
    if args.book is not None:
        snapshots = json.loads(args.book.read_text())
        bot.store = Store(Path("floor.db"), snapshots, args.copy, args.rules)
    if args.profile is not None:
        bot.profile = cProfile.Profile(time.perf_counter)
    async with bot:
        try:
            await bot.start(args.token)
        finally:
            if bot.store is not None:
                await bot.store.close()
            if bot.profile is not None:
                bot.profile.disable()
                bot.profile.dump_stats(str(args.profile))


def orphaned(parent: int) -> None:
    """The bench that started this process is gone: stop, as on SIGTERM."""
    while os.getppid() == parent:
        time.sleep(1)
    os.kill(os.getpid(), signal.SIGTERM)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--guild", type=int, required=True)
    parser.add_argument("--body", type=Path, required=True)
    parser.add_argument("--mix", type=Path, help="ours:* clicks: requests per click (JSON)")
    parser.add_argument("--picture", type=Path, help="ours:* clicks: the PNG to upload")
    parser.add_argument("--book", type=Path, help="ours:* clicks: book a step (snapshots)")
    parser.add_argument("--copy", action="store_true", help="--book: copy the state first")
    parser.add_argument("--rules", action="store_true", help="--book: play a step on a copy")
    parser.add_argument("--profile", type=Path, help="cProfile from the first click to FILE")
    args = parser.parse_args(argv)
    discord.http.Route.BASE = args.base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    threading.Thread(target=orphaned, args=(os.getppid(),), daemon=True).start()
    asyncio.run(serve(args))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
