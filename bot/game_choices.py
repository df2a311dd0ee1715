"""The ``game`` option of the commands that are not a game's own (``/leaderboard``, ``/stats``,
``/history``): one list so the command picker names the games the same way everywhere.

An enum option would show its members' names (PALACE/PAIUTE/PONTOON); these choices show the
games' own names and send the id.
"""

from __future__ import annotations

from discord import app_commands

from bot.catalog import GameId
from bot.refusal import Refusal
from bot.text import msg

GAME_CHOICES = [
    app_commands.Choice(name="Palace Poker", value=GameId.PALACE.value),
    app_commands.Choice(name="Paiute", value=GameId.PAIUTE.value),
    app_commands.Choice(name="Pontoon", value=GameId.PONTOON.value),
]


def chosen_game(choice: app_commands.Choice[str] | None) -> GameId | None:
    """The game picked, ``None`` for all; a value no client offers is refused, not guessed."""
    if choice is None:
        return None
    try:
        return GameId(choice.value)
    except ValueError:  # a hand-made interaction's value; Discord's clients offer the list
        raise Refusal(msg("economy.refusal.unknown_choice", option="game")) from None
