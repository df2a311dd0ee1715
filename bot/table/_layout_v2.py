"""The table message as Components V2: a container with the title and whose turn it is, the
table picture, the short log, then the same buttons and selects as the embed path.

Discord's V2 rules shape it: the flag (set by discord.py for a ``LayoutView``) forbids
``content`` and embeds, every component counts towards 40, all text towards 4000, and the
picture is an attachment named in a media gallery as ``attachment://name``. The picture's file
name changes with its bytes (``Picture.filename``), so an edit that keeps the picture keeps the
attachment and uploads nothing, and a changed picture is one new upload replacing the old.
"""

from __future__ import annotations

import asyncio
import functools
import io
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot.pictures import (
    DEFAULT_STYLE,
    Labels,
    NoHandError,
    NoPicture,
    Picture,
    PictureCache,
    Public,
    Scene,
    TablePictures,
    hand_scene,
    table_scene,
)
from bot.render import COLOUR
from bot.table._model import Button, Component, TableModel
from bot.table._views import TableButton, TableLayout, TableSelect
from bot.text import DEFAULT_LOCALE, Number, Text, catalog, msg
from bot.text.format import card as card_face

MAX_TEXT = 4000
"""Discord's total for the text of a V2 message's components."""

MAX_LOG = 1500
"""The log's share of it (the newest lines are kept)."""

TABLES = TablePictures()
"""Every table's picture, each composed from its last one (only what changed is drawn and
encoded), in a worker thread."""

HANDS = PictureCache()
"""Players' hand pictures (one per private state), drawn in a worker thread."""


@functools.cache
def labels(locale: str = DEFAULT_LOCALE) -> Labels:
    """The words beside the pictures' numbers, from the catalog (once per language: the
    catalogs do not change while the bot runs)."""
    say = catalog(locale).text

    def word(name: str) -> str:
        return say(msg(f"pictures.label.{name}"))

    return Labels(
        pot=word("pot"),
        to_call=word("to_call"),
        raises=word("raises"),
        stock=word("stock"),
        discards=word("discards"),
        round=word("round"),
        called=word("called"),
        kitty=word("kitty"),
        stake=word("stake"),
        shoot=word("shoot"),
        stack=word("stack"),
    )


@dataclass(frozen=True, slots=True)
class Drawn:
    """A picture and the cards it shows (codes; ``None``: a card face down), for its alt
    text."""

    picture: Picture
    cards: tuple[str | None, ...]


def alt_text(
    key: str, game: Text, cards: Iterable[str | None], locale: str = DEFAULT_LOCALE
) -> str:
    """A picture's alt text: the game and every card it shows face up, by name (``key``:
    ``pictures.alt.table`` or ``pictures.alt.hand``), and how many lie face down."""
    say = catalog(locale)
    codes = list(cards)
    faces = [say.text(card_face(c)) for c in codes if c is not None]
    down = sum(1 for c in codes if c is None)
    shown = ", ".join(faces) or say.text(msg("pictures.alt.no_cards"))
    line = say.text(msg(key, game=game, cards=shown))
    if down:
        line += " " + say.text(msg("pictures.alt.face_down", count=down, amount=Number(down)))
    return line[:1024]


def _draw(build: Callable[[], Scene], table: str | None = None) -> Drawn:
    scene = build()
    picture = HANDS.picture(scene) if table is None else TABLES.picture(table, scene)
    return Drawn(picture, tuple(c.code for c in scene.cards))


async def table_picture(
    view: Any,
    names: Mapping[str, str],
    locale: str,
    table: int | None = None,
    style: str = DEFAULT_STYLE,
) -> Drawn | None:
    """The public table picture of ``view`` (the public view: ``Public`` checks it), or
    ``None`` without one (the lobby has no cards to show), drawn in a worker thread and
    composed from table ``table``'s last picture (``None``: drawn whole), its cards in the
    server's card ``style``."""
    if view is None:
        return None
    words = labels(locale)
    key = None if table is None else str(table)
    try:
        return await asyncio.to_thread(
            _draw, lambda: table_scene(Public(view), names, words, style), key
        )
    except NoPicture:
        return None


async def hand_picture(view: Any, style: str = DEFAULT_STYLE) -> Drawn | None:
    """A player's own cards (their private view) in their card ``style``, or ``None`` when
    they hold none."""
    if view is None:
        return None
    try:
        return await asyncio.to_thread(_draw, lambda: hand_scene(view, style))
    except NoHandError:
        return None


def _rows(components: Iterable[Component], locale: str) -> list[discord.ui.ActionRow[Any]]:
    """The model's buttons and selects in action rows by their ``row`` (a select alone)."""
    say = catalog(locale).text
    rows: dict[int, list[discord.ui.Item[Any]]] = {}
    order: list[int] = []
    for c in components:
        if isinstance(c, Button):
            style = getattr(discord.ButtonStyle, c.style.value)
            item: discord.ui.Item[Any] = TableButton(c.key, label=say(c.label)[:80], style=style)
        else:
            options = [
                discord.SelectOption(label=say(o.label)[:100], value=o.value) for o in c.options
            ]
            item = TableSelect(c.key, say(c.placeholder), options, c.min_values, c.max_values)
        row = c.row if c.row is not None else (order[-1] if order else 0)
        if row not in rows:
            rows[row] = []
            order.append(row)
        rows[row].append(item)
    built: list[discord.ui.ActionRow[Any]] = []
    for row in sorted(order):
        items = rows[row]
        while items:  # a row holds five buttons, or one select
            take = 1 if isinstance(items[0], TableSelect) else 5
            chunk = [items.pop(0)]
            while items and len(chunk) < take and not isinstance(items[0], TableSelect):
                chunk.append(items.pop(0))
            action_row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
            for one in chunk:
                action_row.add_item(one)
            built.append(action_row)
    return built


@dataclass(frozen=True, slots=True)
class V2:
    """A V2 table message: its layout and its picture (none: text only)."""

    layout: discord.ui.LayoutView
    picture: Picture | None
    filename: str | None


def table_layout(
    model: TableModel, picture: Picture | None, alt: str, locale: str = DEFAULT_LOCALE
) -> V2:
    """The table message as a ``LayoutView``."""
    say = catalog(locale).text
    join = catalog(locale).join
    view = TableLayout()
    box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=COLOUR)
    head = f"## {say(model.title)}\n{say(model.turn)}"
    if model.hint:
        head += f"\n{say(model.hint)}"
    if model.stakes:  # the picture shows no stakes, and the fields that did are not shown
        head += f"\n-# {say(model.stakes)}"
    box.add_item(discord.ui.TextDisplay(head[:1000]))
    filename = None
    if picture is not None:
        filename = picture.filename
        gallery: discord.ui.MediaGallery[Any] = discord.ui.MediaGallery(
            discord.MediaGalleryItem(f"attachment://{filename}", description=alt)
        )
        box.add_item(gallery)
    else:
        seats = join(model.seats, "\n") or say(msg("table.seats.empty"))
        box.add_item(discord.ui.TextDisplay(f"**{say(model.seats_title)}**\n{seats}"[:1000]))
    if model.log:
        lines = [say(line) for line in model.log]
        while len(lines) > 1 and sum(len(line) + 1 for line in lines) > MAX_LOG:
            lines.pop(0)  # whole lines, the oldest first: a deal's end can be long
        shown = "\n".join(lines)[-MAX_LOG:]
        box.add_item(discord.ui.TextDisplay(f"**{say(msg('table.latest'))}**\n{shown}"))
    if model.footer:
        box.add_item(discord.ui.TextDisplay(f"-# {say(model.footer)}"[:500]))
    for row in _rows(model.components, locale):
        box.add_item(row)
    view.add_item(box)
    return V2(view, picture, filename)


def hand_layout(
    text: str,
    picture: Picture | None,
    alt: str,
    components: Iterable[Component] = (),
    locale: str = DEFAULT_LOCALE,
) -> V2:
    """A player's cards (**My cards**, a DM) as a ``LayoutView``: the words, then the picture."""
    view = TableLayout()
    box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=COLOUR)
    box.add_item(discord.ui.TextDisplay(text[: MAX_TEXT - 100] or "—"))
    filename = None
    if picture is not None:
        filename = picture.filename.replace("table-", "hand-")
        box.add_item(
            discord.ui.MediaGallery(
                discord.MediaGalleryItem(f"attachment://{filename}", description=alt)
            )
        )
    for row in _rows(components, locale):
        box.add_item(row)
    view.add_item(box)
    return V2(view, picture, filename)


def file_of(v2: V2) -> discord.File | None:
    """The picture as an upload (a fresh one each time: a ``File`` is read once)."""
    if v2.picture is None or v2.filename is None:
        return None
    return discord.File(io.BytesIO(v2.picture.data), filename=v2.filename)
