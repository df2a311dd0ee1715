"""Issue 14 at a Pontoon table through the real bot and the fake Discord: the bank sold by
buttons is not a deal won (not in the settlement line, not in /stats), No shoot is one click,
and a full kitty can be topped up by its button."""

from __future__ import annotations

import pytest

from sandbox.actors import Actor
from storage import Database, stats
from tests.e2e.table_helpers import (
    TableSeed,
    button_for,
    click_action,
    first_input,
    status,
    table_message,
)

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


@pytest.fixture
def table_seed() -> TableSeed:
    """The same deals on every run (the bank stays put through the first deal)."""
    return TableSeed(20261129)


async def _open(session, alice, bob, carol, **options) -> dict[int, Actor]:
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300, **options)
    for actor in (bob, carol):
        await actor.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    await session.fake.settle(quiet=0.02)
    return {a.id: a for a in (alice, bob, carol)}


async def _finish(session, players) -> None:
    """Everyone to act sits out, sticks or stays (twists when they cannot stick)."""
    for _ in range(60):
        now = status(session)
        if not now.deal_open:
            return
        user = now.to_act
        assert user is not None
        kinds = {
            s.kind
            for s in session.bot.tables.legal_actions(session.guild.id, session.channel.id, user)
        }
        kind = next(k for k in ("sit_out", "stick", "stay", "twist", "shoot") if k in kinds)
        options = {"amount": 0} if kind == "shoot" else {}
        await players[user].slash(f"pontoon {kind}", **options)
        await session.fake.settle(quiet=0.02)
    raise AssertionError("the deal did not end")


async def test_a_bank_sold_by_buttons_is_not_a_pot_won_in_the_summary_or_stats(
    session, alice, bob, carol
):
    players = await _open(session, alice, bob, carol)
    banker = int(status(session).view.banker)  # type: ignore[union-attr]
    buyer = next(a for uid, a in players.items() if uid != banker)
    message = table_message(session)
    custom = next(
        str(c["custom_id"])
        for c in message.walk_components()
        if c.get("type") == 2 and str(c.get("custom_id", "")).endswith(f":offer_bank:{buyer.id}")
    )
    opened = await players[banker].click(message, custom)
    assert opened.modal is not None  # the price, the buyer being the button's
    await players[banker].submit(opened, {first_input(opened): "40"})
    await session.fake.settle(quiet=0.02)
    assert status(session).to_act == buyer.id
    await click_action(session, buyer, "accept_bank")
    await session.fake.settle(quiet=0.02)
    assert status(session).view.banker == str(buyer.id)  # type: ignore[union-attr]
    await _finish(session, players)
    async with Database.open(session.config.database_path) as db, db.read() as conn:
        record = await stats.result(conn, status(session).table_id, 1)
        seller = await stats.get_stats(conn, session.guild.id, banker)
    assert record is not None
    assert record["settlement"][str(banker)] == 0  # the 40 chips were a sale, not a win
    assert seller["pontoon"].won == 0
    stacks = {s.user_id: s.stack for s in status(session).seats}
    assert stacks[banker] == 340


async def test_no_shoot_is_one_click_and_a_full_kitty_can_be_topped_up(session, alice, bob, carol):
    players = await _open(session, alice, bob, carol, shoot=True)
    banker = int(status(session).view.banker)  # type: ignore[union-attr]
    await click_action(session, players[banker], "kitty", 50)  # the kitty at max_bet
    await session.fake.settle(quiet=0.02)
    await players[banker].slash("pontoon stay")
    await session.fake.settle(quiet=0.02)
    while status(session).phase == "staking":
        await players[status(session).to_act].slash("pontoon stake", amount=10)  # type: ignore[index]
        await session.fake.settle(quiet=0.02)
    assert status(session).phase == "shoot"
    punter = players[status(session).to_act]  # type: ignore[index]
    before = status(session).action_counter
    no_shoot = button_for(table_message(session), "shoot", 0)
    assert no_shoot.endswith(":shoot:=0")
    clicked = await punter.click(table_message(session), no_shoot)
    assert clicked.modal is None  # one click
    await session.fake.settle(quiet=0.02)
    assert status(session).action_counter == before + 1
    await _finish(session, players)
    await alice.slash("pontoon start")
    await session.fake.settle(quiet=0.02)
    now = status(session)
    assert now.view.banker == str(banker)  # type: ignore[union-attr]
    assert now.kitty == 50  # full: the top-up was refused before
    answer = await click_action(session, players[banker], "kitty", 20)
    await session.fake.settle(quiet=0.02)
    assert status(session).kitty == 70, answer.content
