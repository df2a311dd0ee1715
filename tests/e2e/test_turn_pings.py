"""Turn pings (issues 14 and 27) through the real bot: a mention inside an edited embed
notifies nobody, so the player whose turn it is gets a short plain message that mentions only
them and links to the table message. It rides as a public followup on a fresh interaction at the
table (exempt from Discord's global limit), and the previous one is deleted the same way;
``/ping mode:dm|off`` is stored and followed, and ``mode:dm`` with closed DMs says so and keeps
channel pings. The chip audit passes after each. The pinger's own rules (the channel without a
fresh token, one ping alive per table, none for a player who acted just before or acts or
looks within the grace) are unit tests: ``tests/bot/table/test_pinger.py``, and the look at
My cards ``tests/bot/table/test_components.py``."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import codes
from sandbox.actors import Actor
from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from sandbox.log import Call
from services.pings import PingMode
from tests.e2e.paiute_helpers import BUY_IN, to_act, view
from tests.e2e.table_helpers import is_ping, status, table_message

pytestmark = pytest.mark.usefixtures("chips_add_up")

WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"
CHANNEL = "/channels/{channel_id}/messages"


def pings(session: Session) -> list[str]:
    """The turn pings alive in the channel now."""
    return [m.content for m in session.messages() if "your turn at the" in m.content]


def ping_calls(session: Session, since: int = 0) -> list[Call]:
    """Every turn ping the bot sent or deleted since ``since`` (refused ones left out)."""
    return [c for c in session.fake.log.calls[since:] if c.status < 300 and is_ping(c)]


def ping_posts(session: Session, channel_id: int | None = None) -> list[dict[str, Any]]:
    """Every turn ping the bot posted through a channel (deleted ones too), as sent."""
    path = f"/channels/{channel_id or session.channel.id}/messages"
    return [
        c.body
        for c in session.fake.log.calls
        if c.method == "POST"
        and c.status < 300
        and c.path.endswith(path)
        and isinstance(c.body, dict)
        and "your turn at the" in str(c.body.get("content", "")).lower()
    ]


async def dealt(
    session: Session, host: Actor, *others: Actor, recent_s: float = 0, grace_s: float = 0
) -> None:
    """A two-seat Paiute deal; ``recent_s``: how long before the turn a player who acted is
    left alone, ``grace_s``: how long after it they have to act or look before the ping."""
    session.bot.desk.pings.recent_s = recent_s  # type: ignore[attr-defined]
    session.bot.desk.pings.grace_s = grace_s  # type: ignore[attr-defined]
    for actor in others:
        session.guild.deny(actor.user, MANAGE_GUILD)
    await host.slash("paiute open", stake=10, buy_in=BUY_IN, seats=2)
    for actor in others:
        await actor.slash("paiute join", buy_in=BUY_IN)
    await host.slash("paiute start")
    await session.fake.settle(quiet=0.02)
    assert status(session).deal_open


async def play_turn(session: Session, actor: Actor) -> None:
    await actor.slash("paiute draw", source="stock")
    hand = codes(view(session, actor).hand or [])
    await actor.slash("paiute discard", card=hand[-1])
    await session.fake.settle(quiet=0.02)


def link(session: Session) -> str:
    return (
        f"https://discord.com/channels/{session.guild.id}/{session.channel.id}/"
        f"{table_message(session).id}"
    )


async def test_a_ping_rides_a_fresh_followup_mentions_only_them_and_costs_no_global_request(
    session, alice, bob
):
    await dealt(session, alice, bob)
    first = to_act(session, [alice, bob])
    assert pings(session) == [f"<@{first.id}>, your turn at the Paiute table: {link(session)}"]
    sent = ping_calls(session)
    assert [(c.method, c.route) for c in sent] == [("POST", WEBHOOK)]  # a followup: exempt
    assert isinstance(sent[0].body, dict)
    mentions = sent[0].body["allowed_mentions"]
    assert [str(u) for u in mentions["users"]] == [str(first.id)]
    assert mentions["parse"] == []
    assert ping_posts(session) == []  # nothing through the channel
    since = len(session.fake.log.calls)
    await play_turn(session, first)
    second = to_act(session, [alice, bob])
    assert second is not first
    # the first ping is gone (deleted through its token), the second player's is the only one
    assert pings(session) == [f"<@{second.id}>, your turn at the Paiute table: {link(session)}"]
    moved = ping_calls(session, since)
    assert sorted((c.method, c.route) for c in moved) == [
        ("DELETE", f"{WEBHOOK}/messages/{{message_id}}"),
        ("POST", WEBHOOK),
    ]
    assert session.bot.desk.pings.sent["channel"] == 0


async def test_ping_mode_dm_and_off_are_stored_and_followed(session, alice, bob):
    answer = await bob.slash("ping", mode="dm")
    assert answer.message is not None
    assert "a DM from me" in answer.message.content
    await alice.slash("ping", mode="off")
    await session.restart_bot()  # the choices are in the database, not in memory
    assert await session.bot.pings.mode(bob.id) is PingMode.DM
    await dealt(session, alice, bob)
    bob_first = to_act(session, [alice, bob]) is bob
    for _ in range(2):  # each player has had the turn once
        actor = to_act(session, [alice, bob])
        await play_turn(session, actor)
    await session.fake.settle(quiet=0.1)  # every ping of these turns is out
    assert pings(session) == []  # alice: off; bob: in his DMs
    # one ping each time the turn passed to him (deleted once it moved on): at the deal when
    # he plays first, and after alice's turn; the confirmation of /ping mode:dm came first
    dms = ping_posts(session, bob.dm_channel.id)
    assert len(dms) == (2 if bob_first else 1)
    assert ping_posts(session, alice.dm_channel.id) == []


async def test_ping_mode_dm_with_closed_dms_says_so_and_keeps_channel_pings(session, alice, bob):
    session.fake.faults.close_dms(bob.user)
    answer = await bob.slash("ping", mode="dm")
    assert answer.message is not None
    assert "can't send you direct messages" in answer.message.content
    assert await session.bot.pings.mode(bob.id) is PingMode.CHANNEL
    await dealt(session, alice, bob)
    if to_act(session, [alice, bob]) is not bob:
        await play_turn(session, alice)
    assert pings(session) == [f"<@{bob.id}>, your turn at the Paiute table: {link(session)}"]
