"""A fourth game plugs in with no edit to any shared module: the test-only toy game
(``tests/toy``) played end to end through the real bot, the table service and storage."""

from __future__ import annotations

import pytest

from bot.client import EXTENSIONS, Parlour
from bot.factory import BotConfig, BotFactory
from games.registry import game_ids
from storage import Database, stats
from tests.e2e.economy_helpers import audit
from tests.e2e.table_helpers import status, table_message, texts


@pytest.fixture
def bot_factory() -> BotFactory:
    def build(config: BotConfig) -> Parlour:
        return Parlour(config, extensions=(*EXTENSIONS, "tests.toy.cog"))

    return build


async def test_the_toy_game_is_played_through_the_bot_service_and_storage(
    session, alice, bob, carol
):
    assert "high_card" in game_ids()  # its cog registered it: nothing else names it
    await alice.slash("high_card open", stake=5, buy_in=100)
    await bob.slash("high_card join", buy_in=100)
    await carol.slash("high_card join", buy_in=100)
    await alice.slash("high_card start")
    await session.fake.settle()
    actors = {a.id: a for a in (alice, bob, carol)}
    for turn in range(3):
        who = status(session).to_act
        assert who is not None
        answer = await actors[who].slash("high_card stand")
        assert "You stand." in str(answer.response)
        if turn == 0:  # the move is on the table (pictures on: a V2 layout, the toy has none)
            await session.fake.settle()
            assert "stands." in "\n".join(texts(table_message(session)))
    await session.fake.settle()
    # at the end the deal's result (and the achievement it earned) take the latest lines
    shown = "\n".join(texts(table_message(session)))
    assert "High card wins 15 chips." in shown
    now = status(session)
    assert not now.deal_open
    async with Database.open(session.config.database_path) as db, db.read() as conn:
        recorded = await stats.result(conn, now.table_id, 1)
    assert recorded is not None
    assert recorded["game"] == "high_card"
    assert recorded["pot"] == 15
    assert set(recorded["hand_names"]) == {str(a.id) for a in actors.values()}
    assert all(code.startswith("high:") for code in recorded["hand_names"].values())
    assert len(recorded["deck"]) == 52
    report = await audit(session.config.database_path)
    assert report["ok"] is True
