"""``python -m bot``'s token path against the fake Discord: a clean stop on SIGTERM, whenever it
comes."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import discord.backoff
import pytest

import bot.__main__ as entry
from bot.factory import BotConfig
from sandbox.fake import FakeDiscord
from sandbox.guilds import Guild
from tests.e2e.economy_helpers import audit


@asynccontextmanager
async def prod_fake() -> AsyncIterator[tuple[FakeDiscord, Guild]]:
    """A fake Discord with one server, discord.py pointed at it for the block."""
    fake = FakeDiscord(answer_limit=None)
    await fake.start()
    undo = fake.point_discord_py_here()
    try:
        yield fake, fake.world.add_guild("Prod", ("general",))
    finally:
        await fake.close()
        undo()


async def assert_stopped_cleanly(
    running: asyncio.Task[int], database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert await asyncio.wait_for(running, 10) == 0
    messages = [r.getMessage() for r in caplog.records]
    assert "Database closed" in messages
    assert "Stopped cleanly" in messages
    assert (await audit(database))["ok"] is True


async def test_sigterm_stops_the_token_path_cleanly(tmp_path, caplog):
    async with prod_fake() as (fake, guild):
        config = BotConfig(tmp_path / "prod.db", dev_guild_id=guild.id, guild_ready_timeout=0.02)
        caplog.set_level(logging.INFO, logger="bot")
        running = asyncio.create_task(entry._connect(fake.token, config))
        while guild.id not in fake.world.commands:  # synced: setup_hook has run
            assert not running.done(), running
            await asyncio.sleep(0.01)
        assert None not in fake.world.commands  # no global sync without --sync-global
        os.kill(os.getpid(), signal.SIGTERM)
        await assert_stopped_cleanly(running, config.database_path, caplog)


@pytest.mark.parametrize("turns", range(8), ids=lambda n: f"gateway_answers_{n}_turns_later")
async def test_sigterm_while_connecting_to_the_gateway_stops_cleanly(tmp_path, caplog, turns):
    """The stop closes the HTTP session while the gateway's answer is on its way. Depending on
    when the answer lands, aiohttp raises what discord.py's reconnect loop does not catch (an
    AssertionError, at 3 turns with aiohttp 3.14): the sweep covers the whole window."""
    async with prod_fake() as (fake, guild):
        config = BotConfig(tmp_path / "prod.db", dev_guild_id=guild.id, guild_ready_timeout=0.02)
        caplog.set_level(logging.INFO, logger="bot")
        fake.hold_gateway()
        running = asyncio.create_task(entry._connect(fake.token, config))
        await asyncio.wait_for(fake.gateway.upgrade_waiting.wait(), 10)
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(turns):
            await asyncio.sleep(0)
        fake.release_gateway()
        await assert_stopped_cleanly(running, config.database_path, caplog)


async def test_sigterm_during_a_long_reconnect_backoff_stops_at_once(tmp_path, caplog, monkeypatch):
    """Found by the soak: bots whose Discord had gone away for a while ignored SIGTERM. discord.py
    sleeps out its reconnect backoff (up to ~17 min) before it looks at the close; the stop must
    not wait for that sleep. Its backoff is set long here, the way a long outage makes it."""
    monkeypatch.setattr(discord.backoff.ExponentialBackoff, "delay", lambda self: 600.0)
    async with prod_fake() as (fake, guild):
        config = BotConfig(tmp_path / "prod.db", dev_guild_id=guild.id, guild_ready_timeout=0.02)
        caplog.set_level(logging.INFO)
        running = asyncio.create_task(entry._connect(fake.token, config))
        while guild.id not in fake.world.commands:  # connected and synced
            assert not running.done(), running
            await asyncio.sleep(0.01)
        await fake.close()  # Discord is gone: the reconnect is refused, then the backoff
        while not any("Attempting a reconnect" in r.getMessage() for r in caplog.records):
            assert not running.done(), running
            await asyncio.sleep(0.01)
        os.kill(os.getpid(), signal.SIGTERM)
        await assert_stopped_cleanly(running, config.database_path, caplog)
