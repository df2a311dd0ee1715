"""Languages: ``/language`` (a player's own) and the command tree's translator (slash commands
in the client's language). Private modules: ``_cog``, ``_translator``. ``python -m
bot.exts.language`` prints the English ``commands.po`` of the current command tree."""

from __future__ import annotations

from bot.client import Parlour
from bot.exts.language._cog import CHOICES, LanguageCog
from bot.exts.language._translator import CatalogTranslator, command_strings, string_id

__all__ = ["CHOICES", "CatalogTranslator", "LanguageCog", "command_strings", "string_id"]


async def setup(bot: Parlour) -> None:
    """Extension entry point; the translator is set before ``sync_commands`` runs."""
    await bot.add_cog(LanguageCog(bot))
    await bot.tree.set_translator(CatalogTranslator())
