"""The fonts shipped in ``fonts/`` (see ASSETS.md), loaded once per size.

Nothing is looked up on the host: a picture drawn on a server without any fonts installed is the
same picture as on a developer's machine. Text with Arabic script gets Noto Sans Arabic (DejaVu
has no Arabic shaping tables); everything else gets DejaVu Sans. With raqm in the Pillow build
(the PyPI wheels have it) right-to-left text is shaped and reordered; without it Pillow falls
back to its basic layout and Arabic comes out unjoined.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from importlib import resources

from PIL import ImageFont, features

_DIR = resources.files(__package__) / "fonts"

_FILES = {
    (False, False): "DejaVuSans.ttf",
    (False, True): "DejaVuSans-Bold.ttf",
    (True, False): "NotoSansArabic-Regular.ttf",
    (True, True): "NotoSansArabic-Bold.ttf",
}

LOCK = threading.RLock()
"""Held for every use of a font: a FreeType face is not safe to use from two threads at once,
and pictures are drawn in worker threads. Painting a picture holds it throughout."""

HAS_RAQM = bool(features.check("raqm"))
"""Whether this Pillow can shape complex and right-to-left scripts."""

_ARABIC_BLOCKS = (
    (0x0600, 0x06FF),
    (0x0750, 0x077F),
    (0x08A0, 0x08FF),
    (0xFB50, 0xFDFF),
    (0xFE70, 0xFEFF),
)


def is_arabic_script(text: str) -> bool:
    """Whether ``text`` needs the Arabic-script font (Arabic, Persian, Sindhi, Urdu ...)."""
    return any(lo <= ord(ch) <= hi for ch in text for lo, hi in _ARABIC_BLOCKS)


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = False, arabic: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at ``size`` pixels."""
    layout = ImageFont.Layout.RAQM if HAS_RAQM else ImageFont.Layout.BASIC
    path = _DIR / _FILES[(arabic, bold)]
    with resources.as_file(path) as real:
        return ImageFont.truetype(str(real), size, layout_engine=layout)


def font_for(text: str, size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font that can draw ``text``."""
    return font(size, bold=bold, arabic=is_arabic_script(text))


def printable(text: str) -> str:
    """``text`` without what no shipped font draws (emoji, other astral-plane characters,
    variation selectors, control characters), so a name never shows as a row of boxes."""
    kept = [
        ch
        for ch in text
        if ord(ch) <= 0xFFFF and not 0xFE00 <= ord(ch) <= 0xFE0F and (ch.isprintable())
    ]
    return " ".join("".join(kept).split())


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, *, bold: bool = False) -> int:
    """How many pixels wide ``text`` is drawn (remembered: a table's pictures measure the
    same names and amounts over and over)."""
    with LOCK:
        return round(font_for(text, size, bold=bold).getlength(text))


@lru_cache(maxsize=4096)
def fit(text: str, size: int, max_width: int, *, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it is at most ``max_width`` pixels wide."""
    text = printable(text)
    if text_width(text, size, bold=bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + "…", size, bold=bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"
