"""The bot's side of languages: who reads what, from the preferences and what Discord says.

``bot.languages`` (one per bot) answers the two questions every sender asks: the server's
language (:meth:`Languages.public`: the table message, channel announcements) and a reader's
(:meth:`Languages.reader` for an interaction's ephemeral reply, :meth:`Languages.of` for a DM,
which has no interaction: the client locale last seen on one of the user's interactions). The
rule itself is :func:`bot.text.choose.resolve`.
"""

from __future__ import annotations

import discord

from bot.text import DEFAULT_LOCALE
from bot.text.choose import resolve
from services.preferences import PreferencesService


class Languages:
    """Languages over the preferences service (set at ``setup_hook``; English before)."""

    def __init__(self) -> None:
        self.service: PreferencesService | None = None
        self._clients: dict[int, str] = {}

    def seen(self, interaction: discord.Interaction) -> None:
        """Remember the user's client locale (for their DMs)."""
        self._clients[interaction.user.id] = str(interaction.locale.value)

    async def public(self, guild: int | None) -> str:
        """The server's language (English in DMs, where there is no server)."""
        if self.service is None or guild is None:
            return DEFAULT_LOCALE
        return await self.service.server_language(guild)

    async def of(self, user: int, guild: int | None) -> str:
        """``user``'s language where no interaction tells their client's (DMs)."""
        chosen = None if self.service is None else await self.service.language(user)
        return resolve(chosen, self._clients.get(user), await self.public(guild))

    async def reader(self, interaction: discord.Interaction) -> str:
        """The language of a reply only ``interaction``'s user sees."""
        self.seen(interaction)
        return await self.of(interaction.user.id, interaction.guild_id)


async def reader_language(interaction: discord.Interaction) -> str:
    """The reader's language for any interaction of a bot with ``languages`` (else English)."""
    found = getattr(interaction.client, "languages", None)
    if isinstance(found, Languages):
        return await found.reader(interaction)
    return DEFAULT_LOCALE
