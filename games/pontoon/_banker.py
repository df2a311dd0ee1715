"""The banker's part: the second card (PO-7), the banker's turn (PO-15, PO-23) and the
settlement of stakes (PO-16..18, PO-22) and shoot bets (PO-26, PO-30)."""

from __future__ import annotations

from typing import Any

from games.actions import ActionSpec
from games.events import GameEvent
from games.pontoon._events import (
    BankBroken,
    BankerDraws,
    BankerPontoon,
    BankerShows,
    BankerStays,
    DealOver,
    Dealt,
    HandLoses,
    HandWins,
    YourCards,
)
from games.pontoon._options import ActionKind, Draw, PontoonAction
from games.pontoon._state import Hand, Phase, Punter, State
from games.pontoon._values import HandKind


def deal_second(s: State, events: list[GameEvent]) -> None:
    """PO-7: a second card to every staked punter and the banker; a banker's pontoon wins."""
    for p in s.punters:
        if p.sat_out:
            continue
        card = s.draw()
        if card is None:  # pragma: no cover - 16 cards at most by now
            continue
        hand = p.hands[0]
        hand.add(card, face_up=False)
        events.append(
            YourCards(to=p.pid, cards=[c.code for c in hand.cards], score=hand.value.score)
        )
    card = s.draw()
    if card is not None:
        s.banker_hand.add(card, face_up=False)
    s.banker_looked = True
    if s.banker is not None:
        events.append(
            YourCards(
                to=s.banker,
                cards=[c.code for c in s.banker_hand.cards],
                score=s.banker_hand.value.score,
            )
        )
    events.append(Dealt(round=2))
    if s.banker_hand.value.kind == HandKind.PONTOON:
        _banker_pontoon(s, events)
        return
    s.phase = Phase.PUNTERS
    s.turn = s.hand_index = 0


def _banker_pontoon(s: State, events: list[GameEvent]) -> None:
    """PO-7/PO-26: every punter pays twice their stake; every shoot bet goes to the kitty."""
    s.banker_hand.show_all()
    events.append(BankerPontoon(cards=[c.code for c in s.banker_hand.cards]))
    for p, hand in s.live_hands():
        _collect(s, p, hand, 2, events)
    finish(s, events)


def banker_actions(s: State, pid: str) -> list[ActionSpec]:
    """PO-15: draw (under 21, five cards at most) or stay."""
    if pid != s.banker:
        return []
    specs = []
    if can_draw(s):
        specs.append(ActionSpec(kind=ActionKind.DRAW))
    specs.append(ActionSpec(kind=ActionKind.STAY))
    return specs


def can_draw(s: State) -> bool:
    """Whether the banker's hand may take another card (PO-14, PO-15)."""
    hand = s.banker_hand
    return bool(s.pack) and len(hand.cards) < 5 and hand.value.total < 21


def banker_timeout(s: State, pid: str) -> dict[str, Any]:
    """The spec's timeout: the banker stays."""
    return {"kind": ActionKind.STAY.value}


def banker_draw(s: State, events: list[GameEvent]) -> None:
    """One face-up card to the banker."""
    card = s.draw()
    assert card is not None  # noqa: S101 - checked by can_draw
    s.banker_hand.add(card, face_up=True)
    events.append(BankerDraws(banker=s.banker, card=card.code, score=s.banker_hand.value.score))


def apply_banker(s: State, pid: str, action: PontoonAction, events: list[GameEvent]) -> None:
    """The player banker draws, or stays and the deal is settled."""
    if isinstance(action, Draw):
        banker_draw(s, events)
    else:
        events.append(BankerStays(player=pid, score=s.banker_hand.value.score))
        settle(s, events)


def banker_turn_starts(s: State, events: list[GameEvent]) -> None:
    """PO-15: the banker turns up both cards; the house then plays its fixed policy (PO-23)."""
    s.phase = Phase.BANKER
    if not s.live_hands():
        settle(s, events)
        return
    s.banker_hand.show_all()
    events.append(
        BankerShows(cards=[c.code for c in s.banker_hand.cards], score=s.banker_hand.value.score)
    )
    if s.banker is None:
        while can_draw(s) and s.banker_hand.value.total < s.options.house_stands_on:
            banker_draw(s, events)
        settle(s, events)


def _collect(s: State, p: Punter, hand: Hand, times: int, events: list[GameEvent]) -> int:
    """A losing hand pays ``times`` its stake (the extra from the stack, as far as it goes) and
    its shoot bet goes to the kitty (PO-26, PO-30)."""
    extra = min((times - 1) * hand.stake, s.stacks[p.pid])
    s.stacks[p.pid] -= extra
    s.stacks[s.bank_seat] += hand.stake + extra
    s.kitty += hand.shoot
    hand.settled = True
    paid = hand.stake + extra
    events.append(HandLoses(player=p.pid, paid=paid, shoot=hand.shoot))
    return paid


def _outcome(s: State, hand: Hand) -> tuple[bool, int]:
    """(the hand wins, times its stake) against the banker's hand (PO-16, PO-17, PO-18)."""
    banker = s.banker_hand.value
    value = hand.value
    double = 2 if value.pays_double else 1
    if banker.is_bust:
        return True, double
    if banker.kind == HandKind.FIVE_CARD_TRICK:
        return (True, 2) if value.kind == HandKind.PONTOON else (False, 2)
    if value > banker:
        return True, double
    return False, 1  # ties go to the banker


def settle(s: State, events: list[GameEvent]) -> None:
    """Losers pay first, then the bank pays the winners, pro rata if it cannot pay (PO-22)."""
    winners: list[tuple[Punter, Hand, int]] = []
    for p, hand in s.live_hands():
        wins, times = _outcome(s, hand)
        if wins:
            winners.append((p, hand, times * hand.stake))
        else:
            _collect(s, p, hand, times, events)
    owed = sum(amount for _, _, amount in winners)
    available = s.stacks[s.bank_seat]
    paid = [amount for _, _, amount in winners]
    if s.banker is not None and owed > available:
        paid = _pro_rata([amount for _, _, amount in winners], available)
        s.bank_broken = True
        events.append(BankBroken(owed=owed, available=available))
    for (p, hand, _), amount in zip(winners, paid, strict=True):
        s.stacks[s.bank_seat] -= amount
        s.stacks[p.pid] += hand.stake + amount + 2 * hand.shoot
        s.kitty -= hand.shoot
        hand.settled = True
        events.append(HandWins(player=p.pid, won=amount, score=hand.value.score, shoot=hand.shoot))
    finish(s, events)


def _pro_rata(owed: list[int], available: int) -> list[int]:
    """PO-22: the same fraction of what each is owed, rounded down, odd chips in seat order."""
    total = sum(owed)
    shares = [amount * available // total for amount in owed]
    odd = available - sum(shares)
    for i in range(len(shares)):
        if odd == 0:
            break
        if shares[i] < owed[i]:
            shares[i] += 1
            odd -= 1
    return shares


def finish(s: State, events: list[GameEvent]) -> None:
    """PO-11a: at the end every hand still standing is shown."""
    for p in s.punters:
        for hand in p.hands:
            if not hand.returned:
                hand.show_all()
    s.banker_hand.show_all()
    s.phase = Phase.OVER
    s.record("over", stacks=dict(s.stacks), kitty=s.kitty)
    hands = {
        p.pid: [[c.code for c in h.cards] for h in p.hands] for p in s.punters if not p.sat_out
    }
    events.append(
        DealOver(
            hands=hands,
            banker_cards=[c.code for c in s.banker_hand.cards],
            stacks=dict(s.stacks),
            kitty=s.kitty,
        )
    )
