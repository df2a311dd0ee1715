"""The display names the bot has seen, and the :class:`~bot.text.format.Names` of one table.

Mentions render as display names in message text, but not in button labels or select options:
those need the names themselves. Every table interaction notes its user's name here; a restarted
bot learns a name again from its player's next interaction (it has no member cache without the
privileged members intent, and a member fetch per seated player made a restart with 500 tables
thousands of requests).
"""

from __future__ import annotations

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
        self._last: tuple[object, TableNames] | None = None
        """The last seats named, and their names: a step's drawing, private updates, log
        lines and ping all name the same status's seats."""

    def remember(self, user: discord.abc.User) -> None:
        """Note a user's display name (every table interaction passes through here)."""
        self.display[str(user.id)] = user.display_name

    def of(self, status: TableStatus) -> TableNames:
        """The names of ``status``'s players (every name seen, the table's ids to iterate)."""
        last = self._last
        if last is not None and last[0] is status.seats:
            return last[1]
        names = TableNames(self.display, [s.pid for s in status.seats])
        self._last = (status.seats, names)
        return names
