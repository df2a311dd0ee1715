"""Turning engine chip changes into one ``tables.save_action`` booking.

The engine holds the chips during a deal; the service reads them before and after a step (a
player's action with whatever plays itself after it, or a new deal) and books the difference.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.tables.registry import kitty, owed_outside
from games.engine import HOUSE, Engine
from storage.tables import Table


@dataclass(frozen=True, slots=True)
class Chips:
    """Where a table's chips are, as the engine (or storage, between deals) sees them."""

    stacks: dict[str, int]
    pot: int
    kitty: int
    house: int = 0
    owed: dict[str, int] = field(default_factory=dict)
    """Chips the deal owes players not in it (cumulative over the deal)."""

    @classmethod
    def of(cls, engine: Engine) -> Chips:
        stacks = {p: v for p, v in engine.stacks.items() if p != HOUSE}
        return cls(
            stacks, engine.pot, kitty(engine), engine.stacks.get(HOUSE, 0), owed_outside(engine)
        )

    @classmethod
    def stored(cls, row: Table) -> Chips:
        """Between deals: the stored stacks; the house bank starts every deal at 0."""
        return cls({s.pid: s.stack for s in row.seats}, row.pot, row.kitty)

    def deltas(self, before: Chips) -> dict[str, int]:
        """Each seat's stack change from ``before`` to this (owed chips go to the owner)."""
        out = {p: v - before.stacks.get(p, 0) for p, v in self.stacks.items()}
        for p, v in self.owed.items():
            out[p] = out.get(p, 0) + v - before.owed.get(p, 0)
        return {p: d for p, d in out.items() if d}
