"""The table's components as sent: the views discord.py serializes, never keeps.

discord.py keeps every unfinished view it sends, with a timeout task, to find a click's
callback in it; the table's views are finished from the start, because the kit finds a click by
its custom id (:func:`bot.table._components.route`). The embed format's rows are Discord's JSON
written here from the presentation model (:func:`build_view`): discord.py's items cost some
forty Python calls a button to build, place and serialize, on every table update, and nothing of
them but the JSON was used. The JSON is discord.py's own, row placement included (a test holds
the two together). Components V2 nests its rows in a container, so it keeps discord.py's items
(:class:`TableButton`, :class:`TableSelect` in a :class:`TableLayout`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any

import discord

from bot.table._ids import Key
from bot.table._model import Button, Component, Select
from bot.text import DEFAULT_LOCALE, catalog, msg

ROWS, ROW_WIDTH = 5, 5
"""Discord's action rows a message holds, and the buttons a row holds (a select fills it)."""

_STYLES = {style.name: style.value for style in discord.ButtonStyle}


class TableView(discord.ui.View):
    """The model's components as action rows of Discord's JSON (``rows``), finished."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.rows = rows

    def is_finished(self) -> bool:
        return True

    def to_components(self) -> list[dict[str, Any]]:
        return self.rows


class TableLayout(discord.ui.LayoutView):
    """A Components V2 message of the table, finished (see :class:`TableView`)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


def build_view(components: Iterable[Component], locale: str = DEFAULT_LOCALE) -> TableView:
    """The presentation model's components in ``locale``, placed in rows as discord.py places
    its items: each in its ``row``, else in the first row with room, in the model's order."""
    say = catalog(locale).text
    room = [0] * ROWS
    placed: list[tuple[int, dict[str, Any]]] = []
    for c in components:
        width = 1 if isinstance(c, Button) else ROW_WIDTH
        row = c.row if c.row is not None else _open_row(room, width)
        if room[row] + width > ROW_WIDTH:
            raise ValueError(f"component would not fit at row {row}")
        room[row] += width
        placed.append((row, _button(c, say) if isinstance(c, Button) else _select(c, say)))
    placed.sort(key=itemgetter(0))  # stable: a row keeps the model's order
    return TableView(
        [
            {"type": 1, "components": [json for _, json in group]}
            for _, group in itertools.groupby(placed, key=itemgetter(0))
        ]
    )


def _open_row(room: list[int], width: int) -> int:
    for row, used in enumerate(room):
        if used + width <= ROW_WIDTH:
            return row
    raise ValueError("no row has room for another component")


def _button(c: Button, say: Callable[[Any], str]) -> dict[str, Any]:
    return {
        "type": 2,
        "style": _STYLES[c.style.value],
        "disabled": False,
        "label": say(c.label)[:80],
        "custom_id": c.key.button_id(),
    }


def _select(c: Select, say: Callable[[Any], str]) -> dict[str, Any]:
    options = [{"label": say(o.label)[:100], "value": o.value, "default": False} for o in c.options]
    return {
        "type": 3,
        "custom_id": c.key.select_id(),
        "min_values": c.min_values,
        "max_values": max(c.min_values, c.max_values),
        "disabled": False,
        "required": True,
        "placeholder": (say(c.placeholder) or say(msg("table.select.choose")))[:150],
        "options": options or [{"label": "?", "value": "?", "default": False}],
    }


class TableButton(discord.ui.Button[Any]):
    """A button of a V2 table message (an action, a choice, or the kit's own)."""

    def __init__(
        self,
        key: Key,
        *,
        label: str = "?",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        super().__init__(label=label, custom_id=key.button_id(), style=style, row=row)
        self.key = key


class TableSelect(discord.ui.Select[Any]):
    """A select of a V2 table message: one choice out of many (public), or cards (My cards)."""

    def __init__(
        self,
        key: Key,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(
            custom_id=key.select_id(),
            placeholder=(placeholder or catalog().text(msg("table.select.choose")))[:150],
            options=options or [discord.SelectOption(label="?")],
            min_values=min_values,
            max_values=max(min_values, max_values),
            row=row,
        )
        self.key = key
