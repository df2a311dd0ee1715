"""Two processes on one token and one database (issue 18.8): they both answered every click (10
of 2,236 applied, 2,624 "already acknowledged"). Now the second refuses to start, naming the
first; once the first is gone (SIGKILL: its lease expires) a new one takes over."""

from __future__ import annotations

import signal
import socket
from pathlib import Path

from sandbox.fake import FakeDiscord
from storage import Database, leases
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
        while fake.gateway.identifies < 2:
            await third.logged("connected to Gateway")
        await served_by_one()

        third.send(signal.SIGTERM)
        assert await third.ended() == 0
        assert await _leases(tmp_path) == []  # a clean stop frees the shard at once
        for process in (first, third):
            assert process.errors() == [], process.log()


async def _leases(folder: Path) -> list[leases.Lease]:
    async with Database.open(folder / "prod.db") as db, db.read() as conn:
        return await leases.held(conn)
