"""Every storage test runs on a real SQLite file in ``tmp_path``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Database
from storage.audit import Audit, audit

GUILD = 1


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    async with Database.open(tmp_path / "parlour.db") as database:
        yield database


async def checked(db: Database) -> Audit:
    """The audit, asserted to hold."""
    async with db.read() as conn:
        result = await audit(conn)
    assert result.ok, result
    return result
