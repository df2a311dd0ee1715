"""The bot: a ``commands.Bot`` that owns the database and the services, typed, for every cog.

Cogs reach shared things through ``self.bot`` (``bot.economy``: the ``EconomyService``;
``bot.tables``: the ``TableService``; both over ``bot.db``, the storage ``Database``, which no
cog touches), never through module globals; a view or ``DynamicItem``
uses :func:`parlour` on its interaction. The service's own events go to the desk, each in a
task of its own (see ``bot.table_events``). Everything the bot opens it closes in
:meth:`Parlour.close`, which also cancels the background tasks it started.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
import pkgutil
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TypeVar

import discord
from discord.ext import commands

from bot import heap
from bot.errors import ParlourTree
from bot.factory import BotConfig
from bot.global_budget import GlobalBudget, install, share
from bot.languages import Languages
from bot.pictures import warm as warm_pictures
from bot.shards import ShardLeases, guild_filter
from bot.table import Desk
from bot.table_events import TASK, DeskListener
from services.card_styles import CardStyles
from services.economy import EconomyService
from services.pings import PingPreferences
from services.preferences import PreferencesService
from services.tables import TableService
from storage import Database

log = logging.getLogger(__name__)

DRAIN_SECONDS = 10.0
"""How long a stop waits for the interactions in flight (and the table updates and DMs they
set off) before it closes the connection under them anyway."""
RUN_ENDS_WITHIN_S = 5.0
"""How long a stop waits, after closing, for discord.py's connection loop to end by itself."""

_T = TypeVar("_T")

FINISHING = "finishing:"
"""The name prefix of the bot's own work a stop finishes, never splits (see ``Parlour.finish``)."""
_IN_FLIGHT = ("CommandTree-invoker", "discord-ui-", "discord.py: on_", TASK, FINISHING)
"""The names discord.py gives the tasks that run an interaction's callback (commands, views,
modals, dynamic items) and the events they dispatch, the table events' tasks (the desk
showing a timeout, a computer's move, a close: ``bot.table_events``), and ``finish``'s."""


def _discover() -> tuple[str, ...]:
    """Every ``bot/exts/<name>`` package not starting with ``_`` (the economy first), so a new
    game cog is one new folder and no line here."""
    # Found by name, like discord.py's load_extension: the client knows no cog module, and
    # the cogs (which type their bot as ``Parlour``) can import this one without a cycle.
    spec = importlib.util.find_spec("bot.exts")
    where = list(spec.submodule_search_locations or []) if spec is not None else []
    found = sorted(
        f"bot.exts.{m.name}"
        for m in pkgutil.iter_modules(where)
        if m.ispkg and not m.name.startswith("_")
    )
    first = "bot.exts.economy"
    return (first, *[name for name in found if name != first])


EXTENSIONS: tuple[str, ...] = _discover()
"""Loaded in this order by ``setup_hook``; each module has ``async def setup(bot)``."""


class Parlour(commands.Bot):
    """Parlour's client. ``db``, ``economy`` and ``tables`` exist from ``setup_hook`` on (before any
    interaction reaches a cog)."""

    db: Database
    card_styles: CardStyles
    economy: EconomyService
    pings: PingPreferences
    preferences: PreferencesService
    tables: TableService

    def __init__(
        self,
        config: BotConfig,
        *,
        extensions: Sequence[str] = EXTENSIONS,
        table_seed: Callable[[], int] | None = None,
        pictures: bool = True,
    ) -> None:
        """``table_seed`` seeds each new table's deals (default: ``secrets``); an e2e test
        passes a fixed one to know the deal before it is dealt. ``pictures=False``: text-only
        tables whatever the servers' ``images`` setting (the e2e tests that read the embed)."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            # No privileged intent: slash commands and components arrive as interactions.
            intents=discord.Intents(guilds=True),
            # No message cache: the bot gets no message events (no message intents) and knows
            # its table messages by id; the cache's linear scans cost on every lookup.
            max_messages=None,
            tree_cls=ParlourTree,
            help_command=None,
            guild_ready_timeout=config.guild_ready_timeout,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **self._shard_options(config),
        )
        self.config = config
        self.initial_extensions = tuple(extensions)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._db: Database | None = None
        self._tables: TableService | None = None
        self._table_seed = table_seed
        # Held while setup_hook runs: a stop signal during start-up waits for it, so nothing
        # closes the database under a table that is still being resumed.
        self._starting = asyncio.Lock()
        self._leases: ShardLeases | None = None
        self.draining = False
        """Set when a stop begins: new interactions are no longer taken."""
        self.lost_leases = False
        """Another process took this one's shards over: it stopped serving them."""
        self._stopping: asyncio.Task[None] | None = None
        self.warmed: asyncio.Task[None] | None = None
        """The drawing of the pictures' palette and card art, started with the services (none
        for a bot without pictures)."""
        self._take_interactions_until_draining()
        # Draws every game's table on Discord; hears the service's events as bot events.
        # Who reads which language (the preferences service joins it at setup_hook).
        self.languages = Languages()
        # Every request that counts against Discord's global limit waits for a slot of this
        # one budget (all shards of the process share the REST client), on the bot's clock.
        limit, reserve = share(config.shard_count, config.shard_ids)  # this process's part
        self.global_budget = GlobalBudget(
            limit=limit, reserve=reserve, clock=config.clock.monotonic, sleep=config.clock.sleep
        )
        install(self.http, self.global_budget)
        self.desk = Desk(self, languages=self.languages, clock=config.clock)
        self.desk.pictures = pictures

    def _shard_options(self, config: BotConfig) -> dict[str, Any]:
        """The gateway options of a process serving every shard: none (``ShardedParlour``
        connects only its own)."""
        return {}

    def _take_interactions_until_draining(self) -> None:
        # discord.py parses INTERACTION_CREATE straight into the command tree and the views:
        # this is the one place a stopping process can leave new interactions alone (unanswered,
        # Discord tells the user; the restarted or another process serves the next click).
        parsers = self._connection.parsers
        take = parsers["INTERACTION_CREATE"]

        def interaction_create(data: Any) -> None:
            if self.draining:
                log.info("An interaction arrived while stopping: left unanswered")
                return
            take(data)

        parsers["INTERACTION_CREATE"] = interaction_create

    async def setup_hook(self) -> None:
        """Open the database (migrating it), build the table service, load the cogs, sync the
        commands, then resume the open tables (their cogs hear ``on_tables_resumed``)."""
        async with self._starting:
            await self._start_services()

    async def _start_services(self) -> None:
        if self.desk.pictures:
            # The pictures' palette and card art, drawn in a worker thread while the database
            # opens: otherwise the first table picture after a start pays for them (~400 ms).
            self.warmed = self.create_task(asyncio.to_thread(warm_pictures), name="warm-pictures")
        self._db = self.db = await Database.open(
            self.config.database_url or self.config.database_path
        )
        where = self.db.path if self.db.url is None else "PostgreSQL"  # a URL may hold a password
        log.info("Database %s at version %d", where, await self.db.version())
        config = self.config
        self._leases = ShardLeases(
            self.db, config.shard_count, config.shard_ids, ttl=config.lease_seconds
        )
        await self._leases.take()  # LeaseHeld: another live process serves these guilds
        if self.draining:  # stopped while it waited for a dead process's lease
            return
        self.create_task(self._leases.heartbeat(self._lost_leases), name="shard-leases")
        self.economy = EconomyService(self.db)
        self.preferences = self.languages.service = PreferencesService(
            self.db, shared=config.shard_count > 1
        )
        self.pings = PingPreferences(self.db)
        self.desk.pings.mode_of = self.pings.mode
        self.card_styles = CardStyles(self.db, shared=config.shard_count > 1)
        self._tables = self.tables = TableService(
            self.db,
            listener=DeskListener(self.desk, self.create_task, self.dispatch),
            seed=self._table_seed,
            owns=guild_filter(config.shard_count, config.shard_ids),
            clock=config.clock,
        )
        self.desk.service = self.tables
        for extension in self.initial_extensions:
            await self.load_extension(extension)
        await self.sync_commands()
        resumed = await self.tables.startup()
        log.info("Resumed %d open tables", len(resumed))
        if self.config.freeze_heap:
            heap.settle()

    def _lost_leases(self, why: str) -> None:
        log.error("Stopping: %s", why)
        self.lost_leases = True
        # Not one of self._tasks: the close cancels those, and would cancel itself.
        self._stopping = asyncio.create_task(self.close(), name="stop-lost-leases")

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server: its tables close by the refund rule."""
        if self._tables is not None:
            await self.desk.guild_removed(guild)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """A table's message was deleted: it is posted again."""
        if self._tables is not None:
            await self.desk.message_deleted(payload.channel_id, payload.message_id)

    async def sync_commands(self) -> None:
        """Sync to the dev guild when one is set (instant); globally only when asked (global
        syncs are rate limited and take up to an hour to reach every client)."""
        if self.config.dev_guild_id is not None:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to guild %s", len(synced), guild.id)
        if self.config.sync_global:
            synced = await self.tree.sync()
            log.info("Synced %d commands globally", len(synced))

    def create_task(self, coro: Coroutine[Any, Any, Any], *, name: str) -> asyncio.Task[Any]:
        """Start a background task the bot keeps a reference to, logs the failure of, and
        cancels on close (never fire-and-forget)."""
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    async def finish(self, coro: Coroutine[Any, Any, _T], *, name: str) -> _T:
        """Run ``coro`` as a whole a stop waits for (the drain counts it in flight) and its
        caller's cancellation does not cut short: a post and the stored mark that it was made
        (a season's podium), which a stop between the two would make twice."""
        return await asyncio.shield(self.create_task(coro, name=f"{FINISHING}{name}"))

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("Background task %s failed", task.get_name(), exc_info=task.exception())

    async def close(self) -> None:
        """Stop taking interactions and finish the ones in flight (their table updates and
        DMs need the connection), then stop the gateway, the table timers (deadlines stay
        stored, so every table resumes), the background tasks, release the shards, and close
        the database once its last transaction is done."""
        await self._drain()
        await super().close()
        async with self._starting:
            await self._stop_services()
        await self.global_budget.close()

    async def _drain(self) -> None:
        if self.draining:
            return
        self.draining = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DRAIN_SECONDS
        me = asyncio.current_task()
        told = False
        while True:
            busy = [
                t
                for t in asyncio.all_tasks()
                if t is not me and not t.done() and t.get_name().startswith(_IN_FLIGHT)
            ]
            left = deadline - loop.time()
            if not busy:
                return
            if left <= 0:
                log.warning("Stopping with %d interactions still in flight", len(busy))
                return
            if not told:
                log.info("Finishing %d interactions in flight", len(busy))
                told = True
            await asyncio.wait(busy, timeout=left)

    async def _stop_services(self) -> None:
        await self.desk.pings.close()
        if self._tables is not None:
            service, self._tables = self._tables, None
            await service.shutdown()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._leases is not None:
            leases, self._leases = self._leases, None
            try:
                await leases.release()
            except Exception as error:  # they expire by themselves
                log.warning("Releasing %s failed: %s", leases.describe(), error)
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()
            log.info("Database closed")


class ShardedParlour(Parlour, commands.AutoShardedBot):
    """Parlour serving some shards of a bot that runs several (``SHARD_COUNT`` above 1):
    discord.py's auto-sharded client, connecting only ``shard_ids``."""

    def _shard_options(self, config: BotConfig) -> dict[str, Any]:
        return {"shard_count": config.shard_count, "shard_ids": list(config.shard_ids)}


def build_bot(config: BotConfig) -> Parlour:
    """The ``BotFactory``: what ``python -m bot`` and the sandbox run (the e2e tests build the
    same bot with a table seed they may fix)."""
    return ShardedParlour(config) if config.shard_count > 1 else Parlour(config)


async def serve(bot: commands.Bot, token: str, stop: asyncio.Event) -> None:
    """Run ``bot`` until it stops by itself or ``stop`` is set (SIGINT/SIGTERM in
    ``python -m bot``), then close it cleanly; errors of the run (a bad token) propagate,
    except the ones the stop itself caused."""
    async with bot:
        running = asyncio.create_task(bot.start(token), name="bot")
        stopping = asyncio.create_task(stop.wait(), name="stop-signal")
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if running.done():
            await running
            return
        log.info("Stopping")
        await bot.close()
        done, _ = await asyncio.wait({running}, timeout=RUN_ENDS_WITHIN_S)
        if not done:
            # discord.py looks at the close only after its reconnect backoff, which a long
            # outage makes up to ~17 minutes: everything is closed already, so stop waiting
            log.info("The connection was waiting to reconnect: stopped without it")
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
            return
        try:
            await running
        except Exception as error:
            # Closing the HTTP session while discord.py is mid-connect can break the handshake
            # in ways its reconnect loop does not catch (aiohttp asserts on a transport the
            # close took away). The stop was asked for and has happened: not a crash.
            log.info("The connection ended with the stop (%s)", type(error).__name__)


def parlour(interaction: discord.Interaction) -> Parlour:
    """The bot behind an interaction, typed: how a view or ``DynamicItem`` (which gets no
    ``self.bot``) reaches the services."""
    client = interaction.client
    if not isinstance(client, Parlour):
        raise TypeError(f"interaction of {type(client).__name__}, not Parlour")
    return client
