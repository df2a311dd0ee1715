"""The leaderboard's page buttons: persistent ``DynamicItem``s (the custom_id names the board
and the page), so a leaderboard posted before a restart still turns its pages."""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.catalog import GameId
from bot.client import parlour
from bot.errors import reported
from bot.exts.economy import _render
from bot.exts.economy._board import TEMPLATE, PageKey, fetch_page
from bot.refusal import Refusal
from bot.text import Catalog, catalog, msg
from services.economy import Board


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """◀ / ▶ on a leaderboard: shows page ``key.page`` with the clicker's own rank."""

    def __init__(self, key: PageKey, *, label: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=key.custom_id(),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
            )
        )
        self.key = key

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        """Rebuild the button from its custom_id (after a restart, too)."""
        game = match["game"]
        season = match["season"]
        key = PageKey(
            Board(match["board"]),
            None if game == "*" else GameId(game),
            int(match["page"]),
            None if season is None else int(season),
        )
        label = getattr(item, "label", None) or "?"
        return cls(key, label=str(label), disabled=bool(getattr(item, "disabled", False)))

    @reported
    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the page, updating the message in place (one call)."""
        if interaction.guild_id is None:
            raise Refusal(msg("economy.board.in_server"))
        await show_page(interaction, self.key, edit=True)


def pager(say: Catalog, key: PageKey, *, has_next: bool) -> discord.ui.View:
    """The two page buttons for a page; one that leads nowhere is disabled."""
    view = discord.ui.View(timeout=None)
    previous = PageKey(key.board, key.game, max(key.page - 1, 0), key.season)
    following = PageKey(key.board, key.game, key.page + 1, key.season)
    view.add_item(
        PageButton(previous, label=say.text(msg("economy.board.previous")), disabled=key.page == 0)
    )
    view.add_item(
        PageButton(following, label=say.text(msg("economy.board.next")), disabled=not has_next)
    )
    return view


async def show_page(interaction: discord.Interaction, key: PageKey, *, edit: bool) -> None:
    """Answer with page ``key`` for the user who asked: a new message (``/leaderboard``) or an
    edit of the message whose button was clicked. Public, so in the server's language."""
    if interaction.guild_id is None:
        raise Refusal(msg("economy.board.in_server"))
    bot = parlour(interaction)
    board, has_next = await fetch_page(bot.economy, interaction.guild_id, key, interaction.user.id)
    say = catalog(await bot.languages.public(interaction.guild_id))
    shown = _render.leaderboard(say, board, key.page, interaction.user.id, has_next=has_next)
    view = pager(say, key, has_next=has_next)
    if edit:
        await interaction.response.edit_message(embed=shown, view=view)
    else:
        await interaction.response.send_message(embed=shown, view=view)
