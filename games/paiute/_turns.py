"""The rules of a turn and of the end of a deal (PA-6, PA-7, PA-9, PA-10, PA-11, PA-15).

Each ``check_*`` function raises ``IllegalAction`` with the rule's reason and changes nothing
(the engine asks them why an action its legal specs do not allow is refused); each ``apply_*``
function assumes the action is legal, changes the state and returns the events.
"""

from __future__ import annotations

import random

from games.cards import Card, Deck, codes
from games.core.reshuffles import commit_reshuffle
from games.errors import IllegalAction
from games.events import GameEvent
from games.paiute._combos import Combination, best_combination, best_six_card
from games.paiute._events import (
    Called,
    DealOver,
    Discarded,
    Drawn,
    Drew,
    LaidDown,
    LastTurn,
    Shown,
    StockRebuilt,
)
from games.paiute._options import ActionKind, Outcome, Phase, Source
from games.paiute._refusals import PaiuteRefusal
from games.paiute._state import DealState
from games.seats import left_of, order_from_left_of, split_pot


def can_draw_from(s: DealState) -> list[Source]:
    """The sources a player may draw from now (the stock counts if it can be rebuilt)."""
    sources = []
    if s.stock or len(s.discards) > 1:
        sources.append(Source.STOCK)
    if s.discards:
        sources.append(Source.DISCARD)
    return sources


def discardable(s: DealState, pid: str) -> list[Card]:
    """Cards ``pid`` may put on the discard pile: not the one taken from it this turn (PA-6)."""
    return [c for c in s.hands[pid] if c != s.taken]


def call_options(s: DealState, pid: str) -> list[Card | None]:
    """The legal ``discard`` values of a call: each sixth card leaving a 5-card combination,
    and ``None`` when the six cards hold a six-card combination (PA-9)."""
    hand = s.hands[pid]
    wild = s.indicator.rank
    options: list[Card | None] = [
        c for c in discardable(s, pid) if best_combination(_without(hand, c), wild) is not None
    ]
    if best_six_card(hand, wild) is not None:
        options.append(None)
    return options


def _without(cards: list[Card], card: Card) -> list[Card]:
    return [c for c in cards if c != card]


def check_draw(s: DealState, source: Source) -> None:
    if s.phase is not Phase.DRAW:
        raise IllegalAction(PaiuteRefusal.ALREADY_DREW)
    if source not in can_draw_from(s):
        raise IllegalAction(PaiuteRefusal.PILE_EMPTY, source=source.value)


def apply_draw(s: DealState, pid: str, source: Source, rng: random.Random) -> list[GameEvent]:
    events: list[GameEvent] = []
    if source is Source.STOCK:
        if not s.stock:
            events += _rebuild_stock(s, rng)
        card = s.stock.pop(0)
        events.append(Drew(player=pid, source=Source.STOCK))
        events.append(Drawn(to=pid, card=card.code, hand=codes([*s.hands[pid], card])))
    else:
        card = s.discards.pop()
        s.taken = card
        events.append(Drew(player=pid, source=Source.DISCARD, card=card.code))
        mine = codes([*s.hands[pid], card])
        events.append(Drawn(to=pid, card=card.code, hand=mine, source=Source.DISCARD))
    s.hands[pid].append(card)
    s.drawn = card
    s.phase = Phase.DISCARD
    return events


def _rebuild_stock(s: DealState, rng: random.Random) -> list[GameEvent]:
    """PA-7: every discard but the top one becomes the new stock, shuffled; its order is
    committed before the draw that rebuilt it takes its top card."""
    top = s.discards.pop()
    pile = Deck(s.stock, stacked=s.stacked)
    pile.gather(s.discards, rng)
    s.stock = list(pile.cards)
    s.discards = [top]
    s.record("stock_rebuilt", secret=True, stock=codes(s.stock))
    return [StockRebuilt(cards=len(s.stock)), *commit_reshuffle(s, rng, "PA-7", s.stock)]


def check_discard(s: DealState, pid: str, card: Card) -> None:
    if s.phase is not Phase.DISCARD:
        raise IllegalAction(PaiuteRefusal.DRAW_FIRST, kind=ActionKind.DISCARD.value)
    if card not in s.hands[pid]:
        raise IllegalAction(PaiuteRefusal.NOT_HELD, card=card.code)
    if card == s.taken:
        raise IllegalAction(PaiuteRefusal.TAKEN_THIS_TURN, card=card.code)


def apply_discard(s: DealState, pid: str, card: Card) -> list[GameEvent]:
    s.hands[pid].remove(card)
    s.discards.append(card)
    events: list[GameEvent] = [Discarded(player=pid, card=card.code)]
    return events + next_turn(s)


def check_call(s: DealState, pid: str, discard: Card | None) -> Combination:
    """The combination the call lays down, or why the call is refused."""
    if s.phase is not Phase.DISCARD:
        raise IllegalAction(PaiuteRefusal.DRAW_FIRST, kind=ActionKind.CALL.value)
    hand = s.hands[pid]
    wild = s.indicator.rank
    if discard is None:
        combo = best_six_card(hand, wild)
        if combo is not None:
            return best_combination(hand, wild) or combo
        if best_combination(hand, wild) is not None:
            raise IllegalAction(PaiuteRefusal.FIVE_CARD_COMBINATION)
        raise IllegalAction(PaiuteRefusal.NO_COMBINATION)
    check_discard(s, pid, discard)
    combo_or_none = best_combination(_without(hand, discard), wild)
    if combo_or_none is None:
        if best_combination(hand, wild) is None:
            raise IllegalAction(PaiuteRefusal.NO_COMBINATION)
        raise IllegalAction(PaiuteRefusal.NONE_WITHOUT, card=discard.code)
    return combo_or_none


def apply_call(s: DealState, pid: str, discard: Card | None, combo: Combination) -> list[GameEvent]:
    events: list[GameEvent] = []
    if discard is not None:
        s.hands[pid].remove(discard)
        s.discards.append(discard)
        events.append(Discarded(player=pid, card=discard.code))
    laid = s.hands[pid]
    s.laid[pid], s.hands[pid] = laid, []
    if s.caller is None:
        s.caller = pid
        order = order_from_left_of(s.players, s.dealer)
        s.last_turns = order[order.index(pid) + 1 :]  # PA-10: empty when the dealer calls
        events.append(Called(player=pid, cards=codes(laid), combination=combo.label))
    else:
        events.append(LaidDown(player=pid, cards=codes(laid), combination=combo.label))
    return events + next_turn(s)


def next_turn(s: DealState) -> list[GameEvent]:
    """Pass the turn left, or into the last turns after a call, or end the deal."""
    s.taken = s.drawn = None
    if s.caller is not None:
        if not s.last_turns:
            return showdown(s)
        s.turn = s.last_turns.pop(0)
        s.phase = Phase.DRAW
        return [LastTurn(player=s.turn)]
    if s.turn == s.dealer:
        if s.round >= s.options.max_rounds:
            return return_stakes(s)
        s.round += 1
    s.turn = left_of(s.players, s.turn)
    s.phase = Phase.DRAW
    return []


def showdown(s: DealState) -> list[GameEvent]:
    """PA-15: every hand is shown; the best winning combination in any of them takes the pot."""
    wild = s.indicator.rank
    s.phase, s.outcome, s.shown = Phase.OVER, Outcome.SHOWDOWN, True
    combos: dict[str, Combination] = {}
    events: list[GameEvent] = []
    for p in s.players:
        cards = s.laid.get(p) or s.hands[p]
        combo = best_combination(cards, wild)
        if combo is not None:
            combos[p] = combo
            s.combinations[p] = combo.label
        events.append(
            Shown(player=p, cards=codes(cards), combination=combo.label if combo else None)
        )
    best = max(combos.values())  # the caller always has one
    s.winners = [p for p in order_from_left_of(s.players, s.dealer) if combos.get(p) == best]
    s.payouts = split_pot(s.pot, s.winners)
    for p, amount in s.payouts.items():
        s.stacks[p] += amount
    pot, s.pot = s.pot, 0
    _end_entry(s)
    events.append(
        DealOver(
            outcome=Outcome.SHOWDOWN,
            winners=list(s.winners),
            payouts=dict(s.payouts),
            pot=pot,
            combination=best.label,
            max_rounds=s.options.max_rounds,
        )
    )
    return events


def return_stakes(s: DealState) -> list[GameEvent]:
    """PA-11: ``max_rounds`` full rounds without a call; everyone gets their stake back."""
    s.phase, s.outcome = Phase.OVER, Outcome.STAKES_RETURNED
    s.payouts = dict.fromkeys(s.players, s.options.stake)
    for p, amount in s.payouts.items():
        s.stacks[p] += amount
    pot, s.pot = s.pot, 0
    _end_entry(s)
    return [
        DealOver(
            outcome=Outcome.STAKES_RETURNED,
            winners=[],
            payouts=dict(s.payouts),
            pot=pot,
            max_rounds=s.options.max_rounds,
        )
    ]


def _end_entry(s: DealState) -> None:
    """The history's end: how the deal ended and who got what (the core adds every card)."""
    s.record("end", outcome=s.outcome, payouts=dict(s.payouts))


def final_cards(s: DealState) -> dict[str, object]:
    """Where every card lies at the end, revealed once the deal is over."""
    return {
        "indicator": s.indicator.code,
        "hands": {p: codes(s.laid.get(p) or s.hands[p]) for p in s.players},
        "stock": codes(s.stock),
        "discards": codes(s.discards),
    }
