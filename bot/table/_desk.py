"""The desk: everything that shows a table on Discord, for every game.

One :class:`Desk` per bot (``bot.desk``). It draws the one table message (edited in place,
posted again when deleted), sends private cards by DM (telling a player once in the channel
when their DMs are closed), keeps each table's last public events for the message, and is the
table service's :class:`~services.tables.TableListener` (timeouts, resumed and closed tables).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict, deque
from collections.abc import Iterable
from typing import Any

import discord
from discord.ext import commands

from bot.errors import CANNOT_DM, needs_permission
from bot.refusal import Refusal
from bot.render import COLOUR, chips
from bot.table._context import refusals
from bot.table._ui import GameUI, mention
from games.events import Event
from services.tables import (
    ActionResult,
    Closed,
    TableError,
    TableService,
    TableStatus,
    TimeoutReport,
)

log = logging.getLogger(__name__)

LOG_LINES = 6
"""Public events kept on the table message (the newest last)."""

UNKNOWN_MESSAGE = 10008


class Desk:
    """Draws tables and delivers private cards; hears the table service's events (it is a
    ``TableListener`` too, for a service built without the bot's dispatching one)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._service: TableService | None = None
        self._uis: dict[str, GameUI] = {}
        self._events: defaultdict[int, deque[str]] = defaultdict(lambda: deque(maxlen=LOG_LINES))
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._told_no_dm: set[tuple[int, int]] = set()
        self.names: dict[str, str] = {}
        """Display names of the users seen at a table (player id -> name), for plain-text
        places where a mention does not render (button labels)."""
        self._deals: dict[int, int] = {}

    # -- wiring ---------------------------------------------------------------------------------

    @property
    def service(self) -> TableService:
        if self._service is None:
            raise RuntimeError("the desk has no table service yet")
        return self._service

    @service.setter
    def service(self, service: TableService) -> None:
        self._service = service

    def listen(self) -> None:
        """Hear the table service's events (``bot.table_events`` dispatches them as bot
        events): timeouts, resumed tables, tables the service closed."""
        self.bot.add_listener(self.timeout_applied, "on_table_timeout")
        self.bot.add_listener(self.tables_resumed, "on_tables_resumed")
        self.bot.add_listener(self.table_closed, "on_table_closed")

    def register(self, ui: GameUI) -> None:
        """A game cog's UI (called from its ``cog_load``)."""
        self._uis[ui.game] = ui

    def ui(self, game: str) -> GameUI:
        try:
            return self._uis[game]
        except KeyError:
            raise Refusal(f"The {game} tables are not available right now.") from None

    def remember(self, user: discord.abc.User) -> None:
        """Note a user's display name (every table interaction passes through here)."""
        self.names[str(user.id)] = user.display_name

    async def _learn_names(
        self, status: TableStatus, guilds: dict[int, discord.Guild | None]
    ) -> None:
        """A restarted bot has seen nobody yet, and without the privileged members intent it
        has no member cache: ask for the seated players' names (one request each, once), so
        the resumed table's buttons name them instead of showing ``@id``. The tables resume
        while the bot logs in, before the servers arrive with READY: ``guilds`` holds the
        servers asked for so far."""
        wanted = [
            s.user_id
            for s in status.seats
            if (s.seated or s.in_deal) and str(s.user_id) not in self.names
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

    # -- drawing --------------------------------------------------------------------------------

    def embed(self, status: TableStatus, *, closed: str | None = None) -> discord.Embed:
        """The public table: the kit's common part plus the game's fields (public view only)."""
        from bot.table._components import describe_turn

        ui = self.ui(status.game)
        shown = discord.Embed(
            title=f"{ui.title} table", description=closed or describe_turn(status), colour=COLOUR
        )
        seats = [_seat_line(s, status) for s in status.seats if s.seated or s.in_deal]
        shown.add_field(
            name=f"Seats ({len(seats)}/{status.max_seats})", value="\n".join(seats) or "Empty"
        )
        if closed is None:
            game_fields = (
                ui.public_fields(status) if status.view is not None else ui.lobby_fields(status)
            )
            for f in game_fields:
                shown.add_field(name=f.name, value=f.value[:1024] or "—", inline=f.inline)
        lines = self._events.get(status.table_id)
        if lines:
            shown.add_field(name="Latest", value="\n".join(lines)[-1024:], inline=False)
        shown.set_footer(
            text=f"Table {status.table_id} · deal {status.deal_number} · "
            f"buy-in {status.min_buy_in}–{status.max_buy_in} · /{ui.command or ui.game} rules"
        )
        return shown

    def components(self, status: TableStatus) -> discord.ui.View:
        from bot.table._components import table_view

        legal = []
        if status.deal_open and status.to_act is not None:
            legal = self.service.legal_actions(status.guild_id, status.channel_id, status.to_act)
        return table_view(self.ui(status.game), status, legal)

    def note(self, status: TableStatus, events: Iterable[Event]) -> None:
        """Add a step's public events to the table's log."""
        ui = self.ui(status.game)
        pids = [str(s.user_id) for s in status.seats]
        known = self._deals.get(status.table_id)
        if known is not None and known != status.deal_number:
            # a new deal: the last one's cards come round again, its lines would mislead
            self._events.pop(status.table_id, None)
        self._deals[status.table_id] = status.deal_number
        for event in events:
            if event.is_public:
                line = ui.describe_event(event, pids)
                if line:
                    self._events[status.table_id].append(line)

    def current(self, status: TableStatus) -> TableStatus:
        """The table as it is now (``status`` itself once it is closed)."""
        try:
            now = self.service.status(status.guild_id, status.channel_id)
        except TableError:
            return status
        return now if now.table_id == status.table_id else status

    async def publish(
        self,
        status: TableStatus,
        interaction: discord.Interaction | None = None,
        *,
        closed: str | None = None,
    ) -> None:
        """Show the table as it is now on its one message: through ``interaction`` (a click on
        that message: one call), else by editing the message, else by posting it (again)."""
        async with self._locks[status.table_id]:
            status = self.current(status)
            embed = self.embed(status, closed=closed)
            view = discord.ui.View(timeout=None) if closed else self.components(status)
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
                    log.info("table %s: its message was deleted; posting it again", status.table_id)
            if closed:
                return
            async with needs_permission("Send Messages", channel):
                message = await channel.send(embed=embed, view=view)
            with contextlib.suppress(TableError):
                await self.service.set_message(status.guild_id, status.channel_id, message.id)

    # -- private cards --------------------------------------------------------------------------

    def private_text(self, guild: int, channel: int, user: int) -> str:
        with refusals():
            status = self.service.status(guild, channel, user)
        if not any(s.user_id == user for s in status.seats):
            raise Refusal("You are not playing at this table.")
        return self.ui(status.game).private_text(status, user)

    async def deliver(self, status: TableStatus, events: Iterable[Event]) -> None:
        """DM every player whose private cards changed in this step: what happened to them,
        then their cards as they are now."""
        mine: dict[str, list[Event]] = defaultdict(list)
        for event in events:
            if event.to is not None and event.to.isdigit():
                mine[event.to].append(event)
        if not mine:
            return
        ui = self.ui(status.game)
        pids = [str(s.user_id) for s in status.seats]
        for pid, told in mine.items():
            user = int(pid)
            lines = [ui.describe_private(e, pids) for e in told]
            try:
                now = self.service.status(status.guild_id, status.channel_id, user)
                if now.table_id == status.table_id and now.view is not None:
                    lines += ["", ui.private_text(now, user)]
            except TableError:
                pass
            header = f"**{ui.title}** in <#{status.channel_id}>"
            await self.dm(status, user, "\n".join([header, *lines])[:2000])

    async def dm(self, status: TableStatus, user: int, text: str) -> None:
        """One DM; closed DMs (50007) get one note in the table's channel, and play goes on."""
        try:
            channel = await self.bot.create_dm(discord.Object(user))
            await channel.send(text)
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                log.warning("DM to %s refused: %r", user, error)
            key = (status.table_id, user)
            if key in self._told_no_dm:
                return
            self._told_no_dm.add(key)
            cmd = self.ui(status.game).command or status.game
            note = (
                f"<@{user}>, I can't send you direct messages, so your cards stay with me: "
                f"use the **My cards** button or `/{cmd} hand` to see them."
            )
            await self.say(status, note)
        except discord.HTTPException as error:
            log.warning("DM to %s failed: %r", user, error)

    async def say(self, status: TableStatus, text: str) -> None:
        """A message in the table's channel (rare: resumes, closes, closed DMs)."""
        channel = self.bot.get_partial_messageable(status.channel_id, guild_id=status.guild_id)
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException as error:
            log.warning("table %s: could not post in its channel: %r", status.table_id, error)

    # -- answering a step -----------------------------------------------------------------------

    async def show(
        self,
        result: ActionResult,
        interaction: discord.Interaction | None = None,
        *,
        reply: str | None = None,
    ) -> None:
        """After a step: log its events, update the table message (through ``interaction`` when
        it is a click on the table message), answer a command ephemerally with ``reply``, and
        DM the private cards that changed."""
        status = result.table
        if interaction is not None:
            self.remember(interaction.user)
        self.note(status, result.events)
        if result.settlement is not None:
            self.note(status, [_settled(status, result.settlement)])
        on_message = (
            interaction is not None
            and interaction.message is not None
            and interaction.message.id == status.message_id
        )
        if on_message:
            await self.publish(status, interaction)
        else:
            if interaction is not None and not interaction.response.is_done():
                await interaction.response.send_message(reply or "Done.", ephemeral=True)
            await self.publish(status)
        await self.deliver(status, result.events)

    # -- the service's listener -----------------------------------------------------------------

    async def timeout_applied(self, report: TimeoutReport) -> None:
        away = " They are marked away until they act." if report.away else ""
        self._events[report.table.table_id].append(
            f"⏰ {mention(report.user_id)} ran out of time: played for them.{away}"
        )
        await self.show(ActionResult(report.events, report.table, report.settlement))

    async def tables_resumed(self, tables: list[TableStatus]) -> None:
        guilds: dict[int, discord.Guild | None] = {}
        for status in tables:
            if status.game not in self._uis:
                continue
            await self._learn_names(status, guilds)
            self._events[status.table_id].append("🔄 The bot restarted; the table goes on.")
            await self.publish(status)
            await self.say(
                status,
                f"🔄 I am back: the {self.ui(status.game).title} table here goes on.",
            )

    async def table_closed(self, table: TableStatus, reason: str, closed: Closed) -> None:
        await self.closed(table, reason, closed)

    async def closed(self, table: TableStatus, reason: str, closed: Closed) -> None:
        """A table is gone: its message says so (no buttons), and the channel hears why."""
        back = {**closed.refunded}
        for pid, amount in closed.paid_out.items():
            back[pid] = back.get(pid, 0) + amount
        returned = ", ".join(f"{mention(p)} {chips(a)}" for p, a in back.items() if a) or "none"
        text = f"The table is closed ({reason}). Chips back to balances: {returned}."
        await self.publish(table, closed=text)
        await self.say(table, text)
        self._events.pop(table.table_id, None)
        self._locks.pop(table.table_id, None)
        self._deals.pop(table.table_id, None)

    async def message_deleted(self, channel_id: int, message_id: int) -> None:
        """Someone deleted a table's message: post it again at once."""
        for status in self.service.tables():
            if status.channel_id == channel_id and status.message_id == message_id:
                await self.publish(status)

    async def guild_removed(self, guild: discord.Guild) -> None:
        """The bot left a server: close its tables there by the refund rule (nothing can be
        posted there any more)."""
        me = self.bot.user.id if self.bot.user else 0
        for status in self.service.tables():
            if status.guild_id != guild.id:
                continue
            try:
                await self.service.close(status.guild_id, status.channel_id, me, admin=True)
            except TableError as error:
                log.warning("table %s: not closed on leaving the guild: %s", status.table_id, error)
            else:
                log.info("table %s closed: the bot left guild %s", status.table_id, guild.id)


def _seat_line(seat: Any, status: TableStatus) -> str:
    marks = []
    if seat.user_id == status.to_act:
        marks.append("▶")
    line = f"{mention(seat.user_id)} — {chips(seat.stack)}"
    if seat.user_id == status.host_id:
        line += " (host)"
    if seat.away:
        line += " · away"
    if not seat.seated:
        line += " · leaving"
    return " ".join([*marks, line])


def _settled(status: TableStatus, settlement: dict[str, int]) -> Event:
    from games.events import public

    parts = [f"{mention(p)} {v:+,}" for p, v in settlement.items() if v]
    return public("settled", "Deal over: " + (", ".join(parts) or "no chips changed hands") + ".")
