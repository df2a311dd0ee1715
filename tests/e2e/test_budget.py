"""The bot's Discord REST budget per player action (issues 20 and 21): a click's answer IS the
table update, a slash action's answer carries the player's own new cards, and a player whose
cards change outside their own move hears it on their latest fresh interaction (an ephemeral
followup, exempt from Discord's global limit) rather than by DM, which stays the fallback.
Here: the table's edits through interaction tokens, and tokens that a restart forgot; which
door each private update takes, and its fallbacks, are unit tests
(``tests/bot/table/test_private.py``)."""

from __future__ import annotations

import pytest

from sandbox.actors import Actor
from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from sandbox.log import Call
from tests.e2e.paiute_helpers import BUY_IN, find_seed, hand_line, open_with
from tests.e2e.table_helpers import TableSeed, is_ping, status, table_message

pytestmark = pytest.mark.usefixtures("chips_add_up")


def to_act(session: Session, players: list[Actor]) -> Actor:
    return next(a for a in players if a.id == status(session).to_act)


async def calls_of(session: Session, since: int) -> list[Call]:
    """The REST calls the bot made since ``since`` once it is quiet, without turn pings."""
    await session.fake.settle(quiet=0.3, within=10.0)
    return [c for c in session.fake.log.calls[since:] if not is_ping(c)]


def bot_dms(actor: Actor) -> list[str]:
    return [m.content for m in actor.dms() if m.author.bot]


@pytest.fixture
def players(
    session: Session, alice: Actor, bob: Actor, carol: Actor, table_seed: TableSeed
) -> list[Actor]:
    for actor in (bob, carol):
        session.guild.deny(actor.user, MANAGE_GUILD)
    table_seed.value = find_seed([str(a.id) for a in (alice, bob, carol)])
    return [alice, bob, carol]


async def deal_under_way(session: Session, players: list[Actor]) -> Actor:
    """A Paiute deal under way: the player whose turn it is."""
    alice = players[0]
    await open_with(alice, players[1:])
    await alice.slash("paiute start")
    await session.fake.settle(quiet=0.3, within=10.0)
    return to_act(session, players)


async def test_a_table_played_by_slash_commands_is_edited_through_its_openers_token(
    session: Session, players: list[Actor]
) -> None:
    actor = await deal_under_way(session, players)
    opened = next(c for c in session.fake.log.calls if c.route.endswith("/callback"))
    posted = [
        c
        for c in session.fake.log.calls
        if (c.method, c.route) == ("POST", "/webhooks/{webhook_id}/{webhook_token}")
        and isinstance(c.body, dict)
        and c.body.get("embeds")
    ]
    # the table message is a public followup of alice's /paiute open (exempt)
    assert len(posted) == 1
    assert opened.path.split("/")[3] in posted[0].path
    session.bot.desk.publisher.tokens.window = 0.0  # type: ignore[attr-defined]  # room
    since = len(session.fake.log.calls)
    await actor.slash("paiute draw", source="stock")
    edits = [c for c in await calls_of(session, since) if c.method == "PATCH"]
    assert [(c.route, c.status) for c in edits] == [
        ("/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", 200)
    ]
    assert edits[0].path.endswith(f"/messages/{table_message(session).id}")


async def test_a_dealt_hand_goes_by_followup_to_a_fresh_player_and_by_dm_to_one_without(
    session: Session, players: list[Actor]
) -> None:
    alice, bob, carol = players
    await open_with(alice, [bob])
    await session.restart_bot()  # bob's interaction token lived in the old process only
    await carol.slash("paiute join", buy_in=BUY_IN)
    await session.fake.settle(quiet=0.3, within=10.0)
    dealt = await alice.click(table_message(session), "Deal")
    assert not dealt.ephemeral  # the click's answer is the table
    own = await dealt.followup()  # alice's hand: a followup of her own click
    assert own.ephemeral
    assert hand_line(session, alice) in own.content
    fresh = await carol.next_private()  # carol joined a moment ago: on her join
    assert fresh.ephemeral
    assert fresh.channel is session.channel
    assert hand_line(session, carol) in fresh.content
    dm = await bob.next_private()
    assert dm.channel.recipient is bob.user  # bob has no fresh interaction: a DM
    assert hand_line(session, bob) in dm.content
    assert bot_dms(alice) == []
    assert bot_dms(carol) == []


async def test_a_slash_actions_table_edit_goes_through_the_latest_clicks_token(
    session: Session, players: list[Actor]
) -> None:
    alice = players[0]
    await open_with(alice, players[1:])
    await session.fake.settle(quiet=0.3, within=10.0)
    dealt = await alice.click(table_message(session), "Deal")  # answered with the table
    await session.fake.settle(quiet=0.3, within=10.0)
    actor = to_act(session, players)
    since = len(session.fake.log.calls)
    await actor.slash("paiute draw", source="stock")
    calls = await calls_of(session, since)
    edits = [c for c in calls if c.method == "PATCH"]
    # the edit of the table message rides on the Deal click's token (@original: exempt from
    # the global limit), not on the channel
    assert [c.route for c in edits] == [
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
    ], calls
    assert dealt.token in edits[0].path
    assert edits[0].path.endswith("/@original")
    assert edits[0].status == 200
    expected = ":".join(str(n) for n in status(session).expected)
    ids = [str(c.get("custom_id")) for c in table_message(session).walk_components()]
    assert any(expected in i for i in ids), ids  # the table shows the draw
