"""What every table interaction needs first: where it is, the bot's desk, refusals in the
player's words. Apart from the desk so that the desk and the components both import it: what
they need of the desk is :class:`TableDesk`, which the desk (``_desk.Desk``) is; a refusal
needs only :class:`Games`."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, Protocol, cast

import discord

from bot.refusal import Refusal, table_refusal
from bot.table._names import TableNames
from bot.table._ui import GameUI
from bot.text import Text, msg
from bot.text.format import PlayerNames
from services.tables import ActionResult, PrivateView, TableError, TableService, TableStatus


class Games(Protocol):
    """What a refusal needs to be worded in its game's words: the games' presenters and the
    players' display names (the desk has them)."""

    @property
    def names(self) -> dict[str, str]: ...

    def has_game(self, game: str) -> bool: ...

    def ui(self, game: str) -> GameUI: ...


class Cards(Protocol):
    """The **My cards** reply (``_my_cards.MyCards``), as the components use it."""

    @property
    def verifier(self) -> Callable[[discord.Interaction], Awaitable[None]] | None: ...

    def text(self, guild: int, channel: int, user: int, locale: str | None = None) -> str: ...

    async def show(self, interaction: discord.Interaction) -> None: ...

    async def message(
        self,
        guild: int,
        channel: int,
        user: int,
        locale: str,
        *,
        edit: bool = False,
        seen: PrivateView | None = None,
    ) -> dict[str, Any]: ...


class TableDesk(Games, Protocol):
    """What a table's components need of the bot's desk (``bot.desk``)."""

    @property
    def service(self) -> TableService: ...

    @property
    def cards(self) -> Cards: ...

    def remember(self, user: discord.abc.User) -> None: ...

    def names_of(self, status: TableStatus) -> TableNames: ...

    async def reader(self, interaction: discord.Interaction) -> str: ...

    async def show(
        self,
        result: ActionResult,
        interaction: discord.Interaction | None = None,
        *,
        reply: Text | Callable[[], Awaitable[None]] | None = None,
    ) -> None: ...

    async def publish(
        self,
        status: TableStatus,
        interaction: discord.Interaction | None = None,
        *,
        closed: Text | None = None,
        step: ActionResult | None = None,
    ) -> None: ...

    async def catch_up(self, interaction: discord.Interaction, status: TableStatus) -> bool: ...

    @property
    def replays(self) -> Callable[[discord.Interaction, int, int], Awaitable[None]] | None: ...


def refusal_text(error: TableError, desk: Games | None = None) -> Text:
    """A table service refusal in the player's words: an engine's refusal in its game's
    (``GameUI.refusal``, when the desk has that game), the service's own in ``table.po``'s."""
    names = PlayerNames(desk.names) if desk is not None else PlayerNames()
    if error.refusal is not None and desk is not None and desk.has_game(error.game):
        return desk.ui(error.game).refusal(error.refusal, names)
    return table_refusal(error, names)


@contextlib.contextmanager
def refusals(desk: Games | None = None) -> Iterator[None]:
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


def desk_of(interaction: discord.Interaction) -> TableDesk:
    """The bot's desk, from any interaction (views and dynamic items get no ``self.bot``)."""
    desk = getattr(interaction.client, "desk", None)
    if desk is None:
        raise TypeError("this bot has no table desk")
    found = cast(TableDesk, desk)
    found.remember(interaction.user)  # every table click teaches its player's name
    return found
