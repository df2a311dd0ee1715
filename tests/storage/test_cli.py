"""``python -m storage audit`` and ``backup``."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from storage import Database, accounts, audit, tables
from storage.__main__ import main
from storage.audit import audit_file, backup_file

from .conftest import GUILD

ROOT = Path(__file__).resolve().parents[2]


async def _busy_db(path: Path) -> None:
    async with Database.open(path) as db, db.transaction() as tx:
        table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=1, game="pontoon")
        await tables.buy_in(tx, table_id, 1, 300, ref="buy")
        await tables.save_action(
            tx, table_id, ref="a", snapshot="{}", deal_number=1, action_counter=1,
            stack_deltas={"1": -40}, pot=25, kitty=15,
        )  # fmt: skip
        await accounts.remove(tx, GUILD, 2, 100, ref="rm")


async def test_audit_prints_one_json_line_and_exits_0(tmp_path: Path, capsys):
    path = tmp_path / "a.db"
    await _busy_db(path)
    assert main(["audit", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    line = json.loads(out)
    assert line["ok"] is True
    assert (line["balances"], line["stacks"], line["pots"], line["kitties"]) == (1600, 260, 25, 15)
    assert (line["minted"], line["removed"]) == (2000, 100)


async def test_audit_exits_1_when_chips_appear_from_nowhere(tmp_path: Path):
    path = tmp_path / "bad.db"
    await _busy_db(path)
    async with Database.open(path) as db, db.transaction() as tx:
        await tx.execute("UPDATE accounts SET balance = balance + 1 WHERE user_id = 1")
    child = await asyncio.create_subprocess_exec(  # the command line, as an operator runs it
        sys.executable, "-m", "storage", "audit", str(path),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, _ = await child.communicate()
    assert child.returncode == 1
    line = json.loads(out)
    assert line["ok"] is False
    assert line["accounts_off"] == 1


async def test_a_moved_chip_without_its_ledger_row_fails_the_audit(tmp_path: Path):
    """Totals that still agree do not hide a movement booked without its row."""
    path = tmp_path / "moved.db"
    await _busy_db(path)
    async with Database.open(path) as db, db.transaction() as tx:
        await tx.execute("UPDATE accounts SET balance = balance - 5 WHERE user_id = 1")
        await tx.execute("UPDATE accounts SET balance = balance + 5 WHERE user_id = 2")
    result = audit_file(path)
    assert result.balances + result.stacks + result.pots + result.kitties == (
        result.minted - result.removed
    )
    assert result.accounts_off == 2
    assert not result.ok


async def test_backup_while_the_bot_writes_is_consistent(tmp_path: Path):
    path, copies = tmp_path / "live.db", tmp_path / "copies"
    copies.mkdir()
    async with Database.open(path) as db:

        async def write(i: int) -> None:
            async with db.transaction() as tx:
                await accounts.grant(tx, GUILD, i % 7, 5, ref=f"g{i}")

        async def back_up(i: int) -> Path:
            dest = copies / f"copy{i}.db"
            await asyncio.to_thread(backup_file, path, dest)
            return dest

        jobs = [write(i) for i in range(150)] + [back_up(i) for i in range(5)]
        results = await asyncio.gather(*jobs)
    for dest in [r for r in results if isinstance(r, Path)]:
        assert audit_file(dest).ok
    assert main(["backup", str(path), str(copies / "final.db")]) == 0
    assert audit_file(copies / "final.db").minted == 7 * 1000 + 150 * 5


async def test_backup_of_a_missing_database_fails(tmp_path: Path):
    with pytest.raises(FileNotFoundError):
        backup_file(tmp_path / "nope.db", tmp_path / "copy.db")


async def test_backup_from_inside_the_running_process(tmp_path: Path):
    path = tmp_path / "inproc.db"
    await _busy_db(path)
    async with Database.open(path) as db:
        await audit.backup(db, tmp_path / "copy.db")
    copy = audit_file(tmp_path / "copy.db")
    assert copy.ok
    assert copy.stacks == 260
