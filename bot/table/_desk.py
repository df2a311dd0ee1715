"""The desk: the table kit's one object per bot (``bot.desk``), tying its parts together.

It keeps the games' presenters (``GameUI``) and each table's latest public lines, and answers
a step of a table: the presenter (:mod:`._presenter`) says what the table and the DMs show,
the table messages (:mod:`._table_messages`) draw it in the table's format (embed or V2:
:mod:`._formats`), the publisher (:mod:`._publisher`) puts it on Discord. A player's own
cards are :mod:`._my_cards`' (``desk.cards``) and :mod:`._private`'s, the turn pings
:mod:`._pings`'. The display names live in :mod:`._names`; the table service's listener
events reach the desk through ``bot.table_events``. Languages (``bot.languages``): the table
message and the channel's announcements are in the server's language, a reply and a DM in
the reader's.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

import discord
from discord.ext import commands

from bot.languages import Languages
from bot.refusal import Refusal
from bot.table import _presenter as present
from bot.table import _private as private
from bot.table import _render as render
from bot.table._fresh import FreshTokens
from bot.table._log import TableLog
from bot.table._message import MessageFormat
from bot.table._model import TableModel
from bot.table._my_cards import MyCards
from bot.table._names import NameBook, TableNames
from bot.table._pings import Pinger, turn_words
from bot.table._publisher import Publisher
from bot.table._resume import busiest_first, paced
from bot.table._table_messages import TableMessages
from bot.table._threads import TableThreads
from bot.table._ui import GameUI
from bot.text import DEFAULT_LOCALE, Text, catalog, msg
from games.actions import ActionSpec
from services.tables import (
    ActionResult,
    Clock,
    Closed,
    ComputerReport,
    PrivateView,
    SystemClock,
    TableError,
    TableService,
    TableStatus,
    TimeoutReport,
)
from services.tables.events import CloseReason, Closing

log = logging.getLogger(__name__)


class Desk:
    """Draws tables and delivers private cards; hears the table service's events (it is a
    ``TableListener`` too, for a service built without the bot's dispatching one)."""

    def __init__(
        self,
        bot: commands.Bot,
        locale: str = DEFAULT_LOCALE,
        languages: Languages | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.bot = bot
        self.clock = clock or SystemClock()
        """The bot's one clock (``BotConfig.clock``): budgets, tokens, pings, pacing."""
        self.locale = locale
        """The language without ``languages`` (a desk of a bot with no database)."""
        self.languages = languages
        self._service: TableService | None = None
        self._uis: dict[str, GameUI] = {}
        self.logs = TableLog()
        """Each table's public lines (see :mod:`._log`)."""
        self.book = NameBook(bot)
        self.fresh = FreshTokens(clock=self.clock.monotonic)
        """Each player's latest interaction token per table channel: a private update outside
        their own move goes as its ephemeral followup instead of a DM (and a turn ping as a
        public one)."""
        self.publisher = Publisher(bot, clock=self.clock, fresh=self.fresh)
        self.pictures = True
        """Pictures at all (then each server's ``images`` setting decides); off for a bot
        that should only ever send text tables."""
        self.pings = Pinger(
            bot,
            self.publisher.budget,
            fresh=self.fresh,
            tokens=self.publisher.tokens,
            clock=self.clock,
        )
        self._showing = 0
        self._closing = 0
        self.messages = TableMessages(self, self.publisher, self.images)
        """Each table's one message, in its format (:mod:`._table_messages`)."""
        self.replays: Callable[[discord.Interaction, int, int], Awaitable[None]] | None = None
        """Shows a table's finished deal (table id, deal number) step by step to the clicker
        of **Replay**: set by the extension that has replays (``bot.exts.history``)."""
        self.cards = MyCards(self, self.fresh, self.pings.acted)
        """The **My cards** reply (:mod:`._my_cards`)."""
        self.threads = TableThreads(
            bot,
            self.words,
            self._server_language,
            lambda: self.service,
            self._title,
            self.publisher.budget,
            self.clock.sleep,
        )
        """The threads of tables (:mod:`._threads`)."""

    async def _server_language(self, guild: int) -> str:
        return self.locale if self.languages is None else await self.languages.public(guild)

    def _title(self, game: str) -> Text:
        return self._uis[game].title if game in self._uis else game

    # -- wiring ---------------------------------------------------------------------------------

    @property
    def service(self) -> TableService:
        if self._service is None:
            raise RuntimeError("the desk has no table service yet")
        return self._service

    @service.setter
    def service(self, service: TableService) -> None:
        self._service = service

    def register(self, ui: GameUI) -> None:
        """A game cog's UI (called from its ``cog_load``)."""
        self._uis[ui.game] = ui

    def has_game(self, game: str) -> bool:
        return game in self._uis

    def ui(self, game: str) -> GameUI:
        try:
            return self._uis[game]
        except KeyError:
            raise Refusal(msg("table.refusal.unavailable", game=game)) from None

    @property
    def names(self) -> dict[str, str]:
        """Display names of the users seen at a table (player id -> name), for plain-text
        places where a mention does not render (button labels)."""
        return self.book.display

    def remember(self, user: discord.abc.User) -> None:
        """Note a user's display name (every table interaction passes through here)."""
        self.book.remember(user)

    def names_of(self, status: TableStatus) -> TableNames:
        return self.book.of(status)

    def words(self, text: Text, locale: str | None = None) -> str:
        """``text`` in ``locale`` (default: the desk's)."""
        return catalog(locale or self.locale).text(text)

    async def public(self, status: TableStatus) -> str:
        """The language of the table's public messages: its server's."""
        if self.languages is None:
            return self.locale
        return await self.languages.public(status.guild_id)

    async def reader(self, interaction: discord.Interaction) -> str:
        """The language of a reply only ``interaction``'s user sees."""
        if self.languages is None:
            return self.locale
        return await self.languages.reader(interaction)

    async def reply(self, interaction: discord.Interaction, text: Text) -> None:
        """An ephemeral answer in the reader's language."""
        words = self.words(text, await self.reader(interaction))
        await interaction.response.send_message(words, ephemeral=True)

    async def say(self, status: TableStatus, text: Text) -> None:
        """A message in the table's channel (rare: resumes, closes, closed DMs)."""
        await self.publisher.say(status, self.words(text, await self.public(status)))

    # -- drawing --------------------------------------------------------------------------------

    def model(
        self,
        status: TableStatus,
        *,
        closed: Text | None = None,
        legal: list[ActionSpec] | None = None,
    ) -> TableModel:
        """What the table shows now (pure: the presenter's). ``legal``: the legal actions of
        the player to act, when the caller has them (a step's result); else asked for."""
        if closed is not None or not status.deal_open or status.to_act is None:
            legal = []
        elif legal is None:
            legal = self.service.legal_actions(status.guild_id, status.channel_id, status.to_act)
        lines, whole = self.logs.shown(status)
        names = self.names_of(status)
        return present.present_table(
            self.ui(status.game), status, lines, legal, names, closed=closed, whole=whole
        )

    def embed(
        self, status: TableStatus, *, closed: Text | None = None, locale: str | None = None
    ) -> discord.Embed:
        """The public table: the kit's common part plus the game's fields (public view only)."""
        return render.table_embed(self.model(status, closed=closed), locale or self.locale)

    def note(self, status: TableStatus, events: Iterable[present.AnyEvent]) -> list[Text]:
        """Add a step's public events to the table's log; its lines."""
        self.logs.deal(status.table_id, status.deal_number)
        ui, names = self.ui(status.game), self.names_of(status)
        lines: list[Text] = []
        for event in events:
            if event.is_public:
                line = present.event_line(ui, event, names)
                if line:
                    self.logs.add(status.table_id, line, deciding=ui.deciding(event))
                    lines.append(line)
        return lines

    def log_line(self, status: TableStatus, line: Text) -> None:
        """A line of the bot's own in the log of the table's deal (a tournament's level), shown
        with the table's next drawing."""
        self.note(status, ())
        self.logs.add(status.table_id, line)

    def latest(self, status: TableStatus) -> tuple[TableStatus, list[ActionSpec] | None]:
        """The table as the desk last saw it step (no read), else as it is now (read)."""
        return self.messages.latest(status)

    async def publish(
        self,
        status: TableStatus,
        interaction: discord.Interaction | None = None,
        *,
        closed: Text | None = None,
        low: bool = False,
        step: ActionResult | None = None,
    ) -> None:
        """Show the table as it is now on its one message (see ``Publisher.publish``); a
        closed table's message loses its buttons, and is not posted again. ``low``: a
        restart's note or a repost, which yields to the players' updates. ``step``: the
        result being shown (drawn from without reading the table); without it the table is
        read when drawn (something changed it outside a step: a player is back, a restart)."""
        await self.messages.publish(status, interaction, closed=closed, low=low, step=step)

    async def images(self, guild: int) -> bool:
        """Whether the table messages of ``guild`` show pictures (Components V2): the bot's
        ``pictures`` and the server's ``/admin settings images``."""
        economy = getattr(self.bot, "economy", None)
        if not self.pictures or economy is None:
            return False
        return bool((await economy.settings(guild)).images)

    # -- private cards --------------------------------------------------------------------------

    async def format_of(self, status: TableStatus) -> MessageFormat:
        """The format of ``status``'s table (see :mod:`._formats`)."""
        return await self.messages.formats.of(status)

    async def deliver(
        self,
        status: TableStatus,
        events: Iterable[present.AnyEvent],
        interaction: discord.Interaction | None = None,
        reply: Text | Callable[[], Awaitable[None]] | None = None,
        *,
        owed: Iterable[int] = (),
        views: Mapping[int, PrivateView] | None = None,
    ) -> None:
        """Tell every player whose private cards changed in this step, each on their own
        interaction where there is one, else by DM (see :mod:`._private`); ``interaction`` is
        answered with ``reply`` unless the player's own update answered it. ``owed``: players
        still owed the update of a step from before a restart (the private outbox), told their
        cards as they are now. ``views``: the step's private views (else each is read)."""
        await private.deliver(self, status, events, interaction, reply, owed=owed, views=views)

    async def dm(self, status: TableStatus, user: int, send: dict[str, Any]) -> None:
        """One DM (``send``: its keyword arguments, in the table's format); closed DMs
        (50007) get one note in the table's channel, and play goes on."""
        locale = await self.public(status)

        def note() -> str:
            cmd = self.ui(status.game).command or status.game
            return self.words(msg("table.say.no_dm", player=f"<@{user}>", command=cmd), locale)

        await self.publisher.dm(status, user, send, note)

    # -- answering a step -----------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether the desk still owes Discord something: a step being shown, a table edit or
        a turn ping waiting for room in its channel, a closed table's last words and its
        thread's archiving (the sandbox's ``settle`` waits for it)."""
        return self._showing > 0 or self._closing > 0 or self.publisher.busy or self.pings.busy

    async def show(
        self,
        result: ActionResult,
        interaction: discord.Interaction | None = None,
        *,
        reply: Text | Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """After a step: log its events, update the table message (through ``interaction`` when
        it is a click on the table message), answer a command ephemerally (with the player's
        own new cards when the step changed them, else ``reply``: a text, or a coroutine
        function that answers), and tell the private cards that changed (see
        :meth:`deliver`)."""
        self._showing += 1
        try:
            await self._show(result, interaction, reply)
        finally:
            self._showing -= 1

    async def _show(
        self,
        result: ActionResult,
        interaction: discord.Interaction | None,
        reply: Text | Callable[[], Awaitable[None]] | None,
    ) -> None:
        status = result.table
        if interaction is not None:
            self.remember(interaction.user)
            if self.languages is not None:
                self.languages.seen(interaction)
            self.pings.acted(interaction.user.id)
        if result.closed is not None:  # the last player stood up: the table is gone
            if interaction is not None and not interaction.response.is_done():
                answer = self.words(reply if isinstance(reply, Text) else msg("table.reply.done"))
                await interaction.response.send_message(answer, ephemeral=True)
            self.note(status, result.events)
            reason = present.close_reason(Closing(CloseReason.EMPTY))
            await self.closed(status, reason, result.closed)
            return
        lines = self.note(status, result.events)
        if result.settlement is not None:  # the deal's end is shown whole (see ._log)
            settled = present.settled_line(result.settlement, self.names_of(status))
            self.logs.ended(status.table_id, lines, settled)
        on_message = (
            interaction is not None
            and interaction.message is not None
            and interaction.message.id == status.message_id
        )
        # a click on the table message is answered with the table; anything else wakes the
        # table's writer (it does not wait for the edit)
        await self.publish(status, interaction if on_message else None, step=result)
        done = reply or msg("table.reply.done")
        await self.deliver(status, result.events, interaction, done, views=result.private)
        if interaction is not None:
            await self.messages.tell_denied(status, interaction)
        if result.private:  # the step's private updates went out: cleared with the next step
            self.service.outbox.delivered(status.table_id, result.private, status.action_counter)
        await self.ping(self.latest(status)[0])

    async def catch_up(self, interaction: discord.Interaction, status: TableStatus) -> bool:
        """Answer a click stale only because the table message is behind with the table as it
        is now (see ``TableMessages.catch_up``); ``False`` if it is not that case."""
        return await self.messages.catch_up(interaction, status)

    async def ping(self, status: TableStatus) -> None:
        """Tell the player to act that it is their turn (see :mod:`._pings`)."""
        words = turn_words(status, self.ui(status.game).title, await self.public(status))
        await self.pings.turn(status, *words, lambda: self.latest(status)[0])

    # -- the service's listener -----------------------------------------------------------------

    async def timeout_applied(self, report: TimeoutReport) -> None:
        names = self.names_of(report.table)
        line = present.timeout_line(report.user_id, report.away, names)
        self.logs.add(report.table.table_id, line)
        await self.show(report.step)

    async def computer_acted(self, report: ComputerReport) -> None:
        """A computer player moved: the table shows it like anyone's move."""
        await self.show(report.step)

    async def tables_resumed(self, tables: list[TableStatus]) -> None:
        """One edit per table says it is back, busiest first, paced (see :mod:`._resume`);
        then the private updates that a stop between a step's commit and its delivery left
        owed (the private outbox) are delivered (at least once: see ``services.tables.outbox``)."""
        shown = [t for t in tables if t.game in self._uis]
        gone: set[int] = set()  # tables whose thread was deleted: closed by the refund rule
        async for status in paced(busiest_first(shown), clock=self.clock):
            if not await self.threads.reopen(status):
                gone.add(status.table_id)
                continue
            self.publisher.budget.inherit(status.channel_id)
            self.logs.add(status.table_id, present.restarted_line())
            await self.publish(status, low=True)
        owed = await self.service.outbox.owed()
        for status in shown:
            users = owed.get(status.table_id)
            if not users or status.table_id in gone:
                continue
            now = self.messages.current(status)
            await self.deliver(now, (), owed=users)
            await self.service.outbox.clear_now(now.table_id, users, max(users.values()))

    async def table_closed(self, table: TableStatus, reason: Closing, closed: Closed) -> None:
        await self.closed(table, present.close_reason(reason), closed)

    async def closed(self, table: TableStatus, reason: Text, closed: Closed) -> None:
        """A table is gone: its message says so (no buttons), and the channel hears why."""
        self._closing += 1
        try:
            await self.pings.closed(table.table_id)
            text = present.closed_text(reason, closed, self.names_of(table))
            await self.publish(table, closed=text)
            await self.say(table, text)
            self.logs.close(table.table_id)
            self.messages.forget(table.table_id)
            await self.threads.closed(table, reason)
        finally:
            self._closing -= 1

    async def message_deleted(self, channel_id: int, message_id: int) -> None:
        """Someone deleted a table's message: post it again at once."""
        for status in self.service.tables():
            if status.channel_id == channel_id and status.message_id == message_id:
                await self.publish(status, low=True)

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
                log.warning("table %s: not closed on leaving the guild: %r", status.table_id, error)
            else:
                log.info("table %s closed: the bot left guild %s", status.table_id, guild.id)
