"""What a busy bot must not keep: the view of every My cards reply (discord.py held each for 15
minutes with a sleeping timeout task, issue 18.11/21), while its selects still work through the
kit's routing of a click by its custom id. The unit tests hold the rest: a refused amount's
modal is let go of (``tests/bot/table/test_components.py``), a DM channel is opened once and
then addressed by id without discord.py's cache (``tests/bot/test_dm_channels.py``)."""

from __future__ import annotations

import asyncio

import pytest

from sandbox.harness import Session
from tests.e2e.paiute_helpers import BUY_IN, drawn, menus, to_act
from tests.e2e.table_helpers import (
    TableSeed,
    status,
    table_message,
)

pytestmark = [
    pytest.mark.shared_fake,
    pytest.mark.usefixtures("chips_add_up"),
]


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed(20261202)


async def view_timeouts() -> int:
    """discord.py's sleeping view timeout tasks in this (the bot's) event loop."""
    await asyncio.sleep(0.01)  # a cancelled task leaves once the loop has run it
    return sum("timeout_task_impl" in repr(t.get_coro()) for t in asyncio.all_tasks())


async def dealt(session: Session, *names: str) -> None:
    host, *others = (session.actors[n] for n in names)
    await host.slash("paiute open", options={"stake": 10, "buy_in": BUY_IN})
    for actor in others:
        await actor.slash("paiute join", buy_in=BUY_IN)
    await host.slash("paiute start")
    await session.fake.settle(quiet=0.02)


async def test_a_my_cards_reply_keeps_no_view_alive_and_its_select_still_works(session):
    await dealt(session, "alice", "bob", "carol")
    players = [session.alice, session.bob, session.carol]
    before = await view_timeouts()
    actor = to_act(session, players)
    message = table_message(session)
    clicked = await actor.click(message, "Draw: from the stock")
    code = drawn(await clicked.followup())  # the click's own answer brings the card
    counter = status(session).action_counter
    for _ in range(3):  # looking at one's cards again and again keeps nothing
        mine = await actor.click(message, "My cards")
        assert mine.ephemeral
    reply = mine.message
    assert reply is not None
    assert await view_timeouts() == before
    assert "Discard a card" in menus(reply)
    picked = await actor.select(reply, "Discard a card", code)  # the stopped view's
    assert picked.ephemeral
    assert status(session).action_counter == counter + 1
    await session.alice.slash("paiute close")
