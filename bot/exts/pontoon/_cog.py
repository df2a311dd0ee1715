"""The ``/pontoon`` commands: the table's options at ``open`` and every action of the rules
(``rules/pontoon.md``, "Actions") as a slash command; the lobby comes from ``TableCog``."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.exts.pontoon._ui import PontoonUI
from bot.table import Computers, Delay, TableCog

Chips = app_commands.Range[int, 0, 1_000_000]
Positive = app_commands.Range[int, 1, 1_000_000]


class PontoonCog(TableCog, group_name="pontoon", group_description="Play Pontoon"):
    """Pontoon tables."""

    ui = PontoonUI()

    @app_commands.command(name="open", description="Open a Pontoon table in this channel")
    @app_commands.describe(
        min_bet="Smallest first stake",
        max_bet="Largest first stake (and kitty)",
        min_stick="Lowest total a punter may stick on (default 15)",
        split="Which pairs may be split",
        banker="A player banks, or the house does",
        house_stands_on="The house bank stands on this total or more",
        shoot="Shoot Pontoon: the banker puts up a kitty punters bet against",
        turn_timeout="Seconds per turn",
        seats="How many players may sit",
        buy_in="Sit down yourself with this many chips",
        computers="Computer players to seat at once (their chips come from the house)",
        computer_delay="Seconds a computer player waits before it acts (default 1.5)",
    )
    async def open(
        self,
        interaction: discord.Interaction,
        min_bet: Positive | None = None,
        max_bet: Positive | None = None,
        min_stick: app_commands.Range[int, 2, 21] | None = None,
        split: Literal["pairs", "aces", "none"] | None = None,
        banker: Literal["player", "house"] | None = None,
        house_stands_on: app_commands.Range[int, 2, 22] | None = None,
        shoot: bool | None = None,
        turn_timeout: app_commands.Range[int, 5, 3600] | None = None,
        seats: app_commands.Range[int, 1, 8] | None = None,
        buy_in: Positive | None = None,
        computers: Computers | None = None,
        computer_delay: Delay | None = None,
    ) -> None:
        options = {
            "min_bet": min_bet,
            "max_bet": max_bet,
            "min_stick": min_stick,
            "split": split,
            "banker": banker,
            "house_stands_on": house_stands_on,
            "shoot": shoot,
            "turn_timeout": turn_timeout,
        }
        await self.open_table(
            interaction,
            options,
            buy_in=buy_in,
            seats=seats,
            computers=computers,
            computer_delay=computer_delay,
        )

    @app_commands.command(name="stake", description="Place your first stake")
    @app_commands.describe(amount="Chips to stake, between the table's minimum and maximum bet")
    async def stake(self, interaction: discord.Interaction, amount: Positive) -> None:
        await self.act(interaction, "stake", self.ui.reply("stake", amount=amount), amount=amount)

    @app_commands.command(name="sit_out", description="Sit this deal out instead of staking")
    async def sit_out(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "sit_out", self.ui.reply("sit_out"))

    @app_commands.command(name="buy", description="Raise your stake for a face-down card")
    @app_commands.describe(amount="Chips to add to your stake for the card")
    async def buy(self, interaction: discord.Interaction, amount: Positive) -> None:
        await self.act(interaction, "buy", self.ui.reply("buy", amount=amount), amount=amount)

    @app_commands.command(name="twist", description="Take a face-up card")
    async def twist(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "twist", self.ui.reply("twist"))

    @app_commands.command(name="stick", description="Stand with your hand")
    async def stick(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "stick", self.ui.reply("stick"))

    @app_commands.command(name="split", description="Split a pair into two hands")
    async def split(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "split", self.ui.reply("split"))

    @app_commands.command(name="shoot", description="Shoot Pontoon: bet against the kitty")
    @app_commands.describe(amount="Chips to shoot (0: no shoot bet, in the shoot phase)")
    async def shoot(self, interaction: discord.Interaction, amount: Chips) -> None:
        await self.act(interaction, "shoot", self.ui.reply("shoot", amount=amount), amount=amount)

    @app_commands.command(name="draw", description="Banker: draw a face-up card")
    async def draw(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "draw", self.ui.reply("draw"))

    @app_commands.command(name="stay", description="Banker: stay (or keep the bank and deal)")
    async def stay(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "stay", self.ui.reply("stay"))

    @app_commands.command(name="kitty", description="Banker: put up or top up the kitty")
    @app_commands.describe(amount="Chips to put into the kitty")
    async def kitty(self, interaction: discord.Interaction, amount: Positive) -> None:
        await self.act(interaction, "kitty", self.ui.reply("kitty", amount=amount), amount=amount)

    @app_commands.command(name="offer_bank", description="Banker: offer the bank for a price")
    @app_commands.describe(user="Who may buy the bank", price="What they pay you")
    async def offer_bank(
        self, interaction: discord.Interaction, user: discord.User, price: Chips
    ) -> None:
        await self.act(
            interaction,
            "offer_bank",
            self.ui.reply("offer_bank", to=user.id, price=price),
            to=str(user.id),
            price=price,
        )

    @app_commands.command(
        name="bank", description="Buy the bank you were offered, or decline it (or give it up)"
    )
    @app_commands.describe(answer="accept: buy the bank; decline: refuse it (banker: give it up)")
    async def bank(
        self, interaction: discord.Interaction, answer: Literal["accept", "decline"]
    ) -> None:
        """One command for both answers keeps ``/pontoon`` within Discord's 25 subcommands
        (the kit's table commands and the game's actions together)."""
        kind = f"{answer}_bank"
        await self.act(interaction, kind, self.ui.reply(kind))
