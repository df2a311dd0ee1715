"""Pontoon players: a fixed punter policy by total and softness, a banker that reads the table.

The punter plays a basic-strategy style policy for these rules (the banker's cards are hidden,
ties go to the banker, pontoons and five-card tricks pay double): stake more on a first ace or
ten-value card, buy the third card at the top of PO-10's range on a hard 9 to 11, split aces
and middling pairs, stick on hard 16+ and soft 18+, and chase the five-card trick with four
cards when the unseen cards make it likely. Shoot bets go on first aces and ten-values, sized
to the kitty's room. The banker stays on hard 17+ / soft 18+ and draws at four cards toward a
trick, which beats everything but a pontoon.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.actions import ActionSpec
from games.cards import FULL_DECK, Card, Rank
from games.computer._common import amount_field, first_of, kinds, spec_of, with_amount
from games.pontoon import HandKind, PontoonView, hand_value
from games.pontoon import HandValue as PontoonValue

SPLIT_RANKS = frozenset(
    {Rank.ACE, Rank.TWO, Rank.THREE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE}
)
"""Pairs worth splitting: aces and pairs that make a poor total; never fours, fives or tens."""

TRICK_CHASE = 0.5
STICK_HARD = 16
BUY_TOTALS = frozenset({9, 10, 11})
"""With four cards, draw for the five-card trick when at least this share of cards is safe."""


def points(card: Card) -> int:
    """PO-1 points with the ace as 1 (the soft 11 is ``hand_value``'s business)."""
    return 1 if card.rank == Rank.ACE else min(int(card.rank), 10)


def _cards(codes: Sequence[str | None]) -> list[Card]:
    return [Card.parse(c) for c in codes if c is not None]


def unseen(view: PontoonView) -> list[Card]:
    """Every card the viewer has not seen this deal: the pack as far as they can tell."""
    seen = {Card.parse(c) for c in view.banker_hand.cards if c is not None}
    for punter in view.punters:
        for hand in punter.hands:
            seen.update(Card.parse(c) for c in hand.cards if c is not None)
    return [c for c in FULL_DECK if c not in seen]


def safe_share(cards: Sequence[Card], pack: Sequence[Card]) -> float:
    """The share of ``pack`` that would not bust a hand holding ``cards``."""
    if not pack:
        return 0.0
    hard = sum(points(c) for c in cards)
    return sum(1 for c in pack if hard + points(c) <= 21) / len(pack)


def _own_hand(view: PontoonView) -> list[Card] | None:
    """The viewer's hand in play: their first hand that is neither finished nor bust."""
    for punter in view.punters:
        if punter.pid != view.viewer:
            continue
        for hand in punter.hands:
            if not hand.done and not hand.bust and None not in hand.cards:
                return _cards(hand.cards)
    return None


def _first_card(view: PontoonView) -> Card | None:
    hand = _own_hand(view)
    return hand[0] if hand else None


def _is_ten(card: Card) -> bool:
    return points(card) == 10


def wants_to_stick(value: PontoonValue, cards: Sequence[Card], pack: Sequence[Card]) -> bool:
    """The fixed policy's stick line (before PO-12's minimum, which ``legal`` enforces)."""
    if len(cards) == 4 and value.total < 21:
        return safe_share(cards, pack) < TRICK_CHASE
    if value.soft:
        return value.total >= 18
    return value.total >= STICK_HARD or (value.total == STICK_HARD - 1 and len(cards) >= 3)


class PontoonNormal:
    """The punter's fixed policy and a banker that stays on 17.

    ``company``: the player keeps one person company at the table, and plays every deal as a
    person would, the minimum stake on a weak first card, rather than sitting out the deals
    the policy calls losing (four deals in five: a lone player then mostly watched the banker
    deal to nobody, issue 33's "solo Pontoon is thin")."""

    def __init__(self, *, company: bool = False) -> None:
        self.company = company

    def choose(
        self, view: PontoonView, legal: Sequence[ActionSpec], rng: random.Random
    ) -> dict[str, Any]:
        """One decision, by phase."""
        if view.phase == "opening":
            return opening(legal)
        if view.phase == "staking":
            return self.stake(view, legal)
        if view.phase == "shoot":
            return self.first_shoot(view, legal)
        if view.phase == "banker":
            return banker(view, legal, stay_on=17)
        return self.hand(view, legal)

    def stake(self, view: PontoonView, legal: Sequence[ActionSpec]) -> dict[str, Any]:
        """PO-6: the top stake on a first ace, the minimum on a ten-value, and no play at all
        on a lower card (measured: a punter starting 2 to 9 loses about a third of the stake
        to a banker who stands on 17, ties and the hidden hole card being the banker's)."""
        spec = spec_of(legal, "stake")
        card = _first_card(view)
        if spec is None:
            return first_of(legal, "sit_out") or {"kind": legal[0].kind}
        field = amount_field(spec)
        assert field is not None  # noqa: S101 - a stake always has an amount
        if card is not None and card.rank == Rank.ACE:
            return with_amount(spec, field.max)
        weak = card is not None and not _is_ten(card)
        if weak and not self.company and spec_of(legal, "sit_out"):
            return {"kind": "sit_out"}
        return with_amount(spec, field.min)

    def first_shoot(self, view: PontoonView, legal: Sequence[ActionSpec]) -> dict[str, Any]:
        """PO-25: the kitty's room on a first ace (the one clearly favourable start), else none."""
        spec = spec_of(legal, "shoot")
        assert spec is not None  # noqa: S101 - the shoot phase lists only the shoot bet
        field = amount_field(spec)
        card = _first_card(view)
        if field is None or card is None:
            return with_amount(spec, 0)
        if card.rank == Rank.ACE:
            return with_amount(spec, field.max)
        return with_amount(spec, 0)

    def hand(self, view: PontoonView, legal: Sequence[ActionSpec]) -> dict[str, Any]:
        """PO-8..PO-12 and PO-27 for the hand in play."""
        cards = _own_hand(view)
        legal_kinds = kinds(legal)
        if cards is None:
            return first_of(legal, "stick", "twist") or {"kind": legal[0].kind}
        value = hand_value(cards)
        pack = unseen(view)
        if "split" in legal_kinds and cards[0].rank in SPLIT_RANKS:
            return {"kind": "split"}
        stick = wants_to_stick(value, cards, pack)
        if stick and "stick" in legal_kinds:
            return {"kind": "stick"}
        shoot = spec_of(legal, "shoot")
        if shoot is not None and not stick:
            field = amount_field(shoot)
            if field is not None and len(cards) == 3 and not value.soft and value.total <= 11:
                return with_amount(shoot, field.max // 2)
            if (
                field is not None
                and len(cards) == 2
                and (cards[0].rank == Rank.ACE or _is_ten(cards[0]))
            ):
                return with_amount(shoot, field.max // 2)
        buy = spec_of(legal, "buy")
        if buy is not None and len(cards) == 2 and not value.soft and value.total in BUY_TOTALS:
            field = amount_field(buy)
            assert field is not None  # noqa: S101 - a buy always has an amount
            return with_amount(buy, field.max)
        if "twist" in legal_kinds:
            return {"kind": "twist"}
        if buy is not None:
            field = amount_field(buy)
            assert field is not None  # noqa: S101
            return with_amount(buy, field.min)
        return first_of(legal, "stick") or {"kind": legal[0].kind}


def opening(legal: Sequence[ActionSpec]) -> dict[str, Any]:
    """Before the deal: keep the bank, put up the smallest kitty when one is due, sell nothing
    and buy nothing (a price is a guess about the other players this player cannot make)."""
    legal_kinds = kinds(legal)
    if "accept_bank" in legal_kinds:
        return {"kind": "decline_bank"}
    if "stay" in legal_kinds:
        return {"kind": "stay"}
    kitty = spec_of(legal, "kitty")
    if kitty is not None:
        field = amount_field(kitty)
        assert field is not None  # noqa: S101
        return with_amount(kitty, field.min)
    return first_of(legal, "decline_bank") or {"kind": legal[0].kind}


def banker(view: PontoonView, legal: Sequence[ActionSpec], stay_on: int) -> dict[str, Any]:
    """PO-15: stay on ``stay_on`` (hard) or 18 (soft), chase the trick at four cards, and stay
    at once when no hand is left to beat."""
    if "draw" not in kinds(legal):
        return {"kind": "stay"}
    cards = _cards(view.banker_hand.cards)
    live = [h for p in view.punters for h in p.hands if not h.bust and h.cards]
    if not live or not cards:
        return {"kind": "stay"}
    value = hand_value(cards)
    if value.kind != HandKind.TOTAL:
        return {"kind": "stay"}
    if len(cards) == 4:
        draw = safe_share(cards, unseen(view)) >= TRICK_CHASE
    elif value.soft:
        draw = value.total < 18
    else:
        draw = value.total < stay_on
    return {"kind": "draw" if draw else "stay"}


class PontoonEasy:
    """Light sense: the smallest stake, no shoot bets, stick on 17 or more, bank like the
    house (draw below 17)."""

    def choose(
        self, view: PontoonView, legal: Sequence[ActionSpec], rng: random.Random
    ) -> dict[str, Any]:
        """One decision, by phase."""
        if view.phase == "opening":
            return opening(legal)
        stake = spec_of(legal, "stake")
        if stake is not None:
            field = amount_field(stake)
            assert field is not None  # noqa: S101
            return with_amount(stake, field.min)
        shoot = spec_of(legal, "shoot")
        if shoot is not None and view.phase == "shoot":
            return with_amount(shoot, 0)
        if view.phase == "banker":
            cards = _cards(view.banker_hand.cards)
            draw = "draw" in kinds(legal) and hand_value(cards).total < 17
            return {"kind": "draw" if draw else "stay"}
        cards = _own_hand(view) or []
        if "stick" in kinds(legal) and hand_value(cards).total >= 17:
            return {"kind": "stick"}
        return first_of(legal, "twist", "buy", "stick") or {"kind": legal[0].kind}
