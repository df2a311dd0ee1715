"""Sit-and-go tournaments (issue 32): ``/tournament open|register|start|status|leaderboard``
and the **Register** button. Private modules: ``_cog``, ``_words``."""

from __future__ import annotations

from bot.client import Parlour
from bot.exts.tournament._cog import TournamentCog

__all__ = ["TournamentCog"]


async def setup(bot: Parlour) -> None:
    """Extension entry point."""
    await bot.add_cog(TournamentCog(bot))
