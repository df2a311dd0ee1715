"""Issue 18 through the real bot and the fake Discord: how many tables a member and a server
may open (18.4), a host who left cannot void the others' deal (18.9), and the logs never hold
a refusal's private facts (18.10). The chip audit passes after each test."""

from __future__ import annotations

import logging
import re

import pytest

from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from tests.e2e.table_helpers import refusal_text, service, status
from tests.e2e.test_pontoon import face_down

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


async def limit(session: Session, **settings: int) -> None:
    """The server's settings, as ``/admin settings`` stores them."""
    await session.bot.economy.update_settings(session.guild.id, **settings)  # type: ignore[attr-defined]


async def test_one_member_cannot_open_a_table_in_every_channel(session, alice, bob):
    await limit(session, max_tables_per_user=1)
    tables = session.channel_named("tables")
    await alice.slash("paiute open", buy_in=300)
    text = refusal_text(await alice.slash("pontoon open", buy_in=300, in_channel=tables))
    assert "as many open tables as this server allows one member (1)" in text
    assert [t.channel_id for t in service(session).tables()] == [session.channel.id]
    await bob.slash("pontoon open", buy_in=300, in_channel=tables)  # another member may
    assert len(service(session).tables()) == 2


async def test_a_server_cannot_open_more_tables_than_it_allows(session, alice, bob):
    await limit(session, max_tables_per_server=1)
    await alice.slash("paiute open", buy_in=300)
    tables = session.channel_named("tables")
    text = refusal_text(await bob.slash("pontoon open", buy_in=300, in_channel=tables))
    assert "This server already has as many open tables as it allows (1)" in text
    assert len(service(session).tables()) == 1


async def test_a_host_who_is_not_playing_cannot_close_the_table_mid_deal(
    session, alice, bob, carol, dave
):
    for actor in (alice, bob, carol):
        session.guild.deny(actor.user, MANAGE_GUILD)
    await alice.slash("palace open")  # alice hosts without sitting down
    await bob.slash("palace join", buy_in=300)
    await carol.slash("palace join", buy_in=300)
    await dave.slash("palace start")  # a server admin deals for them
    await session.fake.settle(quiet=0.02)
    before = status(session)
    assert before.deal_open
    text = refusal_text(await alice.slash("palace close"))
    assert "not playing at this table any more" in text
    after = status(session)
    assert (after.deal_open, after.action_counter) == (True, before.action_counter)
    await dave.slash("palace close")  # an admin still may
    await session.fake.settle(quiet=0.02)
    assert service(session).tables() == []


async def test_a_host_who_left_mid_deal_cannot_close_it(session, alice, bob, carol):
    for actor in (alice, bob, carol):
        session.guild.deny(actor.user, MANAGE_GUILD)
    await alice.slash("palace open", buy_in=300)
    await bob.slash("palace join", buy_in=300)
    await carol.slash("palace join", buy_in=300)
    await alice.slash("palace start")
    await alice.slash("palace leave")
    await session.fake.settle(quiet=0.02)
    counter = status(session).action_counter
    refusal_text(await alice.slash("palace close"))
    assert status(session).deal_open
    assert status(session).action_counter == counter


async def test_you_cant_stick_on_13_is_never_written_to_the_log(session, alice, bob, caplog):
    """The refusal names the player's hidden total; INFO logs recorded it next to their id."""
    caplog.set_level(logging.INFO)
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await bob.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    by = {alice.id: alice, bob.id: bob}
    seen: list[str] = []
    for _ in range(60):  # play until someone to act may twist but not stick, then stick
        table = status(session)
        if not table.deal_open:
            await alice.slash("pontoon start")
            continue
        assert table.to_act is not None
        actor = by[table.to_act]
        legal = {s.kind: s for s in service(session).legal_actions(
            session.guild.id, session.channel.id, table.to_act
        )}  # fmt: skip
        if "twist" in legal and "stick" not in legal:
            seen.append(refusal_text(await actor.slash("pontoon stick")))
            break
        if "stay" in legal:
            await actor.slash("pontoon stay")
        elif "stake" in legal:
            await actor.slash("pontoon stake", amount=10)
        elif "stick" in legal:
            await actor.slash("pontoon stick")
        else:
            await actor.slash(f"pontoon {next(iter(legal))}")
    assert seen, "no hand below the sticking total came up"
    assert "You can't stick on" in seen[0]
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert not [line for line in logged if "stick on" in line or seen[0] in line]
    assert [line for line in logged if "Refused: pontoon.refusal.stick_too_low" in line]
    hidden = await face_down(session)  # every face-down card of the deal
    assert hidden
    words = {word for line in logged for word in re.split(r"[^0-9A-Za-z]+", line)}
    assert not hidden & words, "a hidden card was logged"
