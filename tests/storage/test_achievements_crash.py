"""Achievements across SIGKILL (issue 31, item 2), on both backends: after every kill each
table's booked steps and the achievements they earned agree exactly (none lost with a step
that committed, none kept from one that did not), a streak is as long as the steps that moved
it, and the achievement every step shares was granted once and said new at most once."""

from __future__ import annotations

import asyncio
import random
import signal
import sys
from pathlib import Path

import pytest

from storage import Database, achievements, tables
from storage.db import scalar

ROOT = Path(__file__).resolve().parents[2]
KILLS = 6
GUILD = 1


async def _agree(target: str | Path) -> int:
    """Check every table against its achievements; the steps booked in all."""
    async with Database.open(target) as db, db.read() as conn:
        steps = 0
        for table in await tables.load_open(conn):
            mine = await scalar(
                conn,
                "SELECT COUNT(*) FROM achievements WHERE user_id = 1 AND code LIKE ?",
                (f"t{table.id}:s%",),
            )
            assert mine == table.action_counter, (table.id, mine, table.action_counter)
            going = await achievements.streaks(conn, GUILD, 3)
            assert going.get(f"run{table.id}", 0) == table.action_counter
            steps += table.action_counter
        shared = await scalar(conn, "SELECT COUNT(*) FROM achievements WHERE code = 'once'")
        assert shared == (1 if steps else 0)
    return steps


@pytest.mark.slow
async def test_sigkill_never_loses_or_doubles_an_achievement(database_target: str | Path):
    rng = random.Random(31)
    progress, said_once = [], 0
    for _ in range(KILLS):
        child = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.storage.achievements_crash_child",
            str(database_target),
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
        )
        assert child.stdout is not None
        lines: list[bytes] = []
        while (line := await asyncio.wait_for(child.stdout.readline(), timeout=30)) != b"ready\n":
            assert line, "the child ended before it was ready"
            lines.append(line)
        assert not lines, f"a step booked again granted something: {lines!r}"
        # a few rounds committed (however loaded the machine), then the kill lands somewhere
        # in the next one
        rounds = rng.randint(1, 4)
        while rounds:
            line = await asyncio.wait_for(child.stdout.readline(), timeout=30)
            assert line, "the child ended before it was killed"
            lines.append(line)
            rounds -= line == b"booked\n"
        await asyncio.sleep(rng.uniform(0, 0.02))  # real time: the child runs meanwhile
        child.send_signal(signal.SIGKILL)
        out, _ = await child.communicate()
        assert child.returncode == -signal.SIGKILL
        said_once += b"".join(lines).count(b"earned 2 once\n") + out.count(b"earned 2 once\n")
        progress.append(await _agree(database_target))
    assert progress == sorted(progress)
    assert progress[-1] >= progress[0] + 3 * (KILLS - 1)  # every child booked a round or more
    assert said_once <= 1
