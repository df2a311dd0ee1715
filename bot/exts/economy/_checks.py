"""The guards every economy command shares: a server, and a member who is a person."""

from __future__ import annotations

import discord

from bot.refusal import Refusal
from bot.text import msg


def guild_of(interaction: discord.Interaction) -> int:
    """The server the command came from (the economy's commands are guild-only)."""
    if interaction.guild_id is None:  # guild_only commands: Discord never sends this
        raise Refusal(msg("economy.refusal.in_dms"))
    return interaction.guild_id


def not_a_bot(user: discord.abc.User) -> None:
    """A member the command may name: one Discord resolved (a forged or stale id comes as a
    bare ``discord.Object``), and no bot."""
    if not isinstance(user, discord.User | discord.Member):
        raise Refusal(msg("economy.refusal.unknown_user"))
    if user.bot:
        raise Refusal(msg("economy.refusal.bot"))
