"""A person's DM channel is opened once (``POST /users/@me/channels`` counts against the global
limit like the DM itself), then addressed by its kept id; the least recently messaged person
goes first when the cap is reached. discord.py's client is a spec'd fake."""

from __future__ import annotations

from unittest.mock import NonCallableMock, create_autospec

import discord

from bot.dm_channels import DmChannels, dm_channel, known


def client() -> NonCallableMock:
    bot = NonCallableMock(spec=discord.Client)
    opened = create_autospec(discord.DMChannel, instance=True)
    opened.id = 4242
    bot.create_dm.return_value = opened
    return bot


async def test_the_first_dm_opens_the_channel_and_later_ones_address_it_by_id():
    bot = client()
    first = await dm_channel(bot, 7)
    assert first is bot.create_dm.return_value
    (target,) = bot.create_dm.call_args.args
    assert target.id == 7
    again = await dm_channel(bot, 7)
    bot.create_dm.assert_awaited_once()  # no second open
    bot.get_partial_messageable.assert_called_once_with(4242, type=discord.ChannelType.private)
    assert again is bot.get_partial_messageable.return_value
    assert len(known(bot)) == 1


async def test_each_bot_keeps_its_own_ids():
    one, other = client(), client()
    await dm_channel(one, 7)
    await dm_channel(other, 7)
    assert one.create_dm.await_count == other.create_dm.await_count == 1
    assert known(one) is not known(other)


def test_the_least_recently_messaged_person_is_forgotten_first():
    ids = DmChannels(kept=2)
    ids.put(1, 101)
    ids.put(2, 102)
    assert ids.get(1) == 101  # 1 was messaged again: 2 is now the oldest
    ids.put(3, 103)
    assert (ids.get(1), ids.get(2), ids.get(3)) == (101, None, 103)
    assert len(ids) == 2
