"""Seat arithmetic the three games share: turn order, the cut for the deal, pot splits."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import Card, Deck


def left_of(players: Sequence[str], seat_player: str, steps: int = 1) -> str:
    """The player ``steps`` seats to the left (the next in turn order) of ``seat_player``."""
    i = players.index(seat_player)
    return players[(i + steps) % len(players)]


def order_from_left_of(players: Sequence[str], dealer: str) -> list[str]:
    """Every player in turn order starting at the dealer's left; the dealer comes last."""
    i = players.index(dealer)
    return [*players[i + 1 :], *players[: i + 1]]


def cut_for_deal(players: Sequence[str], rng: random.Random) -> tuple[str, list[dict[str, Card]]]:
    """Deal one card to each player; the highest rank wins, tied players cut again.

    Returns the winner and each round of the cut (for the history). Always uses a freshly
    shuffled deck from ``rng``, never a stacked one.
    """
    contenders = list(players)
    rounds: list[dict[str, Card]] = []
    while True:
        deck = Deck.shuffled(rng)
        cards = {pid: deck.draw() for pid in contenders}
        rounds.append(cards)
        best = max(card.rank for card in cards.values())
        contenders = [pid for pid in contenders if cards[pid].rank == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def split_pot(amount: int, winners_in_seat_order: Sequence[str]) -> dict[str, int]:
    """Divide ``amount`` equally; odd chips go one at a time in the order given.

    >>> split_pot(10, ["b", "a", "c"])
    {'b': 4, 'a': 3, 'c': 3}
    """
    if not winners_in_seat_order:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(amount, len(winners_in_seat_order))
    return {pid: share + (1 if i < odd else 0) for i, pid in enumerate(winners_in_seat_order)}
