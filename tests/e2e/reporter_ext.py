"""A test-only extension loaded next to the real cogs: commands and buttons that fail in each
way the error reporter knows, so its answers can be checked through the real client."""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Parlour
from bot.errors import ReportingView, needs_permission, reported
from bot.refusal import Refusal
from games.errors import IllegalAction
from services.tables import NotYourTurn


class DuckError(Exception):
    """An error from elsewhere that follows the duck-typed contract."""

    player_message = "Quack: not now."


class Fail(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"test:fail:(?P<how>\w+)"):
    """A persistent button that fails as its custom_id says."""

    def __init__(self, how: str) -> None:
        super().__init__(discord.ui.Button(label=f"fail {how}", custom_id=f"test:fail:{how}"))
        self.how = how

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["how"])

    @reported
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.how == "refusal":
            raise Refusal("Not your turn.")
        raise RuntimeError("button exploded")


class ViewWithRefusal(ReportingView):
    @discord.ui.button(label="refuse", custom_id="test:view:refuse")
    async def refuse(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        raise IllegalAction("You can raise between 10 and 40 chips")


class Failing(commands.Cog):
    def __init__(self, bot: Parlour) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(Fail)

    @app_commands.command(name="boom", description="an unexpected error")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    @app_commands.command(name="illegal", description="an engine refusal")
    async def illegal(self, interaction: discord.Interaction) -> None:
        raise IllegalAction("It is Bob's turn")

    @app_commands.command(name="table", description="a table service refusal")
    async def table(self, interaction: discord.Interaction) -> None:
        raise NotYourTurn(to_act="carol")  # the service says who; the bot words it

    @app_commands.command(name="duck", description="a duck-typed refusal")
    async def duck(self, interaction: discord.Interaction) -> None:
        raise DuckError

    @app_commands.command(name="late", description="a refusal after deferring")
    async def late(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        raise Refusal("Decided after thinking: no.")

    @app_commands.command(name="announce", description="post in the channel, naming the need")
    async def announce(self, interaction: discord.Interaction) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        async with needs_permission("Send Messages", channel):
            await channel.send("Hear ye")
        await interaction.response.send_message("posted", ephemeral=True)

    @app_commands.command(name="announce_raw", description="post without naming the need")
    async def announce_raw(self, interaction: discord.Interaction) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        await channel.send("Hear ye")

    @app_commands.command(name="buttons", description="buttons that fail")
    async def buttons(self, interaction: discord.Interaction) -> None:
        view = ViewWithRefusal(timeout=None)
        view.add_item(Fail("refusal"))
        view.add_item(Fail("crash"))
        await interaction.response.send_message("Try these", view=view)


async def setup(bot: Parlour) -> None:
    await bot.add_cog(Failing(bot))
