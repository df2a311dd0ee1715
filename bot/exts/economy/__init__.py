"""The economy: ``/balance``, ``/daily``, ``/leaderboard``, ``/stats``, ``/help`` and the
``/admin`` group (Manage Server). Private modules: ``_cog`` (the members' commands),
``_admin`` (the ``/admin`` group), ``_checks`` (their shared guards), ``_render`` (embeds),
``_views`` (persistent page buttons), ``_board`` (leaderboard pages), ``_stats_card`` and
``_stats_answer`` (``/stats`` as a picture; the card builders are exported for the bench),
``_bounds`` (the declared ceilings, exported here, and their run-time check)."""

from __future__ import annotations

from bot.client import Parlour
from bot.exts.economy._admin import Admin
from bot.exts.economy._bounds import MAX_ADMIN_AMOUNT, MAX_REASON, MAX_SETTING_CHIPS, MAX_STAKE
from bot.exts.economy._cog import Economy
from bot.exts.economy._stats_card import player_card, server_card

__all__ = [
    "MAX_ADMIN_AMOUNT",
    "MAX_REASON",
    "MAX_SETTING_CHIPS",
    "MAX_STAKE",
    "Admin",
    "Economy",
    "player_card",
    "server_card",
    "setup",
]


async def setup(bot: Parlour) -> None:
    """Extension entry point (``bot.load_extension("bot.exts.economy")``)."""
    await bot.add_cog(Economy(bot))
    await bot.add_cog(Admin(bot))
