"""The display names the bot has seen, and the :class:`~bot.text.format.Names` of one table.

Mentions render as display names in message text, but not in button labels or select options:
those need the names themselves. Every table interaction notes its user's name here; a restarted
bot asks Discord for the seated players' names once (it has no member cache without the
privileged members intent).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping

import discord
from discord.ext import commands

from bot.text.format import PlayerNames
from services.tables import TableStatus


class TableNames(PlayerNames):
    """A table's players' names. Iterating gives the table's player ids: LEGACY, for the game
    presenters that still take the ids (``with_mentions``) instead of ``Names``."""

    def __init__(self, display: Mapping[str, str], pids: list[str]) -> None:
        super().__init__(display)
        self._pids = pids

    def __iter__(self) -> Iterator[str]:
        return iter(self._pids)


class NameBook:
    """Player id -> display name, for the plain-text places; one per bot (``desk.names``)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.display: dict[str, str] = {}

    def remember(self, user: discord.abc.User) -> None:
        """Note a user's display name (every table interaction passes through here)."""
        self.display[str(user.id)] = user.display_name

    def of(self, status: TableStatus) -> TableNames:
        """The names of ``status``'s players (every name seen, the table's ids to iterate)."""
        return TableNames(self.display, [s.pid for s in status.seats])

    async def learn(self, status: TableStatus, guilds: dict[int, discord.Guild | None]) -> None:
        """A restarted bot has seen nobody yet: ask for the seated players' names (one request
        each, once), so the resumed table's buttons name them instead of showing ``@id``. The
        tables resume while the bot logs in, before the servers arrive with READY: ``guilds``
        holds the servers asked for so far."""
        wanted = [
            s.user_id
            for s in status.seats
            if (s.seated or s.in_deal) and not s.computer and s.pid not in self.display
        ]
        if not wanted:
            return
        if status.guild_id not in guilds:
            guild = self.bot.get_guild(status.guild_id)
            if guild is None:
                with contextlib.suppress(discord.HTTPException):
                    guild = await self.bot.fetch_guild(status.guild_id, with_counts=False)
            guilds[status.guild_id] = guild
        guild = guilds[status.guild_id]
        if guild is None:
            return
        for user_id in wanted:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:  # left the server, or Discord said no: @id it is
                continue
            self.remember(member)
