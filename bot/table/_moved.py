"""A table message that no fresh interaction token may edit moves to one that may.

Discord lets an interaction's token edit only the messages that token made (its answer and its
followups), for 15 minutes. A table message posted through the channel (a table in a thread:
its opener's command was in the parent channel, and a followup cannot go into a thread) or by
a token that has aged out can then only be edited through the channel, which counts against
the bot's global 50 requests/s: a table played by slash commands alone paid one such edit per
action. So when the writer would edit through the channel and a fresh interaction at the
table's channel can take a public followup (a player's latest command there), the table is
posted again as that followup (exempt) and the old message deleted: the delete costs the one
request the channel edit would have, and for that token's next 14 minutes every edit of the
table is exempt again. The table comes to the bottom of its channel, below the commands that
moved it.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.table._message import TableMessage

log = logging.getLogger(__name__)


def movable(token: Any, owner: Any) -> bool:
    """Whether the table message may move: only when neither a click's token (``token``)
    nor the token that posted it (``owner``) is fresh; a fresh one whose bucket is spent for
    a moment keeps the message where it is, and that edit goes through the channel."""
    return token is None and owner is None


async def moved(bot: discord.Client, drawn: TableMessage) -> None:
    """The table message ``drawn`` edited was posted again as a followup: forget what the old
    one showed and delete it through the channel (a failure is logged and leaves it behind; a
    click on it is answered as on any table message left behind)."""
    status = drawn.status
    if status.message_id is None:
        return
    drawn.gone()
    channel = bot.get_partial_messageable(status.channel_id, guild_id=status.guild_id)
    try:
        await channel.get_partial_message(status.message_id).delete()
    except discord.HTTPException as error:
        log.info("table %s: its old message could not be deleted: %r", status.table_id, error)
