"""A placeholder bot until the Discord bot issue lands: one ``/ping`` command.

It exists so ``python -m bot`` (with a token or in the sandbox) and the e2e fixtures have a real
``commands.Bot`` to run. ``/ping`` counts its uses in the SQLite file it is given, which shows
that the sandbox keeps its database between runs unless ``--fresh``.
"""

from __future__ import annotations

import aiosqlite
import discord
from discord import app_commands
from discord.ext import commands

from bot.factory import BotConfig


class Ping(commands.Cog):
    """``/ping``: answers and counts, so a kept database is visible."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    @app_commands.command(name="ping", description="Is the bot there?")
    async def ping(self, interaction: discord.Interaction) -> None:
        """Answer with the number of pings stored so far."""
        await self.db.execute("INSERT INTO pings (user_id) VALUES (?)", (interaction.user.id,))
        await self.db.commit()
        async with self.db.execute("SELECT COUNT(*) FROM pings") as cursor:
            row = await cursor.fetchone()
        count = row[0] if row else 0
        await interaction.response.send_message(f"Pong! ({count} pings so far)")


class PlaceholderBot(commands.Bot):
    """A ``commands.Bot`` with ``/ping``; replaced by the real bot's factory later."""

    def __init__(self, config: BotConfig) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=config.guild_ready_timeout,
        )
        self.config = config
        self.db: aiosqlite.Connection | None = None

    async def setup_hook(self) -> None:
        """Open the database, register ``/ping`` and sync the command tree."""
        self.db = await aiosqlite.connect(self.config.database_path)
        await self.db.execute("CREATE TABLE IF NOT EXISTS pings (user_id INTEGER NOT NULL)")
        await self.db.commit()
        await self.add_cog(Ping(self.db))
        if self.config.dev_guild_id is not None:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        """Close the database after the connection."""
        await super().close()
        if self.db is not None:
            await self.db.close()
            self.db = None


def build_placeholder_bot(config: BotConfig) -> commands.Bot:
    """The ``BotFactory`` used until the real bot exists."""
    return PlaceholderBot(config)
