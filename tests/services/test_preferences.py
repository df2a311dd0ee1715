"""A person's language (per user, in every server) and a server's, stored and cached."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from services.economy import EconomyService
from services.preferences import PreferencesService
from storage import Database

GUILD, OTHER = 1, 2
ANN = 11


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    async with Database.open(tmp_path / "parlour.db") as database:
        yield database


async def test_a_choice_is_kept_per_user_across_servers_and_restarts(db: Database):
    prefs = PreferencesService(db)
    assert await prefs.language(ANN) is None
    await prefs.choose(ANN, "fa")
    assert await PreferencesService(db).language(ANN) == "fa"  # a fresh service reads it
    await prefs.choose(ANN, None)
    assert await PreferencesService(db).language(ANN) is None


async def test_the_server_language_is_a_setting_english_by_default(db: Database):
    prefs, economy = PreferencesService(db), EconomyService(db)
    assert await prefs.server_language(GUILD) == "en"
    await economy.update_settings(GUILD, language="de")  # as /admin settings does
    assert (await economy.settings(GUILD)).language == "de"
    assert await prefs.server_language(OTHER) == "en"
    assert await prefs.server_language(GUILD) == "de"  # one cache, written through
    prefs.forget_server(GUILD)
    assert await prefs.server_language(GUILD) == "de"


async def test_a_choice_made_in_another_process_of_a_sharded_bot_is_read_at_once(
    database_target: str | Path,
):
    async with Database.open(database_target) as one, Database.open(database_target) as two:
        here, there = PreferencesService(one, shared=True), PreferencesService(two, shared=True)
        assert await here.language(ANN) is None
        await there.choose(ANN, "de")  # /language in a server the other process serves
        assert await here.language(ANN) == "de"
