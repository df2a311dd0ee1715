"""The ``/stats`` pictures (issue 31): a player's or a server's record as one card.

A card is words the caller has already translated (``StatsCard``) and numbers to chart; this
module only places them: a title, up to four tiles (a label over a big value), a chart (a line
of a running total, or bars of counts), then two lists side by side. Drawn with the table
pictures' kit (panels and text as scene items, the shipped fonts, raqm for right-to-left text,
the shared palette): a right-to-left card mirrors its layout, so its lists read from the right;
the chart keeps time running left to right, as charts in those languages do.

The chart is painted onto the scene's image afterwards with ``ImageDraw`` (lines and bars are
no scene items: nothing else draws them, and a card is drawn whole, never composed).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.pictures._compose import Picture
from bot.pictures._fonts import fit, text_width
from bot.pictures._runs import visual_runs
from bot.pictures._scene import (
    GAIN,
    LOSS,
    MUTED,
    PANEL,
    RGB,
    WHITE,
    WIN,
    Anchor,
    Item,
    PanelItem,
    Scene,
    TextItem,
    encode,
    paint,
)

WIDTH = 800
MARGIN = 24
GAP = 12
TILE_HEIGHT = 84
CHART_HEIGHT = 200
ROW = 28
LIST_TOP = 44
MAX_LINES = 8
"""Lines of a list kept (the rest would make the card a scroll)."""


@dataclass(frozen=True, slots=True)
class Tile:
    """A label over a big value, in ``colour``."""

    label: str
    value: str
    colour: RGB = WHITE


@dataclass(frozen=True, slots=True)
class Chart:
    """What the chart shows: ``values`` as a line (a running total: the area under zero is a
    loss) or, with ``bars``, as bars of counts; ``empty`` is said when there is nothing."""

    title: str
    values: tuple[int, ...]
    empty: str
    bars: bool = False
    low: str = ""
    high: str = ""
    """The lowest and highest value as written (the axis' labels)."""


@dataclass(frozen=True, slots=True)
class Listing:
    """A titled list of (label, value) lines."""

    title: str
    lines: tuple[tuple[str, str], ...] = ()
    empty: str = ""


@dataclass(frozen=True, slots=True)
class StatsCard:
    """One ``/stats`` card, every word already in the reader's language."""

    title: str
    subtitle: str
    tiles: tuple[Tile, ...]
    chart: Chart
    left: Listing
    right: Listing
    rtl: bool = False
    extra: tuple[str, ...] = field(default=())
    """Short lines under the lists (achievements, the season's rank)."""


class _Mirror:
    """x positions and anchors of a card, mirrored when it reads right to left."""

    def __init__(self, rtl: bool) -> None:
        self.rtl = rtl

    def x(self, x: int, width: int = 0) -> int:
        return WIDTH - x - width if self.rtl else x

    def start(self) -> Anchor:
        return "rm" if self.rtl else "lm"

    def end(self) -> Anchor:
        return "lm" if self.rtl else "rm"


def _list_height(listing: Listing) -> int:
    return LIST_TOP + ROW * max(1, min(len(listing.lines), MAX_LINES)) + 12


def _say(
    rtl: bool,
    x: int,
    y: int,
    text: str,
    size: int,
    colour: RGB = WHITE,
    bold: bool = False,
    anchor: Anchor = "lm",
) -> list[Item]:
    """``text`` at ``(x, y)`` as one item, or, when it mixes Arabic script with other
    letters (a Persian label beside a Latin name), as one item per run, placed in the card's
    reading order (each run's own letters are shaped and ordered by raqm)."""
    runs = visual_runs(text, rtl)
    if len(runs) == 1:
        return [TextItem(x, y, text, size, colour, bold, anchor)]
    gap = text_width(" ", size, bold=bold)
    widths = [text_width(r.text, size, bold=bold) for r in runs]
    total = sum(widths) + sum(gap for r in runs[1:] if r.space)
    left = x if anchor[0] == "l" else x - total if anchor[0] == "r" else x - total // 2
    placed: list[Item] = []
    for i, (run, width) in enumerate(zip(runs, widths, strict=True)):
        if i and run.space:
            left += gap
        placed.append(TextItem(left, y, run.text, size, colour, bold, "l" + anchor[1]))  # type: ignore[arg-type]
        left += width
    return placed


def card_scene(card: StatsCard) -> tuple[Scene, tuple[int, int, int, int]]:
    """The card's scene and the box of its chart's plot (left, top, right, bottom), where
    :func:`stats_picture` draws the line or the bars."""
    m = _Mirror(card.rtl)
    rtl = card.rtl
    items: list[Item] = []
    inner = WIDTH - 2 * MARGIN
    title = fit(card.title, 30, inner, bold=True)
    items += _say(rtl, m.x(MARGIN), 36, title, 30, WIN, True, m.start())
    items += _say(rtl, m.x(MARGIN), 70, fit(card.subtitle, 18, inner), 18, MUTED, False, m.start())
    y = 96
    count = max(1, len(card.tiles))
    tile_w = (inner - GAP * (count - 1)) // count
    for i, tile in enumerate(card.tiles):
        left = m.x(MARGIN + i * (tile_w + GAP), tile_w)
        items.append(PanelItem(left, y, tile_w, TILE_HEIGHT, PANEL))
        label = fit(tile.label, 16, tile_w - 24)
        value = fit(tile.value, 26, tile_w - 24, bold=True)
        items += _say(rtl, left + tile_w // 2, y + 24, label, 16, MUTED, False, "mm")
        items += _say(rtl, left + tile_w // 2, y + 56, value, 26, tile.colour, True, "mm")
    y += TILE_HEIGHT + GAP
    items.append(PanelItem(MARGIN, y, inner, CHART_HEIGHT, PANEL))
    chart = card.chart
    heading = fit(chart.title, 18, inner - 32, bold=True)
    items += _say(rtl, m.x(MARGIN + 16), y + 22, heading, 18, WHITE, True, m.start())
    axis = 70
    plot = (MARGIN + axis, y + 44, WIDTH - MARGIN - 16, y + CHART_HEIGHT - 16)
    if not chart.values:
        middle = (plot[1] + plot[3]) // 2
        empty = fit(chart.empty, 18, inner - 32)
        items += _say(rtl, WIDTH // 2, middle, empty, 18, MUTED, False, "mm")
    else:
        high, low = fit(chart.high, 14, axis - 12), fit(chart.low, 14, axis - 12)
        items.append(TextItem(plot[0] - 8, plot[1] + 6, high, 14, MUTED, False, "rm"))
        items.append(TextItem(plot[0] - 8, plot[3] - 6, low, 14, MUTED, False, "rm"))
    y += CHART_HEIGHT + GAP
    for listing in (card.left, card.right):
        height = _list_height(listing)
        items.extend(_listing(listing, MARGIN, y, inner, height, m))
        y += height + GAP
    y -= GAP
    for line in card.extra:
        y += 30
        items += _say(rtl, m.x(MARGIN), y, fit(line, 18, inner), 18, WHITE, False, m.start())
    return Scene(WIDTH, y + MARGIN + (6 if card.extra else 0), tuple(items)), plot


def _listing(
    listing: Listing, left: int, top: int, width: int, height: int, m: _Mirror
) -> list[Item]:
    items: list[Item] = [PanelItem(left, top, width, height, PANEL)]
    start = left + width - 16 if m.rtl else left + 16
    end = left + 16 if m.rtl else left + width - 16
    heading = fit(listing.title, 18, width - 32, bold=True)
    items += _say(m.rtl, start, top + 22, heading, 18, WHITE, True, m.start())
    if not listing.lines:
        empty = fit(listing.empty, 16, width - 32)
        items += _say(m.rtl, start, top + LIST_TOP + 10, empty, 16, MUTED, False, m.start())
    for i, (label, value) in enumerate(listing.lines[:MAX_LINES]):
        row = top + LIST_TOP + 10 + i * ROW
        shown = fit(value, 16, width // 2, bold=True)
        items += _say(m.rtl, end, row, shown, 16, WHITE, True, m.end())
        room = width - 48 - text_width(shown, 16, bold=True)
        items += _say(m.rtl, start, row, fit(label, 16, max(room, 40)), 16, MUTED, False, m.start())
    return items


def _draw_chart(image: Image.Image, chart: Chart, plot: tuple[int, int, int, int]) -> None:
    values = chart.values
    if not values:
        return
    left, top, right, bottom = plot
    draw = ImageDraw.Draw(image)
    low = min(0, *values) if not chart.bars else 0
    high = max(0, *values)
    span = max(high - low, 1)

    def y_of(value: int) -> int:
        return round(bottom - (value - low) * (bottom - top) / span)

    zero = y_of(0)
    draw.line((left, zero, right, zero), fill=MUTED, width=1)
    if chart.bars:
        step = (right - left) / len(values)
        for i, value in enumerate(values):
            x0 = round(left + i * step + 1)
            x1 = max(x0 + 1, round(left + (i + 1) * step - 2))
            if value:
                draw.rectangle((x0, y_of(value), x1, zero), fill=GAIN)
        return
    if len(values) == 1:
        values = (0, values[0])
    step = (right - left) / (len(values) - 1)
    points = [(round(left + i * step), y_of(v)) for i, v in enumerate(values)]
    colour = GAIN if values[-1] >= 0 else LOSS
    draw.line(points, fill=colour, width=3, joint="curve")
    x, y = points[-1]
    draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=colour)


def stats_picture(card: StatsCard) -> Picture:
    """The card as a PNG (about 10 ms: ``python -m bench.stats_picture``)."""
    scene, plot = card_scene(card)
    image = paint(scene)
    _draw_chart(image, card.chart, plot)
    data = encode(image)
    digest = hashlib.blake2b(data, digest_size=16).hexdigest()
    return Picture(data, scene.width, scene.height, "png", digest)


def running_total(changes: Sequence[int]) -> tuple[int, ...]:
    """The total after each change: chips won over time."""
    total = 0
    out = []
    for change in changes:
        total += change
        out.append(total)
    return tuple(out)


__all__ = ["Chart", "Listing", "StatsCard", "Tile", "card_scene", "running_total", "stats_picture"]
