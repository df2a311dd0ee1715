"""Seat arithmetic the three games share: turn order, the cut for the deal, pot splits."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from games.cards import Card, Deck


def left_of(players: Sequence[str], seat_player: str, steps: int = 1) -> str:
    """The player ``steps`` seats to the left (the next in turn order) of ``seat_player``."""
    i = players.index(seat_player)
    return players[(i + steps) % len(players)]


def order_from_left_of(players: Sequence[str], dealer: str) -> list[str]:
    """Every player in turn order starting at the dealer's left; the dealer comes last."""
    i = players.index(dealer)
    return [*players[i + 1 :], *players[: i + 1]]


def next_dealer(
    seats: Sequence[str],
    previous_seats: Sequence[str],
    dealer: str,
    eligible: Collection[str] | None = None,
) -> str | None:
    """Where the deal goes next: the first eligible player to the left of the old dealer.

    ``seats`` is the next deal's table; players may have joined or left since
    ``previous_seats``. When the old dealer has left, the walk goes on from their old place;
    newcomers come last. ``None`` when nobody is eligible.

    >>> next_dealer(["a", "b", "c"], ["a", "b", "c"], "b")
    'c'
    >>> next_dealer(["a", "c", "d"], ["a", "b", "c"], "b", eligible={"a", "d"})
    'a'
    """
    if dealer in seats:
        walk = order_from_left_of(seats, dealer)
    else:
        stayed = [p for p in order_from_left_of(previous_seats, dealer) if p in seats]
        walk = stayed + [p for p in seats if p not in stayed]
    return next((p for p in walk if eligible is None or p in eligible), None)


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
