"""``/cards style:classic|four-colour|large``: cards for every eye (issue 33).

The style is the player's own, in every server (``services.card_styles``): it draws their
private pictures (**My cards**, their DMs). The table picture is one picture for the whole
channel, so it is drawn in the server's style (``/admin settings card_style``), which is also a
player's until they choose. Without ``style`` the command says which one they read.
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Parlour
from bot.pictures import STYLES
from bot.refusal import Refusal
from bot.text import catalog, msg

Style = Literal["classic", "four-colour", "large"]


class CardsCog(commands.Cog):
    """The ``/cards`` command."""

    def __init__(self, bot: Parlour) -> None:
        self.bot = bot

    @app_commands.command(name="cards", description="How your own cards are drawn")
    @app_commands.describe(
        style="classic: two colours; four-colour: a colour per suit; large: four colours, larger"
    )
    @app_commands.guild_only()
    async def cards(self, interaction: discord.Interaction, style: Style | None = None) -> None:
        """Choose (or, without the option, show) the reader's card style."""
        if style is not None and style not in STYLES:  # a forged payload: passed through
            raise Refusal(msg("economy.refusal.unknown_choice", option="style"))
        user, guild = interaction.user.id, interaction.guild_id or 0
        styles = self.bot.card_styles
        if style is not None:
            await styles.choose(user, style)
        chosen, server = await styles.chosen(user), await styles.server(guild)
        say = catalog(await self.bot.languages.reader(interaction)).text
        if chosen is None:
            line = msg("pictures.style.current.server", style=msg(f"pictures.style.{server}"))
        else:
            key = "pictures.style.set" if style is not None else "pictures.style.current.chosen"
            line = msg(
                key, style=msg(f"pictures.style.{chosen}"), server=msg(f"pictures.style.{server}")
            )
        await interaction.response.send_message(say(line), ephemeral=True)
