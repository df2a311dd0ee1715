"""A table never waits for a host who is gone (issue 14, item 2), and only the host deals
(item 14): the longest-seated player takes over when the host stands up, a table nobody sits
at closes by the refund rule, the host removes players between deals with ``/<game> kick``,
and a player who is not seated cannot deal. The chip audit passes after each test."""

from __future__ import annotations

import pytest

from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from tests.e2e.economy_helpers import embed_text
from tests.e2e.table_helpers import refusal_text, service, status, table_message

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


def table_text(session: Session) -> str:
    message = table_message(session)
    embed = message.embeds[0]
    parts = [str(embed.get("description", ""))]
    parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
    return "\n".join(parts)


def said(session: Session) -> list[str]:
    """What the bot posted in the channel besides the table message."""
    return [m.content for m in session.messages() if m.author.bot and not m.ephemeral]


async def lobby(session: Session, host, *others, seats: int | None = None) -> None:
    for actor in (host, *others):
        session.guild.deny(actor.user, MANAGE_GUILD)
    extra = {"seats": seats} if seats else {}
    await host.slash("palace open", buy_in=300, **extra)
    for actor in others:
        await actor.slash("palace join", buy_in=300)
    await session.fake.settle(quiet=0.02)


async def test_host_leaves_the_longest_seated_player_hosts_and_the_table_says_so(
    session, alice, bob, carol
):
    await lobby(session, alice, bob, carol)
    await alice.slash("palace leave")
    await session.fake.settle(quiet=0.02)
    assert status(session).host_id == bob.id  # bob sat down before carol
    assert f"<@{bob.id}> is the host now." in table_text(session)
    await bob.slash("palace start")  # the new host deals the first deal
    assert status(session).deal_open


async def test_host_leaves_mid_deal_the_next_host_deals_the_next_one(session, alice, bob, carol):
    await lobby(session, alice, bob, carol)
    await alice.slash("palace start")
    await alice.slash("palace leave")
    await session.fake.settle(quiet=0.02)
    assert status(session).host_id == bob.id
    assert f"<@{bob.id}> is the host now." in table_text(session)


async def test_host_leaves_an_empty_table_it_closes_with_every_chip_back(session, alice):
    await lobby(session, alice)
    await alice.slash("palace leave")
    await session.fake.settle(quiet=0.02)
    assert service(session).tables() == []
    assert any("nobody is sitting at it any more" in text for text in said(session))
    assert "You have **1,000 chips**" in embed_text(await alice.slash("balance"))


async def test_last_player_leaves_mid_deal_the_table_closes_by_the_refund_rule(session, alice, bob):
    await lobby(session, alice, bob)
    await alice.slash("palace start")
    await alice.slash("palace leave")
    await bob.slash("palace leave")
    await session.fake.settle(quiet=0.02)
    assert service(session).tables() == []
    assert any("nobody is sitting at it any more" in text for text in said(session))
    for actor in (alice, bob):  # the deal (voided, or over when alice's turn folded) paid back
        assert "On open tables" not in embed_text(await actor.slash("balance"))


async def test_host_kicks_a_seated_player_between_deals_but_not_mid_deal(
    session, alice, bob, carol
):
    await lobby(session, alice, bob, carol)
    assert "Only a server admin or the host" in refusal_text(
        await bob.slash("palace kick", player=carol)
    )
    answer = await alice.slash("palace kick", player=carol)
    assert answer.message is not None
    assert f"<@{carol.id}>" in answer.message.content
    await session.fake.settle(quiet=0.02)
    assert not {s.user_id: s for s in status(session).seats}[carol.id].seated
    assert "You have **1,000 chips**" in embed_text(await carol.slash("balance"))
    await alice.slash("palace start")
    assert "once it is over" in refusal_text(await alice.slash("palace kick", player=bob))
    assert {s.user_id: s for s in status(session).seats}[bob.id].seated


async def test_a_player_not_seated_cannot_start_the_deal(session, alice, bob, carol):
    for actor in (alice, bob, carol):
        session.guild.deny(actor.user, MANAGE_GUILD)
    await alice.slash("palace open")  # alice hosts without sitting down
    for actor in (bob, carol):
        await actor.slash("palace join", buy_in=300)
    assert "sit down first" in refusal_text(await alice.slash("palace start"))
    assert not status(session).deal_open
    await alice.slash("palace join", buy_in=300)
    await alice.slash("palace start")
    assert status(session).deal_open


async def test_the_join_that_fills_the_table_does_not_start_the_deal(session, alice, bob, carol):
    await lobby(session, alice, bob, carol, seats=3)  # carol takes the last seat
    assert not status(session).deal_open
    assert status(session).deal_number == 0
    assert "Only the host can start the first deal" in refusal_text(
        await carol.slash("palace start")
    )
    await alice.slash("palace start")
    assert status(session).deal_open
