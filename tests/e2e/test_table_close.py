"""A close announces exactly what the ledger booked (issue 14, item 4): mid-deal, the refund
rule voids the deal and each player's stack comes back with their stakes in it; the
announcement says that amount once, not the stakes again on top. The chip audit passes."""

from __future__ import annotations

import pytest

from sandbox.flags import MANAGE_GUILD
from tests.e2e.economy_helpers import embed_text
from tests.e2e.table_helpers import service

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


async def test_close_mid_deal_announces_exactly_the_refunds_the_ledger_booked(session, alice, bob):
    session.guild.deny(bob.user, MANAGE_GUILD)
    await alice.slash("palace open", buy_in=300)
    await bob.slash("palace join", buy_in=300)
    await alice.slash("palace start")  # both ante 5: 295 in each stack, 10 in the pot
    await alice.slash("palace close")
    await session.fake.settle(quiet=0.02)
    assert service(session).tables() == []
    told = [m.content for m in session.messages() if m.author.bot and "closed by" in m.content]
    assert len(told) == 1
    for actor in (alice, bob):
        assert f"<@{actor.id}> 300 chips" in told[0]  # the stack, the voided ante back in it
        assert "You have **1,000 chips**" in embed_text(await actor.slash("balance"))
    assert "305" not in told[0]
