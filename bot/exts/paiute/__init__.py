"""``/paiute``: Paiute on the table kit (``bot.table``). Private modules: ``_render``
(views and events as text), ``_ui`` (the game's part of the table message and My cards),
``_cog`` (the commands)."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.paiute import _render as render
from bot.exts.paiute._cog import PaiuteCog
from bot.exts.paiute._ui import PaiuteUI

__all__ = ["PaiuteCog", "PaiuteUI", "render", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (found by ``bot.client``)."""
    await bot.add_cog(PaiuteCog(bot))
