"""A line that mixes Arabic script with other letters, cut into runs drawn one by one.

No shipped font has both Arabic and Latin letters (nor DejaVu's punctuation in Noto Sans
Arabic), and a text item is drawn in one font, so a line such as ``آمار: alice`` or
``دست‌های بُرده (58٪)`` is cut into pieces (words, and the brackets and quotes at their
ends), each drawn in the font that has it. Where they go is a word-level form of the Unicode
bidi algorithm, enough for a card's short lines: on a right-to-left line, pieces follow each
other from the right, except that a stretch of left-to-right words (a name, a number, a game's
name) keeps its own order; a mark between two left-to-right pieces belongs to them, any other
mark takes the line's direction (and a bracket is mirrored on a right-to-left line). Each
piece's own letters are shaped and ordered by raqm.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.pictures._fonts import is_arabic_script

_MIRRORED = str.maketrans("()[]{}<>«»", ")(][}{><»«")

ARABIC, LATIN, MARK = "A", "L", "N"


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of a line drawn as one item, in visual order; ``space`` says whether a space
    lies between it and the run drawn before it (to its left)."""

    text: str
    space: bool


def _kind(piece: str) -> str:
    if is_arabic_script(piece):
        return ARABIC
    return LATIN if any(ch.isalnum() for ch in piece) else MARK


_BRACKETS = frozenset("()[]{}<>«»\"'")


def _is_bracket(ch: str) -> bool:
    """A mark cut off a word's end: brackets and quotes (a sign or a colon stays with its
    word, as the bidi algorithm keeps ``+20`` and ``20%`` whole)."""
    return ch in _BRACKETS


def _pieces(text: str) -> list[tuple[str, str, bool]]:
    """(piece, kind, space before it) in logical order: each word, with the marks at its
    ends (brackets and quotes) cut off as pieces of their own."""
    out: list[tuple[str, str, bool]] = []
    for n, word in enumerate(text.split(" ")):
        if not word:
            continue
        start, end = 0, len(word)
        while start < end and _is_bracket(word[start]):
            start += 1
        while end > start and _is_bracket(word[end - 1]):
            end -= 1
        bare = start == end  # a word of brackets only
        parts = [word] if bare else [*word[:start], word[start:end], *word[end:]]
        for i, part in enumerate(parts):
            out.append((part, _kind(part), n > 0 and i == 0))
    return out


@lru_cache(maxsize=1024)
def visual_runs(text: str, rtl: bool) -> tuple[Run, ...]:
    """``text``'s runs from left to right (one run: the text needs no cutting)."""
    pieces = _pieces(text)
    kinds = [k for _, k, _ in pieces]
    if ARABIC not in kinds or set(kinds) == {ARABIC}:  # one font draws it all
        return (Run(text, False),)
    base = ARABIC if rtl else LATIN
    resolved = []
    for i, kind in enumerate(kinds):
        if kind == MARK:
            before = next((k for k in reversed(kinds[:i]) if k != MARK), base)
            after = next((k for k in kinds[i + 1 :] if k != MARK), base)
            kind = before if before == after else base
        resolved.append(kind)
    # units: stretches of the other direction than the line's are kept as one, in order
    units: list[tuple[list[tuple[str, bool]], str]] = []
    for (piece, _, space), kind in zip(pieces, resolved, strict=True):
        if units and kind != base and units[-1][1] == kind:
            units[-1][0].append((piece, space))
        else:
            units.append(([(piece, space)], kind))
    runs: list[Run] = []
    ordered = reversed(units) if rtl else iter(units)
    spaced_next = False
    for members, kind in ordered:
        joined = members[0][0] + "".join((" " if s else "") + p for p, s in members[1:])
        if rtl and kind == ARABIC:
            joined = joined.translate(_MIRRORED)
        # visual order: on a right-to-left line, the space before a unit (logically) lies
        # to its right, so it separates it from the run drawn after it
        space_logical = members[0][1]
        if rtl:
            runs.append(Run(joined, spaced_next))
            spaced_next = space_logical
        else:
            runs.append(Run(joined, space_logical))
    return tuple(runs)
