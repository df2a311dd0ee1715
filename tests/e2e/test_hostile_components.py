"""Hand-made component interactions through the real bot and the fake Discord (issue 35): a
select submitted with nothing picked, on the table message and in the My cards reply, got an
apology (``IndexError`` in the select's callback) instead of a refusal. Discord's clients never
send it; anything that reaches the bot may."""

from __future__ import annotations

import pytest

from sandbox.actors import Actor
from sandbox.harness import Session
from sandbox.state import MANAGE_GUILD
from tests.e2e.hostile_helpers import SELECT, components, forge
from tests.e2e.table_helpers import (
    TableSeed,
    frozen,
    refusal_text,
    status,
    table_message,
    until,
)

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed(20261202)


def to_act(session: Session, actors: list[Actor]) -> Actor:
    who = status(session).to_act
    return next(a for a in actors if a.id == who)


async def test_an_empty_pick_in_my_cards_is_refused_not_apologised(session, alice, bob):
    """Paiute's **Discard a card** menu in the My cards reply, sent with no card."""
    session.guild.deny(bob.user, MANAGE_GUILD)
    await alice.slash("paiute open", stake=10, buy_in=200)
    await bob.slash("paiute join", buy_in=200)
    await alice.slash("paiute start")
    await session.fake.settle(quiet=0.02)
    actor = to_act(session, [alice, bob])
    await actor.click(table_message(session), "Draw: from the stock")
    await session.fake.settle(quiet=0.02)
    mine = await actor.click(table_message(session), "My cards")
    assert mine.message is not None
    menu = next(
        str(c["custom_id"])
        for c in mine.message.walk_components()
        if c.get("type") == SELECT and ":discard:" in str(c["custom_id"])
    )
    before = status(session).action_counter
    answer = await forge(session, actor, mine.message, menu, values=[])
    assert "Choose" in refusal_text(answer), refusal_text(answer)
    answer = await forge(session, actor, mine.message, menu, drop_values=True)
    assert "Choose" in refusal_text(answer)
    assert status(session).action_counter == before


async def test_an_empty_pick_of_a_bet_target_on_the_table_is_refused_not_apologised(
    session, alice, bob, carol, dave
):
    """Palace's **Attack** menu on the table message (five targets: a select, not buttons),
    sent with no target."""
    humans = [alice, bob, carol, dave]
    for actor in humans[1:]:
        session.guild.deny(actor.user, MANAGE_GUILD)
    await alice.slash("palace open", small_bet=10, buy_in=200, computers=2, computer_delay=0.05)
    for actor in humans[1:]:
        await actor.slash("palace join", buy_in=200)
    await alice.slash("palace start")
    await until(lambda: status(session).to_act in {a.id for a in humans}, what="a person's turn")
    await session.fake.settle(quiet=0.05)
    actor = to_act(session, humans)
    message = table_message(session)
    menu = next(
        str(c["custom_id"])
        for c in message.walk_components()
        if c.get("type") == SELECT and ":bet:target" in str(c["custom_id"])
    )
    before = status(session).action_counter
    answer = await forge(session, actor, message, menu, values=[])
    assert "Choose" in refusal_text(answer), refusal_text(answer)
    assert status(session).action_counter == before


async def test_a_leave_button_from_before_the_deal_is_refused_not_obeyed(session, alice, bob):
    """Found by the property test: Leave and Back ignored the moment their button was drawn
    for, so the lobby's Leave (an old render of the table message, or a hand-made click)
    stood a player up in the middle of a deal and redrew the table from it."""
    session.guild.deny(bob.user, MANAGE_GUILD)
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await bob.slash("pontoon join", buy_in=300)
    await session.fake.settle(quiet=0.02)
    lobby = frozen(table_message(session))
    await alice.slash("pontoon start")
    await session.fake.settle(quiet=0.02)
    leave = next(str(c["custom_id"]) for c in components(lobby) if ":@leave:" in c["custom_id"])
    answer = await forge(session, bob, lobby, leave)
    assert "moved on" in refusal_text(answer), refusal_text(answer)
    assert all(s.seated for s in status(session).seats)
