"""``/history``: ephemeral, for the reader alone: their last deals (one game or all, paged),
or with ``deal:`` one deal as a TOML file showing only what they may see; ``/replay`` steps
through one; ``/verify`` proves the cards seen so far in a running deal."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Parlour, parlour
from bot.exts.history import _render, _replay
from bot.game_choices import GAME_CHOICES, chosen_game
from bot.table import refusals, where
from bot.text import Catalog, catalog
from services.histories import DealNotYours, HistoryService, proofs_text

MAX_PAGE = 1000
MAX_DEAL_ID = 2**53 - 1
"""Discord's largest integer option value."""


class HistoryCog(commands.Cog):
    """The ``/history`` command."""

    def __init__(self, bot: Parlour) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """The step buttons of any replay ever shown work from now on, and so does the
        **Replay** button of a table message between deals."""
        self.bot.add_dynamic_items(_replay.StepButton)
        self.bot.desk.replays = _replay.show_table_deal
        self.bot.desk.cards.verifier = send_proofs

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(_replay.StepButton)
        self.bot.desk.replays = None
        self.bot.desk.cards.verifier = None

    @property
    def histories(self) -> HistoryService:
        return HistoryService(self.bot.db)

    async def _reader(self, interaction: discord.Interaction) -> Catalog:
        return catalog(await self.bot.languages.reader(interaction))

    @app_commands.guild_only()
    @app_commands.command(name="history", description="Your last deals, or one deal as a file")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.describe(
        game="One game (default: all)",
        page="Which page of your deals (1: the newest)",
        deal="A deal's number from the list: download it as a file you can check",
    )
    async def history(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str] | None = None,
        page: app_commands.Range[int, 1, MAX_PAGE] = 1,
        deal: app_commands.Range[int, 1, MAX_DEAL_ID] | None = None,
    ) -> None:
        """A read; only the reader sees the answer."""
        guild = interaction.guild_id
        assert guild is not None  # noqa: S101 - guild_only: Discord never sends it without
        say = await self._reader(interaction)
        pid = str(interaction.user.id)
        if deal is not None:
            try:
                name, text = await self.histories.file(guild, pid, deal)
            except DealNotYours:
                await interaction.response.send_message(
                    _render.not_yours(say, deal), ephemeral=True
                )
                return
            attached = discord.File(io.BytesIO(text.encode("utf-8")), filename=name)
            await interaction.response.send_message(
                _render.downloaded(say, deal), file=attached, ephemeral=True
            )
            return
        chosen = chosen_game(game)
        game_id = chosen.value if chosen is not None else None
        deals, more = await self.histories.page(guild, pid, game_id, page - 1)
        await interaction.response.send_message(
            embed=_render.listing(say, deals, page - 1, more), ephemeral=True
        )

    @app_commands.guild_only()
    @app_commands.command(name="replay", description="Step through a finished deal of yours")
    @app_commands.describe(deal="A deal's number from /history")
    async def replay(
        self,
        interaction: discord.Interaction,
        deal: app_commands.Range[int, 1, MAX_DEAL_ID],
    ) -> None:
        """Only the reader sees it: the deal as they saw it, from its first step."""
        await _replay.show(interaction, deal, 0, edit=False)

    @app_commands.guild_only()
    @app_commands.command(
        name="verify", description="The proofs of the cards you have seen in this table's deal"
    )
    async def verify(self, interaction: discord.Interaction) -> None:
        """Ephemeral: the reader's own cards and the table's, each with the proof that it was
        in its position of the order committed before the deal's first card, as a file."""
        await send_proofs(interaction)


async def send_proofs(interaction: discord.Interaction) -> None:
    """``/verify``, and **Verify** in the **My cards** reply: the proofs of the cards the
    reader has seen so far in the channel's running deal, as a file only they see."""
    bot = parlour(interaction)
    guild, channel = where(interaction)
    say = catalog(await bot.languages.reader(interaction))
    with refusals():
        status = bot.tables.status(guild, channel)
        found = bot.tables.deck_proofs(guild, channel, interaction.user.id)
    text = proofs_text(
        game=status.game,
        table=status.table_id,
        deal=found.deal_number,
        reader=str(interaction.user.id),
        fingerprint=found.fingerprint,
        cards=found.cards,
        proofs=found.proofs,
        reshuffles=found.reshuffles,
    )
    name = f"parlour-{status.game}-table-{status.table_id}-deal-{found.deal_number}-proofs.toml"
    attached = discord.File(io.BytesIO(text.encode("utf-8")), filename=name)
    await interaction.response.send_message(
        _render.proofs(say, found.deal_number, found.fingerprint, found.count),
        file=attached,
        ephemeral=True,
    )
