"""One fake and one bot for many tests, each in a fresh guild of its own.

Starting a fake Discord and a bot (login, IDENTIFY, the command sync, the database's migrations)
and closing them again costs a test more than most of what it checks. A test that only needs a
fresh world gets one inside a running fake instead (``SharedFake.world``): a new guild with the
standard channels and new users of the standard names, which the bot learns of as of a server
that just added it (GUILD_CREATE), with the command tree it synced to its first guild. When the
test ends the bot is removed from that guild (GUILD_DELETE): its tables there close by the
refund rule, so no table, timer or ping of one test outlives it into the next. Settings,
balances, statistics and messages are keyed by guild, channel and user ids, which are all new.

What such a test cannot do is anything that reaches beyond its guild: restart the bot, change
the fake's rate-limit rules, count the fake's every call or the bot's global budget and metrics,
run a different bot or database. Those tests keep their own ``open_session``.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass

from discord.ext import commands

from sandbox.actors import Actor
from sandbox.harness import CHANNELS, USERS, Session

JOIN_S = 10.0
"""How long the bot may take to learn of a guild it was added to (or removed from)."""


class SharedSession(Session):
    """A test's fresh guild in a shared fake: everything but the bot's restart."""

    async def restart_bot(self) -> commands.Bot:
        raise RuntimeError("a shared bot is not restarted: give the test its own session")


@dataclass
class SharedFake:
    """A running fake and bot (``home``, whose guild no test uses) that hand out fresh guilds."""

    home: Session

    @contextlib.asynccontextmanager
    async def world(self, users: Sequence[str] = USERS) -> AsyncIterator[Session]:
        """A fresh guild (#general, #tables) with fresh ``users`` as members, which the bot
        joins now and leaves when the block ends."""
        fake, bot = self.home.fake, self.home.bot
        guild = fake.world.add_guild("Parlour Sandbox", CHANNELS)
        people = [fake.world.add_user(name) for name in users]
        for user in people:
            fake.world.join(guild, user)
        # what the bot's sync to its dev guild would have put there (Parlour syncs to one guild)
        fake.world.commands[guild.id] = copy.deepcopy(fake.world.commands[self.home.guild.id])
        await fake.gateway.dispatch("GUILD_CREATE", guild.payload())
        await _until(fake_alive=fake.check_bot_alive, check=lambda: bot.get_guild(guild.id))
        general = guild.channels[0]
        session = SharedSession(fake, bot, guild, general, self.home.build_bot, self.home.config)
        session.first_call = len(fake.log.calls)
        session.actors = {u.name: Actor(fake, u, general) for u in people}
        try:
            yield session
        finally:
            await fake.remove_bot_from(guild)
            await _until(fake_alive=fake.check_bot_alive, check=lambda: not bot.get_guild(guild.id))


async def _until(*, fake_alive: Callable[[], None], check: Callable[[], object]) -> None:
    """Wait (real time, a few ms) until ``check()`` is true; fail if the bot died or it took
    longer than ``JOIN_S``."""
    deadline = time.monotonic() + JOIN_S
    while not check():
        fake_alive()
        if time.monotonic() > deadline:
            raise TimeoutError(f"the bot did not see the guild change within {JOIN_S} s")
        await asyncio.sleep(0.002)
