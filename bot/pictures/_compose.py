"""Each table's picture, redrawn and re-encoded only where it changed since its last one.

A table update changes a few things on its picture (whose turn it is, a stack, the pot, one
seat's cards), so ``TablePictures`` keeps, per table, the scene it last drew and that picture's
PNG bands (see ``_png``), and for a new scene:

1. finds the items that differ between the two scenes and the rectangles they cover (a panel
   whose only change is its outline, the turn marker, covers its rim only);
2. paints each rectangle afresh from the new scene (every item over it, in order, as sprites at
   whole pixels) and maps it onto the shared palette;
3. inflates the bands under those rectangles, pastes the rectangles in, deflates them again,
   and joins them with the untouched bands' bytes into the file.

Every step is exact (painting a part alone gives that part of the whole; the palette mapping is
per pixel), so the file is byte for byte the one a full redraw makes (``encode_scene``); the
tests hold it to that over random tables of every game. Nothing of a picture but its bands and
its scene is kept (a few tens of KB a table), for the ``tables`` most recently drawn.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from bot.pictures import _png
from bot.pictures._scene import (
    FELT,
    Box,
    Format,
    Item,
    PanelItem,
    Scene,
    bounds,
    paint_into,
    palette,
)

RIM = 24
"""How far into a panel its outline and rounded corners reach (radius 14, outline 4, and the
smoothing filter's reach), so a change of outline repaints only that rim."""

MERGE = 8
"""Rectangles closer than this are painted as one (fewer passes over the scene's items)."""

FULL = 0.5
"""A change covering more than this share of the picture is drawn whole."""


@dataclass(frozen=True, slots=True)
class Picture:
    """An encoded picture and what a message needs to attach it."""

    data: bytes
    width: int
    height: int
    format: Format
    digest: str
    """A hash of the bytes: equal digests are the same file."""

    @property
    def filename(self) -> str:
        """A file name that changes with the picture (Discord caches attachments by URL)."""
        return f"table-{self.digest[:12]}.{self.format}"


@dataclass(frozen=True, slots=True)
class _Last:
    scene: Scene
    items: frozenset[Item]
    bands: tuple[_png.Band, ...]
    picture: Picture


class TablePictures:
    """The pictures of the tables most recently drawn, by table; thread-safe."""

    def __init__(self, tables: int = 1024, encoding: _png.Encoding | None = None) -> None:
        self.tables = tables
        self.encoding = encoding or _png.Encoding()
        """The bands' height and deflate level (the defaults: ``bench.render --encoders``)."""
        self.full = 0
        """Pictures drawn whole (a table's first, or one that changed almost everywhere)."""
        self.composed = 0
        """Pictures composed from their table's last one."""
        self.unchanged = 0
        """Updates whose scene was the table's last one: nothing drawn, the same picture."""
        self._last: OrderedDict[str, _Last] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._last)

    def picture(self, table: str, scene: Scene) -> Picture:
        """The picture of ``scene``, table ``table``'s newest state."""
        with self._lock:
            last = self._last.get(table)
            if last is not None:
                self._last.move_to_end(table)
        items = frozenset(scene.items)
        if last is not None and last.items == items and last.scene == scene:
            self.unchanged += 1
            return last.picture
        bands = None
        if last is not None and (last.scene.width, last.scene.height) == (
            scene.width,
            scene.height,
        ):
            bands = compose(last.items, last.bands, scene, items, self.encoding)
        if bands is None:
            self.full += 1
            bands = encode_bands(scene, self.encoding)
        else:
            self.composed += 1
        made = _picture(scene, bands)
        with self._lock:
            self._last[table] = _Last(scene, items, bands, made)
            self._last.move_to_end(table)
            while len(self._last) > self.tables:
                self._last.popitem(last=False)
        return made

    def forget(self, table: str) -> None:
        """Drop ``table``'s last picture (the table closed)."""
        with self._lock:
            self._last.pop(table, None)


def encode_scene(scene: Scene) -> bytes:
    """The PNG of ``scene``, drawn whole: what a composed picture must equal, byte for byte."""
    return _png.png(_header(scene.width, scene.height), encode_bands(scene))


def _picture(scene: Scene, bands: Sequence[_png.Band]) -> Picture:
    data = _png.png(_header(scene.width, scene.height), bands)
    digest = hashlib.blake2b(data, digest_size=16).hexdigest()
    return Picture(data, scene.width, scene.height, "png", digest)


@lru_cache(maxsize=16)
def _header(width: int, height: int) -> bytes:
    return _png.header(width, height, bytes(palette().getpalette() or []))


def _indices(image: Image.Image) -> Image.Image:
    """``image`` mapped onto the shared palette, one column wider: PNG's filter bytes (0)."""
    mapped = image.quantize(palette=palette(), dither=Image.Dither.NONE)
    wide = Image.new("P", (image.width + 1, image.height), 0)
    wide.paste(mapped, (1, 0))
    return wide


def _split(raw: bytes, stride: int, how: _png.Encoding) -> tuple[_png.Band, ...]:
    size = stride * how.rows
    return tuple(_png.band(raw[i : i + size], how.level) for i in range(0, len(raw), size))


def encode_bands(scene: Scene, how: _png.Encoding | None = None) -> tuple[_png.Band, ...]:
    """Every band of ``scene``'s picture."""
    how = how or _png.Encoding()
    image = Image.new("RGB", (scene.width, scene.height), FELT)
    paint_into(image, scene.items, 0, 0)
    return _split(_indices(image).tobytes(), scene.width + 1, how)


def compose(
    before: frozenset[Item],
    bands: Sequence[_png.Band],
    after: Scene,
    now: frozenset[Item] | None = None,
    how: _png.Encoding | None = None,
) -> tuple[_png.Band, ...] | None:
    """The bands of ``after``'s picture from ``bands``, the picture of the items ``before``
    (``now``: ``after``'s items, if already at hand); ``None`` when so much changed that a
    whole drawing is cheaper."""
    how = how or _png.Encoding()
    changes = _changes(before, frozenset(after.items) if now is None else now)
    boxes = [_clip(b, after) for b in _merge(changes)]
    boxes = [b for b in boxes if b[0] < b[2] and b[1] < b[3]]
    area = sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)
    if area > FULL * after.width * after.height:
        return None
    placed = [(item, bounds(item)) for item in after.items]
    patches = [(box, _patch(box, placed)) for box in boxes]
    stride = after.width + 1
    out = list(bands)
    rows = how.rows
    dirty = sorted(
        {i for box, _ in patches for i in range(box[1] // rows, (box[3] - 1) // rows + 1)}
    )
    for run in _runs(dirty):
        top = run[0] * rows
        raw = b"".join(_png.rows(out[i]) for i in run)
        strip = Image.frombytes("P", (stride, len(raw) // stride), raw)
        for box, patch in patches:
            if box[3] > top and box[1] < top + strip.height:
                strip.paste(patch, (box[0] + 1, box[1] - top))
        for i, one in zip(run, _split(strip.tobytes(), stride, how), strict=True):
            out[i] = one
    return tuple(out)


def _runs(indices: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for i in indices:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _patch(box: Box, placed: Iterable[tuple[Item, Box]]) -> Image.Image:
    """The pixels of ``box``, painted from every item over it, as palette indices."""
    left, top, right, bottom = box
    image = Image.new("RGB", (right - left, bottom - top), FELT)
    over = [i for i, b in placed if b[0] < right and b[2] > left and b[1] < bottom and b[3] > top]
    paint_into(image, over, left, top)
    return image.quantize(palette=palette(), dither=Image.Dither.NONE)


def _changes(old: frozenset[Item], new: frozenset[Item]) -> list[Box]:
    """The rectangles where pictures of the items ``old`` and ``new`` may differ."""
    gone, came = list(old - new), list(new - old)
    boxes: list[Box] = []
    rims: set[tuple[int, int, int, int]] = set()
    for item in (*gone, *came):
        if isinstance(item, PanelItem) and _rim_only(item, gone, came):
            rims.add((item.x, item.y, item.width, item.height))
        else:
            boxes.append(bounds(item))
    for x, y, w, h in rims:
        boxes.extend(
            [
                (x, y, x + w, y + RIM),
                (x, y + h - RIM, x + w, y + h),
                (x, y + RIM, x + RIM, y + h - RIM),
                (x + w - RIM, y + RIM, x + w, y + h - RIM),
            ]
        )
    return boxes


def _rim_only(panel: PanelItem, gone: list[Item], came: list[Item]) -> bool:
    """Whether ``panel`` changed only in its outline: the same box, fill and ground are
    among both the items gone and the items come, and the panel is big enough to have an
    inside its rim does not reach."""
    if panel.width <= 2 * RIM or panel.height <= 2 * RIM:
        return False
    key = (panel.x, panel.y, panel.width, panel.height, panel.fill, panel.ground)

    def same(items: list[Item]) -> bool:
        return any(
            isinstance(i, PanelItem) and (i.x, i.y, i.width, i.height, i.fill, i.ground) == key
            for i in items
        )

    return same(gone) and same(came)


def _merge(boxes: list[Box]) -> list[Box]:
    """Rectangles that overlap or nearly touch, joined."""
    merged: list[Box] = []
    for box in sorted(boxes):
        l0, t0, r0, b0 = box
        i = 0
        while i < len(merged):
            l1, t1, r1, b1 = merged[i]
            if l0 <= r1 + MERGE and l1 <= r0 + MERGE and t0 <= b1 + MERGE and t1 <= b0 + MERGE:
                l0, t0, r0, b0 = min(l0, l1), min(t0, t1), max(r0, r1), max(b0, b1)
                merged.pop(i)
                i = 0
            else:
                i += 1
        merged.append((l0, t0, r0, b0))
    return merged


def _clip(box: Box, scene: Scene) -> Box:
    return (max(0, box[0]), max(0, box[1]), min(scene.width, box[2]), min(scene.height, box[3]))
