"""The sandbox as operators use it: ``python -m bot`` without a token, in script mode."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main as bot_main

ROOT = Path(__file__).resolve().parents[2]


def _run_sandbox(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` in ``cwd`` (so no developer's .env token applies), no token set."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(  # noqa: S603 - our own interpreter and module
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_script_mode_in_a_subprocess_prints_the_transcript(tmp_path):
    script = tmp_path / "demo.txt"
    script.write_text("alice /ping\nbob /ping\ncarol click Join\nchannel\n", encoding="utf-8")
    database = tmp_path / "sandbox.db"

    first = _run_sandbox(tmp_path, "--script", str(script), "--database", str(database), "--fresh")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert lines[0].startswith("Parlour sandbox: guild 'Parlour Sandbox'")
    assert lines[1:5] == [
        "> alice /ping",
        "[#general] Parlour: Pong! (1 pings so far)",
        "> bob /ping",
        "[#general] Parlour: Pong! (2 pings so far)",
    ]
    assert "!! carol sees no message with 'Join'" in lines
    assert lines[-2:] == [
        "[#general] Parlour: Pong! (1 pings so far)",
        "[#general] Parlour: Pong! (2 pings so far)",
    ]


def test_the_database_is_kept_between_runs_unless_fresh(tmp_path, capsys, monkeypatch):
    """In-process through ``python -m bot``'s ``main`` (a subprocess costs seconds here)."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # away from any .env with a token
    script = tmp_path / "ping.txt"
    script.write_text("alice /ping\n", encoding="utf-8")
    args = ["--script", str(script), "--database", str(tmp_path / "kept.db")]
    answers = []
    for extra in ([], [], ["--fresh"]):
        assert bot_main([*args, *extra]) == 0
        answers.append(capsys.readouterr().out.splitlines()[2])
    assert answers == [
        "[#general] Parlour: Pong! (1 pings so far)",
        "[#general] Parlour: Pong! (2 pings so far)",
        "[#general] Parlour: Pong! (1 pings so far)",
    ]


def test_sandbox_options_with_a_token_need_sandbox(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    with pytest.raises(SystemExit):
        bot_main(["--script", "demo.txt"])
    assert "--script, --fresh and --database are sandbox options" in capsys.readouterr().err
