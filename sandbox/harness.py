"""Run a real bot against a fresh fake: shared by the sandbox, the e2e fixtures and the bench.

``async with open_session(build_bot, database_path=...) as session:`` starts a fake Discord with
the standard world (one guild, #general and #tables, users alice, bob, carol and dave), points
discord.py at it, builds the bot through the ``BotFactory`` seam with its command tree synced to
the guild, and waits until the bot is ready with every guild available.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from discord.ext import commands

from bot.factory import BotConfig, BotFactory
from bot.table_events import TASK as TABLE_EVENT
from sandbox import log
from sandbox.actors import Actor
from sandbox.fake import FakeDiscord
from sandbox.guilds import Channel, Guild
from sandbox.log import Call
from sandbox.messages import Message

USERS = ("alice", "bob", "carol", "dave")
CHANNELS = ("general", "tables")
# discord.py waits this long after the last GUILD_CREATE before on_ready (default 2 s); the
# fake sends every GUILD_CREATE right after READY, so a few ms are enough.
FAST_GUILD_READY = 0.02


@dataclass
class Session:
    """A running fake + bot, with the world's guild, channels and users to act as."""

    fake: FakeDiscord
    bot: commands.Bot
    guild: Guild
    channel: Channel  # #general: where actors act by default
    build_bot: BotFactory
    config: BotConfig
    actors: dict[str, Actor] = field(default_factory=dict)
    first_call: int = 0
    """Where this session's calls begin in ``fake.log.calls`` (a fake shared by many tests,
    ``sandbox.shared``, logs theirs before)."""

    async def restart_bot(self) -> commands.Bot:
        """Stop the bot and start a new one from the same factory and database, as after a
        process restart: it logs in and IDENTIFYs afresh; the fake keeps its world."""
        error = await stop_bot(self.fake, self.bot)
        if error is not None:
            raise RuntimeError(f"the bot's gateway task failed: {error!r}") from error
        self.bot = await start_bot(self.fake, self.build_bot, self.config)
        return self.bot

    def __getattr__(self, name: str) -> Actor:
        """``session.alice``: the actor called alice."""
        try:
            return self.__dict__["actors"][name]  # type: ignore[no-any-return]
        except KeyError:
            raise AttributeError(name) from None

    def calls(self) -> list[Call]:
        """The REST calls the bot made in this session, oldest first."""
        return self.fake.log.calls[self.first_call :]

    def messages(self, channel: Channel | None = None) -> list[Message]:
        """A channel (default #general) as everyone sees it now, current edits applied."""
        return log.channel_messages(self.fake.world, (channel or self.channel).id)

    def channel_named(self, name: str) -> Channel:
        """A channel (or a thread) of the sandbox guild by name."""
        for channel in [*self.guild.channels, *self.guild.threads]:
            if channel.name == name:
                return channel
        raise LookupError(f"no channel #{name}")


async def start_bot(fake: FakeDiscord, build_bot: BotFactory, config: BotConfig) -> commands.Bot:
    """Build the bot, log it in to ``fake`` and wait until it is ready.

    ``login`` runs ``setup_hook`` (the command sync); ``connect`` runs the gateway loop as a
    task the fake watches, so a crash in it fails waits at once.
    """
    bot = build_bot(config)
    try:
        await bot.login(fake.token)
        task: asyncio.Task[object] = asyncio.create_task(bot.connect(), name="bot-gateway")
        fake.watch(task)
        ready = asyncio.create_task(bot.wait_until_ready())
        await asyncio.wait({task, ready}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            ready.cancel()
            fake.check_bot_alive()
            raise TimeoutError("the bot did not become ready within 10 s")
        # on_ready fires guild_ready_timeout after the last GUILD_CREATE; on a slow machine a
        # guild could still be unavailable, which would turn into a flaky test.
        while len(bot.guilds) < _served(bot, fake) or any(g.unavailable for g in bot.guilds):
            fake.check_bot_alive()
            await asyncio.sleep(0.002)
    except BaseException:
        await bot.close()
        raise
    return bot


def _served(bot: commands.Bot, fake: FakeDiscord) -> int:
    """How many of the world's guilds the bot's shards get (all of them, unsharded)."""
    shard_ids, count = getattr(bot, "shard_ids", None), bot.shard_count
    if not shard_ids or not count:
        return len(fake.world.guilds)
    return sum(1 for guild_id in fake.world.guilds if (guild_id >> 22) % count in shard_ids)


def owes_writes(bot: commands.Bot) -> bool:
    """Whether the bot still owes Discord something of a step: the table service making one
    (a turn's end or a computer's move whose time has come on the clock), a table event on its
    way to the desk, or the table kit pacing a write (a table edit or a turn ping waiting for
    room in the channel's rate limit). A loaded machine leaves quiet gaps inside that work
    (a database write), which ``settle`` must not take for the end of it."""
    tables = getattr(bot, "tables", None)
    if tables is not None and getattr(tables, "busy", False):
        return True
    if any(not t.done() and t.get_name().startswith(TABLE_EVENT) for t in asyncio.all_tasks()):
        return True
    desk = getattr(bot, "desk", None)
    if desk is None:
        return False
    return bool(desk.busy)


async def stop_bot(fake: FakeDiscord, bot: commands.Bot) -> BaseException | None:
    """Close the bot and wait for its gateway task; returns the error it died of, if any."""
    await bot.close()
    tasks, fake.watched = fake.watched, []
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            try:
                await asyncio.wait_for(task, 5)
            except Exception as error:  # reported to the caller
                return error
    return None


@contextlib.asynccontextmanager
async def open_session(
    build_bot: BotFactory,
    *,
    database_path: Path,
    users: Sequence[str] = USERS,
    answer_limit: float | None = 3.0,
    guild_ready_timeout: float = FAST_GUILD_READY,
    strict: bool = False,
    rate_limits: bool = True,
    bucket_limits: Mapping[str, int] | None = None,
    pass_paced_time: bool = False,
) -> AsyncIterator[Session]:
    """A fresh fake with the standard world and a ready bot; everything is closed on exit.
    ``strict`` checks the fake's every answer against the spec (``fake.log.drift``);
    ``bucket_limits`` changes rate-limit rules (name -> requests per window) before the bot
    connects; ``pass_paced_time`` lets ``fake.settle`` pass the time the bot's paced writes
    wait for on the fake's clock instead of in real time (tests)."""
    fake = FakeDiscord(answer_limit=answer_limit, strict=strict, rate_limits=rate_limits)
    fake.pass_paced_time = pass_paced_time
    for name, limit in (bucket_limits or {}).items():
        fake.rate_limits.set(name, limit=limit)
    await fake.start()
    undo = fake.point_discord_py_here()
    try:
        guild = fake.world.add_guild("Parlour Sandbox", CHANNELS)
        people = [fake.world.add_user(name) for name in users]
        for user in people:
            fake.world.join(guild, user)
        config = BotConfig(
            database_path=database_path,
            dev_guild_id=guild.id,
            guild_ready_timeout=guild_ready_timeout,
            clock=fake.clock,  # fake.clock.advance moves the bot's time too
        )
        bot = await start_bot(fake, build_bot, config)
        general = guild.channels[0]
        session = Session(fake, bot, guild, general, build_bot, config)
        session.actors = {u.name: Actor(fake, u, general) for u in people}
        fake.owes.append(lambda: owes_writes(session.bot))
        try:
            yield session
        finally:
            error = await stop_bot(fake, session.bot)
            if error is not None:
                raise RuntimeError(f"the bot's gateway task failed: {error!r}") from error
    finally:
        await fake.close()
        undo()
