"""Palace Poker players: build a strong palace + soldiers hand, battle on estimated odds.

Every battle decision weighs the sampled chance of winning it (PP-16, banner-suit exclusion
included) against its price: continuing is worth ``p × (what winning brings) − price`` and
folding is worth nothing more (chips in the pot are gone either way). Winning the last battle
brings the pot; winning an earlier one brings a share of it, smaller the more players remain.
Out of battle the player attacks when the attack is worth more than staying: its chance of
winning times its share of the bigger pot afterwards, less its stake, against its share of the
pot now (measured: attacking on the chance alone pumped pots that PP-20 then split among the
players of its own banner suit). It buys soldiers while its showdown chance is poor and
otherwise stays; free discard steps drop the fewest soldiers, keeping the strongest hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from games.actions import ActionSpec
from games.cards import Card, Suit
from games.computer import _palace_odds as odds
from games.computer._common import (
    amount_field,
    cards_field,
    choice_options,
    clamp,
    first_of,
    kinds,
    spec_of,
)
from games.palace import PalaceView, Phase
from games.poker import Category, evaluate

RAISE_AT = 0.72
"""Raise a battle won at least this often."""
BUY_BELOW = 0.45
"""Buy soldiers while the showdown chance is below this."""


def _win_share(active: int) -> float:
    """What winning a battle is worth as a share of the pot, with ``active`` players in it."""
    return 1.0 if active <= 2 else min(1.0, 1.5 / (active - 1))


def prize_share(view: PalaceView, foe: str) -> float:
    """The share of the pot that knocking ``foe`` out is worth: all of it when one is left
    after, an equal split when everyone left after holds the viewer's banner suit (PP-20),
    else :func:`_win_share`."""
    after = [s for s in odds.active(view) if s.player != foe]
    mine = odds.seat_of(view, view.viewer).banner
    if mine is not None and all(s.banner is not None and s.banner.suit is mine.suit for s in after):
        return 1.0 / len(after)
    return _win_share(len(after) + 1)


def attack_share(view: PalaceView, foe: str, equity: float, active: int) -> float:
    """The viewer's share of the pot after knocking ``foe`` out: an equal split when everyone
    left holds the viewer's banner suit (PP-20), else its showdown chance grown by one
    opponent fewer."""
    after = [s for s in odds.active(view) if s.player != foe]
    mine = odds.seat_of(view, view.viewer).banner
    if mine is not None and all(s.banner is not None and s.banner.suit is mine.suit for s in after):
        return 1.0 / len(after)
    return min(1.0, equity * active / max(1, active - 1))


class PalaceNormal:
    """Monte Carlo battles, soldiers bought toward a strong hand."""

    def choose(
        self, view: PalaceView, legal: Sequence[ActionSpec], rng: random.Random
    ) -> dict[str, Any]:
        """One decision: a free discard step, a battle answer, or a turn."""
        step = spec_of(legal, "discard_soldiers")
        if step is not None:
            return discard_step(view, step)
        if view.phase is Phase.BATTLE and view.battle is not None:
            return self.battle(view, legal, rng)
        return self.turn(view, legal, rng)

    def battle(
        self, view: PalaceView, legal: Sequence[ActionSpec], rng: random.Random
    ) -> dict[str, Any]:
        """PP-14: fold, call or raise from the chance of winning against the price."""
        battle = view.battle
        assert battle is not None  # noqa: S101 - checked by choose
        foe = battle.defender if battle.attacker == view.viewer else battle.attacker
        win, tie = odds.battle_odds(
            odds.me(view),
            odds.side(view, odds.seat_of(view, foe)),
            odds.unseen(view),
            odds.SAMPLE_BUDGET,
            rng,
        )
        stack = odds.seat_of(view, view.viewer).stack
        price = min(battle.to_call, stack)
        tie_value = 0.5 if len(odds.active(view)) <= 2 else 0.0
        p = win + tie * tie_value
        if p * (view.pot + price) * prize_share(view, foe) - price <= 0:
            return {"kind": "fold"}
        raise_spec = spec_of(legal, "raise")
        if raise_spec is not None and p >= RAISE_AT:
            field = amount_field(raise_spec)
            assert field is not None  # noqa: S101 - a raise has an amount
            return {"kind": "raise", "amount": clamp(max(field.min, view.pot // 2), field)}
        return {"kind": "call"}

    def turn(
        self, view: PalaceView, legal: Sequence[ActionSpec], rng: random.Random
    ) -> dict[str, Any]:
        """Attack, buy or stay (with two left: attack or fold, PP-19)."""
        legal_kinds = kinds(legal)
        mine = odds.me(view)
        pool = odds.unseen(view)
        seat = odds.seat_of(view, view.viewer)
        n = len(odds.active(view))
        bet = spec_of(legal, "bet")
        small = view.options.small_bet
        price = min((len(mine.soldiers) + 1) * small, seat.stack)
        others = [odds.side(view, s) for s in odds.active(view) if s.player != view.viewer]
        samples = max(40, odds.SAMPLE_BUDGET // max(1, len(others)))
        equity = odds.showdown_odds(mine, others, pool, samples, rng)
        best_target, best_gain = None, 0.0
        if bet is not None:
            targets = [str(t) for t in choice_options(bet, "target")]
            samples = max(60, odds.SAMPLE_BUDGET // max(1, len(targets)))
            for target in targets:
                foe = odds.side(view, odds.seat_of(view, target))
                win, tie = odds.battle_odds(mine, foe, pool, samples, rng)
                p = win + tie * (0.5 if n <= 2 else 0.0)
                their = (len(foe.soldiers) + 1) * small
                after = attack_share(view, target, equity, n)
                gain = p * (view.pot + price + their) * after - price - view.pot * equity
                if n <= 2:
                    gain = p * (view.pot + price + their) - price
                if best_target is None or gain > best_gain:
                    best_target, best_gain = target, gain
        if "stay" not in legal_kinds and "buy" not in legal_kinds:  # PP-19: bet or fold
            if best_target is not None and best_gain > 0:
                return {"kind": "bet", "target": best_target}
            return first_of(legal, "fold") or {"kind": legal[0].kind}
        if best_target is not None and best_gain > 0:
            return {"kind": "bet", "target": best_target}
        full = len(mine.soldiers) >= view.options.max_soldiers
        if "buy" in legal_kinds and not full and seat.stack >= 4 * small and equity < BUY_BELOW:
            return {"kind": "buy"}
        return first_of(legal, "stay", "fold") or {"kind": legal[0].kind}


def _strength(cards: Sequence[Card], banner: Card) -> tuple[int, int]:
    """A hand's showdown key, then how well it survives each foreign banner suit."""
    others = [s for s in Suit if s is not banner.suit]
    survive = sum(int(evaluate(cards, exclude_suit=s, keep=(banner,)).category) for s in others)
    return evaluate(cards).key, survive


def discard_step(view: PalaceView, spec: ActionSpec) -> dict[str, Any]:
    """PP-7/PP-14/PP-17: drop as few soldiers as allowed, keeping the strongest hand."""
    field = cards_field(spec)
    assert field is not None  # noqa: S101 - the step names the soldiers
    if field.min_count == 0:
        return {"kind": "discard_soldiers", "cards": []}
    mine = odds.me(view)
    soldiers = [Card.parse(c) for c in field.options]
    fixed = [*view.palace, mine.banner]
    keep_count = len(soldiers) - field.min_count
    best = max(
        combinations(soldiers, keep_count),
        key=lambda kept: _strength([*fixed, *kept], mine.banner),
    )
    dropped = [c.code for c in soldiers if c not in best]
    return {"kind": "discard_soldiers", "cards": dropped}


class PalaceEasy:
    """Light sense: stays, calls a battle with a pair or better, attacks only when two are
    left, and drops its lowest soldiers."""

    def choose(
        self, view: PalaceView, legal: Sequence[ActionSpec], rng: random.Random
    ) -> dict[str, Any]:
        """One decision."""
        step = spec_of(legal, "discard_soldiers")
        if step is not None:
            field = cards_field(step)
            assert field is not None  # noqa: S101
            low = sorted(Card.parse(c) for c in field.options)[: field.min_count]
            return {"kind": "discard_soldiers", "cards": [c.code for c in low]}
        mine = odds.me(view)
        assert mine.palace is not None  # noqa: S101
        pair = evaluate(mine.cards(mine.palace)).category >= Category.ONE_PAIR
        if view.phase is Phase.BATTLE:
            return {"kind": "call" if pair else "fold"}
        legal_kinds = kinds(legal)
        bet = spec_of(legal, "bet")
        if "stay" not in legal_kinds and bet is not None:
            return {"kind": "bet", "target": choice_options(bet, "target")[0]}
        if "buy" in legal_kinds and len(mine.soldiers) < 2 and rng.random() < 0.5:
            return {"kind": "buy"}
        return first_of(legal, "stay", "fold") or {"kind": legal[0].kind}
