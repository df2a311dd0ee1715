"""The deal: ante (PP-4), banners (PP-5) and palace cards (PP-6)."""

from __future__ import annotations

import random

from games.cards import Card, Deck, codes
from games.core.reshuffles import commit_reshuffle
from games.palace._events import (
    Ante,
    Banner,
    PalaceCards,
    PalaceDealt,
    PalaceEvent,
    RejectsReshuffled,
)
from games.palace._state import PalaceState

GROUP = 4
"""PP-5: banner suits need only differ within a group of four seats."""

PALACE_CARDS = 3


def ante(state: PalaceState) -> list[PalaceEvent]:
    """PP-4 with PP-15: each player antes, or puts in everything they have when short."""
    paid: dict[str, int] = {}
    for pid in state.seats:
        amount = min(state.options.ante, state.stacks[pid])
        state.stacks[pid] -= amount
        state.pot += amount
        state.seat[pid].put_in += amount
        paid[pid] = amount
    return [Ante(ante=state.options.ante, paid=paid, pot=state.pot)]


def deal_banners(
    state: PalaceState, deck: Deck, rng: random.Random
) -> tuple[list[Card], list[PalaceEvent]]:
    """PP-5: deal face up until each player's card has a suit new to their group of four.

    Returns the reject pile left at the end (the deck keeps its rest). When the deck runs dry
    the rejects so far are shuffled (stacked: kept in order) and become the deck. Every
    rejected card was dealt face up, so each is named in its banner event and kept in
    ``state.rejected_banners`` for the public view.
    """
    rejects: list[Card] = []
    events: list[PalaceEvent] = []
    for index, pid in enumerate(state.seats):
        group = state.seats[index - index % GROUP : index]
        taken = {state.seat[p].banner_suit for p in group}
        turned: list[Card] = []
        while True:
            if not len(deck):
                deck.gather(rejects, rng)
                events.append(RejectsReshuffled(count=len(rejects)))
                events += commit_reshuffle(state, rng, "PP-5", deck.cards)
                rejects = []
            card = deck.draw()
            if card.suit in taken:
                rejects.append(card)
                turned.append(card)
                state.rejected_banners.append(card)
                continue
            state.seat[pid].banner = card
            break
        events.append(Banner(player=pid, banner=card.code, rejected=codes(turned)))
    return rejects, events


def deal_palaces(
    state: PalaceState, deck: Deck, rejects: list[Card], rng: random.Random
) -> list[PalaceEvent]:
    """PP-6: gather the non-banner cards, shuffle, deal 3 palace cards each; the rest: the pile."""
    deck.gather(rejects, rng)
    committed: list[PalaceEvent] = [*commit_reshuffle(state, rng, "PP-6", deck.cards)]
    for _ in range(PALACE_CARDS):
        for pid in state.seats:
            state.seat[pid].palace.append(deck.draw())
    state.draw = list(deck.cards)
    events: list[PalaceEvent] = [
        *committed,
        *(PalaceCards(to=pid, cards=codes(state.seat[pid].palace)) for pid in state.seats),
    ]
    events.append(PalaceDealt(each=PALACE_CARDS, draw_count=len(state.draw)))
    return events
