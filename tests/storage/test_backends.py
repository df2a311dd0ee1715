"""What differs between the backends behind ``Database.open``: how a target is read, the
placeholders, and each backend's own migrations and audit."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from storage import Database, accounts, audit, tables
from storage._pg import placeholders
from storage.db import migrations, scalar

from .conftest import GUILD, checked


def test_placeholders_become_numbered_outside_string_literals():
    assert placeholders("SELECT ? , ?") == "SELECT $1 , $2"
    assert placeholders("UPDATE s SET a = a + ?1 WHERE b = ?2 AND c = ?1") == (
        "UPDATE s SET a = a + $1 WHERE b = $2 AND c = $1"
    )
    assert placeholders("SELECT 'why?', ? FROM t WHERE x = 'it''s ?'") == (
        "SELECT 'why?', $1 FROM t WHERE x = 'it''s ?'"
    )


def test_each_migration_folder_is_numbered_and_postgres_stamps_every_version():
    for version, sql in migrations("migrations_pg"):
        stamp = "UPDATE schema_version SET version = "
        assert sql.rstrip().endswith(f"{stamp}{version};")
    assert migrations("migrations")  # SQLite's, as before


async def test_a_sqlite_url_opens_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    async with Database.open("sqlite:///relative.db") as db:
        assert db.dialect == "sqlite"
    async with Database.open(f"sqlite:///{tmp_path}/absolute.db") as db:
        assert db.path == tmp_path / "absolute.db"
    assert (tmp_path / "relative.db").is_file()


async def test_every_backend_migrates_to_its_last_version_once(database_target: str | Path):
    async with Database.open(database_target) as db:
        last = len(migrations("migrations_pg" if db.dialect == "postgres" else "migrations"))
        assert await db.version() == last
        async with db.transaction() as tx:
            await accounts.grant(tx, GUILD, 1, 5, ref="g")
    async with Database.open(database_target) as db:  # reopened: nothing applied again
        assert await db.version() == last
        async with db.read() as conn:
            assert await scalar(conn, "SELECT balance FROM accounts WHERE user_id = 1") == 1005
        await checked(db)


@pytest.mark.parametrize("database_target", ["postgres"], indirect=True)  # SQLite's: test_db
async def test_a_postgres_database_newer_than_the_code_is_refused(database_target: str | Path):
    async with Database.open(database_target) as db, db.transaction() as tx:
        await tx.execute("UPDATE schema_version SET version = 999")
    with pytest.raises(RuntimeError, match="schema version 999"):
        await Database.open(database_target)


async def test_the_audit_cli_reads_either_backend(database_target: str | Path):
    async with Database.open(database_target) as db, db.transaction() as tx:
        await accounts.grant(tx, GUILD, 1, 50, ref="g")
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "storage", "audit", str(database_target)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stdout)
    assert line["ok"] is True
    assert line["balances"] == 1050


@pytest.mark.parametrize("database_target", ["postgres"], indirect=True)  # SQLite's: test_cli
async def test_a_postgres_backup_is_a_pg_dump_archive_of_every_table(
    database_target: str | Path, tmp_path: Path
):
    async with Database.open(database_target) as db:
        async with db.transaction() as tx:
            await accounts.grant(tx, GUILD, 1, 50, ref="g")
        await audit.backup(db, tmp_path / "inproc.dump")
    cli = [sys.executable, "-m", "storage", "backup", str(database_target), str(tmp_path / "c")]
    done = await asyncio.to_thread(subprocess.run, cli, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    restore = Path(audit.pg_dump()).with_name("pg_restore")
    for dump in (tmp_path / "inproc.dump", tmp_path / "c"):
        listing = await asyncio.to_thread(
            subprocess.run, [str(restore), "--list", str(dump)], capture_output=True, text=True
        )
        assert listing.returncode == 0, listing.stderr
        for table in ("accounts", "ledger", "tables", "seats", "schema_version"):
            assert f"TABLE DATA public {table} " in listing.stdout


@pytest.mark.parametrize("database_target", ["postgres"], indirect=True)
async def test_a_postgres_snapshot_is_stored_compressed_with_lz4(database_target: str | Path):
    big = json.dumps({"deck": ["As"] * 400, "log": list(range(300))})  # compressed when stored
    async with Database.open(database_target) as db, db.transaction() as tx:
        lz4 = await scalar(tx, LZ4_BUILT) is not None  # a server built without lz4 keeps pglz
        tid = await tables.open_table(tx, guild_id=GUILD, channel_id=1, game="palace")
        await tx.execute("UPDATE tables SET snapshot = ? WHERE id = ?", (big, tid))
        method = "SELECT pg_column_compression(snapshot) FROM tables WHERE id = ?"
        assert await scalar(tx, method, (tid,)) == ("lz4" if lz4 else "pglz")
        assert await scalar(tx, "SELECT snapshot FROM tables WHERE id = ?", (tid,)) == big


LZ4_BUILT = (
    "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)"
)
