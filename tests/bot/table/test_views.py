"""The table's rows as the kit writes them are the JSON discord.py writes for the same items:
placement in rows, order within a row, every key, Discord's length limits (the kit skips
discord.py's items on the embed path, not its output)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.table._ids import Key
from bot.table._model import Button, Component, Option, Select, Style
from bot.table._views import TableButton, TableSelect, TableView, build_view
from bot.text import catalog
from services.tables import Expected

EXPECTED = Expected(7, 2, 11)


def discord_py_rows(components: tuple[Component, ...]) -> list[dict[str, Any]]:
    """The same components as discord.py's own items in its own view, serialized by it."""
    say = catalog("en").text
    view = discord.ui.View(timeout=None)
    for c in components:
        if isinstance(c, Button):
            style = getattr(discord.ButtonStyle, c.style.value)
            view.add_item(TableButton(c.key, label=say(c.label)[:80], style=style, row=c.row))
        else:
            options = [
                discord.SelectOption(label=say(o.label)[:100], value=o.value) for o in c.options
            ]
            view.add_item(
                TableSelect(
                    c.key, say(c.placeholder), options, c.min_values, c.max_values, row=c.row
                )
            )
    return view.to_components()


def kit_rows(components: tuple[Component, ...]) -> list[dict[str, Any]]:
    return build_view(components).to_components()


def button(n: int, row: int | None = None, style: Style = Style.PRIMARY) -> Button:
    return Button(Key(EXPECTED, f"act_{'abcdefghijklmnopqrstuvwxy'[n]}"), f"Action {n}", style, row)


def test_the_lobby_fills_the_first_row_in_order():
    lobby = (button(0, style=Style.SUCCESS), button(1), button(2, style=Style.SECONDARY))
    assert kit_rows(lobby) == discord_py_rows(lobby)
    assert len(kit_rows(lobby)) == 1


def test_the_busiest_table_rows_match_discord_py():
    buttons = tuple(button(i, row=i // 5) for i in range(15))
    options = tuple(Option(f"option {i}", f"o{i}") for i in range(25))
    picker = Select(Key(EXPECTED, "pick", "target"), "Pick one", options, row=3)
    cards = Button(Key(EXPECTED, "@cards"), "My cards", Style.SECONDARY, row=4)
    shown: tuple[Component, ...] = (*buttons, picker, cards)
    assert kit_rows(shown) == discord_py_rows(shown)
    assert [len(row["components"]) for row in kit_rows(shown)] == [5, 5, 5, 1, 1]


def test_my_cards_selects_keep_their_bounds_and_the_defaults_fill_in():
    cards = tuple(Option(f"{rank}♠", f"{rank}s") for rank in "A23456")
    discard = Select(Key(EXPECTED, "discard", "cards"), "", cards, min_values=2, max_values=1)
    empty = Select(Key(EXPECTED, "call", "card"), "Call", ())
    long = Button(Key(EXPECTED, "@verify"), "x" * 200)
    shown: tuple[Component, ...] = (discard, empty, long)
    assert kit_rows(shown) == discord_py_rows(shown)


def test_a_component_that_does_not_fit_is_refused_as_discord_py_refuses_it():
    crowded: tuple[Component, ...] = (*(button(i, row=0) for i in range(5)), button(5, row=0))
    with pytest.raises(ValueError):
        discord_py_rows(crowded)
    with pytest.raises(ValueError):
        kit_rows(crowded)


def test_the_view_is_never_kept_by_discord_py():
    view = build_view((button(0),))
    assert isinstance(view, TableView)
    assert view.is_finished()  # sent, not stored: a click is routed by its custom id


components = st.one_of(
    st.builds(
        lambda n, row, style: button(n, row, style),
        st.integers(0, 24),
        st.one_of(st.none(), st.integers(0, 4)),
        st.sampled_from(list(Style)),
    ),
    st.builds(
        lambda n, row, low, high: Select(
            Key(EXPECTED, "pick", f"f{n}"),
            f"Pick {n}",
            tuple(Option(f"o{i}", f"v{i}") for i in range(n % 25 + 1)),
            low,
            high,
            row,
        ),
        st.integers(0, 99),
        st.one_of(st.none(), st.integers(0, 4)),
        st.integers(1, 3),
        st.integers(1, 3),
    ),
)


@given(st.lists(components, max_size=12).map(tuple))
def test_any_components_place_and_serialize_as_discord_py_does_them(shown):
    try:
        expected = discord_py_rows(shown)
    except ValueError:
        with pytest.raises(ValueError):
            kit_rows(shown)
        return
    assert kit_rows(shown) == expected
