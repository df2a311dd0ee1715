"""The desk hears the table service: its events, re-dispatched as bot events by
``bot.table_events.DispatchingListener``, reach the desk's handlers through these listeners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

if TYPE_CHECKING:
    from bot.table._desk import Desk

EVENTS = {
    "on_table_timeout": "timeout_applied",
    "on_table_computer": "computer_acted",
    "on_tables_resumed": "tables_resumed",
    "on_table_closed": "table_closed",
}
"""Bot event -> the desk's handler."""


def listen(bot: commands.Bot, desk: Desk) -> None:
    """Hear the table service's events: timeouts, resumed tables, tables the service closed."""
    for event, handler in EVENTS.items():
        bot.add_listener(getattr(desk, handler), event)
