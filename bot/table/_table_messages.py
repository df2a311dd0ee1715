"""Each table's one message: drawn in the table's format (:mod:`._formats`) from the latest
step shown, and kept up to date on Discord by the publisher (:mod:`._publisher`).

The drawing of a step reads nothing from the table service: the step's result (its public
status and the legal actions of the player to act) is kept here as the table's latest, and a
later coalesced edit, a waiting turn ping or a stale click's catch-up draws from it. Only what
changed a table outside a step (a player back, a restart, a repost) reads it again.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Protocol

import discord

from bot.errors import CHANNEL_PERMISSIONS, permission_name
from bot.table._formats import Formats
from bot.table._message import TableMessage
from bot.table._message_v2 import Sources
from bot.table._model import TableModel
from bot.table._publisher import Publisher
from bot.text import Text, msg
from games.actions import ActionSpec
from services.tables import ActionResult, TableError, TableService, TableStatus


class Desk(Sources, Protocol):
    """What the table messages need of the bot's desk (``_desk.Desk`` is one; a protocol, so
    this module does not import the desk that owns it): the service, the presenter's model of
    a table, and the languages."""

    @property
    def service(self) -> TableService: ...

    def model(
        self,
        status: TableStatus,
        *,
        closed: Text | None = None,
        legal: list[ActionSpec] | None = None,
    ) -> TableModel: ...

    def words(self, text: Text, locale: str | None = None) -> str: ...

    async def public(self, status: TableStatus) -> str: ...

    async def reader(self, interaction: discord.Interaction) -> str: ...


class TableMessages:
    """The table messages of one desk (see the module)."""

    def __init__(
        self, desk: Desk, publisher: Publisher, images: Callable[[int], Awaitable[bool]]
    ) -> None:
        self.desk = desk
        self.publisher = publisher
        self.formats = Formats(desk, images)
        """Each table's format, embed or V2."""
        self._shown: dict[int, tuple[TableStatus, list[ActionSpec]]] = {}
        """Each table's latest step result shown (its public status and the legal actions of
        the player to act)."""
        self._posted_ids: dict[int, int] = {}
        """The message each table was last posted as: newer than a step's status that was
        read before the post was stored."""

    def current(self, status: TableStatus) -> TableStatus:
        """The table as it is now (``status`` itself once it is closed)."""
        try:
            now = self.desk.service.status(status.guild_id, status.channel_id)
        except TableError:
            return status
        return now if now.table_id == status.table_id else status

    def _keep(self, result: ActionResult) -> None:
        """Remember a step's result as the table's latest (a late one of an earlier step
        does not replace a newer one)."""
        status = result.table
        kept = self._shown.get(status.table_id)
        newer = kept is None or (status.deal_number, status.action_counter) >= (
            kept[0].deal_number,
            kept[0].action_counter,
        )
        if newer:
            self._shown[status.table_id] = (status, result.legal)

    def latest(self, status: TableStatus) -> tuple[TableStatus, list[ActionSpec] | None]:
        """The table as the desk last saw it step (no read), else as it is now (read)."""
        now, legal = self._shown.get(status.table_id) or (self.current(status), None)
        posted = self._posted_ids.get(now.table_id)
        if posted is not None and now.message_id != posted:
            now = dataclasses.replace(now, message_id=posted)
        return now, legal

    async def publish(
        self,
        status: TableStatus,
        interaction: discord.Interaction | None = None,
        *,
        closed: Text | None = None,
        low: bool = False,
        step: ActionResult | None = None,
    ) -> None:
        """See ``Desk.publish``."""
        locale = await self.desk.public(status)
        if step is not None:
            self._keep(step)
        elif closed is None:
            self._shown.pop(status.table_id, None)
        shown = await self.formats.of(status)  # kept by ``draw``: a closed table's too

        async def draw() -> TableMessage:
            now, legal = (status, []) if closed is not None else self.latest(status)
            return await shown.table(now, self.desk.model(now, closed=closed, legal=legal), locale)

        posted = None if closed else self._posted
        await self.publisher.publish(status, draw, interaction, posted=posted, low=low)

    async def _posted(self, status: TableStatus, message_id: int) -> None:
        self._posted_ids[status.table_id] = message_id
        with contextlib.suppress(TableError):
            await self.desk.service.set_message(status.guild_id, status.channel_id, message_id)

    async def catch_up(self, interaction: discord.Interaction, status: TableStatus) -> bool:
        """A click that is stale only because the table message is behind (an edit failed
        or is still waiting for room): answer it with the table as it is now (UPDATE_MESSAGE)
        and a short private note, instead of a dead end; ``False`` if it is not that case."""
        if interaction.message is None or interaction.message.id != status.message_id:
            return False
        if not self.publisher.behind(status.table_id):
            return False
        await self.publish(status, interaction)
        if not interaction.response.is_done():
            return False
        text = self.desk.words(msg("publish.caught_up"), await self.desk.reader(interaction))
        with contextlib.suppress(discord.HTTPException):
            await interaction.followup.send(text, ephemeral=True)
        return True

    async def tell_denied(self, status: TableStatus, interaction: discord.Interaction) -> None:
        """Once per table: Discord refused the bot a permission for the table message, so
        the channel hears it through an interaction's answer (which needs no permission)."""
        if not self.publisher.denied(status.table_id) or not interaction.response.is_done():
            return
        self.publisher.told_denied(status.table_id)
        flags = [f"**{permission_name(f)}**" for f in CHANNEL_PERMISSIONS]
        listed = msg("errors.and", head=", ".join(flags[:-1]), last=flags[-1])
        said = msg("errors.forbidden.some", permissions=listed)
        text = self.desk.words(said, await self.desk.public(status))
        with contextlib.suppress(discord.HTTPException):
            await interaction.followup.send(text)

    def forget(self, table_id: int) -> None:
        """A closed table: its writer finishes what it owes (its last drawing keeps its
        format), then nothing of it is kept."""
        self._shown.pop(table_id, None)
        self._posted_ids.pop(table_id, None)
        self.publisher.forget(table_id)
        self.formats.forget(table_id)
