"""The punters' part of a deal: stakes (PO-6), shoot bets (PO-25/27/28) and hands (PO-8..14)."""

from __future__ import annotations

from typing import Any

from games.actions import ActionSpec, AmountField
from games.cards import Card, Rank, show
from games.events import Event, private, public
from games.pontoon._options import ActionKind, SplitRule
from games.pontoon._state import Hand, Phase, Punter, State
from games.pontoon._values import HandKind

MAX_HANDS = 4
"""PO-9: splitting goes up to four hands."""


def current(s: State) -> tuple[Punter, Hand] | None:
    """The punter and hand whose turn it is in the punters' phase."""
    if s.phase != Phase.PUNTERS or s.turn >= len(s.punters):
        return None
    p = s.punters[s.turn]
    if s.hand_index >= len(p.hands):
        return None
    return p, p.hands[s.hand_index]


def max_shoot(s: State, pid: str) -> int:
    """The largest shoot bet ``pid`` may place: the kitty's room and their stack (PO-25)."""
    return min(s.shoot_room(), s.stacks[pid])


def staking_actions(s: State, pid: str) -> list[ActionSpec]:
    """PO-6: a stake of min_bet..max_bet (no more than the stack), or sit the deal out."""
    top = min(s.options.max_bet, s.stacks[pid])
    return [
        ActionSpec(
            kind=ActionKind.STAKE,
            fields={"amount": AmountField(min=s.options.min_bet, max=top)},
            label="Stake",
        ),
        ActionSpec(kind=ActionKind.SIT_OUT, label="Sit this deal out"),
    ]


def shoot_phase_actions(s: State, pid: str) -> list[ActionSpec]:
    """PO-25: a shoot bet up to the kitty's room; 0 places none."""
    return [
        ActionSpec(
            kind=ActionKind.SHOOT,
            fields={"amount": AmountField(min=0, max=max_shoot(s, pid))},
            label="Shoot bet (0 for none)",
        )
    ]


def buy_bounds(s: State, pid: str, hand: Hand) -> tuple[int, int] | None:
    """PO-10: the first buy costs first stake..twice it, later ones first stake..last buy."""
    if hand.twisted:
        return None
    low = hand.first_stake
    high = 2 * hand.first_stake if hand.last_buy == 0 else hand.last_buy
    high = min(high, s.stacks[pid])
    return (low, high) if high >= low else None


def can_split(s: State, p: Punter, hand: Hand) -> bool:
    """PO-9: a pair of equal rank (ten-values only by rank), under the option, up to 4 hands."""
    if len(hand.cards) != 2 or hand.cards[0].rank != hand.cards[1].rank:
        return False
    rule = s.options.split
    if rule == SplitRule.NONE or (rule == SplitRule.ACES and hand.cards[0].rank != Rank.ACE):
        return False
    return len(p.hands) < MAX_HANDS and s.stacks[p.pid] >= hand.first_stake


def can_shoot_now(s: State, p: Punter, hand: Hand) -> bool:
    """PO-27 (before a fourth card) and PO-28 (a further split hand's own first shoot bet)."""
    if not s.options.shoot or hand.must_draw or max_shoot(s, p.pid) < 1:
        return False
    if len(hand.cards) == 3 and not hand.shot_fourth:
        return True
    return s.hand_index > 0 and len(hand.cards) == 2 and not hand.shot_first


def hand_actions(s: State, pid: str) -> list[ActionSpec]:
    """What the punter may do with the hand in play (its total is under 21)."""
    now = current(s)
    if now is None or now[0].pid != pid:
        return []
    p, hand = now
    specs: list[ActionSpec] = []
    if can_shoot_now(s, p, hand):
        specs.append(
            ActionSpec(
                kind=ActionKind.SHOOT,
                fields={"amount": AmountField(min=1, max=max_shoot(s, pid))},
                label="Shoot bet",
            )
        )
    bounds = buy_bounds(s, pid, hand)
    if bounds is not None:
        specs.append(
            ActionSpec(
                kind=ActionKind.BUY,
                fields={"amount": AmountField(min=bounds[0], max=bounds[1])},
                label="Buy a card",
            )
        )
    specs.append(ActionSpec(kind=ActionKind.TWIST, label="Twist"))
    if not hand.must_draw:
        if hand.value.total >= s.options.min_stick:
            specs.append(ActionSpec(kind=ActionKind.STICK, label="Stick"))
        if can_split(s, p, hand):
            specs.append(ActionSpec(kind=ActionKind.SPLIT, label="Split"))
    return specs


def why_not(s: State, pid: str, kind: str) -> str | None:
    """A player-readable reason a punter's hand action is not available, if there is one."""
    now = current(s)
    if now is None or now[0].pid != pid:
        return None
    p, hand = now
    if kind in (ActionKind.STICK, ActionKind.SPLIT) and hand.must_draw:
        return "You placed a shoot bet for a fourth card: take it with buy or twist."
    if kind == ActionKind.STICK:
        return (
            f"You can't stick on {hand.value.total}: a hand needs at least "
            f"{s.options.min_stick} to stick. Twist or buy."
        )
    if kind == ActionKind.BUY:
        if hand.twisted:
            return "After a twist the hand may only twist, never buy."
        return f"You need at least {hand.first_stake} chips to buy a card."
    if kind == ActionKind.SPLIT:
        if len(hand.cards) != 2 or hand.cards[0].rank != hand.cards[1].rank:
            return "Only two cards of the same rank can be split."
        if s.options.split == SplitRule.NONE:
            return "Splitting is off at this table."
        if s.options.split == SplitRule.ACES and hand.cards[0].rank != Rank.ACE:
            return "Only aces may be split at this table."
        if len(p.hands) >= MAX_HANDS:
            return f"You can't split into more than {MAX_HANDS} hands."
        return f"You need {hand.first_stake} chips to stake the new hand."
    if kind == ActionKind.SHOOT:
        if not s.options.shoot:
            return "This is not a Shoot Pontoon table."
        if s.shoot_room() < 1:
            return "The shoot bets already cover the kitty."
        return "A shoot bet is only allowed before the fourth card (or on a new split hand)."
    return None


def punter_timeout(s: State, pid: str) -> dict[str, Any]:
    """The spec's timeouts: sit out before staking, no shoot bet, stick if allowed else twist."""
    if s.phase == Phase.STAKING:
        return {"kind": ActionKind.SIT_OUT.value}
    if s.phase == Phase.SHOOT:
        return {"kind": ActionKind.SHOOT.value, "amount": 0}
    kinds = {spec.kind for spec in hand_actions(s, pid)}
    if ActionKind.STICK in kinds:
        return {"kind": ActionKind.STICK.value}
    return {"kind": ActionKind.TWIST.value}


def apply_staking(s: State, pid: str, action: dict[str, Any], events: list[Event]) -> None:
    """PO-6: stake (or sit out, the card going under the pack)."""
    p = s.punters[s.turn]
    if action["kind"] == ActionKind.STAKE:
        amount = int(action["amount"])
        s.stacks[pid] -= amount
        hand = p.hands[0]
        hand.stake = hand.first_stake = amount
        p.staked = True
        events.append(public("stake", f"{pid} stakes {amount}.", pid=pid, amount=amount))
    else:
        p.sat_out = True
        hand = p.hands[0]
        s.put_under(hand.cards)
        hand.returned = True
        events.append(public("sits_out", f"{pid} sits this deal out.", pid=pid))
    s.turn += 1


def apply_shoot_phase(s: State, pid: str, amount: int, events: list[Event]) -> None:
    """PO-25: the first shoot bet (on the first hand, PO-28)."""
    hand = s.punters[s.turn].hands[0]
    hand.shot_first = True
    if amount:
        s.stacks[pid] -= amount
        hand.shoot += amount
        events.append(public("shoot", f"{pid} places a shoot bet of {amount}.", amount=amount))
    else:
        events.append(public("no_shoot", f"{pid} places no shoot bet.", pid=pid))
    s.turn += 1


def bust(s: State, p: Punter, hand: Hand, events: list[Event]) -> None:
    """PO-13/PO-29: shown, the stake to the bank and the shoot bet to the kitty at once, the
    cards under the pack."""
    hand.show_all()
    hand.done = hand.settled = True
    s.stacks[s.bank_seat] += hand.stake
    s.kitty += hand.shoot
    events.append(
        public(
            "bust",
            f"{p.pid} busts with {show(hand.cards)} ({hand.value.total}) and loses {hand.stake}"
            + (f"; the shoot bet of {hand.shoot} goes to the kitty." if hand.shoot else "."),
            pid=p.pid,
            cards=[c.code for c in hand.cards],
            stake=hand.stake,
            shoot=hand.shoot,
        )
    )
    s.put_under(hand.cards)
    hand.returned = True


def after_card(s: State, p: Punter, hand: Hand, events: list[Event]) -> None:
    """A hand that just took a card may be bust (PO-13) or a five-card trick (PO-14)."""
    value = hand.value
    if value.is_bust:
        bust(s, p, hand, events)
    elif value.kind == HandKind.FIVE_CARD_TRICK:
        hand.done = True
        events.append(public("five_card_trick", f"{p.pid} has a five-card trick.", pid=p.pid))


def _deal_to(s: State, pid: str, hand: Hand, *, face_up: bool, events: list[Event]) -> Card | None:
    card = s.draw()
    if card is None:
        return None
    hand.add(card, face_up=face_up)
    if not face_up:
        events.append(private(pid, "your_card", f"You get {card}.", cards=[card.code]))
    return card


def apply_hand(s: State, pid: str, action: dict[str, Any], events: list[Event]) -> None:
    """One (already checked) action on the hand in play."""
    now = current(s)
    assert now is not None  # noqa: S101 - checked by legal_actions
    p, hand = now
    kind = action["kind"]
    if kind == ActionKind.SHOOT:
        amount = int(action["amount"])
        s.stacks[pid] -= amount
        hand.shoot += amount
        if len(hand.cards) == 3:
            hand.shot_fourth = hand.must_draw = True
            what = "for a fourth card"
        else:
            hand.shot_first = True
            what = "on a split hand"
        events.append(
            public("shoot", f"{pid} places a shoot bet of {amount} {what}.", amount=amount)
        )
    elif kind == ActionKind.BUY:
        amount = int(action["amount"])
        s.stacks[pid] -= amount
        hand.stake += amount
        hand.last_buy = amount
        hand.must_draw = False
        events.append(public("buy", f"{pid} buys a card for {amount}.", pid=pid, amount=amount))
        _deal_to(s, pid, hand, face_up=False, events=events)
        after_card(s, p, hand, events)
    elif kind == ActionKind.TWIST:
        hand.twisted = True
        hand.must_draw = False
        card = _deal_to(s, pid, hand, face_up=True, events=events)
        assert card is not None  # noqa: S101 - a hand with an empty pack stands (PO-14)
        events.append(public("twist", f"{pid} twists: {card}.", pid=pid, cards=[card.code]))
        after_card(s, p, hand, events)
    elif kind == ActionKind.STICK:
        hand.done = True
        events.append(public("stick", f"{pid} sticks.", pid=pid))
    elif kind == ActionKind.SPLIT:
        _split(s, p, hand, events)


def _split(s: State, p: Punter, hand: Hand, events: list[Event]) -> None:
    """PO-9: the pair is shown and becomes two hands of equal stake, each dealt one card."""
    first, second = hand.cards
    s.stacks[p.pid] -= hand.first_stake
    hand.cards, hand.public, hand.split = [first], [True], True
    new = Hand(
        cards=[second],
        public=[True],
        stake=hand.first_stake,
        first_stake=hand.first_stake,
        split=True,
    )
    p.hands.insert(s.hand_index + 1, new)
    events.append(
        public(
            "split",
            f"{p.pid} splits {first} {second} into two hands ({len(p.hands)} in all).",
            pid=p.pid,
            cards=[first.code, second.code],
        )
    )
    for h in (hand, new):
        _deal_to(s, p.pid, h, face_up=False, events=events)


def auto_step(s: State, p: Punter, hand: Hand, events: list[Event]) -> None:
    """What the bot does for a hand when its turn comes: PO-8, a 21, PO-14."""
    value = hand.value
    if value.kind == HandKind.PONTOON:
        hand.declared = hand.done = True
        ace = next(i for i, c in enumerate(hand.cards) if c.rank == Rank.ACE)
        hand.public[ace] = True
        events.append(
            public(
                "pontoon",
                f"{p.pid} declares a pontoon and shows {hand.cards[ace]}.",
                pid=p.pid,
                cards=[hand.cards[ace].code],
            )
        )
    elif value.total == 21 or len(hand.cards) >= 5:
        hand.done = True
        events.append(public("stands", f"{p.pid} stands on 21.", pid=p.pid))
    elif not s.pack:
        hand.done = True
        events.append(
            public("stands", f"The pack has run out: {p.pid}'s hand stands (PO-14).", pid=p.pid)
        )
