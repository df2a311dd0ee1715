"""Stacked decks and small drivers for the Paiute scenario tests."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from games.cards import FULL_DECK, Card, codes
from games.errors import IllegalAction, Param
from games.events import GameEvent
from games.paiute import Paiute, PaiuteOptions
from games.seats import order_from_left_of

START = 100


def deck_for(
    players: list[str],
    dealer: str,
    hands: dict[str, str],
    indicator: str = "2c",
    discard: str = "3c",
    stock: str = "",
) -> list[str]:
    """All 52 cards: the hands dealt one at a time from the dealer's left, the indicator, the
    first discard, the top of the stock as given, then every other card."""
    order = order_from_left_of(players, dealer)
    cards = {p: Card.parse_many(hands.get(p, "")) for p in players}
    named = [*(c for h in cards.values() for c in h), Card.parse(indicator), Card.parse(discard)]
    named += Card.parse_many(stock)
    assert len(set(named)) == len(named), "a card is stacked twice"
    wild = Card.parse(indicator).rank
    # Filler in rank-major order (As Ah Ad Ac Ks ...), wilds last, so it makes no combination.
    spare = [c for c in FULL_DECK if c not in named]
    filler = iter(sorted(spare, key=lambda c: (c.rank == wild, -c.rank, c.suit.value)))
    top: list[Card] = []
    for r in range(5):
        for p in order:
            top.append(cards[p][r] if r < len(cards[p]) else next(filler))
    top += [Card.parse(indicator), Card.parse(discard), *Card.parse_many(stock)]
    rest = list(filler)
    return codes(top + rest)


def new_game(
    players: list[str],
    dealer: str,
    hands: dict[str, str],
    *,
    stake: int = 5,
    max_rounds: int = 20,
    **deck: str,
) -> Paiute:
    return Paiute.new(
        players,
        dict.fromkeys(players, START),
        PaiuteOptions(stake=stake, max_rounds=max_rounds),
        seed=1,
        deck=deck_for(players, dealer, hands, **deck),
        dealer=dealer,
    )


def draw(game: Paiute, pid: str, source: str = "stock") -> list[GameEvent]:
    return game.act(pid, {"kind": "draw", "source": source})


def discard(game: Paiute, pid: str, card: str) -> list[GameEvent]:
    return game.act(pid, {"kind": "discard", "card": card})


def call(game: Paiute, pid: str, card: str | None) -> list[GameEvent]:
    return game.act(pid, {"kind": "call", "discard": card})


def pass_turn(game: Paiute, pid: str) -> None:
    """Draw from the stock and discard the drawn card (what a timeout does)."""
    game.act(pid, game.timeout_action(pid))
    game.act(pid, game.timeout_action(pid))


def refused(
    game: Paiute, pid: str, action: Mapping[str, object], code: str, **params: Param
) -> None:
    """Assert the action is refused with ``code`` and exactly ``params``, changing nothing."""
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refusal:
        game.act(pid, action)
    assert (refusal.value.code, refusal.value.params) == (code, params)
    assert game.snapshot() == before


def hand(game: Paiute, pid: str) -> list[str]:
    return codes(game.view(pid).hand or [])
