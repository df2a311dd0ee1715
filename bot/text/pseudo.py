"""The pseudo-locale ``en-XA``: English made visibly foreign, to find text that skips the catalog.

Generated at load from the English catalogs: every template becomes ``⟦…⟧`` around its English
with accented, stretched letters (vowels doubled: German and Turkish run about a third longer),
its ``{fields}`` kept as they are. A test runs whole games with ``en-XA`` as the server's
language and scans what the bot sent: any word outside ``⟦…⟧`` that is not a name or a card
came from somewhere other than the catalog (``tests/pseudo_words.py``).
"""

from __future__ import annotations

import re
import string

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
