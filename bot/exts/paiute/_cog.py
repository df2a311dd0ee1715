"""The ``/paiute`` commands: the table's options at ``open`` and the three actions of the rules
(``rules/paiute.md``, "Actions") as slash commands; the lobby comes from ``TableCog``.

The card of ``discard`` and ``call`` is autocompleted (the kit's ``suggest``) from the
player's own legal choices: Discord shows suggestions only to the user typing, so a hand never
reaches anyone else.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.exts.paiute._ui import PaiuteUI
from bot.refusal import Refusal
from bot.table import Computers, Delay, TableCog, refusals, where
from games.cards import Card
from games.errors import IllegalAction
from games.paiute import ActionKind
from services.tables import TableError

UI = PaiuteUI()
Positive = app_commands.Range[int, 1, 1_000_000]
NONE = ("none", "~")
"""``call``'s ``discard`` for a six-card combination: typed, or the kit's suggestion value."""


def _card(text: str) -> str:
    """A typed card as its code (``10♥``, ``10H``, ``th`` -> ``10h``), or a refusal."""
    try:
        return Card.parse(text).code
    except ValueError as error:
        raise Refusal(str(error)) from error


class PaiuteCog(TableCog, group_name="paiute", group_description="Play Paiute"):
    """Paiute tables."""

    ui = UI

    @app_commands.command(name="open", description="Open a Paiute table in this channel")
    @app_commands.describe(
        stake="Chips each player puts in the pot before each deal",
        max_rounds="Rounds without a call before the stakes go back (default 20)",
        turn_timeout="Seconds per turn (then: draw from the stock and discard it)",
        seats="How many players may sit (2 to 5)",
        buy_in="Sit down yourself with this many chips",
        computers="Computer players to seat at once (their chips come from the house)",
        computer_delay="Seconds a computer player waits before it acts (default 1.5)",
    )
    async def open(
        self,
        interaction: discord.Interaction,
        stake: Positive | None = None,
        max_rounds: app_commands.Range[int, 1, 100] | None = None,
        turn_timeout: app_commands.Range[int, 5, 3600] | None = None,
        seats: app_commands.Range[int, 2, 5] | None = None,
        buy_in: Positive | None = None,
        computers: Computers | None = None,
        computer_delay: Delay | None = None,
    ) -> None:
        options = {"stake": stake, "max_rounds": max_rounds, "turn_timeout": turn_timeout}
        await self.open_table(
            interaction,
            options,
            buy_in=buy_in,
            seats=seats,
            computers=computers,
            computer_delay=computer_delay,
        )

    async def _play(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        """Play the action; the ephemeral answer is the player's own update (the card they
        drew, with the discard choice) or, without one, their cards as they are now."""
        self.here(interaction)
        desk = self.desk
        guild, channel = where(interaction)
        user = interaction.user.id
        with refusals():
            try:
                result = await desk.service.act(guild, channel, user, action)
            except TableError as error:
                # The engine's refusal is a code: Paiute's presenter words it (until the kit does).
                if isinstance(error.__cause__, IllegalAction):
                    raise Refusal(UI.refusal(error.__cause__)) from error
                raise
        reply = desk.cards.text(guild, channel, user, await desk.reader(interaction))
        await desk.show(result, interaction, reply=reply)

    @app_commands.command(name="draw", description="Take the top card of the stock or discards")
    @app_commands.describe(source="The stock (face down) or the discard pile (its top card)")
    async def draw(
        self, interaction: discord.Interaction, source: Literal["stock", "discard"]
    ) -> None:
        await self._play(interaction, {"kind": ActionKind.DRAW.value, "source": source})

    @app_commands.command(name="discard", description="Discard one card face up (ends your turn)")
    @app_commands.describe(card="A card of your hand, like 10h or Qs")
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await self._play(interaction, {"kind": ActionKind.DISCARD.value, "card": _card(card)})

    @app_commands.command(name="call", description="Lay your hand down with a winning combination")
    @app_commands.describe(
        discard="The sixth card to discard; leave it out with a six-card combination"
    )
    async def call(self, interaction: discord.Interaction, discard: str | None = None) -> None:
        none = discard is None or discard.strip().lower() in NONE
        chosen = None if none else _card(discard or "")
        await self._play(interaction, {"kind": ActionKind.CALL.value, "discard": chosen})

    @discard.autocomplete("card")
    async def _discard_cards(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self.suggest(interaction, ActionKind.DISCARD, "card", typed)

    @call.autocomplete("discard")
    async def _call_cards(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self.suggest(interaction, ActionKind.CALL, "discard", typed)
