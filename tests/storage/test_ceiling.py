"""The chip ceiling in the database (issue 18.1): no balance, stack, pot or kitty above
``MAX_CHIPS`` can be written on either backend (SQLite migration 0006's triggers, PostgreSQL
0003's CHECKs), a version-5 file upgrades with its data, and the audit of a database that
already holds amounts past 2^63 in sum reports them instead of crashing."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import sys
from pathlib import Path

import pytest

from games.limits import MAX_CHIPS
from storage import Database, accounts, tables
from storage.audit import audit, audit_file
from storage.db import migrations, scalar, split_statements

from .conftest import GUILD, INTEGRITY_ERRORS, checked

ROOT = Path(__file__).resolve().parents[2]
HUGE = 2**62  # what /admin grant was given twice: 2^63 in sum, past SQLite's integers


async def test_the_database_refuses_a_balance_stack_or_pot_above_the_ceiling(db: Database):
    async with db.transaction() as tx:
        await accounts.grant(tx, GUILD, 1, MAX_CHIPS - 1000, ref="g")  # at the ceiling
        table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=5, game="pontoon")
        await tables.buy_in(tx, table_id, 1, 10, ref="in")
    writes = [
        ("UPDATE accounts SET balance = ? WHERE user_id = 1", MAX_CHIPS + 1),
        ("UPDATE seats SET stack = ? WHERE user_id = 1", MAX_CHIPS + 1),
        ("UPDATE tables SET pot = ?", MAX_CHIPS + 1),
        ("UPDATE tables SET kitty = ?", MAX_CHIPS + 1),
        ("INSERT INTO accounts (guild_id, user_id, balance) VALUES (1, 2, ?)", HUGE),
    ]
    for sql, value in writes:
        with pytest.raises(INTEGRITY_ERRORS):
            async with db.transaction() as tx:
                await tx.execute(sql, (value,))
    async with db.transaction() as tx:  # the ceiling itself is allowed
        await tx.execute("UPDATE accounts SET balance = ? WHERE user_id = 1", (MAX_CHIPS,))
        await tx.execute("UPDATE accounts SET balance = ? WHERE user_id = 1", (MAX_CHIPS - 10,))
    await checked(db)


def _version_5(path: Path, *rows: tuple[int, int]) -> None:
    """A version-5 file as the bot wrote it before the ceiling, with these (user, balance)
    accounts and their ledger rows."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as raw:
        raw.execute("BEGIN")
        for version, sql in migrations():
            if version > 5:
                break
            for statement in split_statements(sql):
                raw.execute(statement)
        for user, balance in rows:
            raw.execute(
                "INSERT INTO accounts (guild_id, user_id, balance) VALUES (1, ?, ?)",
                (user, balance),
            )
            for n, part in enumerate((balance // 2, balance - balance // 2)):
                raw.execute(
                    "INSERT INTO ledger (ref, reason, guild_id, user_id, balance_delta, minted) "
                    "VALUES (?, 'admin_grant', 1, ?, ?, ?)",
                    (f"g:{user}:{n}", user, part, part),
                )
        raw.execute("COMMIT")
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 5


async def test_a_version_5_database_is_upgraded_with_its_data(tmp_path: Path):
    path = tmp_path / "v5.db"
    _version_5(path, (7, 1000), (8, 250))
    async with Database.open(path) as db:
        assert await db.version() == len(migrations()) >= 6
        audited = await checked(db)
        assert (audited.balances, audited.over_ceiling) == (1250, 0)
        async with db.transaction() as tx:
            await accounts.grant(tx, 1, 7, 5, ref="after")
            assert await accounts.balance(tx, 1, 7) == 1005
        with pytest.raises(sqlite3.IntegrityError, match="MAX_CHIPS"):
            async with db.transaction() as tx:
                await tx.execute("UPDATE accounts SET balance = ? WHERE user_id = 8", (HUGE,))
        async with db.read() as conn:
            assert await scalar(conn, "SELECT balance FROM accounts WHERE user_id = 8") == 250


async def test_the_audit_of_balances_past_2_63_in_sum_reports_instead_of_crashing(tmp_path: Path):
    """Two grants of 2^62 (issue 18.1): ``python -m storage audit`` crashed with
    ``sqlite3.OperationalError: integer overflow``."""
    path = tmp_path / "huge.db"
    _version_5(path, (7, HUGE), (8, HUGE), (9, 100))
    with contextlib.closing(sqlite3.connect(path)) as raw, pytest.raises(sqlite3.OperationalError):
        raw.execute("SELECT SUM(balance) FROM accounts").fetchone()  # what the audit did
    async with Database.open(path) as db:  # the upgrade keeps what was written before it
        async with db.read() as conn:
            found = await audit(conn)
        assert found.balances == found.minted == 2 * HUGE + 100  # exact, not a float
        assert (found.accounts_off, found.over_ceiling, found.ok) == (0, 2, False)
    read_only = audit_file(path)  # the CLI's read of the file
    assert (read_only.balances, read_only.over_ceiling, read_only.ok) == (2 * HUGE + 100, 2, False)
    child = await asyncio.create_subprocess_exec(  # the command line, as an operator runs it
        sys.executable, "-m", "storage", "audit", str(path),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await child.communicate()
    assert child.returncode == 1, err
    assert b"Traceback" not in err
    line = json.loads(out)
    assert (line["ok"], line["over_ceiling"], line["balances"]) == (False, 2, 2 * HUGE + 100)


async def test_a_ledger_sum_past_2_63_still_reconciles_half_by_half(tmp_path: Path):
    """The per-account reconciliation sums an account's ledger rows: 2^62 + 2^62 must match
    a balance it cannot be written as (and a mismatch past 2^63 must still be seen)."""
    path = tmp_path / "rows.db"
    _version_5(path, (7, HUGE))
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as raw:
        raw.execute(
            "INSERT INTO ledger (ref, reason, guild_id, user_id, balance_delta, minted) "
            "VALUES ('more', 'admin_grant', 1, 7, ?, ?)",
            (HUGE, HUGE),
        )  # summed in order, the account's rows pass 2^63 - 1 (2^61 + 2^61 + 2^62)
        raw.execute(
            "INSERT INTO ledger (ref, reason, guild_id, user_id, balance_delta, minted) "
            "VALUES ('less', 'admin_removal', 1, 7, ?, ?)",
            (-HUGE, -HUGE),
        )
    found = audit_file(path)
    assert (found.accounts_off, found.minted - found.removed) == (0, HUGE)
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as raw:
        raw.execute("UPDATE accounts SET balance = balance - 1 WHERE user_id = 7")
    assert audit_file(path).accounts_off == 1
