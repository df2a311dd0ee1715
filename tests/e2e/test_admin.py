"""Admin commands (Manage Server): refused to members without it, working for admins, and
every refusal ephemeral with nothing changed behind it."""

from __future__ import annotations

import pytest

from sandbox import InvalidInjection
from sandbox.flags import MANAGE_GUILD
from tests.e2e.economy_helpers import embed_text, refused

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


@pytest.fixture
def bob_is_no_admin(session, bob):
    session.guild.deny(bob.user, MANAGE_GUILD)
    return bob


async def balance_of(actor) -> str:
    return embed_text(await actor.slash("balance"))


async def test_admin_commands_are_hidden_from_members_without_manage_server(
    session, bob_is_no_admin
):
    synced = {c["name"]: c for c in session.fake.world.commands[session.guild.id]}
    assert int(synced["admin"]["default_member_permissions"]) == MANAGE_GUILD
    with pytest.raises(InvalidInjection, match="lacks"):
        await bob_is_no_admin.slash("admin grant", user=bob_is_no_admin, amount=5, reason="x")


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("admin grant", {"amount": 500, "reason": "please"}),
        ("admin remove", {"amount": 500, "reason": "please"}),
        ("admin settings", {"daily_amount": 5000}),
    ],
)
async def test_the_bot_refuses_admin_commands_opened_to_a_non_admin(
    session, alice, bob_is_no_admin, command, options
):
    bob = bob_is_no_admin
    session.guild.command_access["admin"] = {bob.id}  # a server opened /admin to bob
    before = await balance_of(alice)
    if "user" not in options and command != "admin settings":
        options = {**options, "user": alice}
    answer = await bob.slash(command, **options)
    refused(answer, "You need the **Manage Server** permission")
    assert await balance_of(alice) == before
    settings = embed_text(await alice.slash("admin settings"))
    assert "Daily chips: **200 chips**" in settings


async def test_grant_and_remove_with_a_reason(alice, bob):
    granted = await alice.slash("admin grant", user=bob, amount=250, reason="won the quiz")
    assert not granted.ephemeral  # the server sees every grant
    said = await granted.followup()  # answered ("thinking") before the booking, then told
    assert said.content == (
        f"{alice.mention} granted **250 chips** to {bob.mention} (won the quiz). "
        "Their balance: 1,250 chips."
    )
    removed = await (
        await alice.slash("admin remove", user=bob, amount=1000, reason="cheating")
    ).followup()
    assert "removed **1,000 chips**" in removed.content
    assert "Their balance: 250 chips." in removed.content
    assert "You have **250 chips**" in await balance_of(bob)


async def test_removing_more_than_the_balance_is_refused_and_changes_nothing(alice, bob):
    assert "You have **1,000 chips**" in await balance_of(bob)  # bob's account: the start
    answer = await alice.slash("admin remove", user=bob, amount=1001, reason="too much")
    refused(answer, f"{bob.mention} has fewer than 1,001 chips in their balance")
    assert "You have **1,000 chips**" in await balance_of(bob)


async def test_settings_show_change_and_take_effect(alice, bob, carol):
    shown = await alice.slash("admin settings")
    assert shown.ephemeral
    assert "Turn timer: **1 min**" in embed_text(shown)
    changed = await alice.slash(
        "admin settings",
        starting_balance=300,
        daily_amount=50,
        daily_cooldown_hours=12,
        turn_timer_seconds=90,
        idle_close_minutes=45,
        min_bet=20,
        max_bet=200,
    )
    text = embed_text(changed)
    assert "Server settings updated" in text
    assert "Starting balance: **300 chips** ✏️" in text
    assert "Daily cooldown: **12 h** ✏️" in text
    assert "Turn timer: **2 min** ✏️" in text  # 90 s, shown rounded up
    assert "Idle table closes after: **45 min** ✏️" in text
    assert "Default maximum bet: **200 chips** ✏️" in text
    assert "Minimum buy-in: **100 chips**" in text
    assert "You have **300 chips**" in await balance_of(carol)
    daily = embed_text(await carol.slash("daily"))
    assert "You claimed **50 chips**" in daily
    refused(await carol.slash("daily"), "Try again in 12 h")


async def test_settings_that_do_not_fit_together_are_refused(alice):
    answer = await alice.slash("admin settings", min_bet=500, max_bet=100)
    refused(answer, "don't fit together", "minimum bet can't be above the default maximum bet")
    assert "Default minimum bet: **10 chips**" in embed_text(await alice.slash("admin settings"))


async def test_out_of_range_options_never_reach_the_bot(alice, bob):
    with pytest.raises(InvalidInjection, match="at least 1"):
        await alice.slash("admin grant", user=bob, amount=0, reason="zero")


async def test_daily_off_is_refused(alice):
    await alice.slash("admin settings", daily_amount=0)
    refused(await alice.slash("daily"), "turned off")
