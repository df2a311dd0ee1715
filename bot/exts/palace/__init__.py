"""``/palace``: Palace Poker on the table kit (``bot.table``). Private modules:
``_render`` (the table's fields, My cards, DMs and event sentences, pure functions of engine
views and events), ``_ui`` (the kit's ``GameUI``), ``_cog`` (the commands and autocomplete)."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.palace import _refusal as refusal_words
from bot.exts.palace import _render as render
from bot.exts.palace._cog import PalaceCog, cards_choices, parse_cards
from bot.exts.palace._ui import PalaceUI
from bot.exts.palace._words import hand_name

__all__ = [
    "PalaceCog",
    "PalaceUI",
    "cards_choices",
    "hand_name",
    "parse_cards",
    "refusal_words",
    "render",
    "setup",
]


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (found by ``bot.client``)."""
    await bot.add_cog(PalaceCog(bot))
