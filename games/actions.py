"""How an engine describes the actions a player may take now.

``legal_actions(pid)`` returns :class:`ActionSpec` values: an action kind plus, for each field the
action needs, the exact set of legal values. The same description drives the Discord buttons and
modals (an amount field becomes a modal with its bounds), the random players of
``games.simulate`` and the property tests, so there is one truth about what is legal.

A field is one of three shapes:

- :class:`AmountField` — a whole number of chips in ``[min, max]``;
- :class:`ChoiceField` — one value out of a list (a target player, a draw source, a card, or
  ``None`` where "nothing" is a legal answer);
- :class:`CardsField` — a set of ``min_count`` to ``max_count`` distinct cards out of a list.

>>> spec = ActionSpec(kind="raise", fields={"amount": AmountField(min=10, max=40)})
>>> spec.fields["amount"].contains(25)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class AmountField(BaseModel):
    """A chip amount between ``min`` and ``max`` inclusive."""

    model_config = ConfigDict(frozen=True)

    type: Literal["amount"] = "amount"
    min: int
    max: int

    def contains(self, value: object) -> bool:
        """Whether ``value`` is a legal answer for this field."""
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (self.min <= value <= self.max)
        )

    def sample(self, rng: random.Random) -> int:
        """A random legal amount, often at a bound, where mistakes hide."""
        roll = rng.random()
        if roll < 0.2:
            return self.min
        if roll < 0.3:
            return self.max
        return rng.randint(self.min, self.max)


class ChoiceField(BaseModel):
    """Exactly one of ``options`` (``None`` among them means "none" is allowed)."""

    model_config = ConfigDict(frozen=True)

    type: Literal["choice"] = "choice"
    options: tuple[str | None, ...]

    def contains(self, value: object) -> bool:
        """Whether ``value`` is a legal answer for this field."""
        return value in self.options

    def sample(self, rng: random.Random) -> str | None:
        """A random legal option."""
        return self.options[rng.randrange(len(self.options))]


class CardsField(BaseModel):
    """Between ``min_count`` and ``max_count`` distinct cards out of ``options`` (card codes)."""

    model_config = ConfigDict(frozen=True)

    type: Literal["cards"] = "cards"
    options: tuple[str, ...]
    min_count: int
    max_count: int

    def contains(self, value: object) -> bool:
        """Whether ``value`` (a list of card codes) is a legal answer for this field."""
        if not isinstance(value, list | tuple) or len(set(value)) != len(value):
            return False
        return self.min_count <= len(value) <= self.max_count and all(
            v in self.options for v in value
        )

    def sample(self, rng: random.Random) -> list[str]:
        """A random legal set of cards."""
        count = rng.randint(self.min_count, self.max_count)
        return rng.sample(list(self.options), count)


Field_ = Annotated[AmountField | ChoiceField | CardsField, Field(discriminator="type")]


class ActionSpec(BaseModel):
    """One legal action kind and the legal values of each of its fields."""

    model_config = ConfigDict(frozen=True)

    kind: str
    fields: dict[str, Field_] = Field(default_factory=dict)

    def allows(self, action: Mapping[str, Any]) -> bool:
        """Whether an action dict is one this spec permits (kind and every field)."""
        if action.get("kind") != self.kind:
            return False
        extra = set(action) - {"kind"} - set(self.fields)
        if extra:
            return False
        return all(f.contains(action.get(name)) for name, f in self.fields.items())

    def sample(self, rng: random.Random) -> dict[str, Any]:
        """A random action this spec permits."""
        action: dict[str, Any] = {"kind": self.kind}
        for name, f in self.fields.items():
            action[name] = f.sample(rng)
        return action


def as_dict(action: BaseModel | Mapping[str, Any]) -> dict[str, Any]:
    """An action given as a model or a mapping, as a plain dict with ``"kind"``."""
    if isinstance(action, BaseModel):
        return action.model_dump(mode="json")
    return dict(action)
