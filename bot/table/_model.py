"""The presentation model: what a table shows, in no language and with no Discord objects.

The presenter (:mod:`._presenter`) builds these from the table's status, its recent events and
the game's :class:`~bot.table.GameUI`; the renderer (:mod:`._render`) turns them into an embed
and a view in one reader's language. Everything a player reads is :data:`~bot.text.Text`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from bot.table._ids import Key
from bot.table._ui import EmbedField
from bot.text import Text


class Style(StrEnum):
    """A button's colour (discord.py's ``ButtonStyle`` names)."""

    PRIMARY = "primary"
    SECONDARY = "secondary"
    SUCCESS = "success"


@dataclass(frozen=True, slots=True)
class Button:
    key: Key
    label: Text
    style: Style = Style.PRIMARY
    row: int | None = None


@dataclass(frozen=True, slots=True)
class Option:
    label: Text
    value: str


@dataclass(frozen=True, slots=True)
class Select:
    key: Key
    placeholder: Text
    options: tuple[Option, ...]
    min_values: int = 1
    max_values: int = 1
    row: int | None = None


Component = Button | Select


@dataclass(frozen=True, slots=True)
class TableModel:
    """The one table message."""

    title: Text
    turn: Text
    """The line under the title: whose turn and until when, what the lobby waits for, or (a
    closed table) why it closed and where the chips went."""
    seats_title: Text
    seats: tuple[Text, ...]
    """One line per seat (empty: the seats field says so)."""
    fields: tuple[EmbedField, ...]
    """The game's fields (none once closed)."""
    log: tuple[Text, ...]
    """The latest public events, oldest first."""
    footer: Text
    components: tuple[Component, ...] = field(default_factory=tuple)
    stakes: Text = ""
    """The table's stakes in one line (empty: the game says none): shown with the picture,
    which does not show them."""
    hint: Text = ""
    """What the game says of the moment under the turn line (Palace's free discard step):
    shown with the picture, which replaces the fields that say it."""
    closed: bool = False
    """The table is closed: its last picture stays, and its alt text says nobody is to act."""


@dataclass(frozen=True, slots=True)
class PrivateModel:
    """A player's DM after a step: what happened to them, then their cards as they are now."""

    header: Text
    lines: tuple[Text, ...]
