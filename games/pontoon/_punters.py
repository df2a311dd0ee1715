"""The punters' part of a deal: stakes (PO-6), shoot bets (PO-25/27/28) and hands (PO-8..14)."""

from __future__ import annotations

from typing import Any

from games.actions import ActionSpec, AmountField
from games.cards import Card, Rank
from games.errors import IllegalAction
from games.events import GameEvent
from games.pontoon._events import (
    Bought,
    Bust,
    Declared,
    FiveCardTrick,
    NewCard,
    NoShoot,
    ShootBet,
    ShootMoment,
    SitsOut,
    SplitPair,
    Staked,
    StandReason,
    Stands,
    Stuck,
    Twisted,
)
from games.pontoon._options import (
    ActionKind,
    Buy,
    PontoonAction,
    Shoot,
    Split,
    SplitRule,
    Stake,
    Stick,
    Twist,
)
from games.pontoon._refusals import PontoonRefusal
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
        ),
        ActionSpec(kind=ActionKind.SIT_OUT),
    ]


def shoot_phase_actions(s: State, pid: str) -> list[ActionSpec]:
    """PO-25: a shoot bet up to the kitty's room; 0 places none."""
    return [
        ActionSpec(
            kind=ActionKind.SHOOT,
            fields={"amount": AmountField(min=0, max=max_shoot(s, pid))},
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
            )
        )
    bounds = buy_bounds(s, pid, hand)
    if bounds is not None:
        specs.append(
            ActionSpec(
                kind=ActionKind.BUY,
                fields={"amount": AmountField(min=bounds[0], max=bounds[1])},
            )
        )
    specs.append(ActionSpec(kind=ActionKind.TWIST))
    if not hand.must_draw:
        if hand.value.total >= s.options.min_stick:
            specs.append(ActionSpec(kind=ActionKind.STICK))
        if can_split(s, p, hand):
            specs.append(ActionSpec(kind=ActionKind.SPLIT))
    return specs


def why_not(s: State, pid: str, kind: str) -> IllegalAction | None:
    """The rule that keeps a punter's hand action from being available, if there is one."""
    now = current(s)
    if now is None or now[0].pid != pid:
        return None
    p, hand = now
    if kind in (ActionKind.STICK, ActionKind.SPLIT) and hand.must_draw:
        return IllegalAction(PontoonRefusal.MUST_TAKE_FOURTH)
    if kind == ActionKind.STICK:
        return IllegalAction(
            PontoonRefusal.STICK_TOO_LOW, total=hand.value.total, min_stick=s.options.min_stick
        )
    if kind == ActionKind.BUY:
        if hand.twisted:
            return IllegalAction(PontoonRefusal.TWISTED_NO_BUY)
        return IllegalAction(PontoonRefusal.CANT_AFFORD_BUY, need=hand.first_stake)
    if kind == ActionKind.SPLIT:
        return _why_no_split(s, p, hand)
    if kind == ActionKind.SHOOT:
        if not s.options.shoot:
            return IllegalAction(PontoonRefusal.NOT_SHOOT_TABLE)
        if hand.shot_fourth and len(hand.cards) == 3:
            return IllegalAction(PontoonRefusal.ONE_SHOOT_FOR_FOURTH)
        if s.shoot_room() < 1:
            return IllegalAction(PontoonRefusal.KITTY_COVERED)
        if s.stacks[pid] < 1:
            return IllegalAction(PontoonRefusal.CANT_AFFORD_SHOOT)
        return IllegalAction(PontoonRefusal.SHOOT_NOT_NOW)
    return None


def _why_no_split(s: State, p: Punter, hand: Hand) -> IllegalAction:
    if len(hand.cards) != 2 or hand.cards[0].rank != hand.cards[1].rank:
        return IllegalAction(PontoonRefusal.NOT_A_PAIR)
    if s.options.split == SplitRule.NONE:
        return IllegalAction(PontoonRefusal.SPLIT_OFF)
    if s.options.split == SplitRule.ACES and hand.cards[0].rank != Rank.ACE:
        return IllegalAction(PontoonRefusal.ACES_ONLY)
    if len(p.hands) >= MAX_HANDS:
        return IllegalAction(PontoonRefusal.TOO_MANY_HANDS, max=MAX_HANDS)
    return IllegalAction(PontoonRefusal.CANT_AFFORD_SPLIT, need=hand.first_stake)


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


def apply_staking(s: State, pid: str, action: PontoonAction, events: list[GameEvent]) -> None:
    """PO-6: stake (or sit out, the card going under the pack)."""
    p = s.punters[s.turn]
    if isinstance(action, Stake):
        s.stacks[pid] -= action.amount
        hand = p.hands[0]
        hand.stake = hand.first_stake = action.amount
        p.staked = True
        events.append(Staked(player=pid, amount=action.amount))
    else:
        p.sat_out = True
        hand = p.hands[0]
        s.put_under(hand.cards)
        hand.returned = True
        events.append(SitsOut(player=pid))
    s.turn += 1


def apply_shoot_phase(s: State, pid: str, action: PontoonAction, events: list[GameEvent]) -> None:
    """PO-25: the first shoot bet (on the first hand, PO-28)."""
    assert isinstance(action, Shoot)  # noqa: S101 - the only legal kind in this phase
    hand = s.punters[s.turn].hands[0]
    hand.shot_first = True
    if action.amount:
        s.stacks[pid] -= action.amount
        hand.shoot += action.amount
        events.append(ShootBet(player=pid, amount=action.amount, moment=ShootMoment.FIRST))
    else:
        events.append(NoShoot(player=pid))
    s.turn += 1


def bust(s: State, p: Punter, hand: Hand, events: list[GameEvent]) -> None:
    """PO-13/PO-29: shown, the stake to the bank and the shoot bet to the kitty at once, the
    cards under the pack."""
    hand.show_all()
    hand.done = hand.settled = True
    s.stacks[s.bank_seat] += hand.stake
    s.kitty += hand.shoot
    events.append(
        Bust(
            player=p.pid,
            cards=[c.code for c in hand.cards],
            total=hand.value.total,
            stake=hand.stake,
            shoot=hand.shoot,
        )
    )
    s.put_under(hand.cards)
    hand.returned = True


def after_card(s: State, p: Punter, hand: Hand, events: list[GameEvent]) -> None:
    """A hand that just took a card may be bust (PO-13) or a five-card trick (PO-14)."""
    value = hand.value
    if value.is_bust:
        bust(s, p, hand, events)
    elif value.kind == HandKind.FIVE_CARD_TRICK:
        hand.done = True
        events.append(FiveCardTrick(player=p.pid))


def _deal_to(
    s: State, pid: str, hand: Hand, *, face_up: bool, events: list[GameEvent]
) -> Card | None:
    card = s.draw()
    if card is None:
        return None
    hand.add(card, face_up=face_up)
    if not face_up:
        events.append(NewCard(to=pid, card=card.code))
    return card


def apply_hand(s: State, pid: str, action: PontoonAction, events: list[GameEvent]) -> None:
    """One (already checked) action on the hand in play."""
    now = current(s)
    assert now is not None  # noqa: S101 - checked by legal_actions
    p, hand = now
    if isinstance(action, Shoot):
        s.stacks[pid] -= action.amount
        hand.shoot += action.amount
        if len(hand.cards) == 3:
            hand.shot_fourth = hand.must_draw = True
            moment = ShootMoment.FOURTH_CARD
        else:
            hand.shot_first = True
            moment = ShootMoment.SPLIT_HAND
        events.append(ShootBet(player=pid, amount=action.amount, moment=moment))
    elif isinstance(action, Buy):
        s.stacks[pid] -= action.amount
        hand.stake += action.amount
        hand.last_buy = action.amount
        hand.must_draw = False
        events.append(Bought(player=pid, amount=action.amount))
        _deal_to(s, pid, hand, face_up=False, events=events)
        after_card(s, p, hand, events)
    elif isinstance(action, Twist):
        hand.twisted = True
        hand.must_draw = False
        card = _deal_to(s, pid, hand, face_up=True, events=events)
        assert card is not None  # noqa: S101 - a hand with an empty pack stands (PO-14)
        events.append(Twisted(player=pid, card=card.code))
        after_card(s, p, hand, events)
    elif isinstance(action, Stick):
        hand.done = True
        events.append(Stuck(player=pid))
    elif isinstance(action, Split):
        _split(s, p, hand, events)


def _split(s: State, p: Punter, hand: Hand, events: list[GameEvent]) -> None:
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
    events.append(SplitPair(player=p.pid, cards=[first.code, second.code], hands=len(p.hands)))
    for h in (hand, new):
        _deal_to(s, p.pid, h, face_up=False, events=events)


def auto_step(s: State, p: Punter, hand: Hand, events: list[GameEvent]) -> None:
    """What the bot does for a hand when its turn comes: PO-8, a 21, PO-14."""
    value = hand.value
    if value.kind == HandKind.PONTOON:
        hand.declared = hand.done = True
        ace = next(i for i, c in enumerate(hand.cards) if c.rank == Rank.ACE)
        hand.public[ace] = True
        events.append(Declared(player=p.pid, card=hand.cards[ace].code))
    elif value.total == 21 or len(hand.cards) >= 5:
        hand.done = True
        events.append(Stands(player=p.pid, reason=StandReason.TWENTY_ONE))
    elif not s.pack:
        hand.done = True
        events.append(Stands(player=p.pid, reason=StandReason.PACK_EMPTY))
