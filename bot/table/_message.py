"""The table message and its format: one interface, two formats (the embed, and Components V2
with the table's picture).

A table's format is chosen once, when the desk first handles the table (:mod:`._formats`), so
the embed-or-V2 question is answered in one place: everything else draws and writes through
these protocols. :class:`MessageFormat` draws (the table message for a state, a player's cards
for a reply or a DM); :class:`TableMessage` is one drawing of the table message, with every
door the publisher (:mod:`._publisher`) writes it through. The two implementations are
:mod:`._message_embed` and :mod:`._message_v2`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, cast

import discord

from bot.table._model import Component, TableModel
from services.tables import TableStatus

ORIGINAL = cast(int, "@original")
"""The message an interaction answered with, as a message id of its webhook: the route
``Interaction.edit_original_response`` sends (discord.py types the id as ``int``). The
publisher keeps a click's webhook, not the click: a kept ``Interaction`` holds its message,
member and payload (about 70 objects the garbage collector walks, per table, issue 27)."""

UNKNOWN_MESSAGE = 10008
"""Discord's code for a deleted message: the table message is posted again."""

Posted = Callable[[TableStatus, int], Awaitable[None]]
"""Told the id of a table message just posted (the desk stores it with the table)."""


class TableMessage(Protocol):
    """The table message drawn for one state, in its table's format. Each write raises
    ``discord.HTTPException`` as Discord refuses it (the publisher retries)."""

    @property
    def status(self) -> TableStatus:
        """The state it shows (its ``message_id``: the message it edits)."""
        ...

    def fits(self) -> bool:
        """Whether it can be written over the message ``status`` names by an edit (a V2
        message never turns back into an embed: then only :meth:`write` replaces it)."""
        ...

    async def answer(self, interaction: discord.Interaction) -> None:
        """Answer a click on the table message with it (UPDATE_MESSAGE)."""
        ...

    def unsure(self) -> None:
        """What the message shows is not known (a write failed, or two may cross): the next
        write sends everything again."""
        ...

    def gone(self) -> None:
        """The message ``status`` names was replaced by a new one (the table moved to a
        fresh token's followup): nothing it showed is remembered."""
        ...

    async def edit_by_token(self, webhook: discord.Webhook) -> None:
        """Edit the message through the token of a click answered with it: that interaction's
        webhook, its ``@original`` (:data:`ORIGINAL`)."""
        ...

    async def edit_by_webhook(self, webhook: discord.Webhook) -> None:
        """Edit the message through the interaction webhook that posted it."""
        ...

    async def post_by_webhook(self, webhook: discord.Webhook) -> int:
        """Post it as a public followup of a fresh interaction; the new message's id."""
        ...

    async def write(self, channel: discord.PartialMessageable, posted: Posted | None) -> None:
        """Edit the message through its channel; post it (and tell ``posted``) when there
        is none or it was deleted, unless ``posted`` is None (a closed table)."""
        ...


class MessageFormat(Protocol):
    """How one table's messages look: what the desk and private delivery draw with."""

    @property
    def pictures(self) -> bool:
        """Whether it shows pictures (Components V2)."""
        ...

    async def table(self, status: TableStatus, model: TableModel, locale: str) -> TableMessage:
        """The table message for ``status`` (its public view) presented as ``model``."""
        ...

    async def hand(
        self,
        status: TableStatus,
        text: str,
        locale: str,
        components: Sequence[Component] = (),
        *,
        edit: bool = False,
    ) -> dict[str, Any]:
        """A player's cards (``status``: their private view; ``text``: their words) with
        ``components`` (their card choices), as the keyword arguments of a send (a reply, a
        followup, a DM), or (``edit``) of the edit of **My cards** after a card choice, which
        shows the cards now without the choices."""
        ...

    def as_edit(self, send: dict[str, Any]) -> dict[str, Any]:
        """A :meth:`hand`'s send as the keyword arguments of an edit of the reply it answers
        (a card choice in the player's own update): the new cards and the choices they have
        now replace the old ones (a reply in words loses the selects it no longer offers, a
        picture replaces the old one)."""
        ...
