"""A table message no fresh interaction token may edit moves to a player's fresh command
(issue 27): a table in a thread (posted through the channel: its opener's command was in the
parent channel) and a table whose opener's token aged out were edited through the channel, one
request against Discord's global limit per slash action. Now the table is posted again as a
public followup of the latest command at the table (exempt), the old message deleted, and the
next edits go through that token. The fake holds the bot to Discord's rule that a token edits
only the messages it made, and refuses tokens older than 15 minutes."""

from __future__ import annotations

import pytest

from bot.table import FRESH_S
from sandbox.actors import Actor
from sandbox.flags import MANAGE_GUILD
from sandbox.guilds import Channel
from sandbox.harness import Session
from sandbox.log import Call
from sandbox.messages import Message
from tests.e2e.paiute_helpers import BUY_IN, OPTIONS
from tests.e2e.table_helpers import is_ping, service, table_title

pytestmark = pytest.mark.usefixtures("chips_add_up")

BY_CHANNEL = "/channels/{channel_id}/messages/{message_id}"
WEBHOOK_EDIT = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"


def tables_in(session: Session, channel: Channel) -> list[Message]:
    """The table messages in ``channel`` (public, the bot's, titled as a table)."""
    return [
        m
        for m in session.messages(channel)
        if m.author.bot and not m.ephemeral and table_title(m).endswith("table")
    ]


def table_writes(session: Session, since: int) -> list[tuple[str, str, int]]:
    """(method, route, status) of the bot's writes of table messages since ``since``, turn
    pings left out."""
    return [
        (c.method, c.route, c.status)
        for c in session.fake.log.calls[since:]
        if not is_ping(c) and c.route in (BY_CHANNEL, WEBHOOK_EDIT, FOLLOWUP) and _public(c)
    ]


def _public(call: Call) -> bool:
    body = call.body if isinstance(call.body, dict) else {}
    return call.method != "POST" or not int(body.get("flags") or 0) & 64


async def draw_in(session: Session, players: list[Actor], channel: Channel) -> None:
    """The player to act draws from the stock, typed in ``channel``."""
    to_act = service(session).status(session.guild.id, channel.id).to_act
    actor = next(a for a in players if a.id == to_act)
    drew = await actor.slash("paiute draw", source="stock", in_channel=channel)
    assert drew.ephemeral
    assert "You drew " in drew.content
    await session.fake.settle(quiet=0.3, within=10.0)


def shown_in(session: Session, channel: Channel) -> Message:
    """The one table message of ``channel``, which is the one the table says it has."""
    (message,) = tables_in(session, channel)
    assert message.id == service(session).status(session.guild.id, channel.id).message_id
    return message


@pytest.mark.threads
async def test_a_table_in_a_thread_played_by_slash_commands_is_edited_through_a_players_token(
    session: Session, alice: Actor, bob: Actor
) -> None:
    session.guild.deny(bob.user, MANAGE_GUILD)
    before = {t.id for t in session.guild.threads}
    await alice.slash("paiute open", stake=OPTIONS.stake, buy_in=BUY_IN, turn_timeout=600)
    await session.fake.settle(quiet=0.3, within=10.0)
    (thread,) = [t for t in session.guild.threads if t.id not in before]
    (first,) = tables_in(session, thread)  # posted through the channel: no token reaches here
    await bob.slash("paiute join", buy_in=BUY_IN, in_channel=thread)
    await alice.slash("paiute start", in_channel=thread)
    await session.fake.settle(quiet=0.3, within=10.0)
    # the table moved to a followup of a command typed in the thread; the first is gone
    moved = shown_in(session, thread)
    assert moved.id != first.id
    assert first.deleted
    assert moved.interaction_id is not None
    session.bot.desk.publisher.tokens.window = 0.0  # type: ignore[attr-defined]  # room
    since = len(session.fake.log.calls)
    await draw_in(session, [alice, bob], thread)
    assert table_writes(session, since) == [("PATCH", WEBHOOK_EDIT, 200)]
    assert shown_in(session, thread).id == moved.id


async def test_a_table_played_by_slash_commands_moves_to_a_fresh_token_once_its_openers_ages_out(
    session: Session, alice: Actor, bob: Actor
) -> None:
    session.guild.deny(bob.user, MANAGE_GUILD)
    await alice.slash("paiute open", stake=OPTIONS.stake, buy_in=BUY_IN, turn_timeout=600)
    await bob.slash("paiute join", buy_in=BUY_IN)
    await alice.slash("paiute start")
    await session.fake.settle(quiet=0.3, within=10.0)
    channel = session.channel
    opened = shown_in(session, channel)  # a followup of alice's /paiute open
    session.bot.desk.publisher.tokens.window = 0.0  # type: ignore[attr-defined]  # room
    session.fake.clock.advance(FRESH_S / 2)
    await draw_in(session, [alice, bob], channel)  # a command made half-way
    since = len(session.fake.log.calls)
    session.fake.clock.advance(FRESH_S / 2 + 1)  # the opener's token is 14 minutes old
    await discard(session, [alice, bob])
    writes = table_writes(session, since)
    # posted again as a followup of the half-way command (exempt), the old message deleted
    # through the channel (the one request the channel edit would have cost): no channel edit
    assert ("PATCH", BY_CHANNEL, 200) not in writes, writes
    assert writes[:1] == [("POST", FOLLOWUP, 200)], writes
    deletes = [
        c
        for c in session.fake.log.calls[since:]
        if (c.method, c.route) == ("DELETE", BY_CHANNEL) and c.path.endswith(f"/{opened.id}")
    ]
    assert [c.status for c in deletes] == [204]
    assert opened.deleted
    moved = shown_in(session, channel)
    assert moved.id != opened.id


async def discard(session: Session, players: list[Actor]) -> None:
    """The player who drew discards a card of their hand (the first the command offers)."""
    to_act = service(session).status(session.guild.id, session.channel.id).to_act
    actor = next(a for a in players if a.id == to_act)
    offered = await actor.autocomplete("paiute discard", focused="card", card="")
    done = await actor.slash("paiute discard", card=str(offered[0]))
    assert done.ephemeral
    await session.fake.settle(quiet=0.3, within=10.0)
