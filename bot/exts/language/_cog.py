"""``/language``: a player chooses the language Parlour speaks to them (replies, My cards, DMs).

The six languages are offered by their own names (a reader looks for their language in its
own script); "automatic" forgets the choice, so their Discord client's language (when it is
one of ours), else the server's, applies again.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Parlour
from bot.text import catalog, msg
from bot.text.choose import LANGUAGES, autonym, from_discord

AUTOMATIC = "auto"


CHOICES = [
    *(app_commands.Choice(name=autonym(code), value=code) for code in LANGUAGES),
    app_commands.Choice(name="Automatic (your Discord language)", value=AUTOMATIC),
]


class LanguageCog(commands.Cog):
    """The ``/language`` command."""

    def __init__(self, bot: Parlour) -> None:
        self.bot = bot

    @app_commands.command(name="language", description="The language Parlour speaks to you")
    @app_commands.describe(language="Your language (leave out to see which one you read)")
    @app_commands.choices(language=CHOICES)
    @app_commands.guild_only()
    async def language(self, interaction: discord.Interaction, language: str | None = None) -> None:
        """Choose (or, without the option, show) the reader's language."""
        user = interaction.user.id
        if language is not None:
            await self.bot.preferences.choose(user, None if language == AUTOMATIC else language)
        now = await self.bot.languages.reader(interaction)
        chosen = await self.bot.preferences.language(user)
        if chosen is not None and chosen == now:
            why = "language.current.chosen"
        elif from_discord(str(interaction.locale.value)) == now:
            why = "language.current.client"
        else:
            why = "language.current.server"
        said = catalog(now).text(msg(why, language=autonym(now) if now in LANGUAGES else now))
        await interaction.response.send_message(said, ephemeral=True)
