"""``python -m bot``'s token path against the fake Discord: a clean stop on SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

import bot.__main__ as entry
from bot.factory import BotConfig
from bot.sandbox.fake import FakeDiscord
from tests.e2e.economy_helpers import audit


async def test_sigterm_stops_the_token_path_cleanly(tmp_path, caplog, monkeypatch):
    fake = FakeDiscord(answer_limit=None)
    await fake.start()
    undo = fake.point_discord_py_here()
    try:
        guild = fake.world.add_guild("Prod", ("general",))
        config = BotConfig(tmp_path / "prod.db", dev_guild_id=guild.id, guild_ready_timeout=0.02)
        caplog.set_level(logging.INFO, logger="bot")
        running = asyncio.create_task(entry._connect(fake.token, config))
        while guild.id not in fake.world.commands:  # synced: setup_hook has run
            assert not running.done(), running
            await asyncio.sleep(0.01)
        assert None not in fake.world.commands  # no global sync without --sync-global
        os.kill(os.getpid(), signal.SIGTERM)
        assert await asyncio.wait_for(running, 10) == 0
    finally:
        await fake.close()
        undo()
    messages = [r.getMessage() for r in caplog.records]
    assert "Database closed" in messages
    assert "Stopped cleanly" in messages
    assert (await audit(tmp_path / "prod.db"))["ok"] is True
