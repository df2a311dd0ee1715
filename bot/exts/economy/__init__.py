"""The economy: ``/balance``, ``/daily``, ``/leaderboard``, ``/stats``, ``/help`` and the
``/admin`` group (Manage Server). Private modules: ``_cog`` (commands), ``_render`` (embeds),
``_views`` (persistent page buttons), ``_board`` (leaderboard pages), ``_bounds`` (the declared
ceilings, exported here, and their run-time check)."""

from __future__ import annotations

from bot.client import Parlour
from bot.exts.economy._bounds import MAX_ADMIN_AMOUNT, MAX_REASON, MAX_SETTING_CHIPS, MAX_STAKE
from bot.exts.economy._cog import Economy

__all__ = ["MAX_ADMIN_AMOUNT", "MAX_REASON", "MAX_SETTING_CHIPS", "MAX_STAKE", "Economy", "setup"]


async def setup(bot: Parlour) -> None:
    """Extension entry point (``bot.load_extension("bot.exts.economy")``)."""
    await bot.add_cog(Economy(bot))
