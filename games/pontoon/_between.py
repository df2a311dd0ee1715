"""Starting a table and moving from one deal to the next (PO-4, PO-19, PO-20, PO-22, PO-31).

PO-20 (a punter's pontoon takes the bank) is applied first; only without one does PO-22 (a bank
that could not pay passes to the left) apply; PO-31's empty kitty is dealt with by the new
deal's opening phase, so it comes last.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.cards import Card, Deck, check_full_deck, fisher_yates
from games.engine import HOUSE, KITTY
from games.events import GameEvent
from games.pontoon._events import BankPassReason, Cut, KittyPut, Shuffled
from games.pontoon._flow import advance
from games.pontoon._opening import pass_bank, start_deal
from games.pontoon._options import BankerMode, PontoonOptions
from games.pontoon._state import Phase, State
from games.pontoon._values import HandKind
from games.seats import cut_for_deal, order_from_left_of

MAX_SEATS = 8
"""PO-2: one banker and up to seven punters."""


def _check_table(
    players: Sequence[str], stacks: Mapping[str, int], options: PontoonOptions
) -> dict[str, int]:
    house = options.banker == BankerMode.HOUSE
    low, high = (1, MAX_SEATS - 1) if house else (2, MAX_SEATS)
    if not low <= len(players) <= high:
        who = "a house bank" if house else "a player bank"
        raise ValueError(f"Pontoon with {who} needs {low} to {high} players")
    if len(set(players)) != len(players) or HOUSE in players:
        raise ValueError("player ids must be distinct and not 'house'")
    missing = [p for p in players if p not in stacks]
    if missing:
        raise ValueError(f"no stack given for {missing}")
    if any(stacks[p] < 0 for p in players):
        raise ValueError("stacks cannot be negative")
    table = {p: int(stacks[p]) for p in players}
    if house:
        table[HOUSE] = 0
    return table


def _pack(deck: Sequence[Card | str] | None, rng: random.Random) -> tuple[list[Card], bool]:
    if deck is None:
        return list(Deck.shuffled(rng).cards), False
    cards = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
    check_full_deck(cards)
    return cards, True


def first_deal(
    players: Sequence[str],
    stacks: Mapping[str, int],
    options: PontoonOptions,
    rng: random.Random,
    deck: Sequence[Card | str] | None,
    dealer: str | None,
) -> tuple[State, list[GameEvent]]:
    """PO-4: the table's first deal; a player banker is cut for unless ``dealer`` is given."""
    table = _check_table(players, stacks, options)
    events: list[GameEvent] = []
    cut: list[dict[str, str]] = []
    banker: str | None = None
    if options.banker == BankerMode.PLAYER:
        if dealer is not None:
            if dealer not in players:
                raise ValueError(f"the banker {dealer!r} is not at the table")
            banker = dealer
        else:
            banker, rounds = cut_for_deal(players, rng)
            cut = [{p: c.code for p, c in r.items()} for r in rounds]
            events.append(Cut(banker=banker, rounds=cut))
    elif dealer is not None:
        raise ValueError("with the house bank there is no banker to choose")
    pack, stacked = _pack(deck, rng)
    s = State(
        options=options,
        players=list(players),
        banker=banker,
        stacks=table,
        start_stacks=dict(table),
        pack=pack,
        stacked=stacked,
    )
    s.record("table", players=list(players), banker=banker, cut=cut)
    _open(s, events)
    return s, events


def _pontoon_made(s: State) -> bool:
    hands = [h for p in s.punters for h in p.hands] + [s.banker_hand]
    return any(h.value.kind == HandKind.PONTOON for h in hands)


def _next_banker(s: State, players: Sequence[str]) -> tuple[str | None, BankPassReason | None]:
    """PO-20 first, then PO-22, then a banker who left; else the bank stays."""
    old = s.banker
    if old is None:
        return None, None
    for p in s.punters:
        if p.pid in players and any(h.declared and not h.split for h in p.hands):
            return p.pid, BankPassReason.PONTOON
    left = BankPassReason.PASSED_LEFT
    if s.bank_broken or old not in players:
        if old in players:
            return order_from_left_of(players, old)[0], left
        for pid in order_from_left_of(s.players, old):
            if pid in players:
                return pid, left
        return players[0], left
    return old, None


def following_deal(
    s: State,
    rng: random.Random,
    players: Sequence[str] | None,
    stacks: Mapping[str, int] | None,
    deck: Sequence[Card | str] | None,
) -> tuple[State, list[GameEvent]]:
    """The next deal's state, in its opening phase (or dealt at once with the house bank)."""
    if s.phase != Phase.OVER:
        raise ValueError("the deal is not over yet")
    seated = list(players) if players is not None else list(s.players)
    given = dict(stacks) if stacks is not None else {}
    merged = {p: given.get(p, s.stacks.get(p, 0)) for p in seated}
    table = _check_table(seated, merged, s.options)
    events: list[GameEvent] = []
    if deck is not None:
        pack, stacked = _pack(deck, rng)
    else:
        pack, stacked = list(s.pack), s.stacked
        gathered = [c for p in s.punters for h in p.hands if not h.returned for c in h.cards]
        pack.extend(gathered + list(s.banker_hand.cards))  # PO-19: under the pack, unshuffled
        if _pontoon_made(s) and not stacked:
            fisher_yates(pack, rng)
            events.append(Shuffled())
    new_banker, reason = _next_banker(s, seated)
    n = State(
        options=s.options,
        players=seated,
        banker=s.banker,
        deal_number=s.deal_number + 1,
        stacks=table,
        start_stacks=dict(table),
        kitty=s.kitty,
        start_kitty=s.kitty,
        pack=pack,
        stacked=stacked,
    )
    if new_banker != s.banker and new_banker is not None and reason is not None:
        pass_bank(n, new_banker, reason, events)
    n.record("table", players=seated, banker=n.banker)
    _open(n, events)
    return n, events


def _open(s: State, events: list[GameEvent]) -> None:
    """A player bank opens for the banker's decisions; the house deals at once (PO-23), after
    topping its kitty up to max_bet."""
    s.phase = Phase.OPENING
    if s.banker is not None:
        return
    if s.options.shoot and s.kitty < s.options.max_bet:
        top_up = s.options.max_bet - s.kitty
        s.stacks[HOUSE] -= top_up
        s.kitty += top_up
        s.transfer(HOUSE, KITTY, top_up)
        events.append(KittyPut(player=None, amount=top_up, total=s.kitty))
    start_deal(s, events)
    advance(s, events)
