"""Palace Poker odds from the viewer's seat: sample the palaces the viewer has not seen.

A battle (PP-16) compares each side's palace + banner + soldiers without the other side's
banner suit (one's own banner always counts), then the count of own-banner-suit cards. The
viewer knows their own cards, every banner and soldier, and any palace a battle showed them;
everything else is drawn from the cards they have not seen. Sample counts are bounded so a
decision stays well inside its time budget.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import FULL_DECK, Card
from games.palace import PalaceView, SeatView, Status
from games.poker import evaluate

SAMPLE_BUDGET = 600
"""Opponent hands evaluated per decision, shared among the opponents considered."""


@dataclass(frozen=True)
class Side:
    """One player's known cards: banner, soldiers and (when known) palace."""

    banner: Card
    soldiers: tuple[Card, ...]
    palace: tuple[Card, ...] | None
    palace_count: int

    def cards(self, palace: Sequence[Card]) -> list[Card]:
        """The whole hand with ``palace`` as its palace cards."""
        return [*palace, self.banner, *self.soldiers]


def seat_of(view: PalaceView, pid: str | None) -> SeatView:
    """The seat of ``pid`` in the view."""
    return next(s for s in view.seats if s.player == pid)


def active(view: PalaceView) -> list[SeatView]:
    """The seats still in the hand, with a banner."""
    return [s for s in view.seats if s.status is Status.IN and s.banner is not None]


def me(view: PalaceView) -> Side:
    """The viewer's own side, palace included."""
    seat = seat_of(view, view.viewer)
    assert seat.banner is not None  # noqa: S101 - a dealt-in seat has a banner
    return Side(seat.banner, tuple(seat.soldiers), tuple(view.palace), len(view.palace))


def side(view: PalaceView, seat: SeatView) -> Side:
    """An opponent's side as the viewer knows it."""
    assert seat.banner is not None  # noqa: S101
    known = view.seen_palaces.get(seat.player) or view.shown_palaces.get(seat.player)
    palace = tuple(known) if known and len(known) == seat.palace_count else None
    return Side(seat.banner, tuple(seat.soldiers), palace, seat.palace_count)


def unseen(view: PalaceView) -> list[Card]:
    """The cards the viewer has not seen in anyone's hand (draw pile, discards, palaces)."""
    seen = set(view.palace)
    for seat in view.seats:
        if seat.banner is not None:
            seen.add(seat.banner)
        seen.update(seat.soldiers)
    for cards in (*view.seen_palaces.values(), *view.shown_palaces.values()):
        seen.update(cards)
    return [c for c in FULL_DECK if c not in seen]


def _battle_key(cards: Sequence[Card], own: Card, theirs: Card) -> tuple[int, int]:
    value = evaluate(cards, exclude_suit=theirs.suit, keep=(own,))
    return value.key, sum(1 for c in cards if c.suit is own.suit)


def battle_odds(
    mine: Side, other: Side, pool: Sequence[Card], samples: int, rng: random.Random
) -> tuple[float, float]:
    """PP-16: the viewer's chances to win and to tie a battle against ``other``."""
    assert mine.palace is not None  # noqa: S101 - the viewer knows their own palace
    my_key = _battle_key(mine.cards(mine.palace), mine.banner, other.banner)
    if other.palace is not None:
        their = _battle_key(other.cards(other.palace), other.banner, mine.banner)
        return (1.0, 0.0) if my_key > their else ((0.0, 1.0) if my_key == their else (0.0, 0.0))
    count = min(other.palace_count, len(pool))
    wins = ties = 0
    for _ in range(samples):
        their = _battle_key(other.cards(rng.sample(pool, count)), other.banner, mine.banner)
        if my_key > their:
            wins += 1
        elif my_key == their:
            ties += 1
    return wins / samples, ties / samples


def showdown_odds(
    mine: Side, others: Sequence[Side], pool: Sequence[Card], samples: int, rng: random.Random
) -> float:
    """PP-21: the viewer's chance of the best hand (ties shared) if it came to a showdown."""
    assert mine.palace is not None  # noqa: S101
    my_key = evaluate(mine.cards(mine.palace)).key
    unknown = [o for o in others if o.palace is None]
    known_best = max(
        (evaluate(o.cards(o.palace)).key for o in others if o.palace is not None), default=-1
    )
    need = sum(o.palace_count for o in unknown)
    if need > len(pool):
        return 1.0 / (len(others) + 1)
    total = 0.0
    for _ in range(samples if unknown else 1):
        drawn = rng.sample(pool, need)
        best, at = known_best, 0
        for o in unknown:
            best = max(best, evaluate(o.cards(drawn[at : at + o.palace_count])).key)
            at += o.palace_count
        if my_key > best:
            total += 1.0
        elif my_key == best:
            total += 0.5
    return total / (samples if unknown else 1)
