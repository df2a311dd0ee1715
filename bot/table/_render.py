"""The renderer: the presentation model in one reader's language, as Discord shows it.

The one place where the kit's and the games' :data:`~bot.text.Text` become strings (through
``bot.text.catalog(locale)``) and where Discord's limits apply: a field value holds 1024
characters, a DM 2000. ``locale`` is the server's language for the table message, the
reader's for a reply or a DM (the desk decides, through ``bot.languages``).
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.render import COLOUR
from bot.table._model import PrivateModel, TableModel
from bot.table._ui import MAX_FIELD
from bot.table._views import build_view
from bot.text import DEFAULT_LOCALE, Text, catalog, msg

MAX_DM = 2000

_EMPTY, _LATEST = msg("table.seats.empty"), msg("table.latest")


def lines(texts: Iterable[Text], locale: str = DEFAULT_LOCALE) -> str:
    """Texts one per line."""
    return catalog(locale).join(texts, "\n")


def text(value: Text | list[Text], locale: str = DEFAULT_LOCALE) -> str:
    """One text, or lines."""
    return lines(value, locale) if isinstance(value, list) else catalog(locale).text(value)


def table_embed(model: TableModel, locale: str = DEFAULT_LOCALE) -> discord.Embed:
    """The table message's embed."""
    say = catalog(locale).text
    shown = discord.Embed(title=say(model.title), description=say(model.turn), colour=COLOUR)
    shown.add_field(
        name=say(model.seats_title),
        value=lines(model.seats, locale) or say(_EMPTY),
    )
    for f in model.fields:
        shown.add_field(
            name=say(f.name), value=text(f.value, locale)[:MAX_FIELD] or "—", inline=f.inline
        )
    if model.log:
        shown.add_field(
            name=say(_LATEST), value=lines(model.log, locale)[-MAX_FIELD:], inline=False
        )
    if model.footer:  # none during a deal: the deal is in the turn line, the rules in /help
        shown.set_footer(text=say(model.footer))
    return shown


def table_view(model: TableModel, locale: str = DEFAULT_LOCALE) -> discord.ui.View:
    """The table message's components (none: a view without buttons, which clears them)."""
    return build_view(model.components, locale)


def private_text(model: PrivateModel, locale: str = DEFAULT_LOCALE) -> str:
    """A player's DM."""
    return lines([model.header, *model.lines], locale)[:MAX_DM]
