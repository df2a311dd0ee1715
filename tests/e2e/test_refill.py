"""A way back for a broke player (issue 14, item 3): ``/refill`` when they have no chips
anywhere (once per cooldown, refused with the reason), ``/<game> topup`` between deals, and a
seated player too short to be dealt in is told privately that they sit out and how to get
chips. The chip audit passes after each test."""

from __future__ import annotations

from pathlib import Path

import pytest

from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from storage import Database, tables
from tests.e2e.economy_helpers import embed_text
from tests.e2e.table_helpers import refusal_text, status

pytestmark = pytest.mark.usefixtures("chips_add_up")


async def broke(session: Session, admin, actor) -> None:
    """``actor`` loses their whole balance (an admin takes it)."""
    await actor.slash("balance")
    await (
        await admin.slash("admin remove", user=actor, amount=1000, reason="test: broke")
    ).followup()
    assert "You have **0 chips**" in embed_text(await actor.slash("balance"))


@pytest.mark.shared_fake
async def test_broke_player_gets_chips_back_with_refill_once_per_cooldown(session, alice, bob):
    await broke(session, alice, bob)
    granted = await bob.slash("refill")
    assert "You got **100 chips** to play again" in embed_text(granted)
    assert "You have **100 chips**" in embed_text(await bob.slash("balance"))
    assert "you still have chips" in refusal_text(await bob.slash("refill"))
    removed = await alice.slash("admin remove", user=bob, amount=100, reason="test: broke again")
    await removed.followup()
    text = refusal_text(await bob.slash("refill"))
    assert "You already had a refill. Try again in" in text


@pytest.mark.shared_fake
async def test_refill_is_refused_while_chips_sit_on_a_table(session, alice, bob):
    session.guild.deny(bob.user, MANAGE_GUILD)
    await alice.slash("palace open", buy_in=300)
    await bob.slash("palace join", buy_in=1000)  # every chip of bob's is on the table
    assert "you still have chips" in refusal_text(await bob.slash("refill"))


@pytest.mark.shared_fake
async def test_seated_player_tops_up_between_deals_but_not_mid_deal(session, alice, bob):
    session.guild.deny(bob.user, MANAGE_GUILD)
    await alice.slash("palace open", buy_in=300)
    await bob.slash("palace join", buy_in=300)
    answer = await bob.slash("palace topup", amount=150)
    assert answer.message is not None
    assert "You add 150 chips" in answer.message.content
    assert {s.user_id: s.stack for s in status(session).seats}[bob.id] == 450
    await alice.slash("palace start")
    assert "between deals" in refusal_text(await bob.slash("palace topup", amount=10))


async def test_seated_player_at_0_chips_is_told_privately_they_sit_out_and_how_to_get_chips(
    session, alice, bob, carol, tmp_path: Path
):
    for actor in (bob, carol):
        session.guild.deny(actor.user, MANAGE_GUILD)
    await alice.slash("palace open", buy_in=300)
    await bob.slash("palace join", buy_in=300)
    await carol.slash("palace join", buy_in=300)
    table = status(session)
    # bob's stack is gone (as after a lost deal): cashed out to his balance, through storage
    async with Database.open(tmp_path / "parlour.db") as db, db.transaction() as tx:
        await tables.cash_out(tx, table.table_id, bob.id, 300, ref="test:bob:broke")
    await session.restart_bot()
    await session.fake.settle(quiet=0.05)
    await alice.slash("palace start")
    await session.fake.settle(quiet=0.02)
    assert status(session).deal_open
    told = [m.content for m in bob.dms() if "sit this deal out" in m.content]
    assert len(told) == 1
    assert "`/palace topup`" in told[0]
    assert "`/refill`" in told[0]
    assert not any("sit this deal out" in m.content for m in carol.dms())
    public = [m.content for m in session.messages() if not m.ephemeral]
    assert not any("sit this deal out" in text for text in public)


@pytest.mark.shared_fake
async def test_refill_does_not_suggest_daily_once_it_was_claimed(session, alice, bob):
    """Issue 33.10: the cooldown refusal said "or claim `/daily`" after the daily was taken."""
    await broke(session, alice, bob)
    await bob.slash("refill")
    await bob.slash("daily")
    removed = await alice.slash("admin remove", user=bob, amount=300, reason="test: broke again")
    await removed.followup()
    text = refusal_text(await bob.slash("refill"))
    assert "You already had a refill. Try again in" in text
    assert "/daily" not in text, text
