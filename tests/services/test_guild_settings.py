"""One cache of the servers' settings per database: every table publish asks whether its
server shows pictures, and that must not be a database read each time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from services.economy import EconomyService
from services.preferences import PreferencesService
from storage import Database

GUILD = 1


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    async with Database.open(tmp_path / "parlour.db") as database:
        yield database


async def traced(db: Database, statements: list[str]) -> None:
    """From now on, every statement of the connection lands in ``statements`` (SQLite's
    trace hook, set on aiosqlite's thread)."""
    async with db.read() as conn:
        raw: Any = conn
        await raw._execute(lambda: raw._conn.set_trace_callback(statements.append))


async def test_the_settings_are_read_from_the_database_once(db: Database):
    economy = EconomyService(db)
    statements: list[str] = []
    await traced(db, statements)
    assert (await economy.settings(GUILD)).images is True
    read = len(statements)
    assert read > 0
    for _ in range(5):
        assert (await economy.settings(GUILD)).images is True
    assert len(statements) == read  # every later ask is answered from memory


async def test_a_change_of_settings_is_seen_by_both_services_at_once(db: Database):
    economy, prefs = EconomyService(db), PreferencesService(db)
    assert (await economy.settings(GUILD)).images is True
    assert await prefs.server_language(GUILD) == "en"
    await economy.update_settings(GUILD, images=False, language="de")  # /admin settings
    assert (await economy.settings(GUILD)).images is False
    assert await prefs.server_language(GUILD) == "de"
    assert (await EconomyService(db).settings(GUILD)).language == "de"  # and it was stored


async def test_a_refused_change_leaves_the_cached_settings_as_they_were(db: Database):
    economy = EconomyService(db)
    before = await economy.settings(GUILD)
    with pytest.raises(ValueError, match="min_bet"):
        await economy.update_settings(GUILD, min_bet=500, max_bet=100)
    assert await economy.settings(GUILD) == before
