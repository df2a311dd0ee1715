"""The table service's own events, turned into discord.py events any cog can listen to.

The service calls its listener after a commit (a turn timer ran out, tables resumed at start, a
table closed by itself); :class:`DispatchingListener` re-dispatches each as a bot event, so a game
cog only declares::

    @commands.Cog.listener()
    async def on_table_timeout(self, report: TimeoutReport) -> None: ...

    @commands.Cog.listener()
    async def on_tables_resumed(self, tables: list[TableStatus]) -> None:
        await self.bot.wait_until_ready()   # dispatched from setup_hook, before the gateway
        ...

    @commands.Cog.listener()
    async def on_table_closed(self, table, reason: Closing, closed: Closed) -> None: ...

discord.py runs each handler in its own task and logs its failures.
"""

from __future__ import annotations

from discord.ext import commands

from services.tables import Closed, ComputerReport, TableStatus, TimeoutReport
from services.tables.events import Closing


class DispatchingListener:
    """A ``services.tables.TableListener`` that forwards to ``bot.dispatch``."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def timeout_applied(self, report: TimeoutReport) -> None:
        """``on_table_timeout(report)``."""
        self.bot.dispatch("table_timeout", report)

    async def computer_acted(self, report: ComputerReport) -> None:
        """``on_table_computer(report)``."""
        self.bot.dispatch("table_computer", report)

    async def tables_resumed(self, tables: list[TableStatus]) -> None:
        """``on_tables_resumed(tables)``."""
        self.bot.dispatch("tables_resumed", tables)

    async def table_closed(self, table: TableStatus, reason: Closing, closed: Closed) -> None:
        """``on_table_closed(table, reason, closed)``."""
        self.bot.dispatch("table_closed", table, reason, closed)
