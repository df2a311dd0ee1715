"""Turn pings, unit by unit: the real ``Pinger`` against spec'd fakes of discord.py's client,
channel, webhook and message (``create_autospec`` where the calls' arguments are checked
against discord.py's signatures; ``spec_set`` for the big client classes, whose autospec costs
a good part of a second: an attribute discord.py's class does not have fails either way), on a
manual clock. What goes where, when it waits,
and how it falls back: a refused token -> the channel; closed DMs -> the channel, remembered;
a full channel -> the ping waits for room, then draws whose turn it is then."""

from __future__ import annotations

import logging
from typing import Any
from unittest.mock import create_autospec

import discord
import pytest

from bot.errors import CANNOT_DM
from bot.table._budget import ChannelBudget
from bot.table._fresh import FreshTokens
from bot.table._pings import GRACE_S, RECENT_S, Pinger, turn_words
from services.pings import PingMode
from services.tables import ManualClock, TableStatus
from tests.bot.table.discord_fakes import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    MESSAGE,
    TABLE,
    channel,
    clicked,
    client,
    idle,
    mentions_only,
    message,
    refused,
    status,
    webhook,
)


class World:
    """The bot's discord.py objects, spec'd: its channel, a DM channel, and what was sent."""

    def __init__(self) -> None:
        self.bot = client()
        self.channel = channel()
        self.bot.get_partial_messageable.return_value = self.channel
        self.dm = create_autospec(discord.DMChannel, instance=True)
        self.dm.id = 77
        self.dm.send.side_effect = lambda *a, **k: message(77)
        self.bot.create_dm.return_value = self.dm
        self.clock = ManualClock()
        self.pinger = Pinger(self.bot, clock=self.clock)

    async def turn(self, now: TableStatus) -> None:
        await self.pinger.turn(now, lambda u: f"<@{u}> your turn", lambda: "your turn", None)
        await idle()

    async def advance(self, seconds: float) -> None:
        self.clock.advance(seconds)
        await idle()


async def test_the_player_is_pinged_in_the_channel_once_their_grace_has_passed():
    world = World()
    await world.turn(status(ALICE))
    await world.advance(GRACE_S - 0.5)
    world.channel.send.assert_not_called()  # still in their grace
    await world.advance(0.5)
    world.bot.get_partial_messageable.assert_called_once_with(CHANNEL, guild_id=GUILD)
    world.channel.send.assert_awaited_once()
    assert world.channel.send.call_args.args == (f"<@{ALICE}> your turn",)
    mentions_only(world.channel.send.call_args, ALICE)
    assert world.pinger.sent["channel"] == 1


async def test_a_player_who_acts_within_the_grace_is_not_pinged():
    world = World()
    await world.turn(status(ALICE))
    await world.advance(2.0)
    world.pinger.acted(ALICE)
    await world.advance(GRACE_S)
    world.channel.send.assert_not_called()
    assert world.pinger.sent["not needed"] == 1


async def test_a_player_who_acted_just_before_the_turn_reached_them_is_watching():
    world = World()
    world.pinger.acted(ALICE)
    await world.advance(RECENT_S - 1)
    await world.turn(status(ALICE))
    await world.advance(GRACE_S)
    world.channel.send.assert_not_called()


async def test_a_computer_or_an_away_player_is_never_pinged():
    world = World()
    await world.turn(status(-1))
    await world.turn(status(BOB, away=(BOB,)))
    await world.advance(GRACE_S * 3)
    world.channel.send.assert_not_called()


async def test_when_the_turn_moves_on_the_ping_is_deleted_and_the_next_player_gets_theirs():
    world = World()
    await world.turn(status(ALICE))
    await world.advance(GRACE_S)
    first: Any = world.pinger._alive[TABLE].message
    await world.turn(status(BOB))
    world.bot.http.delete_message.assert_called_once_with(CHANNEL, first.id)
    assert world.pinger.sent["delete by channel"] == 1
    await world.advance(GRACE_S)
    assert world.channel.send.await_count == 2
    mentions_only(world.channel.send.call_args, BOB)


async def test_a_turn_that_moves_on_during_the_grace_sends_nothing_stale():
    world = World()
    await world.turn(status(ALICE))
    await world.advance(1.0)
    await world.turn(status(None))  # the deal ended
    await world.advance(GRACE_S * 2)
    world.channel.send.assert_not_called()


async def test_a_turn_passed_on_within_the_grace_pings_the_next_player_after_their_own():
    world = World()
    await world.turn(status(ALICE))
    waiting = world.pinger._due[TABLE].task
    await world.advance(GRACE_S - 1)
    world.pinger.acted(ALICE)
    await world.turn(status(BOB))  # alice played in time: bob's grace starts now
    assert world.pinger._due[TABLE].task is waiting  # the table's one waiting task, kept
    await world.advance(1.0)  # alice's moment: nobody is pinged, bob's grace runs on
    world.channel.send.assert_not_called()
    await world.advance(GRACE_S - 1.5)
    world.channel.send.assert_not_called()
    await world.advance(0.5)
    world.channel.send.assert_awaited_once()
    mentions_only(world.channel.send.call_args, BOB)
    assert waiting.done()


async def test_a_full_channel_makes_the_ping_wait_for_room_keeping_one_for_the_table():
    world = World()
    budget = world.pinger.budget
    assert isinstance(budget, ChannelBudget)
    await world.turn(status(ALICE))
    await world.advance(GRACE_S - 1)
    for _ in range(budget.limit - 1):  # the table's edits: one slot left, kept for the table
        budget.spend(CHANNEL)
    await world.advance(1.0)
    world.channel.send.assert_not_called()
    assert world.pinger.busy  # owed: the sandbox's settle waits for it
    await world.advance(budget.window)
    world.channel.send.assert_awaited_once()
    assert not world.pinger.busy


async def test_dm_mode_pings_by_dm_and_closed_dms_fall_back_to_the_channel_remembered():
    world = World()

    async def dm_mode(user: int) -> PingMode:
        return PingMode.DM

    world.pinger.mode_of = dm_mode
    await world.turn(status(ALICE))
    await world.advance(GRACE_S)
    world.bot.create_dm.assert_awaited_once()
    world.dm.send.assert_awaited_once_with("your turn")
    world.channel.send.assert_not_called()
    assert world.pinger.sent["dm"] == 1

    world.dm.send.side_effect = refused(discord.Forbidden, 403, CANNOT_DM)
    await world.turn(status(BOB))
    await world.advance(GRACE_S)
    assert world.pinger.closed_dms == {BOB}
    world.channel.send.assert_awaited_once()
    mentions_only(world.channel.send.call_args, BOB)
    # remembered: the next turn of theirs goes to the channel without trying the DM again
    await world.turn(status(ALICE, deal=2))
    await world.turn(status(BOB, deal=2))
    await world.advance(GRACE_S)
    assert world.dm.send.await_count == 2
    assert world.channel.send.await_count == 2


async def test_another_refusal_of_a_dm_is_no_fallback_and_is_logged(caplog):
    caplog.set_level(logging.INFO, logger="bot.table._pings")
    world = World()

    async def dm_mode(user: int) -> PingMode:
        return PingMode.DM

    world.pinger.mode_of = dm_mode
    world.dm.send.side_effect = refused(
        discord.Forbidden, 403, 50001
    )  # missing access: not "DMs closed"
    await world.turn(status(ALICE))
    await world.advance(GRACE_S)
    world.channel.send.assert_not_called()
    assert world.pinger.closed_dms == set()
    assert "no turn ping" in caplog.text


async def test_off_mode_pings_nobody():
    world = World()

    async def off(user: int) -> PingMode:
        return PingMode.OFF

    world.pinger.mode_of = off
    await world.turn(status(ALICE))
    await world.advance(GRACE_S)
    world.channel.send.assert_not_called()
    world.bot.create_dm.assert_not_called()


async def test_a_fresh_token_at_the_channel_carries_the_ping_and_its_deletion():
    world = World()
    fresh = world.pinger.fresh
    assert isinstance(fresh, FreshTokens)
    hook = webhook("tok-bob")
    fresh.seen(clicked(BOB, hook))
    await world.turn(status(ALICE))
    await world.advance(GRACE_S)
    hook.send.assert_awaited_once()
    assert hook.send.call_args.args == (f"<@{ALICE}> your turn",)
    assert hook.send.call_args.kwargs["wait"] is True
    mentions_only(hook.send.call_args, ALICE)
    world.channel.send.assert_not_called()  # no write of the channel's budget
    sent: Any = world.pinger._alive[TABLE].message
    await world.turn(status(BOB))
    sent.delete.assert_awaited_once()
    world.bot.http.delete_message.assert_not_called()
    assert world.pinger.sent["delete by token"] == 1


async def test_a_token_discord_refuses_falls_back_to_the_channel_and_is_not_used_again():
    world = World()
    hook = webhook("tok-bob")
    hook.send.side_effect = refused(discord.NotFound, 404, 10015)  # unknown webhook
    world.pinger.fresh.seen(clicked(BOB, hook))
    await world.turn(status(ALICE))
    await world.advance(GRACE_S)
    hook.send.assert_awaited_once()
    world.channel.send.assert_awaited_once()
    assert world.pinger.fresh.at(CHANNEL) == []


async def test_a_ping_whose_token_expired_meanwhile_is_deleted_through_the_channel():
    world = World()
    hook = webhook("tok-bob")
    world.pinger.fresh.seen(clicked(BOB, hook))
    await world.turn(status(ALICE))
    await world.advance(GRACE_S)
    sent: Any = world.pinger._alive[TABLE].message
    await world.advance(world.pinger.fresh.lifetime)
    await world.turn(status(BOB))
    sent.delete.assert_not_called()
    world.bot.http.delete_message.assert_called_once_with(CHANNEL, sent.id)


@pytest.mark.parametrize("closing", [True, False])
async def test_closing_the_table_or_the_bot_cancels_a_ping_in_its_grace(closing):
    world = World()
    await world.turn(status(ALICE))
    await world.advance(1.0)
    if closing:
        await world.pinger.closed(TABLE)
    else:
        await world.pinger.close()
    await world.advance(GRACE_S * 2)
    world.channel.send.assert_not_called()


def test_the_ping_names_the_player_and_the_game_and_links_the_table_in_the_servers_language():
    in_channel, in_dm = turn_words(status(ALICE), "Pontoon", "de")
    link = f"https://discord.com/channels/{GUILD}/{CHANNEL}/{MESSAGE}"
    assert in_channel(ALICE) == f"<@{ALICE}>, du bist am Pontoon-Tisch am Zug: {link}"
    assert in_dm() == f"Du bist am Pontoon-Tisch in <#{CHANNEL}> am Zug: {link}"
