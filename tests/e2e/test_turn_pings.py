"""Turn pings (issue 14, item 1): a mention inside an edited embed notifies nobody, so the
player whose turn it is gets a short plain message that mentions only them and links to the
table message; one alive per table (the previous is deleted); none for a player who acted a
moment ago; ``/ping mode:dm|off`` is stored and followed. The chip audit passes after each."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import codes
from sandbox.actors import Actor
from sandbox.harness import Session
from sandbox.state import MANAGE_GUILD
from services.pings import PingMode
from tests.e2e.paiute_helpers import BUY_IN, to_act, view
from tests.e2e.table_helpers import status, table_message

pytestmark = pytest.mark.usefixtures("chips_add_up")


def pings(session: Session) -> list[str]:
    """The turn pings alive in the channel now."""
    return [m.content for m in session.messages() if "your turn at the" in m.content]


def ping_posts(session: Session, channel_id: int | None = None) -> list[dict[str, Any]]:
    """Every turn ping the bot posted in the channel (deleted ones too), as sent; a post the
    fake refused (a 429 that discord.py then retried) is not a ping."""
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


async def dealt(session: Session, host: Actor, *others: Actor, recent_s: float = 0) -> None:
    """A two-seat Paiute deal; ``recent_s``: how long a player who acted is left alone."""
    session.bot.desk.pings.recent_s = recent_s  # type: ignore[attr-defined]
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


async def test_turn_passes_to_a_player_they_get_a_ping_that_mentions_only_them(session, alice, bob):
    await dealt(session, alice, bob)
    first = to_act(session, [alice, bob])
    link = (
        f"https://discord.com/channels/{session.guild.id}/{session.channel.id}/"
        f"{table_message(session).id}"
    )
    assert pings(session) == [f"<@{first.id}>, your turn at the Paiute table: {link}"]
    sent = ping_posts(session)[-1]["allowed_mentions"]
    assert [str(u) for u in sent["users"]] == [str(first.id)]
    assert sent["parse"] == []
    await play_turn(session, first)
    second = to_act(session, [alice, bob])
    assert second is not first
    # the first ping is gone, the second player's is the only one alive
    assert pings(session) == [f"<@{second.id}>, your turn at the Paiute table: {link}"]
    assert len(ping_posts(session)) == 2


async def test_a_player_who_acted_in_the_last_seconds_is_not_pinged(session, alice, bob):
    await dealt(session, alice, bob, recent_s=60)  # both just joined or dealt
    assert pings(session) == []
    assert ping_posts(session) == []


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
    assert ping_posts(session) == []  # alice: off; bob: in his DMs
    # one ping each time the turn passed to him (deleted once it moved on): at the deal when
    # he plays first, and after alice's turn
    assert len(ping_posts(session, bob.dm_channel.id)) == (2 if bob_first else 1)
    assert ping_posts(session, alice.dm_channel.id) == []
