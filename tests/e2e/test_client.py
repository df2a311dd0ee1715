"""The client's wiring: the table service lives on the bot, its events reach cogs as bot
events, and a restart resumes open tables from the database."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.client import EXTENSIONS, Parlour
from bot.factory import BotConfig, BotFactory
from services.tables import TableService
from tests.e2e.economy_helpers import audit


@pytest.fixture
def bot_factory() -> BotFactory:
    def build(config: BotConfig) -> Parlour:
        return Parlour(config, extensions=(*EXTENSIONS, "tests.e2e.events_ext"))

    return build


def recorder(bot: Parlour) -> Any:
    """The Recorder cog (load_extension imports its module afresh: no isinstance)."""
    cog = bot.get_cog("Recorder")
    assert cog is not None
    return cog


async def test_open_tables_are_resumed_after_a_restart_and_cogs_hear_it(session, alice, tmp_path):
    bot = session.bot
    assert isinstance(bot, Parlour)
    assert isinstance(bot.tables, TableService)
    assert recorder(bot).resumed.empty()  # nothing to resume: no event
    opened = await bot.tables.open(session.guild.id, session.channel.id, alice.id, "pontoon")
    restarted = await session.restart_bot()
    resumed = await asyncio.wait_for(recorder(restarted).resumed.get(), 2)
    assert [t.table_id for t in resumed] == [opened.table_id]
    assert isinstance(restarted, Parlour)
    await restarted.tables.close(session.guild.id, session.channel.id, alice.id)
    assert (await audit(tmp_path / "parlour.db"))["ok"] is True
