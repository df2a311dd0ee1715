"""Cards for every eye (issue 33): a person's card style (``/cards``), kept per user in every
server and across restarts, else their server's (``/admin settings card_style``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.card_styles import CardStyles
from services.economy import EconomyService
from storage import Database
from storage.card_styles import set_card_style

GUILD, OTHER = 1, 2
ANN, BOB = 11, 12


async def test_my_cards_follow_my_style_in_every_server_else_the_servers(
    database_target: str | Path,
):
    async with Database.open(database_target) as db:
        styles, economy = CardStyles(db), EconomyService(db)
        assert await styles.for_reader(ANN, GUILD) == "four-colour"  # nobody chose
        await economy.update_settings(GUILD, card_style="classic")  # as /admin settings does
        assert await styles.server(GUILD) == "classic"
        assert await styles.for_reader(ANN, GUILD) == "classic"
        await styles.choose(ANN, "large")
        assert await styles.for_reader(ANN, GUILD) == "large"
        assert await styles.for_reader(ANN, OTHER) == "large"
        assert await styles.for_reader(BOB, GUILD) == "classic"
        await styles.choose(ANN, None)  # forgotten: the server's again
        assert await styles.for_reader(ANN, GUILD) == "classic"
        await styles.choose(ANN, "four-colour")
        await styles.choose(ANN, "four-colour")  # twice: one row, the same choice
    async with Database.open(database_target) as db:  # a restart keeps it
        assert await CardStyles(db).chosen(ANN) == "four-colour"


async def test_an_unknown_style_is_refused_and_changes_nothing(tmp_path: Path):
    async with Database.open(tmp_path / "parlour.db") as db:
        await CardStyles(db).choose(ANN, "classic")
        with pytest.raises(ValueError, match="unknown card style"):
            async with db.transaction() as tx:
                await set_card_style(tx, ANN, "neon")
        assert await CardStyles(db).chosen(ANN) == "classic"


async def test_a_sharded_bot_sees_a_style_chosen_through_another_process(tmp_path: Path):
    """Each process caches the choices made through it; a sharded one (``shared``) reads them
    each time, so a ``/cards`` answered by another shard reaches its pictures at once."""
    async with Database.open(tmp_path / "parlour.db") as db:
        here, there = CardStyles(db, shared=True), CardStyles(db)
        assert await here.for_reader(ANN, GUILD) == "four-colour"
        await there.choose(ANN, "large")
        assert await here.for_reader(ANN, GUILD) == "large"
        assert await there.for_reader(ANN, GUILD) == "large"
        await here.choose(ANN, None)
        assert await here.chosen(ANN) is None
