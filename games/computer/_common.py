"""What every computer player shares: reading the legal specs and never answering illegally.

A strategy sees the seat's view, the legal specs and a seeded ``random.Random`` and nothing
else. The helpers here read specs only by ``kind`` and ``fields`` (never ``label``), so the
engines may reword or restructure anything else without breaking the players.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from games.actions import ActionSpec, AmountField, CardsField, ChoiceField


class Strategy(Protocol):
    """A computer player for one game at one level."""

    def choose(self, view: Any, legal: Sequence[ActionSpec], rng: random.Random) -> dict[str, Any]:
        """An action ``legal`` allows, from ``view`` (the seat's own view) alone."""
        ...


def spec_of(legal: Sequence[ActionSpec], kind: str) -> ActionSpec | None:
    """The legal spec of ``kind``, if that kind is legal now."""
    return next((spec for spec in legal if spec.kind == kind), None)


def kinds(legal: Sequence[ActionSpec]) -> set[str]:
    """The kinds that are legal now."""
    return {spec.kind for spec in legal}


def amount_field(spec: ActionSpec, name: str = "amount") -> AmountField | None:
    """The spec's amount field ``name``, when it has one."""
    field = spec.fields.get(name)
    return field if isinstance(field, AmountField) else None


def choice_options(spec: ActionSpec, name: str) -> tuple[str | None, ...]:
    """The options of the spec's choice field ``name`` (empty when it has none)."""
    field = spec.fields.get(name)
    return field.options if isinstance(field, ChoiceField) else ()


def cards_field(spec: ActionSpec, name: str = "cards") -> CardsField | None:
    """The spec's cards field ``name``, when it has one."""
    field = spec.fields.get(name)
    return field if isinstance(field, CardsField) else None


def clamp(value: int, field: AmountField) -> int:
    """``value`` moved into the field's bounds."""
    return max(field.min, min(field.max, value))


def with_amount(spec: ActionSpec, wanted: int, name: str = "amount") -> dict[str, Any]:
    """The spec's action with ``wanted`` chips, clamped into its bounds."""
    field = amount_field(spec, name)
    action: dict[str, Any] = {"kind": spec.kind}
    if field is not None:
        action[name] = clamp(wanted, field)
    return action


def plain(spec: ActionSpec) -> dict[str, Any]:
    """The spec's action when it has no fields (or every field's first legal value)."""
    action: dict[str, Any] = {"kind": spec.kind}
    for name, field in spec.fields.items():
        if isinstance(field, AmountField):
            action[name] = field.min
        elif isinstance(field, ChoiceField):
            action[name] = field.options[0]
        else:
            action[name] = list(field.options[: field.min_count])
    return action


def first_of(legal: Sequence[ActionSpec], *wanted: str) -> dict[str, Any] | None:
    """The plain action of the first kind in ``wanted`` that is legal now."""
    for kind in wanted:
        spec = spec_of(legal, kind)
        if spec is not None:
            return plain(spec)
    return None


class Checked:
    """A strategy that falls back to a random legal action if its own choice is not legal.

    The strategies reason about rules the engines own; if an engine changes a rule the
    player did not foresee, the table still gets a legal move instead of a refusal loop.
    """

    def __init__(self, inner: Strategy) -> None:
        self.inner = inner
        self.fallbacks = 0
        """How often the inner strategy's answer was not legal (the tests expect none)."""

    def choose(self, view: Any, legal: Sequence[ActionSpec], rng: random.Random) -> dict[str, Any]:
        """The inner strategy's action when legal, else a random legal one."""
        if not legal:
            raise ValueError("nothing is legal for this seat now: it is not its move")
        action = self.inner.choose(view, legal, rng)
        if any(spec.allows(action) for spec in legal):
            return action
        self.fallbacks += 1
        return rng.choice(list(legal)).sample(rng)


class RandomPlayer:
    """A uniformly random legal action: the baseline the bench measures against."""

    def choose(self, view: Any, legal: Sequence[ActionSpec], rng: random.Random) -> dict[str, Any]:
        """One of the legal specs at random, with random legal values."""
        return rng.choice(list(legal)).sample(rng)
