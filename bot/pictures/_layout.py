"""Building blocks every table picture shares: card fans, seat panels, amounts with a chip.

Words never come from here: a picture shows cards, chips and numbers, and any word beside them
is a caller's ``Labels`` field, already in the reader's language (empty by default: then the
chip icon alone says what the number is).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.pictures import _scene as s
from bot.pictures._fonts import fit, text_width

Names = Mapping[str, str]
"""Display names by player id, passed in by the bot; an unknown id shows as itself."""


def _grouped(amount: int) -> str:
    return f"{amount:,}"


@dataclass(frozen=True, slots=True)
class Labels:
    """Words a caller may put beside the numbers, translated by the caller. Empty: no word."""

    pot: str = ""
    to_call: str = ""
    raises: str = ""
    stock: str = ""
    discards: str = ""
    round: str = ""
    called: str = ""
    kitty: str = ""
    stake: str = ""
    shoot: str = ""
    stack: str = ""
    """The legend's word for the blue chip beside each seat's stack."""
    digits: Callable[[int], str] = _grouped
    """How numbers are written (digit grouping, the reader's digits)."""

    def number(self, amount: int) -> str:
        """An amount as the reader writes it; a minus is a real minus sign."""
        text = self.digits(abs(amount))
        return f"−{text}" if amount < 0 else text

    def signed(self, amount: int) -> str:
        """A change of chips: ``+40``, ``−40``."""
        return f"+{self.digits(amount)}" if amount > 0 else self.number(amount)


DEFAULT_LABELS = Labels()

MARGIN = 12
NAME_SIZE = 24
NUMBER_SIZE = 22


def name_of(names: Names, pid: str) -> str:
    """The display name of ``pid``."""
    return names.get(pid, pid)


def fan(
    x: int,
    y: int,
    width: int,
    codes: Sequence[str | None],
    room: int,
    *,
    wild_rank: str | None = None,
    dim: bool = False,
    gap: int = 6,
) -> tuple[list[s.CardItem], int]:
    """Cards side by side from ``(x, y)``, overlapping just enough to fit in ``room`` pixels.
    Returns the cards and the width they take. The layouts give a fan room enough to keep
    each card's index column (rank and suit, about half the width) visible in play."""
    if not codes:
        return [], 0
    n = len(codes)
    step = width + gap
    if n > 1 and width + (n - 1) * step > room:
        # past the index column too (a capture of many soldiers, for the moment before the
        # discard) rather than out of the panel
        step = max(8, (room - width) // (n - 1))
    items = []
    for i, code in enumerate(codes):
        last = i == n - 1
        wild = code is not None and wild_rank is not None and code[:-1] == wild_rank
        items.append(
            s.CardItem(
                x=x + i * step,
                y=y,
                width=width,
                code=code,
                wild=wild,
                dim=dim,
                visible=width if last else min(width, step),
            )
        )
    return items, width + (n - 1) * step


def amount(
    x: int,
    y: int,
    value: str,
    chip_colour: s.RGB,
    *,
    size: int = NUMBER_SIZE,
    colour: s.RGB = s.WHITE,
    anchor: str = "l",
    label: str = "",
) -> tuple[list[s.Item], int]:
    """A chip icon and ``label value`` beside it, vertically centred on ``y``; ``anchor`` "r"
    right-aligns the whole thing at ``x``. Returns the items and their width."""
    text = f"{label} {value}".strip()
    text_w = text_width(text, size, bold=True)
    chip = round(size * 0.95)
    total = chip + 6 + text_w
    left = x - total if anchor == "r" else x
    items: list[s.Item] = [
        s.ChipItem(left + chip // 2, y, chip, chip_colour),
        s.TextItem(left + chip + 6, y, text, size, colour, bold=True, anchor="lm"),
    ]
    return items, total


Extra = tuple[str, "s.RGB", "s.RGB"]
"""A second amount on a seat's top line: its text, chip colour and text colour."""


def seat_top(
    x: int,
    y: int,
    w: int,
    *,
    name: str,
    stack: str,
    dealer: bool,
    dim: bool,
    extra: Extra | None = None,
) -> list[s.Item]:
    """A seat's first line: the dealer button, the name, the stack at the right and an
    ``extra`` amount (a stake, a payout) left of the stack."""
    items: list[s.Item] = []
    left = x + MARGIN
    mid = y + 22
    if dealer:
        items.append(s.ChipItem(left + 12, mid, 24, s.WHITE))
        items.append(s.TextItem(left + 12, mid, "D", 15, (20, 20, 20), bold=True, anchor="mm"))
        left += 32
    right = x + w - MARGIN
    stack_items, used = amount(right, mid, stack, s.STACK_CHIP, anchor="r")
    items.extend(stack_items)
    right -= used + 14
    if extra is not None:
        text, chip_colour, colour = extra
        extra_items, used = amount(right, mid, text, chip_colour, anchor="r", colour=colour)
        items.extend(extra_items)
        right -= used + 14
    colour = s.MUTED if dim else s.WHITE
    items.append(
        s.TextItem(
            left, mid, fit(name, NAME_SIZE, right - left, bold=True), NAME_SIZE, colour, bold=True
        )
    )
    return items


LEGEND_H = 34
"""The height of the legend line under a table (none when it has no words)."""


def legend(y: int, entries: Sequence[tuple[s.RGB, str]]) -> tuple[list[s.Item], int]:
    """A line under the table naming each chip colour it uses ("● Stack ● Stake ● Pot"), so a
    chip beside a number says what the number is (issue 33: chip icons had no labels); entries
    without a word are left out. Returns the items and the height they add (0: none)."""
    shown = [(colour, word) for colour, word in entries if word]
    if not shown:
        return [], 0
    items: list[s.Item] = []
    x = MARGIN + 8
    mid = y + LEGEND_H // 2
    for colour, word in shown:
        chips, used = amount(x, mid, "", colour, size=18, colour=s.MUTED, label=word)
        items.extend(chips)
        x += used + 22
    return items, LEGEND_H


def grid(count: int, columns: int, cell_w: int, cell_h: int, top: int) -> list[tuple[int, int]]:
    """The top-left corners of ``count`` cells, row by row."""
    return [
        (MARGIN + (i % columns) * (cell_w + MARGIN), top + (i // columns) * (cell_h + MARGIN))
        for i in range(count)
    ]
