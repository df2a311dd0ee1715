"""dev_postgres: the throwaway server ``dev.py check`` runs the PostgreSQL tests against."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import asyncpg
import pytest

import dev_postgres

IN_CI = os.environ.get("CI", "").lower() == "true"


def _binaries() -> Path:
    found = dev_postgres.find_binaries()
    if found is None and not IN_CI:
        pytest.skip("no PostgreSQL binaries on this machine (CI fails instead of skipping)")
    assert found is not None, "CI needs PostgreSQL: apt-get install -y postgresql"
    return found


async def test_the_server_answers_then_is_gone() -> None:
    _binaries()
    with dev_postgres.server(required=True) as url:
        assert url is not None
        folder = Path(url.split("host=", 1)[1])
        conn = await asyncpg.connect(url)
        try:
            assert await conn.fetchval("SELECT current_user") == dev_postgres.USER
            # no TCP: the socket in the throwaway folder is the only way in
            assert await conn.fetchval("SHOW listen_addresses") == ""
        finally:
            await conn.close()
        assert folder.is_dir()  # noqa: ASYNC240 - a stat, in a test
    assert not folder.exists()  # noqa: ASYNC240


def test_missing_binaries_fail_when_required(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PARLOUR_PG_BIN", str(tmp_path))  # a folder without initdb
    with pytest.raises(dev_postgres.Unavailable, match="not installed"):  # noqa: SIM117
        with dev_postgres.server(required=True):
            pass
    with dev_postgres.server(required=False) as url:
        assert url is None


def test_a_failed_start_leaves_nothing_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    binaries = _binaries()
    # not under tmp_path: the server's account (nobody, under root) must reach the binaries
    fake = Path(tempfile.mkdtemp(prefix="parlour-fake-bin-"))
    fake.chmod(0o755)
    monkeypatch.setenv("PARLOUR_PG_BIN", str(fake))
    (fake / "initdb").symlink_to(binaries / "initdb")
    (fake / "pg_ctl").write_text("#!/bin/sh\nexit 3\n")
    (fake / "pg_ctl").chmod(0o755)
    # a temporary folder of this test's own: other tests (other pytest-xdist workers, other
    # checks on this machine) start and stop servers in the shared one meanwhile
    root = Path(tempfile.mkdtemp(prefix="parlour-tmp-"))
    root.chmod(0o755)
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    with pytest.raises(dev_postgres.Unavailable, match="pg_ctl failed"):  # noqa: SIM117
        with dev_postgres.server(required=True):
            pass
    assert not list(root.iterdir())
    shutil.rmtree(fake)
    root.rmdir()
