"""Achievements through the real bot (issue 31, item 2): a deal won is announced once on the
table in the server's language, ``/achievements`` lists what a member holds and how to earn
the rest, and a server can turn the announcements off."""

from __future__ import annotations

from typing import Any

import pytest

from sandbox.actors import Actor
from sandbox.harness import Session
from tests.e2e.economy_helpers import embed_text
from tests.e2e.table_helpers import TableSeed, service, status, table_message

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


@pytest.fixture
def table_seed() -> TableSeed:
    """The same deals on every run."""
    return TableSeed(20261202)


def choose(session: Session, user: int) -> dict[str, Any]:
    """Stake the least, then stick as soon as allowed (else twist)."""
    legal = {
        s.kind: s
        for s in service(session).legal_actions(session.guild.id, session.channel.id, user)
    }
    if "stake" in legal:
        return {"kind": "stake", "amount": legal["stake"].fields["amount"].min}  # type: ignore[union-attr]
    for kind in ("stick", "twist"):
        if kind in legal:
            return {"kind": kind}
    return {"kind": next(iter(legal))}


def table_text(session: Session) -> str:
    return str(table_message(session).embeds[0])


def latest(session: Session) -> list[str]:
    """The lines of the table's latest events."""
    fields = table_message(session).embeds[0].get("fields", [])
    return [ln for f in fields if f["name"] == "Latest" for ln in str(f["value"]).splitlines()]


async def play_deals(session: Session, by: dict[int, Actor], host: Actor, deals: int) -> set[str]:
    """House-bank Pontoon deals by slash commands; every achievement line the table showed."""
    seen: set[str] = set()
    for _ in range(deals):
        await host.slash("pontoon start")
        while status(session).deal_open:
            user = status(session).to_act
            assert user is not None
            action = choose(session, user)
            options = {k: v for k, v in action.items() if k != "kind"}
            await by[user].slash(f"pontoon {action['kind']}", **options)
            await session.fake.settle(quiet=0.02)
            lines = [line for line in latest(session) if "earns the achievement" in line]
            assert len(lines) == len(set(lines)), lines  # said once, not once per step
            seen.update(lines)
    return seen


async def test_achievements_are_announced_on_the_table_and_listed(session, alice, bob):
    """The seed deals alice a pontoon at once: the table says so; a deal won is a first win."""
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300, banker="house")
    await bob.slash("pontoon join", buy_in=300)
    seen = await play_deals(session, {alice.id: alice, bob.id: bob}, alice, 1)
    said = " ".join(seen)
    assert f"🏅 {alice.mention} earns the achievement **Pontoon!**." in said
    assert "earns the achievement **First win**." in said
    listed = await bob.slash("achievements", user=alice)
    assert not listed.ephemeral
    shown = embed_text(listed)
    assert f"Achievements: {alice.mention}" in shown
    assert "🏅 **Pontoon!** — Hold a pontoon (an ace and a ten-card) at Pontoon. (<t:" in shown
    assert "🔒 High roller — Win a pot of 1,000 chips or more." in shown
    assert "of 7 earned." in shown


async def test_a_member_with_none_sees_how_to_earn_each(bob):
    shown = embed_text(await bob.slash("achievements"))
    assert "0 of 7 earned." in shown
    assert "Play 10 Pontoon deals in a row without going bust." in shown
    assert "🏅" not in shown


async def test_a_server_turns_the_announcements_off(session, alice, bob):
    changed = embed_text(await alice.slash("admin settings", achievements="off"))
    assert "Achievements announced at the table: **off**" in changed
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300, banker="house")
    await bob.slash("pontoon join", buy_in=300)
    by = {alice.id: alice, bob.id: bob}
    for _ in range(1):
        await alice.slash("pontoon start")
        while status(session).deal_open:
            user = status(session).to_act
            assert user is not None
            action = choose(session, user)
            options = {k: v for k, v in action.items() if k != "kind"}
            await by[user].slash(f"pontoon {action['kind']}", **options)
            await session.fake.settle(quiet=0.02)
        assert "earns the achievement" not in table_text(session)
    held = [embed_text(await a.slash("achievements")) for a in (alice, bob)]
    assert any("🏅 **First win**" in text for text in held)  # granted all the same
