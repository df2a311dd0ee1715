"""The deal: ante (PP-4), banners (PP-5) and palace cards (PP-6)."""

from __future__ import annotations

import random

from games.cards import Card, Deck, codes, show
from games.events import Event, private, public
from games.palace._state import PalaceState

GROUP = 4
"""PP-5: banner suits need only differ within a group of four seats."""

PALACE_CARDS = 3


def ante(state: PalaceState) -> list[Event]:
    """PP-4 with PP-15: each player antes, or puts in everything they have when short."""
    paid: dict[str, int] = {}
    for pid in state.seats:
        amount = min(state.options.ante, state.stacks[pid])
        state.stacks[pid] -= amount
        state.pot += amount
        state.seat[pid].put_in += amount
        paid[pid] = amount
    short = [p for p, a in paid.items() if a < state.options.ante]
    text = f"Everyone antes {state.options.ante}."
    if short:
        text += " All-in for less: " + ", ".join(f"{p} ({paid[p]})" for p in short) + "."
    return [public("ante", text, paid=paid, pot=state.pot)]


def deal_banners(
    state: PalaceState, deck: Deck, rng: random.Random
) -> tuple[list[Card], list[Event]]:
    """PP-5: deal face up until each player's card has a suit new to their group of four.

    Returns the reject pile left at the end (the deck keeps its rest). When the deck runs dry
    the rejects so far are shuffled (stacked: kept in order) and become the deck. Every
    rejected card was dealt face up, so each is named in its banner event and kept in
    ``state.rejected_banners`` for the public view.
    """
    rejects: list[Card] = []
    events: list[Event] = []
    for index, pid in enumerate(state.seats):
        group = state.seats[index - index % GROUP : index]
        taken = {state.seat[p].banner_suit for p in group}
        turned: list[Card] = []
        while True:
            if not len(deck):
                deck.gather(rejects, rng)
                events.append(
                    public(
                        "rejects_reshuffled",
                        f"The deck ran out: the {len(rejects)} rejected cards are shuffled "
                        "and the banner deal goes on.",
                        count=len(rejects),
                    )
                )
                rejects = []
            card = deck.draw()
            if card.suit in taken:
                rejects.append(card)
                turned.append(card)
                state.rejected_banners.append(card)
                continue
            state.seat[pid].banner = card
            break
        rejected = f" (rejected {show(turned)})" if turned else ""
        events.append(
            public(
                "banner",
                f"{pid}'s banner is {card}{rejected}.",
                player=pid,
                banner=card.code,
                rejected=codes(turned),
            )
        )
    return rejects, events


def deal_palaces(
    state: PalaceState, deck: Deck, rejects: list[Card], rng: random.Random
) -> list[Event]:
    """PP-6: gather the non-banner cards, shuffle, deal 3 palace cards each; the rest: the pile."""
    deck.gather(rejects, rng)
    for _ in range(PALACE_CARDS):
        for pid in state.seats:
            state.seat[pid].palace.append(deck.draw())
    state.draw = list(deck.cards)
    events = [
        private(
            pid,
            "palace_cards",
            f"Your palace cards: {show(state.seat[pid].palace)}.",
            cards=codes(state.seat[pid].palace),
        )
        for pid in state.seats
    ]
    events.append(
        public(
            "palace_dealt",
            f"Each player gets {PALACE_CARDS} face-down palace cards; {len(state.draw)} cards "
            "form the draw pile.",
            draw_count=len(state.draw),
        )
    )
    return events
