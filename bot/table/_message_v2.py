"""The Components V2 format of a table (pictures on): the table message and a player's cards
as layouts with their pictures; the picture goes up only when it changed.

Discord keeps a message's attachments across an edit that does not mention them, so an edit
whose picture is the one already shown sends the layout alone (no bytes); a changed picture is
uploaded with ``attachments=[file]``, which also drops the old one; a table with no picture
(the lobby) clears them with ``attachments=[]``. What each of the table's messages shows is
kept in the table's :class:`V2Format` (no module state). A message is never turned back from
V2 into an embed (Discord refuses it): see :mod:`._message_embed`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.errors import needs_permission
from bot.pictures import DEFAULT_STYLE, Uploads
from bot.table import _layout_v2 as v2
from bot.table._alt import table_alt
from bot.table._message import ORIGINAL, UNKNOWN_MESSAGE, Posted
from bot.table._model import Component, TableModel
from bot.table._names import TableNames
from bot.table._ui import GameUI
from services.tables import TableStatus

log = logging.getLogger(__name__)


class Sources(Protocol):
    """What drawing the pictures needs of the bot's desk (``_desk.Desk`` is one): the card
    styles (on its bot), the players' names, the games' titles. A protocol, so this module
    does not import the desk that chooses it."""

    @property
    def bot(self) -> discord.Client: ...

    @property
    def names(self) -> dict[str, str]: ...

    def names_of(self, status: TableStatus) -> TableNames: ...

    def ui(self, game: str) -> GameUI: ...


async def card_style(bot: discord.Client, guild: int, reader: int | None = None) -> str:
    """The card style of ``guild``'s table pictures, or (``reader``) of that player's own
    cards: their ``/cards`` choice, else the server's."""
    styles = getattr(bot, "card_styles", None)
    if styles is None:
        return DEFAULT_STYLE
    if reader is None:
        return str(await styles.server(guild))
    return str(await styles.for_reader(reader, guild))


@dataclass(slots=True)
class V2Format:
    """One table's V2 format, and what its messages show on Discord."""

    sources: Sources
    uploads: Uploads = field(default_factory=Uploads)
    """The picture last sent to each of the table's messages (by message id)."""
    pictured: set[int] = field(default_factory=set)
    """The table's messages that carry a picture now."""
    sent: set[int] = field(default_factory=set)
    """The table's messages sent as V2 (an embed cannot be written over them)."""

    @property
    def pictures(self) -> bool:
        return True

    async def table(self, status: TableStatus, model: TableModel, locale: str) -> V2Message:
        """The table message with its picture (drawn off the event loop, once per state)."""
        style = await card_style(self.sources.bot, status.guild_id)
        names = self.sources.names
        drawn = await v2.table_picture(status.view, names, locale, status.table_id, style)
        if drawn is None:
            return V2Message(self, status, v2.table_layout(model, None, "", locale))
        title = self.sources.ui(status.game).title
        names_of = self.sources.names_of(status)
        alt = table_alt(status.view, names_of, title, locale, closed=model.closed)
        return V2Message(self, status, v2.table_layout(model, drawn.picture, alt, locale))

    async def hand(
        self,
        status: TableStatus,
        text: str,
        locale: str,
        components: Sequence[Component] = (),
        *,
        edit: bool = False,
    ) -> dict[str, Any]:
        layout = await self._hand(status, text, locale, () if edit else components)
        file = v2.file_of(layout)
        if edit:  # ``attachments`` replaces the reply's picture
            return {"view": layout.layout, "attachments": [file] if file else []}
        return {"view": layout.layout, "file": file} if file else {"view": layout.layout}

    def as_edit(self, send: dict[str, Any]) -> dict[str, Any]:
        file = send.get("file")
        return {"view": send["view"], "attachments": [file] if file else []}

    async def _hand(
        self, status: TableStatus, text: str, locale: str, components: Sequence[Component]
    ) -> v2.V2:
        """A player's cards with their picture (``status`` is their private view), in their
        card style."""
        viewer = getattr(status.view, "viewer", None)
        reader = int(viewer) if isinstance(viewer, str) and viewer.isdigit() else None
        style = await card_style(self.sources.bot, status.guild_id, reader)
        drawn = await v2.hand_picture(status.view, style)
        if drawn is None:
            return v2.hand_layout(text, None, "", components, locale)
        title = self.sources.ui(status.game).title
        alt = v2.alt_text("pictures.alt.hand", title, drawn.cards, locale)
        return v2.hand_layout(text, drawn.picture, alt, components, locale)

    def attachments(self, message_id: int | None, layout: v2.V2) -> dict[str, Any]:
        """The ``attachments`` argument of an edit of ``message_id`` to ``layout``: none
        (keep what it shows), the changed picture, or ``[]`` (clear it)."""
        if layout.picture is None:
            if message_id in self.pictured:
                self.pictured.discard(message_id)
                self.uploads.forget(str(message_id))
                return {"attachments": []}
            return {}
        if message_id is not None and not self.uploads.changed(str(message_id), layout.picture):
            return {}
        file = v2.file_of(layout)
        if file is None:
            return {}
        if message_id is not None:
            self.pictured.add(message_id)
        return {"attachments": [file]}

    def posted(self, message_id: int, layout: v2.V2) -> None:
        """A new message went up with ``layout``'s picture."""
        self.sent.add(message_id)
        if layout.picture is not None:
            self.uploads.changed(str(message_id), layout.picture)
            self.pictured.add(message_id)

    def unsure(self, message_id: int | None) -> None:
        """What ``message_id`` shows is not known: the next edit uploads its picture."""
        self.uploads.forget(str(message_id))


@dataclass(frozen=True, slots=True)
class V2Message:
    """The table message as a V2 layout with its picture (a :class:`._message.TableMessage`)."""

    format: V2Format
    status: TableStatus
    layout: v2.V2

    def fits(self) -> bool:
        return True

    def unsure(self) -> None:
        self.format.unsure(self.status.message_id)

    def gone(self) -> None:
        message_id = self.status.message_id
        self.format.unsure(message_id)
        if message_id is not None:
            self.format.pictured.discard(message_id)
            self.format.sent.discard(message_id)

    async def answer(self, interaction: discord.Interaction) -> None:
        message_id = self.status.message_id
        if message_id is not None:
            self.format.sent.add(message_id)
        extra = self.format.attachments(message_id, self.layout)
        try:
            await interaction.response.edit_message(embed=None, view=self.layout.layout, **extra)
        except discord.HTTPException:
            self.unsure()  # the next edit uploads the picture again
            raise

    async def edit_by_token(self, webhook: discord.Webhook) -> None:
        # embed=None clears an embed the click's message had (as edit_original_response did)
        extra = {"embed": None, **self.format.attachments(self.status.message_id, self.layout)}
        try:
            await webhook.edit_message(ORIGINAL, view=self.layout.layout, **extra)
        except discord.HTTPException:
            self.unsure()
            raise

    async def edit_by_webhook(self, webhook: discord.Webhook) -> None:
        message_id = self.status.message_id
        if message_id is None:
            raise ValueError("no table message to edit")
        extra = self.format.attachments(message_id, self.layout)
        try:
            await webhook.edit_message(message_id, view=self.layout.layout, **extra)
        except discord.HTTPException:
            self.unsure()
            raise

    async def post_by_webhook(self, webhook: discord.Webhook) -> int:
        file = v2.file_of(self.layout)
        if file is None:
            message = await webhook.send(view=self.layout.layout, wait=True)
        else:
            message = await webhook.send(view=self.layout.layout, file=file, wait=True)
        self.format.posted(message.id, self.layout)
        return message.id

    async def write(self, channel: discord.PartialMessageable, posted: Posted | None) -> None:
        status = self.status
        if status.message_id is not None:
            self.format.sent.add(status.message_id)
            try:
                extra = self.format.attachments(status.message_id, self.layout)
                await channel.get_partial_message(status.message_id).edit(
                    embed=None, view=self.layout.layout, **extra
                )
                return
            except discord.HTTPException as error:
                self.unsure()
                if not isinstance(error, discord.NotFound) or error.code != UNKNOWN_MESSAGE:
                    raise
                log.info("table %s: its message was deleted; posting it again", status.table_id)
        if posted is None:
            return
        file = v2.file_of(self.layout)
        async with needs_permission("Send Messages", channel):
            if file is None:
                message = await channel.send(view=self.layout.layout)
            else:
                message = await channel.send(view=self.layout.layout, file=file)
        self.format.posted(message.id, self.layout)
        await posted(status, message.id)
