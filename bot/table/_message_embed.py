"""The embed format of a table (pictures off): the table message is an embed with its buttons,
a player's cards are words with their selects.

A table whose server turned pictures off while its message was V2 gets this format with that
message's id in ``replacing``: Discord refuses to turn a V2 message back into an embed one, so
its next write through the channel deletes it and posts the embed as a new message.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.table import _render as render
from bot.table._message import ORIGINAL, UNKNOWN_MESSAGE, Posted
from bot.table._model import Component, TableModel
from bot.table._views import build_view
from services.tables import TableStatus

log = logging.getLogger(__name__)


@dataclass(slots=True)
class EmbedFormat:
    """One table's embed format (see the module)."""

    replacing: set[int] = field(default_factory=set)
    """Messages of this table sent as V2, deleted (not edited) by the next post."""

    @property
    def pictures(self) -> bool:
        return False

    async def table(self, status: TableStatus, model: TableModel, locale: str) -> EmbedMessage:
        embed, view = render.table_embed(model, locale), render.table_view(model, locale)
        return EmbedMessage(self, status, embed, view)

    async def hand(
        self,
        status: TableStatus,
        text: str,
        locale: str,
        components: Sequence[Component] = (),
        *,
        edit: bool = False,
    ) -> dict[str, Any]:
        if edit:  # the cards now, without the choices: ``view=None`` takes them away
            return {"content": text, "view": None}
        view = build_view(components, locale) if components else None
        return {"content": text, "view": view} if view is not None else {"content": text}

    def as_edit(self, send: dict[str, Any]) -> dict[str, Any]:
        return {"content": send["content"], "view": send.get("view")}


@dataclass(frozen=True, slots=True)
class EmbedMessage:
    """The table message as an embed with its buttons (a :class:`._message.TableMessage`)."""

    format: EmbedFormat
    status: TableStatus
    embed: discord.Embed
    view: discord.ui.View

    def fits(self) -> bool:
        return self.status.message_id not in self.format.replacing

    async def answer(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(embed=self.embed, view=self.view)

    def unsure(self) -> None:
        """Nothing to send again: every write sends the whole embed."""

    def gone(self) -> None:
        if self.status.message_id is not None:
            self.format.replacing.discard(self.status.message_id)

    async def edit_by_token(self, webhook: discord.Webhook) -> None:
        await webhook.edit_message(ORIGINAL, embed=self.embed, view=self.view)

    async def edit_by_webhook(self, webhook: discord.Webhook) -> None:
        if self.status.message_id is None:
            raise ValueError("no table message to edit")
        await webhook.edit_message(self.status.message_id, embed=self.embed, view=self.view)

    async def post_by_webhook(self, webhook: discord.Webhook) -> int:
        sent = await webhook.send(embed=self.embed, view=self.view, wait=True)
        return sent.id

    async def write(self, channel: discord.PartialMessageable, posted: Posted | None) -> None:
        status = self.status
        if posted is not None and status.message_id in self.format.replacing:
            await self._delete(channel, status.message_id)
            status = replace(status, message_id=None)
        if status.message_id is not None:
            try:
                await channel.get_partial_message(status.message_id).edit(
                    embed=self.embed, view=self.view
                )
                return
            except discord.NotFound as error:
                if error.code != UNKNOWN_MESSAGE:  # only a deleted message is posted again
                    raise
                log.info("table %s: its message was deleted; posting it again", status.table_id)
        if posted is None:
            return
        message = await channel.send(embed=self.embed, view=self.view)
        await posted(status, message.id)

    async def _delete(self, channel: discord.PartialMessageable, message_id: int) -> None:
        """Delete the table's V2 message, which an embed cannot be written over."""
        self.format.replacing.discard(message_id)
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException as error:
            table = self.status.table_id
            log.info("table %s: its V2 message could not be deleted: %r", table, error)
