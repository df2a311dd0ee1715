"""The economy commands' declared bounds, and the run-time check discord.py does not make.

Discord's client keeps a member inside an option's ``min_value``/``max_value`` (lengths for
text), but a forged or replayed payload is not the client: discord.py hands the command any
integer and any string. Every bounded command therefore checks its values against its own
declarations (:func:`within_declared`) before it changes anything, and refuses in the reader's
words without echoing the value (a 100,000-character reason must not come back).
"""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands

from bot.refusal import Refusal
from bot.text import Number, msg

MAX_ADMIN_AMOUNT = 1_000_000
"""The most chips one ``/admin grant`` or ``/admin remove`` moves: a fix-up, not a mint."""
MAX_SETTING_CHIPS = 1_000_000
"""The highest chip amount a server setting takes (starting balance, daily, refill)."""
MAX_STAKE = 1_000_000
"""The highest bet or buy-in a server setting takes."""
MAX_COOLDOWN_HOURS = 720
"""The longest ``/daily`` cooldown (30 days)."""
MAX_REFILL_MINUTES = 43_200
"""The longest refill cooldown (30 days)."""
MAX_TURN_SECONDS = 3600
"""The longest turn timer (an hour)."""
MAX_IDLE_MINUTES = 10_080
"""The longest a quiet table stays open (a week)."""
MAX_REASON = 200
"""The longest reason of an admin change, in characters (it goes to the ledger and the
channel's announcement, which Discord caps at 2,000)."""


def within_declared(interaction: discord.Interaction, values: Mapping[str, object]) -> None:
    """Refuse the first given value outside its option's declared range (or length)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return
    for parameter in command.parameters:
        value = values.get(parameter.name)
        if value is None or isinstance(value, bool):
            continue
        low, high = parameter.min_value, parameter.max_value
        option = parameter.display_name
        if isinstance(value, str):
            if high is not None and len(value) > high:
                raise Refusal(msg("economy.refusal.too_long", option=option, max=Number(int(high))))
            if low is not None and len(value.strip()) < low:
                raise Refusal(msg("economy.refusal.empty", option=option))
        elif isinstance(value, int):
            if low is not None and value < low:
                raise Refusal(msg("economy.refusal.too_small", option=option, min=Number(int(low))))
            if high is not None and value > high:
                raise Refusal(msg("economy.refusal.too_big", option=option, max=Number(int(high))))
