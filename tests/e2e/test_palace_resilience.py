"""Palace Poker when things go wrong: a player with closed DMs plays through **My cards** (told
once in the channel), and a bot restart mid-deal keeps the table message's buttons working."""

from __future__ import annotations

import pytest

from sandbox.actors import Actor
from sandbox.harness import Session
from tests.e2e.table_helpers import button_for, status, table_message
from tests.e2e.test_palace_refusals import dealt

pytestmark = pytest.mark.usefixtures("chips_add_up")


def told_carol(content: str, carol: Actor) -> bool:
    """A channel message about Carol that is not her turn ping."""
    return carol.mention in content and "your turn" not in content


def mover(session: Session, players: dict[int, Actor]) -> Actor:
    user = status(session).to_act
    assert user is not None
    return players[user]


async def keep_the_soldier(session: Session, player: Actor) -> None:
    """The discard step, by the select in the player's My cards reply: keep the soldier."""
    mine = await player.click(table_message(session), "My cards")
    assert mine.message is not None
    select = next(
        str(c["custom_id"])
        for c in mine.message.walk_components()
        if c.get("type") == 3 and ":discard_soldiers:" in str(c.get("custom_id"))
    )
    await player.select(mine.message, select)
    await session.fake.settle(quiet=0.02, within=2.0)


@pytest.mark.shared_fake
async def test_closed_dms_play_through_my_cards(session, alice, bob, carol):
    session.fake.faults.close_dms(carol.user)
    players = await dealt(session, alice, bob, carol, by_dm=True)
    assert carol.dms() == []
    notes = [m.content for m in session.messages() if told_carol(m.content, carol)]
    assert len(notes) == 1
    assert "My cards" in notes[0]
    palace = " ".join(str(c) for c in status(session, carol.id).view.palace)  # type: ignore[union-attr]
    mine = await carol.click(table_message(session), "My cards")
    assert mine.ephemeral
    assert f"**{palace}**" in mine.content
    # Carol attacks or is attacked; the battle is shown down; the deal goes on without DMs.
    while status(session).to_act != carol.id:
        await mover(session, players).slash("palace stay")
    other = next(u for u in players if u != carol.id)
    await carol.slash("palace bet", target=str(other))
    # the other calls: sees Carol's palace in the answer to the call
    await players[other].slash("palace call")
    await session.fake.settle(quiet=0.02, within=2.0)
    told = [*players[other].dms(), *players[other].ephemerals()]
    assert palace in "\n".join(m.content for m in told)
    assert len([m for m in session.messages() if told_carol(m.content, carol)]) == 1  # once
    mine = await carol.slash("palace hand")
    assert mine.ephemeral
    await alice.slash("palace close")


async def test_a_restart_mid_deal_keeps_the_buttons_working(session, alice, bob, carol):
    players = await dealt(session, alice, bob, carol)
    await mover(session, players).slash("palace buy")
    await session.fake.settle(quiet=0.02, within=2.0)
    step_player = mover(session, players)
    counter = status(session).action_counter
    await session.restart_bot()
    await session.fake.settle(quiet=0.02, within=2.0)
    assert "goes on" in str(table_message(session).embeds[0])
    assert status(session).action_counter == counter
    assert status(session).phase == "discard_step"
    await keep_the_soldier(session, step_player)  # by the select the new bot drew
    assert status(session).action_counter == counter + 1
    nxt = mover(session, players)
    await nxt.click(table_message(session), button_for(table_message(session), "stay"))
    await session.fake.settle(quiet=0.02, within=2.0)
    assert status(session).action_counter == counter + 2
    await alice.slash("palace close")


async def test_without_the_members_intent_the_bot_knows_no_member_but_itself(session):
    """Why a restarted bot knows no name until its player clicks: without the privileged
    members intent, discord.py keeps no member but the bot's own."""
    assert not session.bot.intents.members
    [guild] = session.bot.guilds
    assert [m.id for m in guild.members] == [session.bot.user.id]
    assert guild.member_count == len(session.fake.world.guilds[guild.id].members) > 1


async def test_after_a_restart_the_bet_buttons_name_the_players_once_they_are_heard_from(
    session, alice, bob, carol
):
    players = await dealt(session, alice, bob, carol)
    await mover(session, players).slash("palace buy")
    await session.fake.settle(quiet=0.02, within=2.0)
    await keep_the_soldier(session, mover(session, players))

    def bet_targets() -> list[str]:
        """Who each bet button names ("Attack (10): bob")."""
        return sorted(
            str(c.get("label")).rsplit(": ", 1)[-1]
            for c in table_message(session).walk_components()
            if c.get("type") == 2 and ":bet:" in str(c.get("custom_id"))
        )

    before = bet_targets()
    at_turn = mover(session, players)
    assert before == sorted(p.name for u, p in players.items() if u != at_turn.id)
    await session.restart_bot()
    await session.fake.settle(quiet=0.02, within=2.0)
    assert "goes on" in str(table_message(session).embeds[0])
    # No member is fetched at start (a restart with 500 tables made thousands of requests):
    # a name comes again with its player's next click, like any name.
    assert not [c for c in session.fake.log.calls if "/members/" in c.route]
    for actor in players.values():
        await actor.click(table_message(session), "My cards")
    await session.bot.desk.publish(status(session))  # the table's next redraw
    await session.fake.settle(quiet=0.02, within=2.0)
    assert bet_targets() == before
    await alice.slash("palace close")
