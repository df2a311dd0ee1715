"""The sandbox as operators use it: ``python -m bot`` without a token (what ``dev.py run``
starts), in script mode, with the real bot from the real factory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main as production_main
from sandbox.__main__ import main as bot_main

ROOT = Path(__file__).resolve().parents[2]


def _run_sandbox(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` in ``cwd`` (so no developer's .env token applies), no token set."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(  # noqa: S603 - our own interpreter and module
        [sys.executable, "-m", "sandbox", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


SCRIPT = """\
alice /balance
alice /daily
alice /daily
alice /admin grant user:@carol amount:300 reason:"welcome gift"
carol /leaderboard by:chips
carol click Join
"""


def test_script_mode_in_a_subprocess_prints_the_transcript(tmp_path):
    script = tmp_path / "demo.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    database = tmp_path / "sandbox.db"

    run = _run_sandbox(tmp_path, "--script", str(script), "--database", str(database), "--fresh")
    assert run.returncode == 0, run.stderr
    transcript = run.stdout
    assert transcript.startswith("Parlour sandbox: guild 'Parlour Sandbox'")
    assert "> alice /balance" in transcript
    assert "You have **1,000 chips**" in transcript
    assert "You claimed **200 chips**" in transcript
    assert "You already claimed your daily chips" in transcript
    assert "granted **300 chips**" in transcript
    assert "(welcome gift)" in transcript
    assert "Leaderboard: chips (balances)" in transcript
    assert "play money" in transcript
    assert "!! carol sees no message with 'Join'" in transcript
    assert "bot error" not in transcript


def test_the_database_is_kept_between_runs_unless_fresh(tmp_path, capsys, monkeypatch):
    """In-process through ``python -m bot``'s ``main`` (a subprocess costs seconds here)."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # away from any .env with a token
    script = tmp_path / "daily.txt"
    script.write_text("alice /daily\n", encoding="utf-8")
    args = ["--script", str(script), "--database", str(tmp_path / "kept.db")]
    answers = []
    for extra in ([], [], ["--fresh"]):
        assert bot_main([*args, *extra]) == 0
        out = capsys.readouterr().out
        answers.append("claimed" if "You claimed **200 chips**" in out else "refused")
    assert answers == ["claimed", "refused", "claimed"]


def test_sandbox_options_with_a_token_need_sandbox(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    with pytest.raises(SystemExit):
        bot_main(["--script", "demo.txt"])
    assert "--script, --fresh and --database are sandbox options" in capsys.readouterr().err


def test_global_sync_needs_a_token(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    with pytest.raises(SystemExit):
        bot_main(["--sync-global"])
    assert "--sync-global needs DISCORD_TOKEN" in capsys.readouterr().err


def test_the_production_entry_point_without_a_token_points_to_the_sandbox(
    monkeypatch, capsys, tmp_path
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    with pytest.raises(SystemExit):
        production_main([])
    assert "python3 dev.py run" in capsys.readouterr().err


def test_the_production_entry_point_never_imports_the_sandbox():
    import subprocess
    import sys

    probe = (
        "import sys, bot.__main__; print(any(m.split('.')[0] == 'sandbox' for m in sys.modules))"
    )
    done = subprocess.run(  # noqa: S603 - this interpreter, a fixed probe
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "False"
