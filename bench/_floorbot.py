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
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import io
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

import discord
import discord.http
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket

TEXT = "It is not your turn yet: the table waits for another player."


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

    async def setup_hook(self) -> None:
        @self.tree.command(name="help", description="A short private answer.")
        async def help_(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(TEXT, ephemeral=True)

        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
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
        """Our bot's requests for one click (see the module)."""
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
    async with bot:
        await bot.start(args.token)


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
    args = parser.parse_args(argv)
    discord.http.Route.BASE = args.base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    threading.Thread(target=orphaned, args=(os.getppid(),), daemon=True).start()
    asyncio.run(serve(args))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
