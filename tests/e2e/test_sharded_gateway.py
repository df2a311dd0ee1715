"""Sharded processes against the fake's sharded gateway (issue 17.3), in one test process: each
bot connects only its shards, gets only their servers, loads and serves only their tables, and
a bot that asks for a shard another one holds is refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from discord.ext import commands

from bot.client import Parlour, build_bot
from bot.factory import BotConfig
from sandbox.fake import FakeDiscord
from sandbox.flags import CREATE_PUBLIC_THREADS
from sandbox.guilds import Guild
from sandbox.harness import start_bot
from storage.leases import LeaseHeld

SHARDS = 4


def config(database: Path, *ids: int) -> BotConfig:
    return BotConfig(
        database,
        sync_global=True,
        guild_ready_timeout=0.02,
        shard_count=SHARDS,
        shard_ids=ids,
        lease_seconds=1.0,
    )


async def started(fake: FakeDiscord, database: Path, *ids: int) -> Parlour:
    bot = await start_bot(fake, build_bot, config(database, *ids))
    assert isinstance(bot, Parlour)
    return bot


async def stopped(fake: FakeDiscord, bot: commands.Bot) -> None:
    watched = fake.watched[:]
    await bot.close()
    for task in watched:  # this bot's gateway task ends; the other bot's runs on
        if task.done() or not await _ends(task):
            continue
        fake.watched.remove(task)


async def _ends(task: asyncio.Task[object]) -> bool:
    done, _ = await asyncio.wait({task}, timeout=0.5)
    return bool(done)


def table_guilds(bot: Parlour) -> set[int]:
    return {t.guild_id for t in bot.tables.tables()}


async def test_each_bot_serves_only_the_servers_and_tables_of_its_shards(tmp_path: Path):
    database = tmp_path / "parlour.db"
    async with FakeDiscord(answer_limit=None) as fake:
        undo = fake.point_discord_py_here()
        try:
            alice = fake.world.add_user("alice")
            guilds: list[Guild] = []
            for shard in range(SHARDS):
                guilds.append(fake.world.add_guild(f"S{shard}", shard=(shard, SHARDS)))
                guilds[-1].deny(
                    fake.world.bot_user, CREATE_PUBLIC_THREADS
                )  # tables in the channels themselves: a bot without Create Public Threads
                fake.world.join(guilds[-1], alice)
            low = await started(fake, database, 0, 1)
            high = await started(fake, database, 2, 3)
            assert {g.id for g in low.guilds} == {guilds[0].id, guilds[1].id}
            assert {g.id for g in high.guilds} == {guilds[2].id, guilds[3].id}
            assert sorted(fake.gateway.identified_shards, key=str) == [
                (n, SHARDS) for n in range(SHARDS)
            ]

            for guild in guilds:  # each command reaches the bot of its server's shard
                opened = await fake.slash(
                    alice, "paiute open", guild.channels[0], {"buy_in": 100}, within=5
                )
                assert opened.ephemeral
            assert table_guilds(low) == {guilds[0].id, guilds[1].id}
            assert table_guilds(high) == {guilds[2].id, guilds[3].id}

            with pytest.raises(LeaseHeld, match="shard 2 of 4"):  # the other's shard
                await started(fake, database, 1, 2)

            await stopped(fake, low)
            again = await started(fake, database, 0, 1)
            assert table_guilds(again) == {guilds[0].id, guilds[1].id}  # resumed: its own only
            assert table_guilds(high) == {guilds[2].id, guilds[3].id}
            assert fake.gateway.overlaps == []
            await stopped(fake, again)
            await stopped(fake, high)
        finally:
            undo()
