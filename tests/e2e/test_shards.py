"""Sharded processes on one PostgreSQL (issue 17.4): two ``python -m bot`` processes of two shards
each serve 20 servers with tables of every game while scripted players act at once; one
process is SIGKILLed mid-deal and restarted. The audit passes, no shard (so no table) is ever
served by two connections, every table resumes on the process that owns its shard and finishes
its deal, and no booking is applied twice."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import REFUSED
from sandbox.fake import FakeDiscord
from sandbox.flags import CREATE_PUBLIC_THREADS
from sandbox.guilds import Channel, Guild, User
from sandbox.interactions import InvalidInjection
from sandbox.messages import Message
from storage import Database
from storage.db import fetch_all
from tests.e2e.bot_process import BotProcess
from tests.e2e.economy_helpers import audit

pytestmark = pytest.mark.parametrize("database_target", ["postgres"], indirect=True)

SHARDS = 4
PROCESSES = {"one": "0,1", "two": "2,3"}
SERVERS = 20
LEASE = "3"
GAMES: dict[str, dict[str, Any]] = {
    "palace": {"small_bet": 10, "big_bet": 20, "ante": 5},
    "paiute": {"stake": 10, "max_rounds": 1},
    "pontoon": {"min_bet": 10, "max_bet": 50},
}
"""Each table: a host and a guest (their turns, if they do not click, time out after 5 s) and
two computer players that move after 0.1 s."""
SEATING = {"buy_in": 100, "computers": 2, "computer_delay": 0.1, "turn_timeout": 5}


def shard_of(guild: Guild) -> int:
    return (guild.id >> 22) % SHARDS


async def test_two_processes_of_two_shards_survive_a_sigkill_mid_deal(
    database_target: str | Path, tmp_path: Path
) -> None:
    url = str(database_target)
    async with FakeDiscord(answer_limit=None) as fake:
        host, guest = fake.world.add_user("host"), fake.world.add_user("guest")
        guilds = [
            fake.world.add_guild(f"Server {n}", ("tables",), shard=(n % SHARDS, SHARDS))
            for n in range(SERVERS)
        ]
        for guild in guilds:
            guild.deny(
                fake.world.bot_user, CREATE_PUBLIC_THREADS
            )  # tables in the channels themselves: a bot without Create Public Threads
            fake.world.join(guild, host)
            fake.world.join(guild, guest)
        env = {
            "DISCORD_TOKEN": fake.token,
            "DATABASE_URL": url,
            "SHARD_COUNT": str(SHARDS),
            "SHARD_LEASE_SECONDS": LEASE,
        }

        started: list[BotProcess] = []

        async def start(name: str, ids: str) -> BotProcess:
            process = await BotProcess.start(
                name,
                tmp_path,
                fake.base_url,
                fake.gateway_url,
                {**env, "SHARD_IDS": ids},
                "--sync-global",
            )
            started.append(process)
            return process

        try:
            one = await start("one", PROCESSES["one"])
            two = await start("two", PROCESSES["two"])
            for process in (one, two):
                await process.logged("Resumed 0 open tables", within=40)
            await _until(lambda: len(_connected(fake)) == SHARDS, within=40)

            games = list(GAMES)
            await asyncio.gather(
                *(_open(fake, g, games[n % 3], host, guest) for n, g in enumerate(guilds))
            )
            dealing = [
                asyncio.create_task(_play(fake, g, games[n % 3], host, guest))
                for n, g in enumerate(guilds)
            ]
            await _every_guild_dealt(url, {g.id for g in guilds}, within=40)  # mid-deal everywhere
            assert await _open_deals(url) > 0
            one.send(signal.SIGKILL)
            assert await one.ended() == -signal.SIGKILL
            restarted = await start("one-again", PROCESSES["one"])
            mine = [g for g in guilds if shard_of(g) in (0, 1)]
            tables_of_one = await _open_tables(url, {g.id for g in mine})
            await restarted.logged(f"Resumed {tables_of_one} open tables", within=40)

            for task in dealing:
                task.cancel()
            await asyncio.gather(*dealing, return_exceptions=True)
            await _deals_finished(url, within=40)

            for process in (two, restarted):
                process.send(signal.SIGTERM)
                assert await process.ended() == 0, process.log()
                assert process.errors() == [], process.log()
        finally:
            for process in started:  # a failed run leaves no process behind
                process.send(signal.SIGKILL)
                await process.ended()

    assert fake.gateway.overlaps == []  # no shard was ever served by two connections
    assert tables_of_one == len(mine)  # every table of the dead process resumed on its owner
    assert (await audit(database_target))["ok"] is True
    async with Database.open(url) as db, db.read() as conn:
        twice = await fetch_all(conn, "SELECT ref FROM ledger GROUP BY ref HAVING count(*) > 1")
        finished = await fetch_all(conn, "SELECT guild_id FROM tables WHERE deal_number >= 1")
    assert twice == []
    assert {int(r["guild_id"]) for r in finished} == {g.id for g in guilds}


async def test_a_process_frozen_past_its_lease_books_nothing_once_another_took_over(
    database_target: str | Path, tmp_path: Path
) -> None:
    """SIGSTOP one process mid-deal past its lease; another takes its shards over (a new
    epoch) and resumes its tables; SIGCONT the frozen one while the players click on. The
    stale process books nothing: whichever it meets first, its heartbeat finding the lease
    gone or the database refusing a booking (``storage.fence``; the refusal itself is pinned by
    tests/storage/test_fence.py), it stops serving. The new one finishes every deal: had the
    stale one booked a step, the new one's games would be behind the stored ones and refused
    as stale for good."""
    url = str(database_target)
    async with FakeDiscord(answer_limit=None) as fake:
        host, guest = fake.world.add_user("host"), fake.world.add_user("guest")
        guilds = [
            fake.world.add_guild(f"Server {n}", ("tables",), shard=(n % 2, 2)) for n in range(4)
        ]
        for guild in guilds:
            guild.deny(
                fake.world.bot_user, CREATE_PUBLIC_THREADS
            )  # tables in the channels themselves: a bot without Create Public Threads
            fake.world.join(guild, host)
            fake.world.join(guild, guest)
        env = {
            "DISCORD_TOKEN": fake.token,
            "DATABASE_URL": url,
            "SHARD_COUNT": "2",
            "SHARD_IDS": "0,1",
            "SHARD_LEASE_SECONDS": LEASE,
        }
        started: list[BotProcess] = []

        async def start(name: str) -> BotProcess:
            process = await BotProcess.start(
                name, tmp_path, fake.base_url, fake.gateway_url, env, "--sync-global"
            )
            started.append(process)
            return process

        games = list(GAMES)
        try:
            stale = await start("stale")
            await stale.logged("Resumed 0 open tables", within=40)
            await asyncio.gather(
                *(_open(fake, g, games[n % 3], host, guest) for n, g in enumerate(guilds))
            )
            dealing = [
                asyncio.create_task(_play(fake, g, games[n % 3], host, guest))
                for n, g in enumerate(guilds)
            ]
            await asyncio.sleep(1.0)  # mid-deal everywhere
            stale.send(signal.SIGSTOP)  # a long pause: its heartbeat stops, its lease runs out
            taker = await start("taker")
            await taker.logged("Holding shards 0, 1 of 2", within=40)
            await taker.logged(f"Resumed {len(guilds)} open tables", within=40)
            stale.send(signal.SIGCONT)  # the players' clicks meanwhile reach both processes
            assert await stale.ended(within=40) == REFUSED, stale.log()
            await asyncio.sleep(1.0)  # and the players go on clicking on the new one
            for task in dealing:
                task.cancel()
            await asyncio.gather(*dealing, return_exceptions=True)
            await _deals_finished(url, within=60)
            taker.send(signal.SIGTERM)
            assert await taker.ended() == 0, taker.log()
            assert taker.errors() == [], taker.log()
        finally:
            for process in started:
                process.send(signal.SIGCONT)
                process.send(signal.SIGKILL)
                await process.ended()

    told = stale.log()
    assert "Stopping: lost the lease on shards 0, 1 of 2" in told, told
    refused = [line for line in told.splitlines() if "A booking was refused" in line]
    unhandled = [line for line in told.splitlines() if "Unhandled error" in line]
    assert len(unhandled) <= len(refused)  # its only failures: bookings the fence refused
    assert (await audit(database_target))["ok"] is True
    async with Database.open(url) as db, db.read() as conn:
        twice = await fetch_all(conn, "SELECT ref FROM ledger GROUP BY ref HAVING count(*) > 1")
        epochs = await fetch_all(conn, "SELECT epoch FROM shard_leases ORDER BY shard_id")
    assert twice == []
    assert [int(r["epoch"]) for r in epochs] == [3, 3]  # taken over (2), released (3)


async def test_shards_move_between_two_live_processes_without_a_lost_or_doubled_step(
    database_target: str | Path, tmp_path: Path
) -> None:
    """A hand-over: while the players click on, a second process starts for the shards of a
    live one (it waits for their lease), the first is stopped (SIGTERM: it finishes the
    interactions in flight, stops its gateway and timers, releases its leases at the next
    epoch) and the second takes the shards and resumes every table. Each table's steps are
    then booked exactly once each, in order: its ledger holds action 1 to its action counter,
    none missing, none twice."""
    url = str(database_target)
    async with FakeDiscord(answer_limit=None) as fake:
        host, guest = fake.world.add_user("host"), fake.world.add_user("guest")
        guilds = [
            fake.world.add_guild(f"Server {n}", ("tables",), shard=(n % 2, 2)) for n in range(4)
        ]
        for guild in guilds:
            guild.deny(
                fake.world.bot_user, CREATE_PUBLIC_THREADS
            )  # tables in the channels themselves: a bot without Create Public Threads
            fake.world.join(guild, host)
            fake.world.join(guild, guest)
        env = {
            "DISCORD_TOKEN": fake.token,
            "DATABASE_URL": url,
            "SHARD_COUNT": "2",
            "SHARD_IDS": "0,1",
            "SHARD_LEASE_SECONDS": LEASE,
        }
        started: list[BotProcess] = []

        async def start(name: str) -> BotProcess:
            process = await BotProcess.start(
                name, tmp_path, fake.base_url, fake.gateway_url, env, "--sync-global"
            )
            started.append(process)
            return process

        games = list(GAMES)
        try:
            old = await start("old")
            await old.logged("Resumed 0 open tables", within=40)
            await asyncio.gather(
                *(_open(fake, g, games[n % 3], host, guest) for n, g in enumerate(guilds))
            )
            dealing = [
                asyncio.create_task(_play(fake, g, games[n % 3], host, guest))
                for n, g in enumerate(guilds)
            ]
            await asyncio.sleep(1.0)  # mid-deal everywhere
            new = await start("new")
            await new.logged("waiting", within=40)  # the shards are the live old one's
            old.send(signal.SIGTERM)
            assert await old.ended() == 0, old.log()
            await new.logged(f"Resumed {len(guilds)} open tables", within=40)
            await asyncio.sleep(1.0)  # the players go on clicking on the new one
            for task in dealing:
                task.cancel()
            await asyncio.gather(*dealing, return_exceptions=True)
            await _deals_finished(url, within=60)
            new.send(signal.SIGTERM)
            assert await new.ended() == 0, new.log()
            for process in (old, new):
                assert process.errors() == [], process.log()
        finally:
            for process in started:
                process.send(signal.SIGKILL)
                await process.ended()

    assert "Released shards 0, 1 of 2" in old.log()
    assert "(epochs 0: 3, 1: 3)" in new.log()  # taken (1), released (2), taken again (3)
    assert (await audit(database_target))["ok"] is True
    async with Database.open(url) as db, db.read() as conn:
        twice = await fetch_all(conn, "SELECT ref FROM ledger GROUP BY ref HAVING count(*) > 1")
        steps = await fetch_all(
            conn,
            "SELECT t.id, t.action_counter, l.ref FROM tables t "
            "JOIN ledger l ON l.table_id = t.id AND l.ref LIKE 'table:%:action:%' "
            "AND l.ref NOT LIKE 'table:%:action:%:%'",
        )
    assert twice == []
    booked: dict[int, list[int]] = {}
    counters = {}
    for row in steps:
        booked.setdefault(int(row["id"]), []).append(int(str(row["ref"]).rsplit(":", 1)[1]))
        counters[int(row["id"])] = int(row["action_counter"])
    assert len(booked) == len(guilds)
    for table_id, actions in booked.items():
        assert sorted(actions) == list(range(1, counters[table_id] + 1)), table_id


def _connected(fake: FakeDiscord) -> set[tuple[int, int]]:
    return {s for s in fake.gateway.shards.values() if s is not None}


async def _until(check: Callable[[], bool], within: float) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while True:
        if check():
            return
        assert loop.time() < deadline, "not within the time allowed"
        await asyncio.sleep(0.05)


async def _open(fake: FakeDiscord, guild: Guild, game: str, host: User, guest: User) -> None:
    channel = guild.channels[0]
    await _slash(fake, host, f"{game} open", channel, {**GAMES[game], **SEATING})
    await _slash(fake, guest, f"{game} join", channel, {"buy_in": SEATING["buy_in"]})


async def _play(fake: FakeDiscord, guild: Guild, game: str, host: User, guest: User) -> None:
    """The host deals; then both click buttons of the table message at random, as impatient
    players do (refusals included), until cancelled."""
    channel = guild.channels[0]
    rng = random.Random(guild.id)
    await _slash(fake, host, f"{game} start", channel, {})
    while True:
        await asyncio.sleep(rng.uniform(0.1, 0.4))
        table = _table(fake, channel)
        if table is None or not table.buttons:
            continue
        with contextlib.suppress(TimeoutError, InvalidInjection, LookupError):
            ids = [c for c in table.custom_ids if ":" in c]
            if ids:
                who = rng.choice((host, guest))
                await fake.use_component(who, table, rng.choice(ids), within=10)


def _table(fake: FakeDiscord, channel: Channel) -> Message | None:
    mine = [
        m
        for m in fake.world.messages.values()
        if m.channel is channel and m.author.bot and not m.deleted and m.components
    ]
    return mine[-1] if mine else None


async def _slash(
    fake: FakeDiscord, user: User, command: str, channel: Channel, options: Mapping[str, Any]
) -> None:
    for _ in range(3):  # a click during the SIGKILL goes unanswered: the player tries again
        with contextlib.suppress(TimeoutError):
            await fake.slash(user, command, channel, dict(options), within=15)
            return
    raise AssertionError(f"/{command} was never answered")


async def _open_deals(url: str) -> int:
    async with Database.open(url) as db, db.read() as conn:
        rows = await fetch_all(
            conn, "SELECT id FROM tables WHERE status = 'open' AND deal_open = 1"
        )
    return len(rows)


async def _every_guild_dealt(url: str, guild_ids: set[int], within: float) -> None:
    """Every guild's first deal has been dealt (a fixed pause was too short on a busy machine:
    a guild killed before its deal began never had one to finish)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while True:
        async with Database.open(url) as db, db.read() as conn:
            rows = await fetch_all(conn, "SELECT guild_id FROM tables WHERE deal_number >= 1")
        if {int(r["guild_id"]) for r in rows} >= guild_ids:
            return
        assert loop.time() < deadline, "not every guild dealt"
        await asyncio.sleep(0.1)


async def _open_tables(url: str, guild_ids: set[int]) -> int:
    async with Database.open(url) as db, db.read() as conn:
        rows = await fetch_all(conn, "SELECT guild_id FROM tables WHERE status = 'open'")
    return len([r for r in rows if int(r["guild_id"]) in guild_ids])


async def _deals_finished(url: str, within: float) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while await _open_deals(url):
        assert loop.time() < deadline, "deals did not finish after the restart"
        await asyncio.sleep(0.25)
