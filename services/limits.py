"""The bounds every request is held to before anything changes: amounts and free text.

A refusal here is a code and its facts, never a sentence (the bot words it: ``input.po``):
:class:`AmountOutOfRange` for a chip amount or a setting outside what it may be, and
:class:`TextTooLong` for free text (a grant's reason) longer than :data:`MAX_TEXT`. Both are
raised before any transaction, so a refused request has changed nothing. The ceiling itself is
:data:`games.limits.MAX_CHIPS`, the one number every layer shares; the database enforces it too
(storage migration 0006 / PostgreSQL 0003), but a request should never get that far.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from games.limits import MAX_CHIPS, within
from storage.settings import GuildSettings

MAX_TEXT = 200
"""The longest free text a command keeps (a grant's or removal's reason): enough for a sentence,
and far below Discord's 2,000-character message, so an answer that repeats it always fits."""

__all__ = [
    "MAX_CHIPS",
    "MAX_TEXT",
    "AmountOutOfRange",
    "BoundsRefusal",
    "TextTooLong",
    "check_amount",
    "check_text",
    "settings_refusal",
]


class BoundsRefusal(Exception):
    """A request outside its bounds; ``code`` and ``params`` say which (no sentence)."""

    code = "bounds"

    def __init__(self, field: str, **params: int) -> None:
        self.field = field
        self.params = params
        super().__init__(f"{self.code}:{field}")


class AmountOutOfRange(BoundsRefusal):
    """``field`` (``amount``, ``buy_in``, a setting's name) must lie in ``min..max``."""

    code = "amount_out_of_range"


class TextTooLong(BoundsRefusal):
    """``field`` holds more than ``max`` characters."""

    code = "text_too_long"


def check_amount(field: str, amount: Any, low: int = 1, high: int = MAX_CHIPS) -> int:
    """``amount`` when it is an int in ``low..high``; else :class:`AmountOutOfRange`."""
    if not within(amount, low, high):
        raise AmountOutOfRange(field, min=low, max=high)
    return int(amount)


def check_text(field: str, text: str, limit: int = MAX_TEXT) -> str:
    """``text`` when it is at most ``limit`` characters; else :class:`TextTooLong`."""
    if len(text) > limit:
        raise TextTooLong(field, max=limit)
    return text


def settings_refusal(error: ValidationError) -> AmountOutOfRange | None:
    """The first failed setting of a ``GuildSettings`` validation as a refusal: its name and
    the bounds its field declares (0..MAX_CHIPS when it declares none); ``None`` when the
    settings only disagree with each other (a minimum above its maximum: the caller says
    which, from pydantic's own error)."""
    first = error.errors()[0]
    if not first.get("loc"):
        return None
    name = str(first["loc"][0])
    low, high = 0, MAX_CHIPS
    info = GuildSettings.model_fields.get(name)
    if info is not None:
        for rule in info.metadata:
            low = int(getattr(rule, "ge", low) or low)
            high = int(getattr(rule, "le", high) or high)
    return AmountOutOfRange(name, min=low, max=high)
