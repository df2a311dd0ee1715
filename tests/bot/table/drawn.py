"""The table kit's components as the kit draws them, for tests outside ``tests/bot/table``:
the table message through the presenter and the renderer, a player's **My cards** reply
through its layout (the same calls the desk and private delivery make)."""

from __future__ import annotations

from typing import Any

import discord

from bot.table import GameUI, TableNames
from bot.table import _presenter as present
from bot.table import _render as render
from bot.table._layout import hand_components
from bot.table._views import build_view
from games.actions import ActionSpec
from services.tables import TableStatus


def names_at(status: TableStatus) -> TableNames:
    """The table's players by mention; display names none seen yet."""
    return TableNames({}, [str(s.user_id) for s in status.seats])


def table_view(ui: GameUI, status: TableStatus, legal: list[ActionSpec]) -> Any:
    """The table message's components, in English."""
    return render.table_view(present.present_table(ui, status, [], legal, names_at(status)))


def my_cards_view(ui: GameUI, status: TableStatus, legal: list[ActionSpec]) -> Any:
    """The **My cards** reply's components (``status``: the player's private view), in
    English; ``None`` when there are none."""
    shown = hand_components(ui, status, legal, names_at(status))
    return build_view(shown) if shown else None


def sent(view: discord.ui.View) -> list[discord.Button | discord.SelectMenu]:
    """The buttons and selects ``view`` sends, row by row, as discord.py reads them back from
    Discord's JSON (what a client is shown)."""
    return [
        discord.Button(item) if item["type"] == 2 else discord.SelectMenu(item)
        for row in view.to_components()
        for item in row["components"]
    ]
