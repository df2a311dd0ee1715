"""Each table's picture, redrawn and re-encoded only where it changed since its last one.

A table update changes a few things on its picture (whose turn it is, a stack, the pot, one
seat's cards), so ``TablePictures`` keeps, per table, the scene it last drew and that picture's
PNG bands (see ``_png``), and for a new scene:

1. finds the items that differ between the two scenes and the rectangles they cover (a panel
   whose only change is its outline, the turn marker, covers its rim only), and those of the
   items both show whose painting order or count changed (a set of items says nothing of
   order: an item painted over another before and under it now changes pixels too);
2. paints each rectangle afresh from the new scene (every item over it, in order, as sprites at
   whole pixels) and maps it onto the shared palette;
3. inflates the bands under those rectangles, pastes the rectangles in, deflates them again,
   and joins them with the untouched bands' bytes into the file.

Every step is exact (painting a part alone gives that part of the whole; the palette mapping is
per pixel), so the file's rows are, index for index, those of a full redraw (``drawn``);
the tests hold it to that over random tables of every game. Its bytes are too, but for the rare
band ISA-L deflates otherwise the second time (the same rows in other, equally valid bytes:
seen in one local run of the property test in ~16; it costs that update one upload more).
Nothing of a picture but its bands and its scene is kept (a few tens of KB a table), for the
``tables`` most recently drawn.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

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
    paint_core,
    paint_into,
    palette,
    rim_depth,
)

MERGE = 8
"""Rectangles closer than this may be painted as one (fewer passes over the scene's items)..."""

SLACK = 2048
"""... if their union adds at most this many pixels to theirs: about what one more pass
costs (a new image, the items over it, a palette mapping). Merging by nearness alone made a
moved turn marker's four frame rectangles the whole panel again; 1024 to 16384 measured
alike on the three games' largest tables."""

FULL = 0.25
"""A change covering more than this share of the picture is drawn whole: about where a
whole drawing gets cheaper than composing (a deal's start or end changes ~27% of a
10-seat Palace table, composed in ~5 ms, drawn whole in ~4; measured in each game)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """An encoded picture and what a message needs to attach it."""

    data: bytes
    width: int
    height: int
    format: Format
    digest: str
    """A hash of the bytes: equal digests are the same file (the same picture encoded twice
    has, but for the rare band ISA-L deflates otherwise, the same digest)."""

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
            bands = compose(last.scene, last.bands, scene, (last.items, items), self.encoding)
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


def drawn(scene: Scene) -> Picture:
    """The picture of ``scene``, drawn whole (no table's last picture to start from)."""
    return _picture(scene, encode_bands(scene))


def _picture(scene: Scene, bands: Sequence[_png.Band]) -> Picture:
    head = _header(scene.width, scene.height)
    data = _png.png(head, bands)
    return Picture(data, scene.width, scene.height, "png", _png.digest(head, bands))


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
    before: Scene,
    bands: Sequence[_png.Band],
    after: Scene,
    sets: tuple[frozenset[Item], frozenset[Item]] | None = None,
    how: _png.Encoding | None = None,
) -> tuple[_png.Band, ...] | None:
    """The bands of ``after``'s picture from ``bands``, the picture of ``before`` (``sets``:
    the two scenes' items as sets, if already at hand); ``None`` when so much changed that a
    whole drawing is cheaper."""
    how = how or _png.Encoding()
    old, new = sets or (frozenset(before.items), frozenset(after.items))
    common = old & new
    one, first = _order(before.items, common)
    two, second = _order(after.items, common)
    moved = _reordered(one, two)
    changes = _changes(old - common, new - common, None if moved else (first, second))
    changes.extend(moved)
    boxes = [_clip(b, after) for b in _merge(changes)]
    boxes = [b for b in boxes if b[0] < b[2] and b[1] < b[3]]
    area = sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)
    if area > FULL * after.width * after.height:
        return None
    placed = [(item, bounds(item)) for item in after.items]
    patches: list[tuple[Box, Any]] = []
    for (left, top, right, bottom), members in _groups(boxes):
        near = [
            (i, b)
            for i, b in placed
            if b[0] < right and b[2] > left and b[1] < bottom and b[3] > top
        ]
        patches.extend((box, _patch(box, near)) for box in members)
    stride = after.width + 1
    out = list(bands)
    rows = how.rows
    dirty = sorted(
        {i for box, _ in patches for i in range(box[1] // rows, (box[3] - 1) // rows + 1)}
    )
    size = stride * rows
    for run in _runs(dirty):
        top = run[0] * rows
        raw = bytearray().join(_png.rows(out[i]) for i in run)
        height = len(raw) // stride
        # an image over ``raw`` itself (mapped, not copied): the patches pasted through its
        # core land in ``raw``, which is then deflated band by band, with no copy either way
        core = Image.frombuffer("P", (stride, height), raw, "raw", "P", 0, 1).im
        for box, patch in patches:
            if box[3] > top and box[1] < top + height:
                x, y = box[0] + 1, box[1] - top
                core.paste(patch, (x, y, x + box[2] - box[0], y + box[3] - box[1]))
        del core
        view = memoryview(raw)
        for k, i in enumerate(run):
            out[i] = _png.band(view[k * size : (k + 1) * size], how.level)
    return tuple(out)


def _runs(indices: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for i in indices:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _patch(box: Box, placed: Iterable[tuple[Item, Box]]) -> Any:
    """The pixels of ``box``, painted from every item over it, as palette indices, in an
    image core (Pillow's ``Image.im``): ``quantize`` costs several times the mapping of a
    small patch in checks and a copy of the palette."""
    left, top, right, bottom = box
    image = _blank(right - left, bottom - top)
    over = [i for i, b in placed if b[0] < right and b[2] > left and b[1] < bottom and b[3] > top]
    paint_core(image, over, left, top)
    return image.convert("P", Image.Dither.NONE, palette().im)


SHEET = 1024
"""The side of the felt sheet patches are cut from."""


@lru_cache(maxsize=1)
def _sheet() -> Any:
    return Image.new("RGB", (SHEET, SHEET), FELT).im


def _blank(width: int, height: int) -> Any:
    """A felt-coloured image core: cut from one sheet (a third of ``Image.new``'s cost)."""
    if width <= SHEET and height <= SHEET:
        return _sheet().crop((0, 0, width, height))
    return Image.new("RGB", (width, height), FELT).im


def _groups(boxes: list[Box]) -> list[tuple[Box, list[Box]]]:
    """``boxes`` gathered where they nearly touch (a panel's frame, two labels side by side),
    each gathering with the rectangle around it: the items near a gathering are found once,
    then each of its boxes looks among those only."""
    groups: list[tuple[Box, list[Box]]] = []
    for box in boxes:
        l0, t0, r0, b0 = box
        for k, ((l1, t1, r1, b1), members) in enumerate(groups):
            if l0 <= r1 + MERGE and l1 <= r0 + MERGE and t0 <= b1 + MERGE and t1 <= b0 + MERGE:
                around = (min(l0, l1), min(t0, t1), max(r0, r1), max(b0, b1))
                groups[k] = (around, [*members, box])
                break
        else:
            groups.append((box, [box]))
    return groups


Places = dict[PanelItem, int]
"""For each panel only one of two scenes shows, how many of the items both show are painted
before it."""


def _order(items: Sequence[Item], common: frozenset[Item]) -> tuple[list[Item], Places]:
    """The ``common`` items among ``items``, in painting order, and the places of the
    other panels among them."""
    shared: list[Item] = []
    places: Places = {}
    for item in items:
        if item in common:
            shared.append(item)
        elif type(item) is PanelItem:
            places[item] = len(shared)
    return shared, places


def _reordered(one: list[Item], two: list[Item]) -> list[Box]:
    """The rectangles of the items two scenes both show (``one``, ``two``: in each scene's
    painting order) whose painting order or count changed.

    Comparing the scenes as sets of items says nothing of order or repeats: an item both
    show, painted over another one before and under it now (or painted twice before and once
    now: a label's anti-aliasing darkens), is no change to the sets, but a change to the
    pixels. Past the longest run that starts both sequences alike and the longest that ends
    them alike, every item counts as changed; a pixel under none of those (nor under an item
    gone or come) is painted by the same items in the same order in both scenes."""
    if one == two:
        return []
    size = min(len(one), len(two))
    start = next((k for k in range(size) if one[k] != two[k]), size)
    end = next((k for k in range(size - start) if one[-1 - k] != two[-1 - k]), size - start)
    return [bounds(i) for i in (*one[start : len(one) - end], *two[start : len(two) - end])]


def _changes(
    gone_set: frozenset[Item], came_set: frozenset[Item], places: tuple[Places, Places] | None
) -> list[Box]:
    """The rectangles where pictures may differ whose items ``gone_set`` left and
    ``came_set`` joined. A panel whose only change is its outline (the same box, fill and
    ground once among the items gone and once among those come: the turn marker moving)
    differs only in a frame along its edges, as deep as its two sprites differ
    (``rim_depth``), so only that frame is given, if it keeps its place among the items both
    scenes show (``places``: the panels' places before and after; ``None``: the order of
    those items changed): painted over the same items and under the same ones, the panel's
    inside shows the same pixels."""
    gone, came = list(gone_set), list(came_set)
    was = _panels(gone)
    now = _panels(came)
    boxes: list[Box] = []
    for item in (*gone, *came):
        if isinstance(item, PanelItem) and places is not None:
            key = _panel_key(item)
            before, after = was.get(key), now.get(key)
            if (
                before is not None
                and after is not None
                and places[0].get(before) == places[1].get(after)
            ):
                if item is before:  # the pair's frame, given once
                    boxes.extend(_frame(before, rim_depth(before, after)))
                continue
        boxes.append(bounds(item))
    return boxes


PanelKey = tuple[int, int, int, int, tuple[int, int, int], tuple[int, int, int]]


def _panel_key(panel: PanelItem) -> PanelKey:
    return (panel.x, panel.y, panel.width, panel.height, panel.fill, panel.ground)


def _panels(items: list[Item]) -> dict[PanelKey, PanelItem | None]:
    """The panels among ``items`` by box, fill and ground (``None``: more than one there)."""
    found: dict[PanelKey, PanelItem | None] = {}
    for item in items:
        if isinstance(item, PanelItem):
            key = _panel_key(item)
            found[key] = item if key not in found else None
    return found


def _frame(panel: PanelItem, depth: int) -> list[Box]:
    """The band ``depth`` pixels deep along ``panel``'s edges, as four rectangles."""
    x, y, w, h = panel.x, panel.y, panel.width, panel.height
    if 2 * depth >= min(w, h):
        return [(x, y, x + w, y + h)]
    if depth == 0:
        return []
    return [
        (x, y, x + w, y + depth),
        (x, y + h - depth, x + w, y + h),
        (x, y + depth, x + depth, y + h - depth),
        (x + w - depth, y + depth, x + w, y + h - depth),
    ]


def _merge(boxes: list[Box]) -> list[Box]:
    """Rectangles joined where one pass over their union costs less than a pass over each:
    where they overlap or nearly touch and their union adds little area (a panel's frame
    stays four thin rectangles rather than becoming the whole panel). Passes over the list
    until no two join (a grown rectangle may reach one it did not before)."""
    merged = sorted(boxes)
    joined = True
    while joined:
        joined = False
        out: list[Box] = []
        for box in merged:
            l0, t0, r0, b0 = box
            for i, (l1, t1, r1, b1) in enumerate(out):
                if l0 > r1 + MERGE or l1 > r0 + MERGE or t0 > b1 + MERGE or t1 > b0 + MERGE:
                    continue
                ul, ut, ur, ub = min(l0, l1), min(t0, t1), max(r0, r1), max(b0, b1)
                extra = (ur - ul) * (ub - ut) - (r0 - l0) * (b0 - t0) - (r1 - l1) * (b1 - t1)
                if extra <= SLACK:
                    out[i] = (ul, ut, ur, ub)
                    joined = True
                    break
            else:
                out.append(box)
        merged = out
    return merged


def _clip(box: Box, scene: Scene) -> Box:
    return (max(0, box[0]), max(0, box[1]), min(scene.width, box[2]), min(scene.height, box[3]))
