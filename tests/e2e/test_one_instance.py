"""Two processes on one token and one database (issue 18.8): they both answered every click (10
of 2,236 applied, 2,624 "already acknowledged"). Now the second refuses to start, naming the
first; once the first is gone (SIGKILL: its lease expires) a new one takes over."""

from __future__ import annotations

import asyncio
import signal
import socket
import time
from pathlib import Path

from discord.ext import commands

from bot.client import Parlour, build_bot
from bot.factory import BotConfig
from sandbox.fake import FakeDiscord
from sandbox.harness import start_bot
from storage import Database, leases
from storage.leases import Holder
from tests.e2e.bot_process import BotProcess

LEASE = "2"  # seconds: short, so the takeover after a SIGKILL comes quickly


async def test_a_second_process_on_one_database_refuses_naming_the_first(tmp_path: Path):
    async with FakeDiscord() as fake:
        guild = fake.world.add_guild("Prod", ("general",))
        alice = fake.world.add_user("alice")
        fake.world.join(guild, alice)
        env = {
            "DISCORD_TOKEN": fake.token,
            "DATABASE_PATH": str(tmp_path / "prod.db"),
            "DEV_GUILD_ID": str(guild.id),
            "SHARD_LEASE_SECONDS": LEASE,
        }

        async def start(name: str) -> BotProcess:
            return await BotProcess.start(name, tmp_path, fake.base_url, fake.gateway_url, env)

        async def served_by_one() -> None:
            answer = await fake.slash(alice, "balance", guild.channels[0], within=10)
            assert answer.answered.is_set()

        first = await start("first")
        await first.logged("Resumed 0 open tables")
        await fake.gateway.identified.wait()

        second = await start("second")
        assert await second.ended() == 3
        since = (await _leases(tmp_path))[0].holder.since
        holder = f"host {socket.gethostname()}, pid {first.pid}, since {since}"
        assert f"Not starting: held by another running process: shard 0 of 1 ({holder})" in (
            second.log()
        )
        assert fake.gateway.identifies == 1  # the second never connected
        await served_by_one()

        first.send(signal.SIGKILL)
        assert await first.ended() == -signal.SIGKILL
        third = await start("third")  # once the dead one's lease has expired
        await third.logged("Resumed 0 open tables")
        [lease] = await _leases(tmp_path)
        assert lease.holder.pid == third.pid
        # the third identifies once its start-up is done: wait for the IDENTIFY itself (the
        # bot's log has no "connected to Gateway" line: discord.gateway logs at WARNING)
        deadline = time.monotonic() + 30
        while fake.gateway.identifies < 2:
            assert time.monotonic() < deadline, third.log()
            await asyncio.sleep(0.02)
        await served_by_one()

        third.send(signal.SIGTERM)
        assert await third.ended() == 0
        [freed] = await _leases(tmp_path)  # a clean stop frees the shard at once: expired,
        assert freed.expires_at == 0  # at the next epoch, so nothing of the old one books
        assert freed.epoch == lease.epoch + 1
        for process in (first, third):
            assert process.errors() == [], process.log()


async def _leases(folder: Path) -> list[leases.Lease]:
    async with Database.open(folder / "prod.db") as db, db.read() as conn:
        return await leases.held(conn)


async def test_a_process_whose_shard_was_taken_over_stops_serving(tmp_path: Path):
    """It stalled past its lease (a frozen VM, a lost database) and another process took the
    shard over: at its next heartbeat it stops, rather than serve the shard beside the new
    holder."""
    async with FakeDiscord() as fake:
        undo = fake.point_discord_py_here()
        try:
            fake.world.add_guild("Prod", ("general",))
            config = BotConfig(tmp_path / "prod.db", guild_ready_timeout=0.02, lease_seconds=1.0)
            bot = await start_bot(fake, build_bot, config)
            async with Database.open(tmp_path / "prod.db") as db, db.transaction() as tx:
                later = time.time() + 5  # the bot's lease has run out by then
                await leases.acquire(tx, Holder.this_process(), 1, [0], ttl=60, now=later)
            await asyncio.wait_for(_closed(bot), 10)
            # the stop the lost lease began closes the database after the connection: wait for
            # it too (a second close waits on the first), or the test ends with the database
            # open and its connection is collected during a later test
            await asyncio.wait_for(bot.close(), 10)
            assert isinstance(bot, Parlour)
            assert bot.lost_leases
        finally:
            fake.watched.clear()
            undo()


async def _closed(bot: commands.Bot) -> None:
    while not bot.is_closed():  # noqa: ASYNC110 - discord.py has no event for it
        await asyncio.sleep(0.05)
