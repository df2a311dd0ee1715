"""``/cards``: the card style a player reads their own cards in (private module ``_cog``)."""

from __future__ import annotations

from bot.client import Parlour
from bot.exts.cards._cog import CardsCog

__all__ = ["CardsCog"]


async def setup(bot: Parlour) -> None:
    """Extension entry point."""
    await bot.add_cog(CardsCog(bot))
