"""Words the pseudo-locale scan finds outside the catalog's ``⟦…⟧`` (see ``bot.text.pseudo``).

The scan is the tests' tool, not the bot's: a game played with ``en-XA`` as every language
must send no English-looking word that is not a name, a card, a mention, a timestamp or a link.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.text.pseudo import CLOSE, OPEN

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
