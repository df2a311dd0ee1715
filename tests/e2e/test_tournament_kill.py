"""A tournament survives a SIGKILL (issue 32): ``python -m bot`` is killed in the middle of a
Pontoon sit-and-go against computer players, a new process resumes it (its level, its places,
the deal in play) and plays it to its end; the result is announced once, every entrant has a
place, the pool was paid in full, and the chip audit passes."""

from __future__ import annotations

import signal
import sqlite3
from pathlib import Path

from sandbox import log
from sandbox.actors import Actor
from sandbox.fake import FakeDiscord
from tests.e2e.bot_process import BotProcess
from tests.e2e.economy_helpers import audit
from tests.e2e.table_helpers import until

LEASE = "2"  # seconds: short, so the process after a SIGKILL takes over quickly
OVER = "tournament is over"


def _row(path: Path, sql: str) -> tuple[object, ...] | None:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        conn.execute("PRAGMA busy_timeout = 5000")
        return conn.execute(sql).fetchone()  # type: ignore[no-any-return]


def _deal(path: Path) -> int:
    found = _row(path, "SELECT deal_number FROM tables ORDER BY id DESC LIMIT 1")
    return int(found[0]) if found else 0  # type: ignore[call-overload]


async def test_a_tournament_killed_mid_way_is_played_to_its_end_by_the_next_process(
    tmp_path: Path,
) -> None:
    db = tmp_path / "prod.db"
    async with FakeDiscord(answer_limit=10.0) as fake:
        guild = fake.world.add_guild("Prod", ("general",))
        channel = guild.channels[0]
        host = Actor(fake, fake.world.owner, channel)
        env = {
            "DISCORD_TOKEN": fake.token,
            "DATABASE_PATH": str(db),
            "DEV_GUILD_ID": str(guild.id),
            "SHARD_LEASE_SECONDS": LEASE,
        }
        started: list[BotProcess] = []

        async def start(name: str) -> BotProcess:
            process = await BotProcess.start(name, tmp_path, fake.base_url, fake.gateway_url, env)
            started.append(process)
            return process

        def said() -> list[str]:
            messages = log.channel_messages(fake.world, channel.id)
            return [m.content for m in messages if m.author.bot and OVER in (m.content or "")]

        try:
            first = await start("first")
            await first.logged("Resumed 0 open tables")
            await fake.gateway.identified.wait()
            # the person lets their turns run out (5 s, twice, then they are played for)
            await host.slash("admin settings", turn_timer_seconds=5, within=10)
            opened = await host.slash(
                "tournament open", game="pontoon", seats=3, buy_in=100, speed="turbo",
                computers=2, computer_delay=0.0, within=10,
            )  # fmt: skip
            assert opened.message is not None
            assert "Level 1" in opened.message.content
            await until(lambda: _deal(db) >= 4, within=90, what="the fourth deal")
            first.send(signal.SIGKILL)
            assert await first.ended() == -signal.SIGKILL
            again = await start("again")
            await again.logged("Resumed 1 open tables", within=40)
            await until(lambda: bool(said()), within=300, what="the result")
            assert len(said()) == 1
            again.send(signal.SIGTERM)
            assert await again.ended() == 0
            assert not again.errors(), again.errors()
        finally:  # a failed test leaves no bot behind
            for process in started:
                process.send(signal.SIGKILL)
                await process.ended()
    assert (await audit(db))["ok"] is True
    state = _row(db, "SELECT state, prize_pool FROM tournaments")
    assert state == ("finished", 300)
    places = _row(db, "SELECT COUNT(place), SUM(prize) FROM tournament_entries")
    assert places == (3, 300)
