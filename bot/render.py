"""Rendering helpers every cog shares: chips, times, the play-money note, embed colours."""

from __future__ import annotations

import discord

PLAY_MONEY = (
    "Chips are play money: free, they can't be bought or cashed out, "
    "and they are worth nothing outside Parlour."
)

COLOUR = discord.Colour.dark_green()
REFUSAL_COLOUR = discord.Colour.dark_grey()


def chips(amount: int) -> str:
    """``1,250 chips`` (``1 chip``)."""
    return f"{amount:,} chip" + ("" if abs(amount) == 1 else "s")


def signed(amount: int) -> str:
    """``+120`` / ``-40`` / ``0``: a change of chips."""
    return f"{amount:+,}" if amount else "0"


def relative(unix_seconds: float) -> str:
    """A Discord timestamp every client shows as "in 3 hours" in the reader's own time."""
    return f"<t:{int(unix_seconds)}:R>"


def duration(seconds: float) -> str:
    """``23 h 59 min``, ``5 min``, ``40 s``: a wait, rounded up to the minute past a minute."""
    total = max(0, int(seconds + 0.999))
    if total < 60:
        return f"{total} s"
    minutes = (total + 59) // 60
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


def embed(title: str, description: str = "", *, footer: str | None = None) -> discord.Embed:
    """An embed in Parlour's colour."""
    made = discord.Embed(title=title, description=description, colour=COLOUR)
    if footer:
        made.set_footer(text=footer)
    return made
