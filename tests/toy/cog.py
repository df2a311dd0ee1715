"""``/high_card``: the toy game's cog, loaded as an extension next to the real cogs.

With :mod:`tests.toy.high_card` it proves the plug-in seam end to end: a game declared by a
``GameInfo`` and one ``register`` call, a ``GameUI`` and a ``TableCog`` subclass — and no edit
to any shared module (engine core, registry, table service, storage, kit, client). A test game
needs no catalog: ``Text`` may be a plain string.
"""

from __future__ import annotations

from typing import cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.table import EmbedField, GameUI, TableCog
from bot.text import Text
from bot.text.format import Names, card, cards
from games.events import GameEvent
from games.registry import register, unregister
from services.tables import TableStatus
from tests.toy.high_card import HIGH_CARD, HighCardView, NewCard, Stood, Swapped, Won


class HighCardUI(GameUI):
    game = "high_card"
    title = "High card"
    command = "high_card"
    rules = "Everyone antes and gets one card; swap it once for a stake, or stand. High card wins."

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        view = cast(HighCardView, status.view)
        fields = [EmbedField("Pot", f"{view.pot} chips")]
        if view.shown:
            fields.append(EmbedField("Cards", cards(view.shown.values())))
        return fields

    def private_text(self, status: TableStatus, user: int) -> Text:
        view = cast(HighCardView, status.view)
        return f"Your card: {card(view.mine)}" if view.mine else "You hold no card."

    def describe_event(self, event: GameEvent, names: Names) -> Text | None:
        if isinstance(event, Stood):
            return f"{names.mention(event.player)} stands."
        if isinstance(event, Swapped):
            return f"{names.mention(event.player)} swaps for {event.paid} chips."
        if isinstance(event, Won):
            return f"High card wins {event.amount} chips."
        return None

    def describe_private(self, event: GameEvent, names: Names) -> Text | None:
        if isinstance(event, NewCard):
            return f"Your new card: {card(event.card)}"
        return None


class HighCardCog(TableCog, group_name="high_card", group_description="Play high card"):
    ui = HighCardUI()

    async def cog_load(self) -> None:
        register(HIGH_CARD)
        await super().cog_load()

    async def cog_unload(self) -> None:
        unregister(HIGH_CARD.id)

    @app_commands.command(name="open", description="Open a high card table here")
    async def open(
        self, interaction: discord.Interaction, stake: int | None = None, buy_in: int | None = None
    ) -> None:
        await self.open_table(interaction, {"stake": stake}, buy_in=buy_in)

    @app_commands.command(name="stand", description="Keep your card")
    async def stand(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "stand", "You stand.")

    @app_commands.command(name="swap", description="Pay a stake to swap your card")
    async def swap(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "swap", "You swap.")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HighCardCog(bot))
