"""Rendering helpers every cog shares: chips, times, the play-money note, embed colours.

The words are catalog messages (``economy.po``: the play-money note, durations, signed
changes); the ``str`` forms below are those messages in English, for callers that do not say
a language yet.
"""

from __future__ import annotations

import discord

from bot.text import DEFAULT_LOCALE, Msg, Number, catalog, msg
from bot.text.format import chips as chips_message

PLAY_MONEY_MESSAGE = msg("economy.play_money")

COLOUR = discord.Colour.dark_green()
REFUSAL_COLOUR = discord.Colour.dark_grey()


def _english(message: Msg) -> str:
    return catalog(DEFAULT_LOCALE).text(message)


PLAY_MONEY = _english(PLAY_MONEY_MESSAGE)


def chips(amount: int) -> str:
    """``1,250 chips`` (``1 chip``)."""
    return _english(chips_message(amount))


def signed_message(amount: int) -> Msg:
    """``+120`` / ``-40`` / ``0``: a change of chips."""
    return msg(
        "economy.signed.gain" if amount > 0 else "economy.signed.other", amount=Number(amount)
    )


def signed(amount: int) -> str:
    """``+120`` / ``-40`` / ``0``: a change of chips."""
    return _english(signed_message(amount))


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


def duration(seconds: float) -> str:
    """:func:`duration_message` in English."""
    return _english(duration_message(seconds))


def embed(title: str, description: str = "", *, footer: str | None = None) -> discord.Embed:
    """An embed in Parlour's colour."""
    made = discord.Embed(title=title, description=description, colour=COLOUR)
    if footer:
        made.set_footer(text=footer)
    return made
