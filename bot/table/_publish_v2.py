"""Putting a V2 table message on Discord: the picture goes up only when it changed.

Discord keeps a message's attachments across an edit that does not mention them, so an edit
whose picture is the one already shown sends the layout alone (no bytes); a changed picture is
uploaded with ``attachments=[file]``, which also drops the old one; a table with no picture
(the lobby) clears them with ``attachments=[]``. A message is never turned back from V2 into an
embed (Discord refuses it), so the images-off path posts a fresh message instead (the desk's).
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.errors import needs_permission
from bot.pictures import Uploads
from bot.table._layout_v2 import V2, file_of
from services.tables import TableStatus


class Publisher(Protocol):
    """What this path needs of the table publisher (``bot.table._publisher``, which calls
    it): the bot it writes through. A protocol, so this module does not import the one that
    imports it."""

    @property
    def bot(self) -> discord.Client: ...


log = logging.getLogger(__name__)

UNKNOWN_MESSAGE = 10008


@dataclass
class Sent:
    """One bot's table pictures on Discord."""

    uploads: Uploads = field(default_factory=Uploads)
    """The picture last sent to each table message (by message id)."""
    pictured: set[int] = field(default_factory=set)
    """Table messages that carry a picture now."""
    sizes: list[int] = field(default_factory=list)
    """Bytes of every table picture uploaded, in order (the e2e reads it)."""
    layouts: set[int] = field(default_factory=set)
    """Table messages sent as V2 (Discord never turns one back into an embed message)."""


_SENT: weakref.WeakKeyDictionary[Publisher, Sent] = weakref.WeakKeyDictionary()


def sent(publisher: Publisher) -> Sent:
    """``publisher``'s pictures."""
    found = _SENT.get(publisher)
    if found is None:
        found = _SENT[publisher] = Sent()
    return found


def _attachments(state: Sent, message_id: int | None, v2: V2) -> dict[str, Any]:
    """The ``attachments`` argument of an edit of ``message_id`` to ``v2``: none (keep)."""
    if v2.picture is None:
        if message_id in state.pictured:
            state.pictured.discard(message_id)
            state.uploads.forget(str(message_id))
            return {"attachments": []}
        return {}
    if message_id is not None and not state.uploads.changed(str(message_id), v2.picture):
        return {}
    file = file_of(v2)
    if file is None:
        return {}
    if message_id is not None:
        state.pictured.add(message_id)
    state.sizes.append(len(v2.picture.data))
    return {"attachments": [file]}


def _unsent(state: Sent, message_id: int | None) -> None:
    """An edit failed: what the message shows is unknown, so the next one uploads again."""
    state.uploads.forget(str(message_id))


async def replace_v2(publisher: Publisher, status: TableStatus, repost: bool) -> bool:
    """Before an embed goes on a table message that is V2 (the server turned ``images`` off):
    delete that message, so the embed is posted as a new one; ``True`` if it was deleted.
    ``repost`` False (a closed table, which is never posted again) leaves it as it is."""
    state = sent(publisher)
    if not repost or status.message_id not in state.layouts:
        return False
    state.layouts.discard(status.message_id)
    state.uploads.forget(str(status.message_id))
    state.pictured.discard(status.message_id)
    channel = publisher.bot.get_partial_messageable(status.channel_id, guild_id=status.guild_id)
    try:
        await channel.get_partial_message(status.message_id).delete()
    except discord.HTTPException as error:
        log.info("table %s: its V2 message could not be deleted: %r", status.table_id, error)
    return True


def unsure(publisher: Publisher, message_id: int | None) -> None:
    """What ``message_id`` shows is not known (two writes may cross): the next one uploads."""
    _unsent(sent(publisher), message_id)


async def answer_v2(
    publisher: Publisher, status: TableStatus, v2: V2, interaction: discord.Interaction
) -> None:
    """Answer a click on the table message with the V2 table (UPDATE_MESSAGE)."""
    state = sent(publisher)
    if status.message_id is not None:
        state.layouts.add(status.message_id)
    extra = _attachments(state, status.message_id, v2)
    try:
        await interaction.response.edit_message(embed=None, view=v2.layout, **extra)
    except discord.HTTPException:
        _unsent(state, status.message_id)  # the next edit uploads the picture again
        raise


async def edit_v2_by_token(
    publisher: Publisher, status: TableStatus, v2: V2, interaction: discord.Interaction
) -> None:
    """One edit of the V2 table message through the token of a click answered with it (its
    ``@original``; exempt from Discord's global limit)."""
    state = sent(publisher)
    extra = _attachments(state, status.message_id, v2)
    try:
        await interaction.edit_original_response(embed=None, view=v2.layout, **extra)
    except discord.HTTPException:
        _unsent(state, status.message_id)
        raise


async def edit_v2_by_webhook(
    publisher: Publisher, status: TableStatus, v2: V2, webhook: discord.Webhook
) -> None:
    """One edit of the V2 table message through the interaction webhook that posted it
    (exempt from Discord's global limit)."""
    state = sent(publisher)
    if status.message_id is None:
        raise ValueError("no table message to edit")
    extra = _attachments(state, status.message_id, v2)
    try:
        await webhook.edit_message(status.message_id, view=v2.layout, **extra)
    except discord.HTTPException:
        _unsent(state, status.message_id)
        raise


async def post_v2_by_webhook(
    publisher: Publisher, status: TableStatus, v2: V2, webhook: discord.Webhook
) -> int:
    """Post the V2 table message as a public followup of a fresh interaction (exempt from
    Discord's global limit); its id."""
    state = sent(publisher)
    file = file_of(v2)
    if file is None:
        message = await webhook.send(view=v2.layout, wait=True)
    else:
        message = await webhook.send(view=v2.layout, file=file, wait=True)
    state.layouts.add(message.id)
    if v2.picture is not None:
        state.uploads.changed(str(message.id), v2.picture)
        state.pictured.add(message.id)
        state.sizes.append(len(v2.picture.data))
    return message.id


async def publish_v2(
    publisher: Publisher,
    status: TableStatus,
    v2: V2,
    posted: Callable[[TableStatus, int], Awaitable[None]] | None,
) -> None:
    """One write of a V2 table message through the channel (called by the table's writer)."""
    state = sent(publisher)
    if status.message_id is not None:
        state.layouts.add(status.message_id)
    channel = publisher.bot.get_partial_messageable(status.channel_id, guild_id=status.guild_id)
    if status.message_id is not None:
        try:
            extra = _attachments(state, status.message_id, v2)
            await channel.get_partial_message(status.message_id).edit(
                embed=None, view=v2.layout, **extra
            )
            return
        except discord.HTTPException as error:
            _unsent(state, status.message_id)
            if not isinstance(error, discord.NotFound) or error.code != UNKNOWN_MESSAGE:
                raise
            log.info("table %s: its message was deleted; posting it again", status.table_id)
    if posted is None:
        return
    file = file_of(v2)
    async with needs_permission("Send Messages", channel):
        if file is None:
            message = await channel.send(view=v2.layout)
        else:
            message = await channel.send(view=v2.layout, file=file)
    state.layouts.add(message.id)
    if v2.picture is not None:
        state.uploads.changed(str(message.id), v2.picture)
        state.pictured.add(message.id)
        state.sizes.append(len(v2.picture.data))
    await posted(status, message.id)
