"""``/pontoon``: Pontoon and Shoot Pontoon on the table kit (``bot.table``).
Private modules: ``_ui`` (what the table message and the DMs show), ``_cog`` (the commands)."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.pontoon import _render as render
from bot.exts.pontoon._cog import PontoonCog
from bot.exts.pontoon._ui import PontoonUI

__all__ = ["PontoonCog", "PontoonUI", "render", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (found by ``bot.client``)."""
    await bot.add_cog(PontoonCog(bot))
