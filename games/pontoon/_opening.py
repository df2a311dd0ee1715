"""The opening phase: between the deals, before the first card (PO-21, PO-24, PO-31).

The spec's action list has no "deal now" action, so the banker's ``stay`` in the opening phase
means "keep the bank and deal" (the same word the banker uses to end their turn). A banker whose
Shoot Pontoon kitty is empty must put one up before dealing (PO-24, PO-31), or sell the bank, or
give it up with ``decline_bank``, which passes it to the next player on the left.
"""

from __future__ import annotations

from typing import Any

from games.actions import ActionSpec, AmountField, ChoiceField
from games.engine import KITTY
from games.events import GameEvent
from games.pontoon._events import (
    BankDeclined,
    BankGivenUp,
    BankOffered,
    BankPasses,
    BankPassReason,
    BankSold,
    Dealt,
    FirstCard,
    KittyPut,
    KittyReturned,
    NoDeal,
    NoDealReason,
    SitsOut,
)
from games.pontoon._options import (
    AcceptBank,
    ActionKind,
    DeclineBank,
    Kitty,
    OfferBank,
    PontoonAction,
    Stay,
)
from games.pontoon._state import Hand, Offer, Opening, Phase, Punter, State
from games.seats import order_from_left_of


def must_put_up_kitty(s: State) -> bool:
    """PO-24/31: a Shoot Pontoon banker with an empty kitty must fill it before dealing."""
    return s.options.shoot and s.kitty == 0


def kitty_bounds(s: State) -> tuple[int, int] | None:
    """The legal ``kitty`` amounts now: a new kitty of min..max bet (PO-24), or a top-up of up
    to max_bet before any deal (PO-31: "the banker may add chips", however full the kitty)."""
    if not s.options.shoot or s.bank_sale.kitty_done or s.banker is None:
        return None
    stack = s.stacks[s.banker]
    if s.kitty == 0:
        if stack < s.options.min_bet:
            return None
        return s.options.min_bet, min(s.options.max_bet, stack)
    room = min(s.options.max_bet, stack)
    return (1, room) if room >= 1 else None


def opening_actions(s: State, pid: str) -> list[ActionSpec]:
    """What the banker (or a player offered the bank) may do before the first card."""
    offer = s.bank_sale.offer
    if offer is not None:
        if pid != offer.to:
            return []
        return [ActionSpec(kind=ActionKind.ACCEPT_BANK), ActionSpec(kind=ActionKind.DECLINE_BANK)]
    if pid != s.banker:
        return []
    specs: list[ActionSpec] = []
    bounds = kitty_bounds(s)
    if bounds is not None:
        specs.append(
            ActionSpec(
                kind=ActionKind.KITTY, fields={"amount": AmountField(min=bounds[0], max=bounds[1])}
            )
        )
    if not s.bank_sale.sold:
        for other in s.players:
            if other == pid or other in s.bank_sale.offered:
                continue
            specs.append(
                ActionSpec(
                    kind=ActionKind.OFFER_BANK,
                    fields={
                        "to": ChoiceField(options=(other,)),
                        "price": AmountField(min=0, max=s.stacks[other]),
                    },
                )
            )
    if must_put_up_kitty(s):
        specs.append(ActionSpec(kind=ActionKind.DECLINE_BANK))
    else:
        specs.append(ActionSpec(kind=ActionKind.STAY))
    return specs


def opening_timeout(s: State, pid: str) -> dict[str, Any]:
    """The spec's timeouts: an offer lapses; a banker who must fill the kitty puts up min_bet
    if they can, else the bank passes; otherwise the banker deals."""
    if s.bank_sale.offer is not None:
        return {"kind": ActionKind.DECLINE_BANK.value}
    if must_put_up_kitty(s):
        if kitty_bounds(s) is not None:
            return {"kind": ActionKind.KITTY.value, "amount": s.options.min_bet}
        return {"kind": ActionKind.DECLINE_BANK.value}
    return {"kind": ActionKind.STAY.value}


def pass_bank(s: State, to: str, reason: BankPassReason, events: list[GameEvent]) -> None:
    """The bank changes hands; the old banker takes the kitty with them (PO-31)."""
    old = s.banker
    if old is not None and s.kitty:
        if old in s.stacks:
            s.stacks[old] += s.kitty
        else:
            s.refunds[old] = s.refunds.get(old, 0) + s.kitty
        s.transfer(KITTY, old, s.kitty)
        events.append(KittyReturned(player=old, amount=s.kitty))
        s.kitty = 0
    s.banker = to
    s.bank_sale = Opening(sold=s.bank_sale.sold, declined=s.bank_sale.declined)
    s.record("bank_passes", to=to, reason=reason.value)
    events.append(BankPasses(banker=to, reason=reason))


def apply_opening(s: State, pid: str, action: PontoonAction, events: list[GameEvent]) -> None:
    """Apply one (already checked) opening action."""
    if isinstance(action, Kitty):
        s.stacks[pid] -= action.amount
        s.kitty += action.amount
        s.transfer(pid, KITTY, action.amount)
        s.bank_sale.kitty_done = True
        events.append(KittyPut(player=pid, amount=action.amount, total=s.kitty))
    elif isinstance(action, OfferBank):
        offer = Offer(to=action.to, price=action.price)
        s.bank_sale.offer = offer
        s.bank_sale.offered.append(offer.to)
        events.append(BankOffered(seller=pid, buyer=offer.to, price=offer.price))
    elif isinstance(action, AcceptBank):
        pending = s.bank_sale.offer
        assert pending is not None  # noqa: S101 - checked by legal_actions
        seller = s.banker
        assert seller is not None  # noqa: S101
        s.move(pid, seller, pending.price)
        s.transfer(pid, seller, pending.price)
        s.bank_sale.offer = None
        s.bank_sale.sold = True
        events.append(BankSold(seller=seller, buyer=pid, price=pending.price))
        pass_bank(s, pid, BankPassReason.BOUGHT, events)
    elif isinstance(action, DeclineBank):
        if s.bank_sale.offer is not None:
            s.bank_sale.offer = None
            events.append(BankDeclined(player=pid))
        else:
            _give_up_bank(s, pid, events)
    elif isinstance(action, Stay):
        start_deal(s, events)


def _give_up_bank(s: State, pid: str, events: list[GameEvent]) -> None:
    """PO-31: the kitty is not refilled, so the bank passes to the left."""
    s.bank_sale.declined.append(pid)
    events.append(BankGivenUp(player=pid))
    for candidate in order_from_left_of(s.players, pid):
        if candidate not in s.bank_sale.declined:
            pass_bank(s, candidate, BankPassReason.PASSED_LEFT, events)
            return
    s.phase = Phase.OVER
    s.record("no_banker")
    events.append(NoDeal(reason=NoDealReason.NO_KITTY))


def punter_order(s: State) -> list[str]:
    """PO-5/PO-6: punters from the banker's left; with the house bank, in seat order."""
    if s.banker is None:
        return list(s.players)
    return order_from_left_of(s.players, s.banker)[:-1]


def start_deal(s: State, events: list[GameEvent]) -> None:
    """PO-5: one card face down to each punter who can stake, then one to the banker."""
    s.start_deck = list(s.pack)
    s.record("deal", banker=s.banker)
    for pid in punter_order(s):
        if s.stacks[pid] >= s.options.min_bet:
            s.punters.append(Punter(pid=pid))
        else:
            events.append(SitsOut(player=pid, broke=True))
    if not s.punters:
        s.phase = Phase.OVER
        events.append(NoDeal(reason=NoDealReason.NOBODY_CAN_STAKE))
        return
    for p in s.punters:
        card = s.draw()
        if card is None:  # pragma: no cover - a full pack is 52 cards, at most 7 punters
            continue
        hand = Hand()
        hand.add(card, face_up=False)
        p.hands.append(hand)
        events.append(FirstCard(to=p.pid, card=card.code))
    first = s.draw()
    if first is not None:
        s.banker_hand.add(first, face_up=False)
    events.append(Dealt(round=1, punters=[p.pid for p in s.punters]))
    s.phase = Phase.STAKING
    s.turn = 0
