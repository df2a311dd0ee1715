"""Where to send a person's DMs: their DM channel's id, kept, so a DM opens no channel.

discord.py keeps only the 128 most recent DM channels; with more players than that every DM
first asks Discord to open the channel again (``POST /users/@me/channels``), a call that counts
against the 50 requests/s global limit as much as the DM itself. A DM channel's id never
changes for a user and a bot, so the id is all there is to keep: 8 bytes a person.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict

import discord

KEPT = 200_000
"""People whose DM channel id is kept (least recently messaged goes first): a few MB."""


class DmChannels:
    """User id -> DM channel id, least recently used first out."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._ids: OrderedDict[int, int] = OrderedDict()

    def get(self, user: int) -> int | None:
        found = self._ids.get(user)
        if found is not None:
            self._ids.move_to_end(user)
        return found

    def put(self, user: int, channel: int) -> None:
        self._ids[user] = channel
        self._ids.move_to_end(user)
        while len(self._ids) > self.kept:
            self._ids.popitem(last=False)

    def __len__(self) -> int:
        return len(self._ids)


_KNOWN: weakref.WeakKeyDictionary[discord.Client, DmChannels] = weakref.WeakKeyDictionary()


def known(bot: discord.Client) -> DmChannels:
    """``bot``'s DM channel ids."""
    found = _KNOWN.get(bot)
    if found is None:
        found = _KNOWN[bot] = DmChannels()
    return found


async def dm_channel(
    bot: discord.Client, user: int
) -> discord.PartialMessageable | discord.DMChannel:
    """The channel to DM ``user`` in: opened once, then addressed by its kept id."""
    ids = known(bot)
    channel_id = ids.get(user)
    if channel_id is not None:
        return bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
    channel = await bot.create_dm(discord.Object(user))
    ids.put(user, channel.id)
    return channel
