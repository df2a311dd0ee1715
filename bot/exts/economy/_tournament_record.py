"""The tournament lines of ``/stats`` (issue 32): what a member's finished sit-and-gos came to.

Kept apart from the deal stats so any way of showing ``/stats`` (an embed, a picture's
caption) can add them the same: nothing at all for a member who never finished a
tournament."""

from __future__ import annotations

import discord

from bot.text import Catalog, Number, msg
from bot.text.format import chips
from services.economy import TournamentRecord


def lines(say: Catalog, record: TournamentRecord) -> tuple[str, str]:
    """The heading and the text of a member's tournament record."""
    text = say.text(
        msg(
            "tournament.stats.line",
            played=Number(record.played),
            won=Number(record.won),
            paid=Number(record.in_the_money),
            prizes=chips(record.prizes),
            place=Number(record.best_place),
        )
    )
    return say.text(msg("tournament.stats.title")), text


def add(shown: discord.Embed, say: Catalog, record: TournamentRecord | None) -> discord.Embed:
    """``shown`` with the record as its last field (unchanged without one)."""
    if record is not None:
        name, value = lines(say, record)
        shown.add_field(name=name, value=value, inline=False)
    return shown
