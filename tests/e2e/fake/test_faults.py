"""Injected faults, and the real discord.py recovering from them (or the probe bot handling
them the way the real bot must)."""

from __future__ import annotations

import asyncio
import time

import discord
import pytest

from bot.factory import BotConfig
from sandbox import FakeDiscord, InvalidInjection
from sandbox.harness import start_bot, stop_bot
from sandbox.interactions import InteractionType
from sandbox.log import channel_messages
from sandbox.wire import ErrorCode
from tests.e2e.fake.probe_bot import build_probe_bot

MESSAGES = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


async def test_closed_dms_are_refused_with_50007_and_the_player_is_told(session, fake, bob):
    fake.faults.close_dms(bob.user)
    answer = await bob.slash("dm", text="your cards")
    assert answer.content == f"{bob.mention}, I cannot DM you: open your DMs."
    assert not answer.ephemeral
    assert bob.dms() == []
    assert session.bot.recovered[0].code == ErrorCode.CANNOT_SEND_TO_USER
    assert (await fake.log.wait_for_error(ErrorCode.CANNOT_SEND_TO_USER)).status == 403


async def test_missing_permission_is_refused_with_50013(session, fake, alice):
    fake.faults.deny_permission(session.channel)
    answer = await alice.slash("post", text="hello")
    assert (await answer.followup()).content == "I lack permission here."
    assert session.bot.recovered[0].code == ErrorCode.MISSING_PERMISSIONS
    assert channel_messages(fake.world, session.channel.id) == []


async def test_a_message_deleted_by_someone_else_is_reposted(session, fake, alice, bob):
    await (await alice.slash("post", text="table v1")).followup()
    [board] = session.messages()
    await fake.delete_by_user(board)
    await (await alice.slash("bump", text="table v2")).followup()
    assert session.bot.recovered[0].code == ErrorCode.UNKNOWN_MESSAGE
    assert [m.content for m in bob.sees()] == ["table v2"]


async def test_429_with_retry_after_is_waited_out(fake, alice):
    fake.faults.rate_limit("POST", MESSAGES, retry_after=0.1)
    fake.faults.rate_limit("POST", CALLBACK, retry_after=0.05)
    started = time.monotonic()
    answer = await alice.slash("post", text="after the limit")
    assert (await answer.followup()).content == "Posted."
    assert time.monotonic() - started >= 0.15
    statuses = [c.status for c in fake.log.find("POST", MESSAGES)]
    assert statuses == [429, 200]
    assert [c.status for c in fake.log.find("POST", CALLBACK)] == [429, 200]


async def test_a_500_is_retried(fake, alice):
    fake.faults.server_error("POST", MESSAGES)
    answer = await alice.slash("post", text="eventually")
    assert (await answer.followup(within=4)).content == "Posted."
    assert [c.status for c in fake.log.find("POST", MESSAGES)] == [500, 200]


def test_faults_name_only_routes_the_fake_has(fake):
    with pytest.raises(ValueError, match="no route"):
        fake.faults.rate_limit("POST", "/channels/{channel_id}/typing")


@pytest.mark.parametrize("how", ["dropped", "op7"])
async def test_gateway_loss_is_resumed_and_missed_events_replayed(session, fake, alice, how):
    sequence_before = fake.gateway.history[-1]["s"]
    if how == "dropped":
        await fake.drop_gateway()
    else:
        await fake.ask_to_reconnect()
    answer = await alice.slash("where")  # sent while the bot is reconnecting
    assert answer.content == "guild alice"
    [resume] = fake.gateway.resumes
    assert resume["session_id"] == fake.gateway.session_id
    assert resume["seq"] >= sequence_before
    assert fake.gateway.identify_payload is not None
    assert len(fake.log.find("GET", "/users/@me")) == 1  # no new login: a resume


async def test_the_bot_removed_from_a_guild(session, fake, alice):
    await fake.remove_bot_from(session.guild)
    for _ in range(200):
        if session.bot.removed_from:
            break
        await asyncio.sleep(0.005)
    assert session.bot.removed_from == [session.guild.id]
    assert session.bot.get_guild(session.guild.id) is None
    with pytest.raises(InvalidInjection, match="no longer in that guild"):
        await alice.slash("where")
    channel = session.bot.get_partial_messageable(session.channel.id)
    with pytest.raises(discord.Forbidden):
        await channel.send("still here?")
    assert (await alice.slash("where", in_dm=True)).content == "dm"


async def test_a_crash_of_the_gateway_task_fails_at_once(tmp_path, bot_errors):
    """A payload lacking a key discord.py indexes kills its gateway loop; the fake reports
    that at once instead of letting the test time out."""
    async with FakeDiscord() as fake:
        undo = fake.point_discord_py_here()
        guild = fake.world.add_guild("g")
        alice = fake.world.add_user("alice")
        fake.world.join(guild, alice)
        config = BotConfig(tmp_path / "db", guild.id, guild_ready_timeout=0.02)
        bot = await start_bot(fake, build_probe_bot, config)
        try:
            broken = fake.interactions.new(
                InteractionType.APPLICATION_COMMAND, alice, guild.channels[0], {"name": "where"}
            )
            del broken.payload["attachment_size_limit"]
            started = time.monotonic()
            with pytest.raises(RuntimeError, match="attachment_size_limit"):
                await fake.inject(broken, wait=True, within=2)
            assert time.monotonic() - started < 1
        finally:
            error = await stop_bot(fake, bot)
            undo()
        assert isinstance(error, KeyError)


async def test_a_held_gateway_keeps_the_bot_connecting_until_released(tmp_path):
    async with FakeDiscord() as fake:
        undo = fake.point_discord_py_here()
        guild = fake.world.add_guild("g")
        fake.hold_gateway()
        config = BotConfig(tmp_path / "db", guild.id, guild_ready_timeout=0.02)
        starting = asyncio.create_task(start_bot(fake, build_probe_bot, config))
        try:
            await asyncio.wait_for(fake.gateway.upgrade_waiting.wait(), 5)
            await asyncio.sleep(0.1)
            assert not starting.done()
            assert fake.gateway.identifies == 0
            fake.release_gateway()
            bot = await asyncio.wait_for(starting, 10)
            assert fake.gateway.identifies == 1
            assert bot.get_guild(guild.id) is not None
            assert await stop_bot(fake, bot) is None
        finally:
            starting.cancel()
            await asyncio.gather(starting, return_exceptions=True)
            undo()


async def test_a_wrong_token_fails_login(tmp_path):
    async with FakeDiscord(token="right") as fake:  # noqa: S106 - a test token
        undo = fake.point_discord_py_here()
        bot = build_probe_bot(BotConfig(tmp_path / "db"))
        try:
            with pytest.raises(discord.LoginFailure):
                await bot.login("wrong")
        finally:
            await bot.close()
            undo()


async def test_a_restarted_bot_identifies_afresh_and_forgets_non_persistent_views(
    session, fake, alice, bob
):
    table = (await alice.slash("challenge", opponent=bob)).message
    old_bot = session.bot
    new_bot = await session.restart_bot()
    assert new_bot is not old_bot
    assert old_bot.is_closed()
    assert fake.gateway.identifies == 2
    assert len(fake.log.find("GET", "/users/@me")) == 2
    assert (await alice.slash("where")).content == "guild alice"
    # the probe's view was not persistent, so the new process does not answer its buttons
    late = await bob.click(table, "Accept", wait=False)
    with pytest.raises(TimeoutError):
        await late.response(within=0.3)
