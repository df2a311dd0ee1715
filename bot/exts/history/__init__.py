"""Hand histories (issue 29): ``/history`` lists the reader's last finished deals and gives
one as a file they can check with ``python -m games.fairness verify FILE``. Private modules:
``_cog``, ``_render`` (exported as ``render``: its words are tested on their own), ``_replay``
(``/replay``), ``_rules`` (exported as ``rules``: which rule applied a replay's step)."""

from __future__ import annotations

from bot.client import Parlour
from bot.exts.history import _render as render
from bot.exts.history import _rules as rules
from bot.exts.history._cog import HistoryCog

__all__ = ["HistoryCog", "render", "rules"]


async def setup(bot: Parlour) -> None:
    """Extension entry point."""
    await bot.add_cog(HistoryCog(bot))
