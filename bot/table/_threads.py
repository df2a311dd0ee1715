"""Tables in threads: ``/<game> open`` in a text channel starts a public thread for the table
from a one-line lobby message, so a channel holds several tables and stays quiet.

A thread started from a message has that message's id (Discord's rule), so the lobby line of a
table is always ``(thread.parent_id, thread.id)``: nothing new is stored, a restart finds it,
and the table itself is keyed by the thread's id like any channel's (every ``/<game>`` command
inside the thread acts on its table, pings and table edits go there by themselves).

- Threads are used where the server's ``threads`` setting is on (the default) and the bot has
  Create Public Threads and Send Messages in Threads in the channel; a missing permission
  leaves the table in the channel and the opener is told which one.
- The lobby line's **Watch** button adds the clicker to the thread (a spectator sees only
  public messages; private cards go to players by DM or ephemeral replies).
- A closed table's lobby line says how it ended, and its thread is archived and locked; a
  resumed table's archived thread is unarchived; a deleted thread (THREAD_DELETE, or 10003
  when its table resumes) closes its table by the refund rule, as when the bot leaves a server.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal, Self

import discord
from discord.ext import commands

from bot.errors import reported
from bot.refusal import Refusal
from bot.table._budget import ChannelBudget
from bot.table._context import where
from bot.text import Text, msg
from services.tables import Closed, TableError, TableService, TableStatus

log = logging.getLogger(__name__)

WATCH_ID = "parlour:watch"
AUTO_ARCHIVE_MINUTES: Literal[1440] = 1440
"""The thread's inactivity archive (a day): a table idle that long is closed anyway."""

Words = Callable[[Text, str | None], str]
Language = Callable[[int], Awaitable[str]]


@dataclass(frozen=True)
class Place:
    """Where a new table goes: its channel id, the thread (if one was started) and why not."""

    channel: int
    thread: discord.Thread | None = None
    note: Text | None = None


class TableThreads:
    """Starts, watches, closes and reopens the threads of tables."""

    def __init__(
        self,
        bot: commands.Bot,
        words: Words,
        language: Language,
        service: Callable[[], TableService],
        title: Callable[[str], Text],
        budget: ChannelBudget,
        sleep: Callable[[float], Awaitable[None]],
    ) -> None:
        self.bot = bot
        self.words = words
        self.language = language
        self.service = service
        self.title = title
        """A game's name for players, by game id."""
        self.budget = budget
        """The desk's per-channel write budget: a lobby line is a write in the parent channel,
        which may hold a table of its own (the thread's table writes count on the thread's
        id, Discord's bucket for them)."""
        self.sleep = sleep
        bot.add_listener(self.on_raw_thread_delete)

    async def _wanted(self, guild: int) -> bool:
        economy = getattr(self.bot, "economy", None)
        return economy is None or bool((await economy.settings(guild)).threads)

    async def place(
        self, interaction: discord.Interaction, title: Text, stakes: Text | None = None
    ) -> Place:
        """Start the table's thread if this is a text channel whose server wants threads; its
        lobby line says the ``stakes`` a player in the channel would join at (the table opens
        after the thread starts, so they are said from the options it will open with)."""
        guild, channel = where(interaction)
        if not isinstance(interaction.channel, discord.TextChannel) or not await self._wanted(
            guild
        ):
            return Place(channel)
        perms = interaction.app_permissions
        if not perms.create_public_threads:
            return Place(channel, note=msg("threads.no_permission.create"))
        if not perms.send_messages_in_threads:
            return Place(channel, note=msg("threads.no_permission.send"))
        locale = await self.language(guild)
        host = interaction.user
        if stakes is None:
            lobby = msg("threads.lobby", game=title, host=host.mention)
        else:
            lobby = msg("threads.lobby.stakes", game=title, host=host.mention, stakes=stakes)
        view = discord.ui.View(timeout=None)
        view.add_item(WatchButton(label=self.words(msg("threads.watch"), locale)))
        name = self.words(msg("threads.name", game=title, host=host.display_name), locale)
        try:
            quiet = discord.AllowedMentions.none()
            self.budget.spend(channel)  # no waiting: the opener's answer is due within 3 s
            line = await interaction.channel.send(
                self.words(lobby, locale), view=view, allowed_mentions=quiet
            )
            thread = await line.create_thread(
                name=name[:100], auto_archive_duration=AUTO_ARCHIVE_MINUTES
            )
        except discord.HTTPException as error:
            log.warning("no thread for a table in channel %s: %r", channel, error)
            return Place(channel, note=msg("threads.no_permission.create"))
        return Place(thread.id, thread)

    async def abandon(self, place: Place) -> None:
        """The table was refused after its thread started: the thread and lobby line go."""
        if place.thread is None:
            return
        try:
            await place.thread.delete()
            if place.thread.parent_id is not None:
                lobby = self.bot.get_partial_messageable(place.thread.parent_id)
                await lobby.get_partial_message(place.thread.id).delete()
        except discord.HTTPException as error:
            log.warning("thread %s not cleaned up: %r", place.thread.id, error)

    async def reply(
        self, interaction: discord.Interaction, text: Text, place: Place, locale: str
    ) -> None:
        """The opener's answer, with where the table is (or why not in a thread)."""
        lines = [self.words(text, locale)]
        if place.thread is not None:
            lines.append(self.words(msg("threads.opened", thread=place.thread.mention), locale))
        if place.note is not None:
            lines.append(self.words(place.note, locale))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    async def thread(self, channel_id: int) -> discord.Thread | None:
        """The table's thread, ``None`` when its channel is no thread (or is gone: raises
        ``discord.NotFound``)."""
        found = self.bot.get_channel(channel_id)
        if found is None:
            fetched = await self.bot.fetch_channel(channel_id)
            found = fetched if isinstance(fetched, discord.Thread) else None
        return found if isinstance(found, discord.Thread) else None

    async def closed(self, table: TableStatus, how: Text) -> None:
        """The lobby line says how the table ended; the thread is archived and locked."""
        try:
            thread = await self.thread(table.channel_id)
        except discord.HTTPException:
            return
        if thread is None or thread.parent_id is None:
            return
        locale = await self.language(table.guild_id)
        line = msg("threads.ended", game=self.title(table.game), how=how)
        try:
            await self._edit_lobby(
                table.guild_id, thread.parent_id, thread.id, self.words(line, locale)
            )
        except discord.HTTPException as error:
            log.warning("table %s: lobby line not updated: %r", table.table_id, error)
        if not thread.archived:
            try:
                try:
                    await thread.edit(archived=True, locked=True)
                except discord.Forbidden:  # locking needs Manage Threads; archiving does not
                    await thread.edit(archived=True)
            except discord.HTTPException as error:
                log.warning("table %s: thread not archived: %r", table.table_id, error)

    async def _edit_lobby(self, guild: int, parent: int, thread: int, text: str) -> None:
        """The lobby line's one edit, in a free slot of the parent channel's budget (one kept
        for a table there)."""
        while (wait := self.budget.wait(parent, keep=1)) > 0:
            await self.sleep(wait)
        self.budget.spend(parent)
        lobby = self.bot.get_partial_messageable(parent, guild_id=guild)
        await lobby.get_partial_message(thread).edit(content=text, view=None)

    async def reopen(self, table: TableStatus) -> bool:
        """Before a resumed table is shown: its archived thread is unarchived. ``False``: the
        thread is gone, and the table was closed by the refund rule."""
        try:
            thread = await self.thread(table.channel_id)
        except discord.NotFound:
            await self.gone(table.guild_id, table.channel_id)
            return False
        except discord.HTTPException:
            return True
        if thread is not None and thread.archived:
            try:
                await thread.edit(archived=False, locked=False)
            except discord.HTTPException as error:
                log.warning("table %s: thread not unarchived: %r", table.table_id, error)
        return True

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A moderator deleted a table's thread."""
        await self.gone(payload.guild_id, payload.thread_id, payload.parent_id)

    async def gone(self, guild: int, channel: int, parent: int | None = None) -> Closed | None:
        """Close the table of a deleted thread by the refund rule (an admin close, as when
        the bot leaves a server: nothing can be posted there any more)."""
        me = self.bot.user.id if self.bot.user else 0
        try:
            status = self.service().status(guild, channel)
            closed = await self.service().close(guild, channel, me, admin=True)
        except TableError:
            return None
        log.info("table %s closed: its thread was deleted", status.table_id)
        if parent is not None:
            locale = await self.language(guild)
            line = msg("threads.ended", game=self.title(status.game), how=msg("threads.deleted"))
            try:
                await self._edit_lobby(guild, parent, channel, self.words(line, locale))
            except discord.HTTPException as error:
                log.warning("table %s: lobby line not updated: %r", status.table_id, error)
        return closed

    async def watch(self, interaction: discord.Interaction, thread_id: int) -> Text:
        """Add the clicker to the table's thread; what to tell them."""
        guild, _ = where(interaction)
        try:
            self.service().status(guild, thread_id)
            thread = await self.thread(thread_id)
        except (TableError, discord.NotFound) as error:
            raise Refusal(msg("table.refusal.closed")) from error
        if thread is None or thread.archived:
            raise Refusal(msg("table.refusal.closed"))
        await thread.add_user(interaction.user)
        return msg("threads.watching", thread=thread.mention)


class WatchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=WATCH_ID):
    """**Watch** on a lobby line: its message id is the thread's (Discord's rule), so the
    custom_id needs no id and works after a restart."""

    def __init__(self, *, label: str = "Watch") -> None:
        super().__init__(
            discord.ui.Button(label=label, custom_id=WATCH_ID, style=discord.ButtonStyle.secondary)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(label=str(getattr(item, "label", None) or "Watch"))

    @reported
    async def callback(self, interaction: discord.Interaction) -> None:
        desk = getattr(interaction.client, "desk", None)
        threads = getattr(desk, "threads", None)
        if not isinstance(threads, TableThreads) or interaction.message is None:
            raise Refusal(msg("table.refusal.closed"))
        said = await threads.watch(interaction, interaction.message.id)
        reader = getattr(desk, "reader", None)
        locale = await reader(interaction) if reader is not None else None
        await interaction.response.send_message(self.words(threads, said, locale), ephemeral=True)

    @staticmethod
    def words(threads: TableThreads, text: Text, locale: str | None) -> str:
        return threads.words(text, locale)
