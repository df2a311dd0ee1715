"""SIGKILL at random moments: after each kill the database opens, the audit holds, and no
transaction is half-applied (every table's snapshot agrees with its stored chips)."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import sys
from pathlib import Path

import pytest

from storage import Database, tables
from storage.db import fetch_all, scalar

from .conftest import checked

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20


async def _check_consistent(path: Path) -> int:
    """Audit, then check every table against its snapshot and its ledger; the ledger size."""
    async with Database.open(path) as db:
        await checked(db)  # totals, and each account / seat / table against its ledger rows
        async with db.read() as conn:
            for table in await tables.load_open(conn):
                markers = await scalar(
                    conn,
                    "SELECT COUNT(*) FROM ledger WHERE table_id = ? AND user_id IS NULL "
                    "AND reason IN ('action', 'settlement')",
                    (table.id,),
                )
                assert markers == table.action_counter  # every booked action, no torn one
                if table.snapshot is None:
                    continue
                snap = json.loads(table.snapshot)
                assert snap["counter"] == table.action_counter
                assert snap["deal"] == table.deal_number
                assert snap["pot"] == table.pot
                held = {s.pid: s.stack for s in table.seats if s.pid in snap["stacks"]}
                assert snap["stacks"] == held
            rows = await fetch_all(conn, "SELECT COUNT(*) AS n FROM ledger")
        return int(rows[0]["n"])


@pytest.mark.slow
async def test_sigkill_at_random_moments_never_breaks_the_ledger(tmp_path: Path):
    path = tmp_path / "crash.db"
    rng = random.Random(20261129)
    progress = []
    for kill in range(KILLS):
        child = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.storage.crash_child",
            str(path),
            str(kill),
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
        )
        assert child.stdout is not None
        line = await asyncio.wait_for(child.stdout.readline(), timeout=30)
        assert line.strip() == b"ready", line
        await asyncio.sleep(rng.uniform(0.01, 0.25))
        child.send_signal(signal.SIGKILL)
        assert await child.wait() == -signal.SIGKILL
        progress.append(await _check_consistent(path))
    assert progress == sorted(progress)
    assert progress[-1] > progress[0] + 100  # the children really did work between kills
