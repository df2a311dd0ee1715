"""**My cards**: a player's own cards, ephemerally, in their table's format, with a select
for each card choice they have (and **Verify** while a committed deal runs).

The reply is asked for by the **My cards** button, ``/<game> hand`` and the edit after a card
choice; the private updates of a step are :mod:`._private`'s. What it needs of the bot's desk
is :class:`CardsDesk` (the desk is one), so this module does not import the desk.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord

from bot.refusal import Refusal
from bot.table import _presenter as present
from bot.table import _render as render
from bot.table._context import Games, refusals, where
from bot.table._fresh import FreshTokens
from bot.table._layout import hand_components, verify_button
from bot.table._message import MessageFormat
from bot.table._names import TableNames
from bot.text import msg
from services.tables import PrivateView, TableService, TableStatus


class CardsDesk(Games, Protocol):
    """What the **My cards** reply needs of the bot's desk."""

    locale: str

    @property
    def service(self) -> TableService: ...

    def names_of(self, status: TableStatus) -> TableNames: ...

    async def reader(self, interaction: discord.Interaction) -> str: ...

    async def format_of(self, status: TableStatus) -> MessageFormat: ...


Acted = Callable[[int], None]
"""Told that a player looked at their cards (the pinger: no turn ping for them)."""


class MyCards:
    """The **My cards** reply of every table of one desk."""

    def __init__(self, desk: CardsDesk, fresh: FreshTokens, acted: Acted) -> None:
        self.desk = desk
        self.fresh = fresh
        self.acted = acted
        self.verifier: Callable[[discord.Interaction], Awaitable[None]] | None = None
        """Sends the clicker of **Verify** (in **My cards**) the proofs of the cards they have
        seen: set by the extension that has ``/verify`` (``bot.exts.history``)."""

    def text(self, guild: int, channel: int, user: int, locale: str | None = None) -> str:
        """``user``'s own cards at the channel's table, as the **My cards** reply says them."""
        with refusals(self.desk):
            status = self.desk.service.status(guild, channel, user)
        return self._text(status, user, locale or self.desk.locale)

    def _text(self, status: TableStatus, user: int, locale: str) -> str:
        """``text`` of the status already read (one read per reply: a private status is the
        whole table again, with the player's view)."""
        if not any(s.user_id == user for s in status.seats):
            raise Refusal(msg("table.refusal.not_at_table"))
        shown = present.private_lines(self.desk.ui(status.game), status, user)
        return render.lines(shown, locale)

    async def show(self, interaction: discord.Interaction) -> None:
        """The player's own cards, ephemerally, with a select for each card choice they have
        (and, pictures on, the hand's picture)."""
        guild, channel = where(interaction)
        user = interaction.user.id
        locale = await self.desk.reader(interaction)
        answer = await self.message(guild, channel, user, locale)
        await interaction.response.send_message(**answer, ephemeral=True)
        self.fresh.seen(interaction)
        self.acted(interaction.user.id)  # they are looking: no turn ping

    async def message(
        self,
        guild: int,
        channel: int,
        user: int,
        locale: str,
        *,
        edit: bool = False,
        seen: PrivateView | None = None,
    ) -> dict[str, Any]:
        """The **My cards** reply in ``locale`` as keyword arguments of a send (``edit``: of an
        edit of the reply after a card choice: the cards now, without the choices). ``seen``:
        the player's view as a step just left it (read from the service when not given)."""
        desk = self.desk
        if seen is not None and seen.status is not None:
            status, legal = seen.status, seen.legal
        else:
            with refusals(desk):
                status = desk.service.status(guild, channel, user)
                legal = desk.service.legal_actions(guild, channel, user)
        text = self._text(status, user, locale)
        ui, names = desk.ui(status.game), desk.names_of(status)
        verify = verify_button(status) if self.verifier is not None else ()
        shown = (*hand_components(ui, status, legal, names), *verify)
        shape = await desk.format_of(status)
        return await shape.hand(status, text, locale, shown, edit=edit)
