"""The publisher: the table's I/O on Discord, with nothing to decide about what it shows.

It edits the one table message in place (through the click's interaction when the click is on
that message: one call), posts it again when it was deleted, sends DMs (a closed-DM player gets
one note in the table's channel, and play goes on) and posts the rare channel messages. Each
table's updates run one at a time, so the message never shows an older state over a newer one.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

from bot.dm_channels import dm_channel
from bot.errors import CANNOT_DM, needs_permission
from services.tables import TableStatus

log = logging.getLogger(__name__)

UNKNOWN_MESSAGE = 10008


@dataclass(frozen=True, slots=True)
class Drawn:
    """A table message drawn for the table as it is now."""

    status: TableStatus
    embed: discord.Embed | None
    view: discord.ui.View | None
    v2: Any = None
    """A ``bot.table._layout_v2.V2`` (pictures on): then ``embed`` and ``view`` are unused."""


class Publisher:
    """Puts tables on Discord; one per bot (the desk's)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._told_no_dm: set[tuple[int, int]] = set()

    def forget(self, table_id: int) -> None:
        """A closed table's lock goes (its closed-DM notes stay: a table id is never reused)."""
        self._locks.pop(table_id, None)

    async def publish(
        self,
        table_id: int,
        draw: Callable[[], Drawn | Awaitable[Drawn]],
        interaction: discord.Interaction | None = None,
        *,
        posted: Callable[[TableStatus, int], Awaitable[None]] | None = None,
    ) -> None:
        """Show ``draw()`` (called under the table's lock) on the table's one message: through
        ``interaction`` (a click on that message), else by editing the message, else (given
        ``posted``, told the new message's id under the lock) by posting it (again)."""
        async with self._locks[table_id]:
            made = draw()
            drawn = await made if inspect.isawaitable(made) else made
            from bot.table._publish_v2 import publish_v2, replace_v2

            if drawn.v2 is not None:
                await publish_v2(self, drawn.status, drawn.v2, interaction, posted)
                return
            status, embed, view = drawn.status, drawn.embed, drawn.view
            assert embed is not None  # noqa: S101 - the embed path draws both
            assert view is not None  # noqa: S101
            if await replace_v2(self, status, posted is not None):
                status = dataclasses.replace(status, message_id=None)
            if (
                interaction is not None
                and not interaction.response.is_done()
                and interaction.message is not None
                and interaction.message.id == status.message_id
            ):
                await interaction.response.edit_message(embed=embed, view=view)
                return
            channel = self.bot.get_partial_messageable(status.channel_id, guild_id=status.guild_id)
            if status.message_id is not None:
                try:
                    await channel.get_partial_message(status.message_id).edit(
                        embed=embed, view=view
                    )
                    return
                except discord.NotFound as error:
                    if error.code != UNKNOWN_MESSAGE:  # only a deleted message is posted again
                        raise
                    log.info("table %s: its message was deleted; posting it again", table_id)
            if posted is None:
                return
            async with needs_permission("Send Messages", channel):
                message = await channel.send(embed=embed, view=view)
            await posted(status, message.id)

    async def dm(
        self,
        status: TableStatus,
        user: int,
        text: str,
        no_dm_note: Callable[[], str],
        send: dict[str, Any] | None = None,
    ) -> None:
        """One DM (``send``: the keyword arguments of a V2 one instead of ``text``); closed
        DMs (50007) get one ``no_dm_note()`` in the table's channel."""
        try:
            channel = await dm_channel(self.bot, user)
            if send is not None:
                await channel.send(**send)
            else:
                await channel.send(text)
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                log.warning("DM to %s refused: %r", user, error)
            key = (status.table_id, user)
            if key in self._told_no_dm:
                return
            self._told_no_dm.add(key)
            await self.say(status, no_dm_note())
        except discord.HTTPException as error:
            log.warning("DM to %s failed: %r", user, error)

    async def say(self, status: TableStatus, text: str) -> None:
        """A message in the table's channel (rare: resumes, closes, closed DMs)."""
        channel = self.bot.get_partial_messageable(status.channel_id, guild_id=status.guild_id)
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException as error:
            log.warning("table %s: could not post in its channel: %r", status.table_id, error)
