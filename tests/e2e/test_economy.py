"""The economy through the real bot and the fake Discord: balances, daily chips, stats, help,
and the chip audit at the end of every test."""

from __future__ import annotations

import re

import pytest

from tests.e2e.economy_helpers import embed_text, record_deals, refused

PLAY_MONEY = "play money"


pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


async def test_balance_starts_with_the_starting_chips_and_says_they_are_play_money(alice):
    answer = await alice.slash("balance")
    assert answer.ephemeral
    text = embed_text(answer)
    assert "You have **1,000 chips**" in text
    assert PLAY_MONEY in text


async def test_help_tells_a_broke_player_about_refill_and_the_table_commands(alice):
    text = embed_text(await alice.slash("help"))
    for command in ("/refill", "/ping mode:", "`topup amount:`", "`kick player:`", "`start`"):
        assert command in text


async def test_balance_of_another_member_reads_without_creating_an_account(alice, bob):
    before = await alice.slash("balance", user=bob)
    assert "has no chips yet" in embed_text(before)
    await bob.slash("daily")
    after = await alice.slash("balance", user=bob)
    assert f"{bob.mention} has **1,200 chips**" in embed_text(after)


async def test_daily_grants_once_then_refuses_with_the_time_left(fake, alice):
    first = await alice.slash("daily")
    assert first.ephemeral
    text = embed_text(first)
    assert "You claimed **200 chips**. Your balance: 1,200 chips." in text
    assert PLAY_MONEY in text
    second = await alice.slash("daily")
    message = refused(second, "already claimed")
    assert re.search(r"Try again in 2[34] h", message), message
    stamp = int(re.search(r"<t:(\d+):f>", message).group(1))  # type: ignore[union-attr]
    # the bot's time is the fake's clock (a shared fake's runs ahead of the wall clock by the
    # paced time its earlier tests let pass)
    assert abs(stamp - (fake.clock.now().timestamp() + 86_400)) < 60
    assert "1,200 chips" in embed_text(await alice.slash("balance"))


async def test_stats_show_each_game_and_the_total(session, alice, bob):
    empty = await bob.slash("stats")
    assert "has not finished a deal yet" in embed_text(empty)
    deals = [{alice.id: 30, bob.id: -30}, {alice.id: -10, bob.id: 10}]
    await record_deals(
        session.config.database_path, session.guild.id, session.channel.id, "palace", deals
    )
    await record_deals(
        session.config.database_path,
        session.guild.id,
        session.channel.id,
        "pontoon",
        [{alice.id: 5, bob.id: -5}],
    )
    total = embed_text(await bob.slash("stats", user=alice))
    assert "Deals played: **3** · won: **2** (67%)" in total
    assert "Net: **+25** chips · biggest pot won: **30 chips**" in total
    assert "Palace Poker: Deals played: **2** · won: **1** (50%)" in total
    assert "Pontoon: Deals played: **1**" in total
    assert "Paiute" not in total
    one = embed_text(await alice.slash("stats", game="palace"))
    assert "Net: **+20** chips" in one
    none = embed_text(await alice.slash("stats", game="paiute"))
    assert "has not finished a deal of Paiute yet" in none


async def test_help_lists_the_commands_and_says_chips_are_play_money(alice):
    answer = await alice.slash("help")
    assert answer.ephemeral
    text = embed_text(answer)
    for command in ("/balance", "/daily", "/leaderboard", "/stats", "/admin settings"):
        assert command in text
    assert PLAY_MONEY in text


async def test_every_command_is_synced_to_the_dev_guild_for_servers_only(session, fake):
    synced = {c["name"]: c for c in fake.world.commands[session.config.dev_guild_id]}
    assert {"balance", "daily", "leaderboard", "stats", "help", "admin"} <= set(synced)
    assert None not in fake.world.commands  # no global sync without --sync-global
    for command in synced.values():
        assert command.get("contexts") == [0] or command.get("dm_permission") is False


async def test_a_bot_holds_no_chips(session, alice):
    bot_user = session.fake.world.bot_user
    answer = await alice.slash("balance", user=bot_user)
    refused(answer, "Bots don't hold chips")


async def test_help_lists_every_games_commands_with_how_to_play_and_where_the_rules_are(alice):
    """Issue 14, item 13."""
    text = embed_text(await alice.slash("help"))
    for game, moves in (
        ("palace", ("buy", "discard_soldiers", "bet", "raise", "fold")),
        ("paiute", ("draw", "discard", "call")),
        ("pontoon", ("stake", "twist", "stick", "shoot", "kitty", "offer_bank")),
    ):
        assert f"`/{game} rules`" in text
        for move in moves:
            assert f"`{move}`" in text
    assert "twenty-one against a banker" in text
