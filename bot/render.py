"""Rendering helpers every cog shares: times, signed changes, the play-money note, embed colours.

The words are catalog messages (``economy.po``: the play-money note, durations, signed
changes), resolved by the caller in its reader's language; there is no English-only form, so
nothing here can skip the catalog. Chips are :func:`bot.text.format.chips`.
"""

from __future__ import annotations

import discord

from bot.text import Msg, Number, msg

PLAY_MONEY_MESSAGE = msg("economy.play_money")

COLOUR = discord.Colour.dark_green()
REFUSAL_COLOUR = discord.Colour.dark_grey()


def signed_message(amount: int) -> Msg:
    """``+120`` / ``-40`` / ``0``: a change of chips."""
    return msg(
        "economy.signed.gain" if amount > 0 else "economy.signed.other", amount=Number(amount)
    )


def clock_time(unix_seconds: float) -> str:
    """A moment as each reader's Discord shows a date and time (``<t:..:f>``): beside a
    wait already said in words, where a live relative one would say it again, rounded
    the other way ("in 24 h (in 23 h)")."""
    return f"<t:{int(unix_seconds)}:f>"


def relative(unix_seconds: float) -> str:
    """A Discord timestamp every client shows as "in 3 hours" in the reader's own time."""
    return f"<t:{int(unix_seconds)}:R>"


def duration_message(seconds: float) -> Msg:
    """``23 h 59 min``, ``5 min``, ``40 s``: a wait, rounded up to the minute past a minute."""
    total = max(0, int(seconds + 0.999))
    if total < 60:
        return msg("economy.duration.seconds", seconds=Number(total))
    minutes = (total + 59) // 60
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return msg("economy.duration.minutes", minutes=Number(minutes))
    if not minutes:
        return msg("economy.duration.hours", hours=Number(hours))
    return msg("economy.duration.hours_minutes", hours=Number(hours), minutes=Number(minutes))


def embed(title: str, description: str = "", *, footer: str | None = None) -> discord.Embed:
    """An embed in Parlour's colour."""
    made = discord.Embed(title=title, description=description, colour=COLOUR)
    if footer:
        made.set_footer(text=footer)
    return made
