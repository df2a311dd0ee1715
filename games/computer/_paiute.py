"""Paiute players: build toward PA-12's combinations, wilds first, and call when it is safe.

A five-card hand is worth its *outs*: the share of unseen cards that would complete a winning
combination on the next draw (exact, using ``best_combination``), with a shape score (wilds,
groups of a rank, suited runs) to break ties while no card completes anything yet. Every
discard keeps the five cards worth most; the discard pile's top card is taken when keeping it
is worth more than the hand already held (a stock card can only add to that). A combination
is called unless enough players still answer it (PA-10) that a better hand becomes likely.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.actions import ActionSpec
from games.cards import FULL_DECK, Card, Rank
from games.computer._common import choice_options, first_of, spec_of
from games.paiute import Category, Combination, PaiuteView, best_combination

BETTER_ANSWER = {
    Category.TWO_TWO_TWO: 0.08,
    Category.THREE_THREE: 0.05,
    Category.FOUR_TWO: 0.03,
    Category.STRAIGHT_FLUSH: 0.02,
    Category.ROYAL_FLUSH: 0.005,
    Category.FIVE_OF_A_KIND: 0.005,
}
"""A rough chance that one player answering on a last turn makes a better combination."""

CALL_RISK = 0.25
"""Call when the chance that some answer beats the combination is at most this."""

_RUNS = tuple(
    frozenset(range(top - 4, top + 1)) if top > 5 else frozenset({14, 2, 3, 4, 5})
    for top in range(14, 4, -1)
)


def shape(cards: Sequence[Card], wild: Rank) -> float:
    """How close five cards are to a combination while no single card completes one."""
    wilds = sum(1 for c in cards if c.rank == wild)
    naturals = [c for c in cards if c.rank != wild]
    groups = sum(n * n for n in Counter(c.rank for c in naturals).values())
    runs = 0
    for suit in {c.suit for c in naturals}:
        ranks = {int(c.rank) for c in naturals if c.suit == suit}
        runs = max(runs, max(len(ranks & window) for window in _RUNS) ** 2)
    return 3.0 * wilds + max(groups, runs)


def unseen(view: PaiuteView) -> list[Card]:
    """The cards the viewer cannot see: not in hand, not the indicator, not face up."""
    seen = set(view.hand or [])
    seen.add(view.indicator)
    if view.top_discard is not None:
        seen.add(view.top_discard)
    for seat in view.seats:
        seen.update(seat.laid_down)
    return [c for c in FULL_DECK if c not in seen]


def completes(cards: Sequence[tuple[int, str]], wild: int) -> bool:
    """Whether six cards, as (rank, suit) pairs, hold a winning combination (PA-12, PA-13).

    The same answer as ``best_combination(...) is not None`` (a test checks it on random
    hands) in a few integer operations: the outs count asks it ~13 times per candidate keep.
    """
    wilds = 0
    counts: dict[int, int] = {}
    suits: dict[str, set[int]] = {}
    for rank, suit in cards:
        if rank == wild:
            wilds += 1
        else:
            counts[rank] = counts.get(rank, 0) + 1
            suits.setdefault(suit, set()).add(rank)
    sizes = sorted(counts.values(), reverse=True)
    if wilds >= 5 or (sizes and sizes[0] + wilds >= 5):
        return True  # five of a kind
    for ranks in suits.values():
        if len(ranks) + wilds >= 5 and any(len(ranks & run) + wilds >= 5 for run in _RUNS):
            return True  # a straight flush, royal or not
    if len(sizes) <= 3 and all(n <= 2 for n in sizes):
        return True  # two/two/two: the wilds pair up with whatever is single
    return len(sizes) <= 2 and sizes[0] <= 4 and (len(sizes) < 2 or sizes[1] <= 3)
    # three/three (both groups at most three) or four/two (at most four and two)


def worth(cards: Sequence[Card], wild: Rank, pack: Sequence[Card]) -> float:
    """Five cards' outs (share of ``pack`` completing a combination) plus a little shape.

    A drawn card's effect depends on its rank alone unless its suit could finish a straight
    flush (the suit already holds four cards with the wilds), so each rank is judged once
    for all such suits: about 13 judgements instead of one per unseen card.
    """
    w = int(wild)
    held = [(int(c.rank), c.suit.value) for c in cards]
    wilds = sum(1 for rank, _ in held if rank == w)
    suited = Counter(suit for rank, suit in held if rank != w)
    flushy = {suit for suit, n in suited.items() if n + wilds >= 4}
    judged: dict[tuple[int, str], bool] = {}
    outs = 0
    for card in pack:
        rank, suit = int(card.rank), card.suit.value
        key = (rank, suit if suit in flushy and rank != w else "")
        done = judged.get(key)
        if done is None:
            done = judged[key] = completes([*held, (rank, suit)], w)
        outs += done
    return outs / max(1, len(pack)) + 0.001 * shape(cards, wild)


def best_keep(
    six: Sequence[Card], wild: Rank, pack: Sequence[Card], options: Sequence[Card]
) -> tuple[Card, float]:
    """The card among ``options`` whose discard leaves the five cards worth most."""
    scored = []
    for card in options:
        rest = [c for c in six if c != card]
        scored.append((worth(rest, wild, pack), card))
    value, card = max(scored, key=lambda pair: (pair[0], -int(pair[1].rank == wild)))
    return card, value


def call_choice(
    hand: Sequence[Card], wild: Rank, options: Sequence[str | None]
) -> tuple[str | None, Combination] | None:
    """The call's ``discard`` that lays down the best combination, and that combination."""
    best: tuple[str | None, Combination] | None = None
    for option in options:
        cards = list(hand) if option is None else [c for c in hand if c.code != option]
        combo = best_combination(cards, wild)
        if combo is not None and (best is None or combo > best[1]):
            best = (option, combo)
    return best


def answerers(view: PaiuteView) -> int:
    """PA-10: how many players would take a last turn after the viewer's call."""
    order = [s.player for s in view.seats]
    me, dealer = order.index(str(view.viewer)), order.index(view.dealer)
    return (dealer - me) % len(order)


def safe_to_call(view: PaiuteView, combo: Combination) -> bool:
    """Whether the chance of a better answer is low enough to call now."""
    if view.caller is not None:
        return True  # a last turn: laying down can only help
    risk = 1.0 - (1.0 - BETTER_ANSWER[combo.category]) ** answerers(view)
    return risk <= CALL_RISK


class PaiuteNormal:
    """Outs-driven building, discard-pile draws that help, and calls that are safe."""

    def choose(
        self, view: PaiuteView, legal: Sequence[ActionSpec], rng: random.Random
    ) -> dict[str, Any]:
        """Draw, then discard or call."""
        hand = list(view.hand or [])
        wild = view.indicator.rank  # PA-4: the indicator's rank is wild
        draw = spec_of(legal, "draw")
        if draw is not None:
            return {"kind": "draw", "source": self.source(view, hand, wild, draw)}
        call = spec_of(legal, "call")
        if call is not None:
            chosen = call_choice(hand, wild, choice_options(call, "discard"))
            if chosen is not None and safe_to_call(view, chosen[1]):
                return {"kind": "call", "discard": chosen[0]}
        discard = spec_of(legal, "discard")
        if discard is None:
            return first_of(legal, "call") or {"kind": legal[0].kind}
        options = [Card.parse(str(c)) for c in choice_options(discard, "card")]
        card, _ = best_keep(hand, wild, unseen(view), options)
        return {"kind": "discard", "card": card.code}

    def source(self, view: PaiuteView, hand: list[Card], wild: Rank, draw: ActionSpec) -> str:
        """The discard pile when its top card makes a better hand to keep than this one."""
        sources = choice_options(draw, "source")
        top = view.top_discard
        if "discard" not in sources or top is None:
            return "stock"
        if "stock" not in sources:
            return "discard"
        six = [*hand, top]
        if best_combination(six, wild) is not None:
            return "discard"
        pack = unseen(view)
        _, with_top = best_keep(six, wild, pack, hand)
        return "discard" if with_top > worth(hand, wild, pack) + 1e-9 else "stock"


class PaiuteEasy:
    """Light sense: always the stock, call whenever possible, discard a card that is neither
    wild nor paired."""

    def choose(
        self, view: PaiuteView, legal: Sequence[ActionSpec], rng: random.Random
    ) -> dict[str, Any]:
        """Draw from the stock, call if able, else discard a lone card."""
        draw = spec_of(legal, "draw")
        if draw is not None:
            sources = choice_options(draw, "source")
            return {"kind": "draw", "source": "stock" if "stock" in sources else sources[0]}
        call = spec_of(legal, "call")
        if call is not None:
            return {"kind": "call", "discard": choice_options(call, "discard")[0]}
        discard = spec_of(legal, "discard")
        assert discard is not None  # noqa: S101 - after a draw, discard is always legal
        options = [Card.parse(str(c)) for c in choice_options(discard, "card")]
        wild = view.indicator.rank
        counts = Counter(c.rank for c in view.hand or [])
        lone = [c for c in options if c.rank != wild and counts[c.rank] == 1]
        return {"kind": "discard", "card": rng.choice(lone or options).code}
