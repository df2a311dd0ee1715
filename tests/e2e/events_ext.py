"""A test-only extension that records the table service's events as the bot dispatches them."""

from __future__ import annotations

import asyncio

from discord.ext import commands

from bot.client import Parlour
from services.tables import TableStatus


class Recorder(commands.Cog):
    def __init__(self, bot: Parlour) -> None:
        self.bot = bot
        self.resumed: asyncio.Queue[list[TableStatus]] = asyncio.Queue()

    @commands.Cog.listener()
    async def on_tables_resumed(self, tables: list[TableStatus]) -> None:
        await self.bot.wait_until_ready()
        await self.resumed.put(tables)


async def setup(bot: Parlour) -> None:
    await bot.add_cog(Recorder(bot))
