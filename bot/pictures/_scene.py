"""A picture as data: the scene, the painter that turns it into an image, and the encoder.

The game modules only compute scenes (where each card, chip, panel and label goes); painting
is one loop over them. A scene is a frozen, hashable value holding exactly what is drawn, so it
is the cache key: two equal scenes are the same picture, and a change in the view that the
picture does not show (a timer, an option) costs neither a render nor an upload. The card
items also let the tests find every card in a picture.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from PIL import Image, ImageDraw

from bot.pictures import _cards
from bot.pictures._fonts import LOCK, font_for
from bot.pictures._styles import CLASSIC, DEFAULT_STYLE

RGB = tuple[int, int, int]

FELT: RGB = (14, 84, 56)
PANEL: RGB = (10, 62, 42)
WHITE: RGB = (245, 245, 240)
MUTED: RGB = (160, 190, 172)
TURN: RGB = (255, 214, 10)
ATTACK: RGB = (230, 70, 60)
DEFEND: RGB = (80, 150, 255)
WIN: RGB = (250, 200, 40)
GAIN: RGB = (120, 230, 120)
LOSS: RGB = (255, 120, 110)
STACK_CHIP: RGB = (30, 110, 190)
POT_CHIP: RGB = (200, 60, 50)
STAKE_CHIP: RGB = (220, 150, 20)
KITTY_CHIP: RGB = (140, 70, 190)


class CardItem(NamedTuple):
    """One card at ``(x, y)``: a face (its code) or, with ``code=None``, the back.

    ``visible`` is how many pixels from the left stay uncovered by the next card of a fan;
    ``style`` the card style its face is drawn in (``_styles``).
    """

    x: int
    y: int
    width: int
    code: str | None
    wild: bool = False
    dim: bool = False
    visible: int = 0
    style: str = DEFAULT_STYLE

    @property
    def height(self) -> int:
        """The card's height in pixels."""
        return _cards.card_height(self.width)


class SlotItem(NamedTuple):
    """An empty pile's place."""

    x: int
    y: int
    width: int


class ChipItem(NamedTuple):
    """A chip icon, centred on ``(x, y)``."""

    x: int
    y: int
    diameter: int
    colour: RGB


class PanelItem(NamedTuple):
    """A rounded box behind a seat or a pile, with an optional coloured outline."""

    x: int
    y: int
    width: int
    height: int
    fill: RGB
    outline: RGB | None = None
    outline_width: int = 0
    ground: RGB = FELT
    """The colour the panel stands on: its corners are drawn blended into it, so the panel
    pastes as plain RGB with no mask, the fast path."""


Anchor = Literal["lm", "rm", "mm", "lt", "mt", "rt"]


class TextItem(NamedTuple):
    """A short label: a number, a name (already cut to fit), a caller's translated word."""

    x: int
    y: int
    text: str
    size: int
    colour: RGB = WHITE
    bold: bool = False
    anchor: Anchor = "lm"


Item = CardItem | SlotItem | ChipItem | PanelItem | TextItem
"""Items are named tuples, hashed and compared in C: a table update compares two scenes' items
(``_compose``), which as frozen dataclasses cost more than the drawing they save. No two kinds
of item can be equal (their lengths or field types differ)."""


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything one picture shows."""

    width: int
    height: int
    items: tuple[Item, ...]

    @property
    def cards(self) -> tuple[CardItem, ...]:
        """The scene's cards, faces and backs, in painting order."""
        return tuple(i for i in self.items if isinstance(i, CardItem))


def styled(scene: Scene, style: str) -> Scene:
    """``scene`` with its card faces in ``style`` (the default style: ``scene`` itself, so
    the tables of servers that never chose a style pay nothing for styles)."""
    if style == DEFAULT_STYLE:
        return scene
    items = tuple(
        i._replace(style=style) if isinstance(i, CardItem) and i.code is not None else i
        for i in scene.items
    )
    return Scene(scene.width, scene.height, items)


Format = Literal["png", "webp"]


Box = tuple[int, int, int, int]
"""A rectangle: left, top, right, bottom (exclusive)."""


def paint(scene: Scene) -> Image.Image:
    """The scene as an RGB image."""
    image = Image.new("RGB", (scene.width, scene.height), FELT)
    paint_into(image, scene.items, 0, 0)
    return image


def paint_into(image: Image.Image, items: Iterable[Item], left: int, top: int) -> None:
    """Paint ``items`` onto ``image``, which shows the scene's pixels from ``(left, top)``.

    Every item is made of sprites pasted at whole pixels (text too: its glyph mask is made
    once), so a part of a scene painted alone is pixel for pixel that part of the whole scene:
    what lets a picture be composed from only the parts that changed. The sprites go through
    the image's core ``paste`` (what ``Image.paste`` ends in, without its checks of the
    arguments, which cost more than the pasting of most sprites: a hundred per update).
    """
    image.load()
    paint_core(image.im, items, left, top)


def paint_core(core: Any, items: Iterable[Item], left: int, top: int) -> None:
    """``paint_into`` an image's core (Pillow's ``Image.im``)."""
    with LOCK:  # the fonts, and the card art drawn on first use
        for item in items:
            for source, mask, dx, dy, w, h in _sprites(item):
                x, y = item.x + dx - left, item.y + dy - top
                if mask is None:
                    core.paste(source, (x, y, x + w, y + h))
                else:
                    core.paste(source, (x, y, x + w, y + h), mask)


Sprite = tuple[Any, Any, int, int, int, int]
"""A pasted part of an item: its pixels (an image core, or a colour through its mask), its
mask's core (``None``: opaque), where it goes from the item's point, and its size."""


def _sprites(item: Item) -> tuple[Sprite, ...]:
    if isinstance(item, CardItem):
        return _card(item.code, item.width, item.wild, item.dim, item.style)
    if isinstance(item, TextItem):
        return _text(item.text, item.size, item.bold, item.anchor, item.colour)
    if isinstance(item, PanelItem):
        return _panel_sprite(
            item.width, item.height, item.fill, item.outline, item.outline_width, item.ground
        )
    if isinstance(item, ChipItem):
        return _chip(item.diameter, item.colour)
    return _slot(item.width)


def _whole(art: Image.Image, dx: int = 0, dy: int = 0) -> Sprite:
    art.load()
    mask = art.im if art.mode == "RGBA" else None
    return (art.im, mask, dx, dy, art.width, art.height)


@lru_cache(maxsize=1024)
def _text(text: str, size: int, bold: bool, anchor: Anchor, colour: RGB) -> tuple[Sprite, ...]:
    mask, dx, dy, width, height = _glyphs(text, size, bold, anchor)
    if not width or not height:
        return ()
    return ((colour, mask, dx, dy, width, height),)


@lru_cache(maxsize=256)
def _panel_sprite(
    width: int, height: int, fill: RGB, outline: RGB | None, line: int, ground: RGB
) -> tuple[Sprite, ...]:
    return (_whole(_panel(width, height, fill, outline, line, ground)),)


@lru_cache(maxsize=64)
def _chip(diameter: int, colour: RGB) -> tuple[Sprite, ...]:
    r = diameter // 2
    return (_whole(_cards.chip(diameter, colour), -r, -r),)


@lru_cache(maxsize=64)
def _slot(width: int) -> tuple[Sprite, ...]:
    return (_whole(_cards.slot(width)),)


def bounds(item: Item) -> Box:
    """The pixels ``item`` may paint."""
    if isinstance(item, CardItem):
        return (item.x, item.y, item.x + item.width, item.y + item.height)
    if isinstance(item, TextItem):
        _, dx, dy, width, height = _glyphs(item.text, item.size, item.bold, item.anchor)
        x, y = item.x + dx, item.y + dy
        return (x, y, x + width, y + height)
    if isinstance(item, PanelItem):
        return (item.x, item.y, item.x + item.width, item.y + item.height)
    if isinstance(item, ChipItem):
        r = item.diameter // 2
        return (item.x - r, item.y - r, item.x - r + item.diameter, item.y - r + item.diameter)
    return (item.x, item.y, item.x + item.width, item.y + _cards.card_height(item.width))


@lru_cache(maxsize=1024)
def _card(code: str | None, width: int, wild: bool, dim: bool, style: str) -> tuple[Sprite, ...]:
    """A card's art (``code`` None: the back) in sprites: the rounded corners, pasted through
    their transparency, and the opaque rest, pasted as it is. Blending a fully opaque pixel
    gives that pixel, so the card comes out the same, at a fraction of the blending."""
    art = (
        _cards.back(width, dim=dim)
        if code is None
        else _cards.face(code, width, wild=wild, dim=dim, style=style)
    )
    w, h = art.size
    alpha = art.getchannel("A")
    corner = next(
        (
            k
            for k in range(1, min(w, h) // 3)
            if alpha.crop((k, 0, w - k, h)).getextrema()[0] == 255
            and alpha.crop((0, k, w, h - k)).getextrema()[0] == 255
        ),
        None,
    )
    if corner is None:
        return (_whole(art),)
    k = corner
    solid = art.convert("RGB")
    return (
        _whole(solid.crop((0, k, w, h - k)), 0, k),
        _whole(solid.crop((k, 0, w - k, k)), k, 0),
        _whole(solid.crop((k, h - k, w - k, h)), k, h - k),
        _whole(art.crop((0, 0, k, k))),
        _whole(art.crop((w - k, 0, w, k)), w - k, 0),
        _whole(art.crop((0, h - k, k, h)), 0, h - k),
        _whole(art.crop((w - k, h - k, w, h)), w - k, h - k),
    )


@lru_cache(maxsize=4096)
def _glyphs(text: str, size: int, bold: bool, anchor: Anchor) -> tuple[Any, int, int, int, int]:
    """``text``'s glyph mask (an image core), where its top left lies from the anchor point
    and its size: laid out and drawn once, then pasted in the text's colour wherever the text
    goes. This is the mask ``ImageDraw.text`` draws through at whole pixels (the same call, at
    the same point), so a label comes out as it would drawn there, at a third of the cost of
    measuring the text and then drawing it into an image of that size."""
    with LOCK:
        mask, (dx, dy) = font_for(text, size, bold=bold).getmask2(text, "L", anchor=anchor)
    width, height = mask.size
    return mask, dx, dy, width, height


def encode(image: Image.Image, fmt: Format = "png") -> bytes:
    """The image as file bytes.

    PNG: mapped onto one fixed 256-colour palette first. Every picture is made of the same few
    colours and their anti-aliased blends, so nothing visible is lost, the file is a third of
    the size of a true-colour PNG, and mapping onto a known palette is several times faster
    than finding a palette per picture. WebP: lossless, at its fastest method.
    """
    out = io.BytesIO()
    if fmt == "png":
        image.quantize(palette=palette(), dither=Image.Dither.NONE).save(
            out, "PNG", compress_level=3
        )
    else:
        image.save(out, "WEBP", lossless=True, quality=0, method=0)
    return out.getvalue()


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The palette of every picture, found once in a sample of everything the pictures draw."""
    items: list[Item] = []
    colours = (WHITE, MUTED, TURN, ATTACK, DEFEND, WIN, GAIN, LOSS)
    chips = (STACK_CHIP, POT_CHIP, STAKE_CHIP, KITTY_CHIP, WHITE)
    for i, colour in enumerate(colours):
        items.append(PanelItem(0, i * 60, 300, 56, PANEL, colour, 4))
        items.append(TextItem(20, i * 60 + 28, "Ag 0123456789 ⚔★", 24, colour, bold=True))
        items.append(TextItem(320, i * 60 + 28, "Ag 0123456789", 24, colour))
    for i, colour in enumerate(chips):
        items.append(ChipItem(520 + i * 40, 30, 24, colour))
        items.append(ChipItem(520 + i * 40, 80, 34, colour))
    for i, card in enumerate(_cards.FULL_CODES):
        x, y = (i % 13) * 66, 500 + (i // 13) * 100
        wild, dim = i % 5 == 0, i % 7 == 0
        items.append(CardItem(x, y, 64, card, wild=wild, dim=dim))
        items.append(CardItem(x, y + 420, 64, card, dim=not dim))
    # the other styles' inks: the large style's are the default's, the classic adds one red
    for i, card in enumerate(c for c in _cards.FULL_CODES if c.endswith("h")):
        items.append(CardItem(i * 66, 1340, 64, card, wild=i % 5 == 0, style=CLASSIC))
        items.append(CardItem(i * 66, 1440, 64, card, dim=True, style=CLASSIC))
    items.append(CardItem(900, 500, 64, None))
    items.append(CardItem(900, 600, 64, None, dim=True))
    items.append(SlotItem(900, 700, 64))
    sample = paint(Scene(1000, 1540, tuple(items)))
    return sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


@lru_cache(maxsize=128)
def _panel(
    width: int, height: int, fill: RGB, outline: RGB | None, line: int, ground: RGB
) -> Image.Image:
    s = _cards.SUPERSAMPLE
    image = Image.new("RGB", (width * s, height * s), ground)
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1),
        14 * s,
        fill=fill,
        outline=outline,
        width=line * s,
    )
    return image.resize((width, height), Image.Resampling.LANCZOS)


def rim_depth(one: PanelItem, two: PanelItem) -> int:
    """How deep from its edges the art of panel ``one`` differs from that of ``two``, a panel
    of the same size, fill and ground with another outline: inside that frame their pixels
    are equal, so a table whose turn marker moved repaints only the frame."""
    return _rim_depth(
        one.width,
        one.height,
        one.fill,
        one.ground,
        (one.outline, one.outline_width),
        (two.outline, two.outline_width),
    )


@lru_cache(maxsize=64)
def _rim_depth(
    width: int,
    height: int,
    fill: RGB,
    ground: RGB,
    one: tuple[RGB | None, int],
    two: tuple[RGB | None, int],
) -> int:
    first = _panel(width, height, fill, one[0], one[1], ground)
    second = _panel(width, height, fill, two[0], two[1], ground)
    depth = 0
    while 2 * depth < min(width, height):
        inside = (depth, depth, width - depth, height - depth)
        if first.crop(inside).tobytes() == second.crop(inside).tobytes():
            return depth
        depth += 1
    return depth


def warm() -> None:
    """Draw the shared palette and the card art now (a few hundred ms), so that the first
    table picture after start-up is as fast as the rest."""
    palette()
