"""Clicks per action at each game's table, before and after issue 14's one-click changes.

Run from the repository root: ``python -m bench.clicks [--deals N] [--seed S]``. Three
``normal`` computer players play each table variant; every action they choose is priced as a
person would play it on Discord, with the table message's buttons and the **My cards** reply:

- *after*: what the layout offers now (``bot.table._layout``): a button without fields is one
  click; an amount with one legal value (a limit raise) or a one-click amount of the game
  (Pontoon's **No shoot**) is one click; another amount is the button and the form's submit
  (two); a choice is one click (a button or a select); a card choice is **My cards** and the
  select (two), and keeping every soldier is **My cards** and **Keep all** (two); selling the
  bank is the buyer's button and the form (two).
- *before*: the same, as the layout was at the start of the session: every amount opened a form
  (two), selling the bank and keeping every soldier had no button (a typed slash command).

Typed slash commands are counted apart (``typed``), not as clicks. The answer to **Buy** or
**Draw** carrying the hand and the discard choice (one click less per turn) is the ``publish``
branch's and is not counted here. Prints one line per table; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.exts.paiute import PaiuteUI
from bot.exts.palace import PalaceUI
from bot.exts.pontoon import PontoonUI
from bot.table import GameUI
from games.actions import ActionSpec, AmountField, CardsField, ChoiceField
from games.computer import strategy
from games.registry import game_info

TABLES: list[tuple[str, str, GameUI, dict[str, Any]]] = [
    ("palace limit", "palace", PalaceUI(), {"small_bet": 10}),
    ("palace no-limit", "palace", PalaceUI(), {"small_bet": 10, "betting": "no-limit"}),
    ("paiute", "paiute", PaiuteUI(), {"stake": 10}),
    ("pontoon", "pontoon", PontoonUI(), {"min_bet": 10, "max_bet": 50}),
    ("shoot pontoon", "pontoon", PontoonUI(), {"min_bet": 10, "max_bet": 50, "shoot": True}),
]
PLAYERS = ["1001", "1002", "1003"]


@dataclass
class Tally:
    """Clicks and typed commands over the actions of one table."""

    actions: int = 0
    clicks: dict[str, int] = field(default_factory=lambda: {"before": 0, "after": 0})
    typed: dict[str, int] = field(default_factory=lambda: {"before": 0, "after": 0})
    by_kind: Counter[str] = field(default_factory=Counter)


def amount_field(spec: ActionSpec) -> tuple[str, AmountField] | None:
    """The spec's one amount, its other fields fixed (as the table kit's layout reads it)."""
    amounts = [(n, f) for n, f in spec.fields.items() if isinstance(f, AmountField)]
    fixed = [f for f in spec.fields.values() if isinstance(f, ChoiceField) and len(f.options) == 1]
    return amounts[0] if len(amounts) == 1 and len(fixed) == len(spec.fields) - 1 else None


def keep_all_field(spec: ActionSpec) -> str | None:
    """The spec's one cards field when no card is a legal choice (**Keep all**)."""
    if len(spec.fields) != 1:
        return None
    name, f = next(iter(spec.fields.items()))
    return name if isinstance(f, CardsField) and f.min_count == 0 else None


def price(ui: GameUI, spec: ActionSpec, action: dict[str, Any], when: str) -> tuple[int, int]:
    """(clicks, typed commands) for one action, ``when`` before or after."""
    if ui.in_my_cards(spec):
        keep = keep_all_field(spec)
        if keep is not None and not action.get(keep):
            return (2, 0) if when == "after" else (0, 1)
        return 2, 0
    if not ui.on_table_message(spec):
        return 0, 1
    amount = amount_field(spec)
    if amount is None:
        if len(spec.fields) > 1:  # before: a bank sale had no button
            return 0, 1
        return 1, 0
    if len(spec.fields) > 1 and when == "before":
        return 0, 1
    name, bounds = amount
    one = bounds.min == bounds.max or any(v == action.get(name) for v, _ in ui.quick_amounts(spec))
    return (1, 0) if one and when == "after" else (2, 0)


def run(game: str, ui: GameUI, options: dict[str, Any], deals: int, seed: int) -> Tally:
    info = game_info(game)
    rng = random.Random(seed)
    players = {pid: strategy(game, "normal") for pid in PLAYERS}
    tally = Tally()
    fresh = dict.fromkeys(PLAYERS, 1000)
    engine = info.engine.new(PLAYERS, fresh, info.options(**options), seed=seed)
    for _ in range(deals):
        while not engine.is_over:
            pid = engine.to_act
            legal = engine.legal_actions(pid)
            action = players[pid].choose(engine.view(pid), legal, rng)
            spec = _spec_of(legal, action)
            for when in ("before", "after"):
                clicks, typed = price(ui, spec, action, when)
                tally.clicks[when] += clicks
                tally.typed[when] += typed
            tally.actions += 1
            tally.by_kind[str(action["kind"])] += 1
            engine.act(pid, action)
        if min(engine.stacks.get(p, 0) for p in PLAYERS) < 100:
            engine = info.engine.new(PLAYERS, fresh, info.options(**options), seed=rng.random())
        else:
            engine = engine.next_deal()
    return tally


def _spec_of(legal: list[ActionSpec], action: dict[str, Any]) -> ActionSpec:
    """The legal spec an action answers (the bank's buyer picks among specs of one kind)."""
    same = [s for s in legal if s.kind == action["kind"]]
    for spec in same:
        fixed = {
            n: f.options[0]
            for n, f in spec.fields.items()
            if isinstance(f, ChoiceField) and len(f.options) == 1
        }
        if all(action.get(n) == v for n, v in fixed.items()):
            return spec
    return same[0]


def main(argv: list[str] | None = None) -> None:
    """Print clicks per action before and after, per table."""
    parser = argparse.ArgumentParser(prog="python -m bench.clicks", description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args(argv)
    print(f"{args.deals} deals per table, 3 normal computer players, seed {args.seed}")
    print(
        f"{'table':16} {'actions':>7}  inputs/action before -> after"
        "   (clicks before -> after, typed commands before -> after)"
    )
    for label, game, ui, options in TABLES:
        t = run(game, ui, options, args.deals, args.seed)
        inputs = {w: (t.clicks[w] + t.typed[w]) / t.actions for w in ("before", "after")}
        print(
            f"{label:16} {t.actions:7d}  {inputs['before']:13.3f} -> {inputs['after']:5.3f}"
            f"   ({t.clicks['before']} -> {t.clicks['after']},"
            f" {t.typed['before']} -> {t.typed['after']})"
        )


if __name__ == "__main__":
    main()
