"""What every table interaction needs first: where it is, the bot's desk, refusals in the
player's words. Apart from the desk so that the desk and the components both import it."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, cast

import discord

from bot.refusal import Refusal
from bot.render import relative
from bot.table._ui import with_mentions
from games.errors import IllegalAction
from services.tables import TableError, TableStatus

if TYPE_CHECKING:
    from bot.table._desk import Desk

_SNOWFLAKE = re.compile(r"\d{15,21}")


@contextlib.contextmanager
def refusals(explain: Callable[[IllegalAction], str | None] | None = None) -> Iterator[None]:
    """The table service's refusals as the error reporter's ``Refusal`` (player-readable,
    answered ephemerally, nothing logged above INFO); ``explain`` words an engine's refusal
    code (a game's ``GameUI.refusal``)."""
    try:
        yield
    except TableError as error:
        cause = error.__cause__
        if explain is not None and isinstance(cause, IllegalAction):
            words = explain(cause)
            if words:
                raise Refusal(words) from error
        # Engines name players by id ("You can attack: 1100…"): ids become mentions.
        raise Refusal(with_mentions(error.message, _SNOWFLAKE.findall(error.message))) from error


def where(interaction: discord.Interaction) -> tuple[int, int]:
    """``(guild, channel)`` of an interaction at a table."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal("Tables live in server channels, not in DMs.")
    return interaction.guild_id, interaction.channel_id


def desk_of(interaction: discord.Interaction) -> Desk:
    """The bot's desk, from any interaction (views and dynamic items get no ``self.bot``)."""
    desk = getattr(interaction.client, "desk", None)
    if desk is None:
        raise TypeError("this bot has no table desk")
    return cast("Desk", desk)


def deadline_text(status: TableStatus) -> str:
    return f" (time runs out {relative(status.deadline.timestamp())})" if status.deadline else ""
