"""Right-to-left text: left-to-right pieces kept whole inside Unicode isolates.

In a Persian, Arabic or Sindhi sentence, a card face (``10♥``), a mention (``<@123>``), a number
or a ``/command`` is a left-to-right run; next to neutral characters (spaces, ``♥``, ``:``) the
bidi algorithm would reorder its parts ("♥10", a command's words swapped). Each such piece is
wrapped in LRI ... PDI (U+2066 / U+2069), a value written in a right-to-left script (a Persian
display name) in FSI ... PDI, so every piece shows as written. The isolates go *around* a
mention, never inside, so Discord still parses ``<@id>``. :class:`bot.text.Catalog` applies
this to every field it fills in (and to mentions and commands in a template's own text) when
its language reads right to left; nothing else in the bot needs to know.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from babel import Locale, UnknownLocaleError

LRI, FSI, PDI = "\u2066", "\u2068", "\u2069"

# Mentions, channels, roles, custom emoji and timestamps, then /commands with their sub-words
# (``/{command} hand`` too: the field's own isolate then nests inside, as isolates may); a slash
# right after a word or a field is a fraction (``{seated}/{max}``), not a command.
# A sign written right before a field (``+{amount}``) goes into one isolate with it, as the
# number's own sign does: outside, the bidi algorithm shows it after the digits ("20+").
_LTR_IN_TEMPLATE = re.compile(
    r"<(?:@[!&]?|#|a?:\w+:|t:)[\w:]+>|(?<![\w}])/(?:[a-z][\w-]*|\{\w+\})(?: [a-z][\w-]*)*"
    r"|(?<![\w}])[+\-−]\{\w+\}"
)


@functools.cache
def right_to_left(locale: str) -> bool:
    """Whether ``locale`` is written right to left (Babel's ``character_order``)."""
    try:
        return Locale.parse(locale.replace("-", "_")).character_order == "right-to-left"
    except (ValueError, UnknownLocaleError):  # a pseudo-locale Babel does not know
        return False


def _has_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def isolate(value: str) -> str:
    """``value`` as one unit in right-to-left text (empty and already isolated text unchanged)."""
    if not value or (value[0] in (LRI, FSI) and value[-1] == PDI):
        return value
    return f"{FSI if _has_rtl(value) else LRI}{value}{PDI}"


def isolate_template(template: str) -> str:
    """A translation's own mentions and ``/commands`` isolated (its fields are the catalog's)."""
    return _LTR_IN_TEMPLATE.sub(lambda m: isolate(m.group(0)), template)
