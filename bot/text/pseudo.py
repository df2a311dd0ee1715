"""The pseudo-locale ``en-XA``: English made visibly foreign, to find text that skips the catalog.

Generated at load from the English catalogs: every template becomes ``⟦…⟧`` around its English
with accented, stretched letters (vowels doubled: German and Turkish run about a third longer),
its ``{fields}`` kept as they are. A test runs whole games with ``en-XA`` as the server's
language and scans what the bot sent: any word outside ``⟦…⟧`` that is not a name or a card
came from somewhere other than the catalog (see :func:`unwrapped`).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable

PSEUDO = "en-XA"
OPEN, CLOSE = "⟦", "⟧"

_ACCENTS = str.maketrans("aeiouAEIOUcnsyzCNSYZ", "áéíóúÁÉÍÓÚçñšýžÇÑŠÝŽ")
_VOWELS = re.compile(r"([áéíóúÁÉÍÓÚ])")


def _stretch(literal: str) -> str:
    return _VOWELS.sub(r"\1\1", literal.translate(_ACCENTS))


def _escape(literal: str) -> str:
    return literal.replace("{", "{{").replace("}", "}}")


def pseudo_template(template: str) -> str:
    """``"{player} buys a soldier"`` -> ``"⟦{player} búúýš á šóólðííér⟧"`` (fields untouched)."""
    out = [OPEN]
    for literal, name, spec, conversion in string.Formatter().parse(template):
        out.append(_escape(_stretch(literal)))
        if name is not None:
            conv = f"!{conversion}" if conversion else ""
            fmt = f":{spec}" if spec else ""
            out.append(f"{{{name}{conv}{fmt}}}")
    out.append(CLOSE)
    return "".join(out)


_WORD = re.compile(r"[A-Za-z]{2,}")
_MARKUP = re.compile(r"<[@#][!&]?\d+>|<t:\d+(?::\w)?>|https?://\S+")


def _outside(text: str) -> str:
    """``text`` without its ``⟦…⟧`` parts (nested ones too)."""
    depth, kept = 0, []
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            kept.append(ch)
    return "".join(kept)


def unwrapped(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English-looking words of ``text`` that no catalog message produced (names and other
    ``allowed`` words, mentions, timestamps and links excepted)."""
    ok = {a.lower() for a in allowed}
    rest = _MARKUP.sub(" ", _outside(text))
    return [w for w in _WORD.findall(rest) if w.lower() not in ok]
