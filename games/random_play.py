"""Random legal play with invariant checks, shared by ``games.simulate`` and the property tests.

A random player picks one of the listed legal actions with random legal values; now and then
it tries something illegal instead (the wrong player, an unknown kind, an amount just out of
bounds, a card that is not theirs) and checks that the engine refused it and changed nothing.
After every action the chips in play and the 52 cards are checked.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from games.actions import ActionSpec, AmountField, CardsField, ChoiceField
from games.cards import FULL_DECK
from games.engine import Engine
from games.errors import IllegalAction

_FULL = frozenset(FULL_DECK)


class InvariantBroken(AssertionError):
    """An engine broke a rule every engine must keep (chips, cards, refusals)."""


@dataclass
class PlayStats:
    """What a run of random play did."""

    deals: int = 0
    actions: int = 0
    illegal_refused: int = 0
    errors: list[str] = field(default_factory=list)


def check_cards(game: Engine) -> None:
    """Raise unless the game holds each of the 52 cards exactly once."""
    cards = game.all_cards()
    if len(cards) == len(_FULL) and set(cards) == _FULL:
        return
    counts = Counter(cards)
    if counts != Counter(FULL_DECK):
        lost = set(FULL_DECK) - set(counts)
        doubled = [c for c, n in counts.items() if n > 1]
        raise InvariantBroken(f"cards not conserved: lost {lost}, doubled {doubled}")


def check_chips(game: Engine, expected: int) -> None:
    """Raise unless stacks + pot (+ kitty) still add up to ``expected``."""
    if game.chips_in_play() != expected:
        raise InvariantBroken(f"chips not conserved: {game.chips_in_play()} != {expected}")


def illegal_variants(
    game: Engine, pid: str, rng: random.Random
) -> list[tuple[str, dict[str, Any]]]:
    """Actions that must be refused now, each with the player who tries it."""
    attempts: list[tuple[str, dict[str, Any]]] = [(pid, {"kind": "no_such_action"})]
    others = [p for p in game.stacks if p != pid and not game.legal_actions(p)]
    specs = game.legal_actions(pid)
    if others and specs:
        attempts.append((rng.choice(others), specs[0].sample(rng)))
    for spec in specs:
        for name, f in spec.fields.items():
            base = spec.sample(rng)
            if isinstance(f, AmountField):
                attempts.append((pid, base | {name: f.min - 1}))
                attempts.append((pid, base | {name: f.max + 1}))
            elif isinstance(f, ChoiceField):
                attempts.append((pid, base | {name: "nobody-or-nothing"}))
            elif isinstance(f, CardsField):
                attempts.append((pid, base | {name: ["Zz"]}))
                foreign = [c.code for c in FULL_DECK if c.code not in f.options]
                if foreign:
                    attempts.append((pid, base | {name: [rng.choice(foreign)]}))
    return attempts


def _is_listed(specs: list[ActionSpec], action: dict[str, Any]) -> bool:
    return any(spec.allows(action) for spec in specs)


def play_deal(
    game: Engine,
    rng: random.Random,
    stats: PlayStats,
    *,
    illegal_share: float = 0.1,
    max_actions: int = 10_000,
) -> None:
    """Play one deal to its end with random legal actions, checking invariants throughout."""
    chips = game.chips_in_play()
    check_cards(game)
    for _ in range(max_actions):
        if game.is_over:
            break
        pid = game.to_act
        if pid is None:
            raise InvariantBroken(f"deal not over but nobody to act (phase {game.phase})")
        specs = game.legal_actions(pid)
        if not specs:
            raise InvariantBroken(f"{pid} is to act but has no legal action (phase {game.phase})")
        if rng.random() < illegal_share:
            who, attempt = rng.choice(illegal_variants(game, pid, rng))
            if who != pid or not _is_listed(specs, attempt):
                before = game.snapshot()
                try:
                    game.act(who, attempt)
                except IllegalAction:
                    stats.illegal_refused += 1
                else:
                    raise InvariantBroken(f"illegal action accepted: {who} {attempt}")
                if game.snapshot() != before:
                    raise InvariantBroken(f"refused action changed the game: {attempt}")
        action = rng.choice(specs).sample(rng)
        try:
            game.act(pid, action)
        except IllegalAction as exc:
            raise InvariantBroken(f"listed action refused: {pid} {action}: {exc}") from exc
        stats.actions += 1
        check_chips(game, chips)
        check_cards(game)
    else:
        raise InvariantBroken(f"deal did not end within {max_actions} actions")
    settled = game.settlement()
    if sum(settled.values()) != 0:
        raise InvariantBroken(f"settlement does not sum to zero: {settled}")
    stats.deals += 1
