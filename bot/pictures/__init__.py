"""Card pictures: the public table picture of each game and a player's private hand picture.

Pure functions from a game's view to a ``Scene`` (what is drawn where), and from a scene to PNG
or WebP bytes; no ``discord`` here, the table kit attaches the bytes. Cards, backs and chips are
drawn by Pillow; the fonts ship in ``fonts/`` (licences and sources in ASSETS.md); nothing is
fetched at run time.

- ``table_scene(Public(game.view(None)), names, labels)``: the table picture. Only a
  ``Public`` view is accepted, and only the public's view can be wrapped (``PrivateViewError``),
  so a hidden card cannot reach the channel.
- ``hand_scene(game.view(pid), style)``: the player's own cards, for their DM and **My
  cards**, in their card style (``STYLES``: classic, four-colour, large; ``_styles``).
- ``TablePictures.picture(table, scene)``: a table's picture, drawn and encoded only where it
  changed since that table's last one (the table updates' path: about a millisecond).
- ``PictureCache.render(lambda: hand_scene(...))``: builds, paints and encodes in a worker
  thread, once per distinct scene; ``Uploads.changed(key, picture)`` says whether an edit needs
  to attach the image again.

Words in pictures are the caller's (``Labels``, already translated); names come in ``names``.
"""

from __future__ import annotations

from bot.pictures._cache import PictureCache, Uploads, draw
from bot.pictures._cards import back, face
from bot.pictures._compose import Picture, TablePictures, encode_bands
from bot.pictures._fonts import HAS_RAQM
from bot.pictures._hand import (
    Group,
    NoHandError,
    groups_scene,
    paiute_hand,
    palace_hand,
    pontoon_hand,
)
from bot.pictures._layout import DEFAULT_LABELS, Labels, Names
from bot.pictures._paiute import paiute_scene
from bot.pictures._palace import palace_scene
from bot.pictures._png import BAND, Encoding
from bot.pictures._png import band as png_band
from bot.pictures._png import rows as png_rows
from bot.pictures._pontoon import PontoonViewLike, pontoon_scene
from bot.pictures._public import PrivateViewError, Public
from bot.pictures._scene import CardItem, Format, Scene, encode, paint, palette, styled, warm
from bot.pictures._stats import Chart, Listing, StatsCard, Tile, running_total, stats_picture
from bot.pictures._styles import DEFAULT_STYLE, STYLES, card_style
from games.paiute import PaiuteView
from games.palace import PalaceView
from games.pontoon import PontoonView

TableView = PalaceView | PaiuteView | PontoonViewLike
"""Any game's view."""


class NoPicture(NoHandError):
    """A game the renderer does not draw (a new or test-only game): its table goes without a
    picture rather than failing."""


def table_scene(
    table: Public[TableView],
    names: Names,
    labels: Labels = DEFAULT_LABELS,
    style: str = DEFAULT_STYLE,
) -> Scene:
    """The public table picture of whichever game ``table`` is a view of, its cards in
    ``style`` (the server's card style)."""
    view = table.view
    if isinstance(view, PalaceView):
        scene = palace_scene(Public(view), names, labels)
    elif isinstance(view, PaiuteView):
        scene = paiute_scene(Public(view), names, labels)
    elif isinstance(view, PontoonView):
        scene = pontoon_scene(Public(view), names, labels)
    else:
        raise NoPicture(f"no table picture for a {type(view).__name__}")
    return styled(scene, style)


def hand_scene(view: TableView, style: str = DEFAULT_STYLE) -> Scene:
    """The private hand picture of ``view``'s viewer (``NoHandError`` if they have none), in
    their card ``style``."""
    card = card_style(style).hand_card
    if isinstance(view, PalaceView):
        scene = palace_hand(view, card)
    elif isinstance(view, PaiuteView):
        scene = paiute_hand(view, card)
    elif isinstance(view, PontoonView):
        scene = pontoon_hand(view, card)
    else:
        raise NoPicture(f"no hand picture for a {type(view).__name__}")
    return styled(scene, style)


__all__ = [
    "BAND",
    "DEFAULT_LABELS",
    "DEFAULT_STYLE",
    "HAS_RAQM",
    "STYLES",
    "CardItem",
    "Chart",
    "Encoding",
    "Format",
    "Group",
    "Labels",
    "Listing",
    "Names",
    "NoHandError",
    "NoPicture",
    "Picture",
    "PictureCache",
    "PontoonViewLike",
    "PrivateViewError",
    "Public",
    "Scene",
    "StatsCard",
    "TablePictures",
    "TableView",
    "Tile",
    "Uploads",
    "back",
    "card_style",
    "draw",
    "encode",
    "encode_bands",
    "face",
    "groups_scene",
    "hand_scene",
    "paint",
    "paiute_hand",
    "paiute_scene",
    "palace_hand",
    "palace_scene",
    "palette",
    "png_band",
    "png_rows",
    "pontoon_hand",
    "pontoon_scene",
    "running_total",
    "stats_picture",
    "styled",
    "table_scene",
    "warm",
]
