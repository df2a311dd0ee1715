"""What every table interaction needs first: where it is, the bot's desk, refusals in the
player's words. Apart from the desk so that the desk and the components both import it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

import discord

from bot.refusal import Refusal, table_refusal
from bot.text import Text, msg
from bot.text.format import PlayerNames
from services.tables import TableError

if TYPE_CHECKING:
    from bot.table._desk import Desk


def refusal_text(error: TableError, desk: Desk | None = None) -> Text:
    """A table service refusal in the player's words: an engine's refusal in its game's
    (``GameUI.refusal``, when the desk has that game), the service's own in ``table.po``'s."""
    names = PlayerNames(desk.names) if desk is not None else PlayerNames()
    if error.refusal is not None and desk is not None and desk.has_game(error.game):
        return desk.ui(error.game).refusal(error.refusal, names)
    return table_refusal(error, names)


@contextlib.contextmanager
def refusals(desk: Desk | None = None) -> Iterator[None]:
    """The table service's refusals as the error reporter's ``Refusal`` (player-readable,
    answered ephemerally, nothing logged above INFO); ``desk`` words the engines' refusals
    in their games' words."""
    try:
        yield
    except TableError as error:
        raise Refusal(refusal_text(error, desk)) from error


def where(interaction: discord.Interaction) -> tuple[int, int]:
    """``(guild, channel)`` of an interaction at a table."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal(msg("table.refusal.in_dms"))
    return interaction.guild_id, interaction.channel_id


def desk_of(interaction: discord.Interaction) -> Desk:
    """The bot's desk, from any interaction (views and dynamic items get no ``self.bot``)."""
    desk = getattr(interaction.client, "desk", None)
    if desk is None:
        raise TypeError("this bot has no table desk")
    found = cast("Desk", desk)
    found.remember(interaction.user)  # every table click teaches its player's name
    return found
