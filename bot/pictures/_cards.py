"""Card faces, the card back and chips, drawn by Pillow itself (no art to license).

Each image is drawn three times larger and scaled down, for smooth corners and glyphs, once per
size: the table pictures only paste these cached images. By default suits have four colours
(spades black, hearts red, diamonds blue, clubs green) so that a suit reads at a glance on a
phone, which Palace Poker's banner suits need. The rank and suit sit in the left column, the
part of a card that stays visible when cards overlap in a fan. The suits' colours and the
index's size are the reader's card style (``_styles``).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures._fonts import LOCK, font
from bot.pictures._styles import DEFAULT_STYLE, card_style
from games.cards import FULL_DECK, Card

SUPERSAMPLE = 3
ASPECT = 1.4
"""Card height over card width."""

BACK_COLOUR = (128, 24, 36)
BACK_LINES = (172, 62, 70)
WILD_GOLD = (236, 182, 20)
FACE_COLOUR = (252, 252, 248)
EDGE_COLOUR = (150, 150, 150)

FULL_CODES = tuple(c.code for c in FULL_DECK)


def card_height(width: int) -> int:
    """The height of a card ``width`` pixels wide."""
    return round(width * ASPECT)


def _canvas(width: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int, int]:
    w, h = width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image), w, h


def _finish(image: Image.Image, width: int) -> Image.Image:
    return image.resize((width, card_height(width)), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1024)
def face(
    code: str, width: int, *, wild: bool = False, dim: bool = False, style: str = DEFAULT_STYLE
) -> Image.Image:
    """The face of card ``code`` (``"10h"``), ``width`` pixels wide, as RGBA.

    ``wild`` gives the card a gold frame and a star under its index (Paiute's wild cards);
    ``dim`` greys it out (a folded or beaten seat's cards); ``style`` is a card style's name.
    """
    with LOCK:
        return _face(Card.parse(code), width, wild=wild, dim=dim, style=style)


def _face(card: Card, width: int, *, wild: bool, dim: bool, style: str) -> Image.Image:
    image, draw, w, h = _canvas(width)
    radius = w // 9
    edge = max(SUPERSAMPLE, w // 40)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius, fill=FACE_COLOUR, outline=EDGE_COLOUR, width=edge
    )
    if wild:
        ring = max(2 * SUPERSAMPLE, w // 14)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, outline=WILD_GOLD, width=ring)
    look = card_style(style)
    colour = look.colours[card.suit]
    scale = look.index_scale
    rank = card.rank.code
    rank_size = round(w * (0.31 if len(rank) > 1 else 0.42) * scale)
    left = round(w * 0.24 * min(scale, 1.08))  # the centre line of the index column
    draw.text(
        (left, round(h * 0.04)), rank, font=font(rank_size, bold=True), fill=colour, anchor="mt"
    )
    index_suit = round(w * 0.36 * scale)
    draw.text(
        (left, round(h * 0.04) + round(w * 0.44 * scale)),
        card.suit.symbol,
        font=font(index_suit),
        fill=colour,
        anchor="mt",
    )
    if wild:
        draw.text(
            (left, round(h * 0.04) + round(w * 0.84 * scale)),
            "★",
            font=font(round(w * 0.30)),
            fill=WILD_GOLD,
            anchor="mt",
        )
    # a larger index leaves the big pip less room: smaller, lower right
    pip, pip_x, pip_y = (0.62, 0.64, 0.70) if scale <= 1 else (0.53, 0.70, 0.74)
    draw.text(
        (round(w * pip_x), round(h * pip_y)),
        card.suit.symbol,
        font=font(round(w * pip)),
        fill=colour,
        anchor="mm",
    )
    if dim:
        _dim(image)
    return _finish(image, width)


@lru_cache(maxsize=64)
def back(width: int, *, dim: bool = False) -> Image.Image:
    """The card back, the only thing the pictures show of a hidden card."""
    image, draw, w, h = _canvas(width)
    radius = w // 9
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius,
        fill=FACE_COLOUR,
        outline=EDGE_COLOUR,
        width=max(SUPERSAMPLE, w // 40),
    )
    inset = round(w * 0.08)
    inner = (inset, inset, w - 1 - inset, h - 1 - inset)
    pattern = Image.new("RGBA", (w, h), (*BACK_COLOUR, 255))
    lines = ImageDraw.Draw(pattern)
    step = max(4, round(w * 0.16))
    thick = max(SUPERSAMPLE, w // 50)
    for offset in range(-h, w + h, step):  # a diamond lattice
        lines.line((offset, 0, offset + h, h), fill=BACK_LINES, width=thick)
        lines.line((offset, h, offset + h, 0), fill=BACK_LINES, width=thick)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, max(1, radius - inset // 2), fill=255)
    image.paste(pattern, (0, 0), mask)
    if dim:
        _dim(image)
    return _finish(image, width)


@lru_cache(maxsize=64)
def slot(width: int) -> Image.Image:
    """An empty place where a pile would be (an empty discard pile)."""
    image, draw, w, h = _canvas(width)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), w // 9, outline=(255, 255, 255, 90), width=max(SUPERSAMPLE, w // 30)
    )
    return _finish(image, width)


@lru_cache(maxsize=64)
def chip(diameter: int, colour: tuple[int, int, int]) -> Image.Image:
    """A poker chip: the icon beside every amount, so amounts need no words."""
    d = diameter * SUPERSAMPLE
    image = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, d - 1, d - 1), fill=colour)
    ring = d // 7
    draw.ellipse((ring, ring, d - 1 - ring, d - 1 - ring), outline=(255, 255, 255), width=d // 10)
    for i in range(4):  # the edge marks
        start = i * 90 - 12
        draw.arc((0, 0, d - 1, d - 1), start, start + 24, fill=(255, 255, 255), width=ring)
    return image.resize((diameter, diameter), Image.Resampling.LANCZOS)


def _dim(image: Image.Image) -> None:
    grey = Image.new("RGBA", image.size, (60, 60, 60, 150))
    alpha = image.getchannel("A")
    image.alpha_composite(grey)
    image.putalpha(alpha)
