"""What Discord promises about a slash command's options, checked again before it runs.

Discord's clients send what the bot declared, but an old client's cached commands, a forged
payload or a bot that changed its commands since can send anything: no option where one is
required, a string where an integer is declared, a number outside the declared range, a
choice that is not offered, 2,100 characters where a name is expected. discord.py checks none
of that at run time (a range is only declared), so a command would meet a value its code
never expects and end in an apology and an ERROR log. :func:`check_options` runs as a check of
every command (``bot.errors.ParlourTree`` adds it), before discord.py converts anything, and
refuses with :class:`MalformedOption`: a refusal that names the option, never repeats what was
sent, and changes nothing.
"""

from __future__ import annotations

import math
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType as Kind

from bot.text import Number, Text, msg
from services.limits import MAX_TEXT


class MalformedOption(app_commands.CheckFailure):
    """A slash command whose options break its declaration; ``text`` says which, in the
    reader's words, without echoing the value."""

    def __init__(self, text: Text, code: str) -> None:
        super().__init__(code)
        self.text = text
        self.code = code


_NUMBERS = (Kind.integer, Kind.number)


def _fits_type(kind: Kind, value: Any) -> bool:
    if kind is Kind.integer:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is Kind.number:
        is_number = isinstance(value, int | float) and not isinstance(value, bool)
        return is_number and math.isfinite(value)
    if kind is Kind.string:
        return isinstance(value, str)
    if kind is Kind.boolean:
        return isinstance(value, bool)
    return True  # users, channels, roles and attachments: resolved by discord.py itself


def _refuse(param: app_commands.Parameter, value: Any) -> MalformedOption | None:
    name = param.display_name
    kind = param.type
    if not _fits_type(kind, value):
        if kind in _NUMBERS:
            return MalformedOption(msg("input.option.not_a_number", option=name), "not_a_number")
        return MalformedOption(msg("input.option.wrong_type", option=name), "wrong_type")
    if param.choices and value not in {c.value for c in param.choices}:
        offered = ", ".join(f"`{name}:{c.value}`" for c in param.choices)
        return MalformedOption(
            msg("input.option.not_a_choice", option=name, choices=offered), "not_a_choice"
        )
    low, high = param.min_value, param.max_value
    numeric = kind in _NUMBERS
    below = numeric and low is not None and value < low
    above = numeric and high is not None and value > high
    if below or above:
        least, most = Number(int(low or 0)), Number(int(high or 0))
        if high is None:
            text = msg("input.option.at_least", option=name, min=least)
        elif low is None:
            text = msg("input.option.at_most", option=name, max=most)
        else:
            text = msg("input.option.range", option=name, min=least, max=most)
        return MalformedOption(text, "range")
    if kind is Kind.string:
        longest = int(high) if high is not None else MAX_TEXT
        if len(value) > longest:
            return MalformedOption(
                msg("input.option.too_long", option=name, max=Number(longest)), "too_long"
            )
        if low is not None and len(value) < low:
            return MalformedOption(
                msg("input.option.too_short", option=name, min=Number(int(low))), "too_short"
            )
    return None


async def check_options(interaction: discord.Interaction) -> bool:
    """Every option of the command being run against its declaration (a command check)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return True
    given = interaction.namespace.__dict__
    for param in command.parameters:
        if param.display_name not in given:
            if param.required:
                text = msg("input.option.missing", option=param.display_name)
                raise MalformedOption(text, "missing")
            continue
        refusal = _refuse(param, given[param.display_name])
        if refusal is not None:
            raise refusal
    return True
