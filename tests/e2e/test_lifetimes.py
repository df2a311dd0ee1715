"""What a busy bot must not keep or repeat: the view of every My cards reply (discord.py held
each for 15 minutes with a sleeping timeout task, issue 18.11/21), and a DM channel opened
again for every DM once discord.py's 128-channel cache has moved on (issue 21)."""

from __future__ import annotations

import asyncio

import pytest

from sandbox.harness import Session
from tests.e2e.paiute_helpers import BUY_IN, drawn, menus, to_act
from tests.e2e.table_helpers import (
    TableSeed,
    button_for,
    expire_tokens,
    first_input,
    status,
    table_message,
)

OPEN_DM = "/users/@me/channels"

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


async def dm_bob_his_hand(session: Session) -> None:
    """Deal a table of alice's and bob's where bob's hand must go by DM: Discord holds his
    join's token for expired (the bot tries its followup first and is refused), and alice's
    hand is the answer to her own ``start``."""
    alice, bob = session.alice, session.bob
    await alice.slash("paiute open", options={"stake": 10, "buy_in": BUY_IN})
    await bob.slash("paiute join", buy_in=BUY_IN)
    expire_tokens(session)
    await alice.slash("paiute start")
    dm = await bob.next_private()
    assert dm.channel.recipient is bob.user
    assert "New deal" in dm.content


async def test_a_dm_to_a_player_already_written_to_opens_no_channel(session):
    await dm_bob_his_hand(session)
    opened = [c for c in session.calls() if c.route == OPEN_DM]
    assert len(opened) == 1  # the first deal's cards: bob's channel opened once
    # discord.py forgets DM channels beyond its 128 most recent: as if 128 others came since
    state = session.bot._connection
    state._private_channels.clear()
    state._private_channels_by_user.clear()
    await session.alice.slash("paiute close")
    await dm_bob_his_hand(session)  # a second table, bob's hand by DM again
    assert [c for c in session.calls() if c.route == OPEN_DM] == opened
    await session.alice.slash("paiute close")


async def test_a_refused_amount_keeps_no_modal_alive(session):
    alice, bob = session.alice, session.bob
    opening = {"min_bet": 10, "max_bet": 50, "banker": "house", "buy_in": BUY_IN}
    await alice.slash("pontoon open", options=opening)
    await bob.slash("pontoon join", buy_in=BUY_IN)
    await alice.slash("pontoon start")
    await session.fake.settle(quiet=0.02)
    staker = session.alice if status(session).to_act == alice.id else bob
    before = await view_timeouts()
    for typed in ("lots", "5", "999"):  # refused: not a number, too small, too big
        message = table_message(session)
        opened = await staker.click(message, button_for(message, "stake"))
        assert opened.modal is not None
        refused = await staker.submit(opened, {first_input(opened): typed})
        assert refused.ephemeral
    assert await view_timeouts() == before  # each refused modal was let go of
    await alice.slash("pontoon close")
