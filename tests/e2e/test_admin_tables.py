"""Admins at a table: ``/admin kick`` removes a player with their stack refunded, and
``/admin close`` closes the channel's table by the refund rule; both refused to members
without Manage Server. The chip audit passes after each test."""

from __future__ import annotations

import pytest

from sandbox.flags import MANAGE_GUILD
from tests.e2e.economy_helpers import embed_text
from tests.e2e.table_helpers import refusal_text, service, status
from tests.e2e.test_pontoon_table import seated

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


async def balance_line(actor) -> str:
    return embed_text(await actor.slash("balance"))


async def test_admin_kick_between_deals_refunds_the_stack_at_once(session, alice, bob, carol):
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await bob.slash("pontoon join", buy_in=300)
    before = embed_text(await bob.slash("balance"))
    assert "On open tables: 300 chips" in before
    answer = await carol.slash("admin kick", user=bob)  # carol owns nothing but is an admin
    assert answer.ephemeral
    seats = {s.user_id: s for s in status(session).seats}
    assert not seats[bob.id].seated
    after = embed_text(await bob.slash("balance"))
    assert "You have **1,000 chips**" in after
    assert "On open tables" not in after


async def test_admin_kick_mid_deal_plays_their_turns_and_cashes_out_at_the_end(session, alice, bob):
    await seated(session, alice, bob)
    await alice.slash("admin kick", user=bob)
    assert not {s.user_id: s for s in status(session).seats}[bob.id].seated
    # bob's turns now play themselves; alice finishes the deal and bob's stack comes home
    for _ in range(40):
        if not status(session).deal_open:
            break
        now = status(session)
        actions = service(session).legal_actions(session.guild.id, session.channel.id, alice.id)
        if actions and now.to_act == alice.id:
            spec = next((a for a in actions if a.kind in ("stick", "stay", "sit_out")), actions[0])
            options = {n: f.min for n, f in spec.fields.items() if hasattr(f, "min")}
            await alice.slash(f"pontoon {spec.kind}", **options)
        await session.fake.settle(quiet=0.02)
    assert not status(session).deal_open
    assert "On open tables" not in embed_text(await bob.slash("balance"))


async def test_admin_close_voids_the_deal_and_returns_every_chip(session, alice, bob):
    await seated(session, alice, bob)
    answer = await bob.slash("admin close")
    assert answer.ephemeral
    assert service(session).tables() == []
    for actor in (alice, bob):
        assert "You have **1,000 chips**" in embed_text(await actor.slash("balance"))


async def test_table_admin_commands_are_refused_to_members_without_manage_server(
    session, alice, bob
):
    await seated(session, alice, bob)
    session.guild.deny(bob.user, MANAGE_GUILD)
    session.guild.command_access["admin"] = {bob.id}  # a server opened /admin to bob
    before = (status(session).action_counter, [s.seated for s in status(session).seats])
    for command, options in (("admin kick", {"user": alice}), ("admin close", {})):
        text = refusal_text(await bob.slash(command, **options))
        assert "Manage Server" in text
    assert service(session).tables() != []
    assert (status(session).action_counter, [s.seated for s in status(session).seats]) == before


async def test_admin_kick_of_someone_not_seated_is_refused(session, alice, bob):
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    text = refusal_text(await alice.slash("admin kick", user=bob))
    assert "not sitting at this table" in text
