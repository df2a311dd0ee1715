"""The rules of a turn and of the end of a deal (PA-6, PA-7, PA-9, PA-10, PA-11, PA-15).

Each ``check_*`` function raises ``IllegalAction`` and changes nothing; each ``apply_*``
function assumes its check passed, changes the state and returns the events.
"""

from __future__ import annotations

import random

from games.cards import Card, Deck, codes, show
from games.errors import IllegalAction
from games.events import Event, private, public
from games.paiute._combos import Combination, best_combination, best_six_card
from games.paiute._options import Outcome, Phase, Source
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
        raise IllegalAction("You have drawn already: discard a card or call")
    if source not in can_draw_from(s):
        raise IllegalAction(f"You cannot draw from the {source.value} now: it is empty")


def apply_draw(s: DealState, pid: str, source: Source, rng: random.Random) -> list[Event]:
    events = []
    if source is Source.STOCK:
        if not s.stock:
            events.append(_rebuild_stock(s, rng))
        card = s.stock.pop(0)
        events.append(public("draw", f"{pid} draws from the stock.", player=pid, source="stock"))
        events.append(
            private(
                pid, "drawn", f"You draw {card}.", card=card.code, hand=codes([*s.hands[pid], card])
            )
        )
    else:
        card = s.discards.pop()
        s.taken = card
        events.append(
            public(
                "draw",
                f"{pid} takes {card} from the discard pile.",
                player=pid,
                source="discard",
                card=card.code,
            )
        )
    s.hands[pid].append(card)
    s.drawn, s.drawn_from = card, source
    s.phase = Phase.DISCARD
    return events


def _rebuild_stock(s: DealState, rng: random.Random) -> Event:
    """PA-7: every discard but the top one becomes the new stock, shuffled."""
    top = s.discards.pop()
    pile = Deck(s.stock, stacked=s.stacked)
    pile.gather(s.discards, rng)
    s.stock = list(pile.cards)
    s.discards = [top]
    s.log.append({"type": "stock_rebuilt", "secret": True, "stock": codes(s.stock)})
    return public(
        "stock_rebuilt",
        f"The stock is empty: {len(s.stock)} discards are shuffled into a new stock.",
        cards=len(s.stock),
    )


def check_discard(s: DealState, pid: str, card: Card) -> None:
    if s.phase is not Phase.DISCARD:
        raise IllegalAction("Draw a card first: from the stock or the discard pile")
    if card not in s.hands[pid]:
        raise IllegalAction(f"You do not hold {card}")
    if card == s.taken:
        raise IllegalAction(
            f"You took {card} from the discard pile this turn: discard a different card"
        )


def apply_discard(s: DealState, pid: str, card: Card) -> list[Event]:
    s.hands[pid].remove(card)
    s.discards.append(card)
    events = [public("discard", f"{pid} discards {card}.", player=pid, card=card.code)]
    return events + next_turn(s)


def check_call(s: DealState, pid: str, discard: Card | None) -> Combination:
    """The combination the call lays down, or why the call is refused."""
    if s.phase is not Phase.DISCARD:
        raise IllegalAction("Draw a card first: you may call once you hold six cards")
    hand = s.hands[pid]
    wild = s.indicator.rank
    if discard is None:
        combo = best_six_card(hand, wild)
        if combo is not None:
            return best_combination(hand, wild) or combo
        if best_combination(hand, wild) is not None:
            raise IllegalAction(
                "Your combination has five cards: call with your sixth card as the discard"
            )
        raise IllegalAction("You have no winning combination: you cannot call")
    check_discard(s, pid, discard)
    combo_or_none = best_combination(_without(hand, discard), wild)
    if combo_or_none is None:
        if best_combination(hand, wild) is None:
            raise IllegalAction("You have no winning combination: you cannot call")
        raise IllegalAction(f"Without {discard} your cards hold no winning combination")
    return combo_or_none


def apply_call(s: DealState, pid: str, discard: Card | None, combo: Combination) -> list[Event]:
    events = []
    if discard is not None:
        s.hands[pid].remove(discard)
        s.discards.append(discard)
        events.append(
            public("discard", f"{pid} discards {discard}.", player=pid, card=discard.code)
        )
    laid = s.hands[pid]
    s.laid[pid], s.hands[pid] = laid, []
    if s.caller is None:
        s.caller = pid
        order = order_from_left_of(s.players, s.dealer)
        s.last_turns = order[order.index(pid) + 1 :]  # PA-10: empty when the dealer calls
        kind, what = "call", "calls"
    else:
        kind, what = "lay_down", "lays down"
    events.append(
        public(
            kind,
            f"{pid} {what} with {combo.name}: {show(laid)}.",
            player=pid,
            cards=codes(laid),
            combination=combo.name,
            category=combo.category.name,
        )
    )
    return events + next_turn(s)


def next_turn(s: DealState) -> list[Event]:
    """Pass the turn left, or into the last turns after a call, or end the deal."""
    s.taken = s.drawn = s.drawn_from = None
    if s.caller is not None:
        if not s.last_turns:
            return showdown(s)
        s.turn = s.last_turns.pop(0)
        s.phase = Phase.DRAW
        return [public("last_turn", f"{s.turn} takes a last turn.", player=s.turn)]
    if s.turn == s.dealer:
        if s.round >= s.options.max_rounds:
            return return_stakes(s)
        s.round += 1
    s.turn = left_of(s.players, s.turn)
    s.phase = Phase.DRAW
    return []


def showdown(s: DealState) -> list[Event]:
    """PA-15: every hand is shown; the best winning combination in any of them takes the pot."""
    wild = s.indicator.rank
    s.phase, s.outcome, s.shown = Phase.OVER, Outcome.SHOWDOWN, True
    combos: dict[str, Combination] = {}
    events = []
    for p in s.players:
        cards = s.laid.get(p) or s.hands[p]
        combo = best_combination(cards, wild)
        if combo is not None:
            combos[p] = combo
            s.combinations[p] = combo.name
        events.append(
            public(
                "show",
                f"{p} shows {show(cards)}: {combo.name if combo else 'no winning combination'}.",
                player=p,
                cards=codes(cards),
                combination=combo.name if combo else None,
            )
        )
    best = max(combos.values())  # the caller always has one
    s.winners = [p for p in order_from_left_of(s.players, s.dealer) if combos.get(p) == best]
    s.payouts = split_pot(s.pot, s.winners)
    for p, amount in s.payouts.items():
        s.stacks[p] += amount
    pot, s.pot = s.pot, 0
    s.log.append(_end_entry(s))
    events.append(
        public(
            "deal_over",
            f"{' and '.join(s.winners)} {'wins' if len(s.winners) == 1 else 'split'} "
            f"the pot of {pot} with {best.name}.",
            winners=s.winners,
            payouts=s.payouts,
            combination=best.name,
        )
    )
    return events


def return_stakes(s: DealState) -> list[Event]:
    """PA-11: ``max_rounds`` full rounds without a call; everyone gets their stake back."""
    s.phase, s.outcome = Phase.OVER, Outcome.STAKES_RETURNED
    s.payouts = dict.fromkeys(s.players, s.options.stake)
    for p, amount in s.payouts.items():
        s.stacks[p] += amount
    s.pot = 0
    s.log.append(_end_entry(s))
    return [
        public(
            "deal_over",
            f"{s.options.max_rounds} rounds passed without a call: the stakes go back.",
            winners=[],
            payouts=s.payouts,
        )
    ]


def _end_entry(s: DealState) -> dict[str, object]:
    """The history's last entry: every card, revealed once the deal is over."""
    return {
        "type": "end",
        "outcome": s.outcome,
        "hands": {p: codes(s.laid.get(p) or s.hands[p]) for p in s.players},
        "stock": codes(s.stock),
        "discards": codes(s.discards),
        "payouts": dict(s.payouts),
    }
