"""``python -m bot`` end to end: the sandbox through the real factory (the way ``dev.py run``
starts it), and the token path's clean stop on SIGTERM against the fake Discord."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

import pytest

import bot.__main__ as entry
from bot.factory import BotConfig
from bot.sandbox.fake import FakeDiscord
from tests.e2e.economy_helpers import audit

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """\
alice /balance
alice /daily
alice /daily
bob /admin grant user:@carol amount:300 reason:"welcome gift"
carol /leaderboard by:chips
quit
"""


async def test_the_sandbox_runs_a_script_with_the_real_bot(tmp_path):
    script = tmp_path / "demo.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    database = tmp_path / "sandbox.db"
    env = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH"}}
    env["PYTHONPATH"] = str(ROOT)
    # dev.py run is `<venv python> -m bot ARGS` in the project root; the same command here, in
    # an empty directory so no developer's .env (with a token) is picked up.
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "--script",
        str(script),
        "--fresh",
        "--database",
        str(database),
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 60)
    transcript = out.decode()
    assert process.returncode == 0, (transcript, err.decode())
    assert "You have **1,000 chips**" in transcript
    assert "You claimed **200 chips**" in transcript
    assert "already claimed" in transcript
    assert "granted **300 chips**" in transcript
    assert "Leaderboard: chips (balances)" in transcript
    assert "play money" in transcript
    assert "bot error" not in transcript
    assert (await audit(database))["ok"] is True


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


def test_script_options_need_the_sandbox_when_a_token_is_set(monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    with pytest.raises(SystemExit):
        entry.main(["--script", "demo.txt"])
    assert "--script and --fresh are sandbox options" in capsys.readouterr().err
