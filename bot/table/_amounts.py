"""An amount typed into a modal, as a number or not at all.

``str.isdigit()`` is true for ``²`` and ``1²`` (superscripts are digits to Unicode) while
``int()`` refuses them, so "isdigit, then int" crashed on a superscript. Here a typed amount is
read the way a player writes it in any of the bot's languages (group separators of every
locale: ``1,250``, ``1.250``, ``1 250``, ``۱٬۲۵۰``; decimal digits of any script, which
``int()`` reads) and anything else, superscripts included, is no number.
"""

from __future__ import annotations

import re

from games.limits import MAX_CHIPS

_SEPARATORS = re.compile(r"[\s,._'\u066b\u066c\u2009\u202f\u00a0]")
"""Group separators a player may type: comma, dot, underscore, apostrophe, spaces (thin and
no-break too) and the Arabic decimal and thousands separators."""

LONGEST = len(f"{MAX_CHIPS:,}") + 4
"""A modal field's length limit: the ceiling written with separators, and a little room."""


def parse_amount(text: str) -> int | None:
    """The whole number ``text`` spells, or ``None`` (never raises)."""
    digits = _SEPARATORS.sub("", text)
    if not digits or not digits.isdecimal() or len(digits) > len(str(MAX_CHIPS)):
        return None
    return int(digits)
