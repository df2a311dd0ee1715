"""Why the engine refuses an action, in the words every game shares: the reasons no legal spec
allows it (:func:`explain`, the default of :meth:`games.core.engine.CardGame._explain`) and the
field a parse failure names; the refusal path itself is :meth:`games.core.engine.CardGame.act`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from games.actions import ActionSpec, AmountField, CardsField, ChoiceField
from games.errors import IllegalAction, Refusal

MAX_KIND_ECHO = 32
"""A refused kind is echoed back at most this long (it is the player's input)."""


def explain(action: Mapping[str, Any], specs: Sequence[ActionSpec]) -> IllegalAction:
    """The shared reasons an action no spec allows is refused: its kind is not legal now, an
    amount is out of its bounds, or a choice is not among the options."""
    kind = str(action.get("kind"))
    same = [spec for spec in specs if spec.kind == kind]
    allowed = tuple(dict.fromkeys(spec.kind for spec in specs))
    if not same:
        return IllegalAction(Refusal.NOT_NOW, kind=kind, allowed=allowed)
    for spec in same:
        for name, field in spec.fields.items():
            value = action.get(name)
            if field.contains(value):
                continue
            if isinstance(field, AmountField):
                return IllegalAction(
                    Refusal.AMOUNT_OUT_OF_RANGE, kind=kind, field=name, min=field.min, max=field.max
                )
            if isinstance(field, ChoiceField | CardsField):
                options = tuple(field.options)
                return IllegalAction(Refusal.NOT_A_CHOICE, kind=kind, field=name, options=options)
    return IllegalAction(Refusal.NOT_NOW, kind=kind, allowed=allowed)


def first_field(exc: Exception) -> str | None:
    """The field a parse failure names (``bad_action``), so the refusal says which one."""
    if isinstance(exc, ValidationError) and exc.errors():
        loc = [str(p) for p in exc.errors()[0]["loc"] if not str(p).isdigit()]
        return loc[-1] if loc else None
    return None
