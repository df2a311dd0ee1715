"""Applying an already-verified action: turns, battles, free discard steps, the hand's end.

Nothing here checks legality (``_legal`` did); everything here changes the state, so the
engine calls it only after the action was found in ``legal_specs``.
"""

from __future__ import annotations

import random

from games.cards import Card, Deck, codes
from games.core.reshuffles import commit_reshuffle
from games.palace._actions import Bet, Buy, Call, Discard, DiscardSoldiers, Fold, Raise, Stay
from games.palace._events import (
    BattleFolded,
    BattleTied,
    BattleWon,
    BetPlaced,
    Bought,
    Called,
    Captured,
    Discarded,
    DiscardsReshuffled,
    Ending,
    Folded,
    PalaceEvent,
    Raised,
    RaiseReturned,
    SoldiersDiscarded,
    Stayed,
    Turn,
)
from games.palace._hands import hand_of
from games.palace._legal import stake
from games.palace._showdown import (
    BattleOutcome,
    compare_battle,
    final_showdown,
    finish,
    knock_out,
    reveal_after_battle,
)
from games.palace._state import Battle, PalaceState, Phase, Status


def pay(state: PalaceState, pid: str, amount: int) -> int:
    """Move up to ``amount`` from ``pid``'s stack to the pot (PP-15 all-in); returns what moved."""
    paid = min(amount, state.stacks[pid])
    state.stacks[pid] -= paid
    state.pot += paid
    state.seat[pid].put_in += paid
    return paid


def apply(state: PalaceState, pid: str, action: object, rng: random.Random) -> list[PalaceEvent]:
    """Dispatch one verified action."""
    match action:
        case Buy():
            return _buy(state, pid, rng)
        case DiscardSoldiers(cards=cards):
            return _free_discard(state, pid, cards)
        case Discard(cards=cards):
            return _paid_discard(state, pid, cards)
        case Stay():
            state.quiet.append(pid)
            return [Stayed(player=pid), *_pass_turn(state, pid)]
        case Fold() if state.phase is Phase.BATTLE:
            return _battle_fold(state, pid)
        case Fold():
            knock_out(state, pid, None, Status.FOLDED)
            state.quiet.append(pid)
            return [Folded(player=pid), *_pass_turn(state, pid)]
        case Bet(target=target):
            return _bet(state, pid, target)
        case Call():
            return _call(state, pid)
        case Raise(amount=amount):
            return _raise(state, pid, amount)
    raise TypeError(f"not a Palace Poker action: {action!r}")  # pragma: no cover


def _buy(state: PalaceState, pid: str, rng: random.Random) -> list[PalaceEvent]:
    """PP-7/PP-8: pay S, take the top card face up; then the free discard step."""
    events: list[PalaceEvent] = []
    pay(state, pid, state.options.small_bet)
    if not state.draw:
        pile = Deck(state.draw, stacked=state.stacked)
        pile.gather(state.discards, rng)
        state.draw, state.discards = list(pile.cards), []
        events.append(DiscardsReshuffled(count=len(state.draw)))
        events += commit_reshuffle(state, rng, "PP-8", state.draw)
    card = state.draw.pop(0)
    state.seat[pid].soldiers.append(card)
    state.quiet = []
    state.phase, state.step_player = Phase.DISCARD_STEP, pid
    events.append(Bought(player=pid, card=card.code, price=state.options.small_bet, pot=state.pot))
    return events


def _take_soldiers(state: PalaceState, pid: str, cards: list[str]) -> list[Card]:
    chosen = {Card.parse(c) for c in cards}
    seat = state.seat[pid]
    gone = [c for c in seat.soldiers if c in chosen]
    seat.soldiers = [c for c in seat.soldiers if c not in chosen]
    state.discards.extend(gone)
    return gone


def _free_discard(state: PalaceState, pid: str, cards: list[str]) -> list[PalaceEvent]:
    """The free step after a buy or a capture; then the turn passes on from its owner."""
    gone = _take_soldiers(state, pid, cards)
    state.step_player = None
    state.phase = Phase.PLAY
    event = SoldiersDiscarded(player=pid, count=len(gone))
    owner = state.turn
    assert owner is not None  # noqa: S101 - a step always belongs to a turn
    return [event, *_pass_turn(state, owner)]


def _paid_discard(state: PalaceState, pid: str, cards: list[str]) -> list[PalaceEvent]:
    """PP-9: pay S, discard one or more soldiers face down."""
    pay(state, pid, state.options.small_bet)
    gone = _take_soldiers(state, pid, cards)
    state.quiet.append(pid)
    event = Discarded(player=pid, count=len(gone), price=state.options.small_bet, pot=state.pot)
    return [event, *_pass_turn(state, pid)]


def _bet(state: PalaceState, pid: str, target: str) -> list[PalaceEvent]:
    """PP-12/PP-13: the attacker opens with exactly their own stake (all-in if short)."""
    owed = stake(state, pid)
    paid = pay(state, pid, owed)
    state.quiet = []
    state.phase = Phase.BATTLE
    state.battle = Battle(
        attacker=pid, defender=target, to_act=target, to_call=stake(state, target)
    )
    bet = BetPlaced(attacker=pid, defender=target, amount=paid, pot=state.pot, all_in=paid < owed)
    return [bet]


def _other(battle: Battle, pid: str) -> str:
    return battle.defender if pid == battle.attacker else battle.attacker


def _raise(state: PalaceState, pid: str, amount: int) -> list[PalaceEvent]:
    """PP-14: pay the call, then the raise; the other battler now owes the raise."""
    battle = state.battle
    assert battle is not None  # noqa: S101
    called = pay(state, pid, battle.to_call)
    pay(state, pid, amount)
    other = _other(battle, pid)
    battle.raises += 1
    battle.last_raise, battle.last_raiser = amount, pid
    battle.to_act, battle.to_call = other, amount
    return [Raised(player=pid, called=called, amount=amount, pot=state.pot)]


def _battle_fold(state: PalaceState, pid: str) -> list[PalaceEvent]:
    """PP-14: the folder is out; an uncalled raise goes back; the other captures."""
    battle = state.battle
    assert battle is not None  # noqa: S101
    winner = _other(battle, pid)
    events: list[PalaceEvent] = [BattleFolded(player=pid, winner=winner)]
    if battle.last_raiser == winner and battle.last_raise:
        back = battle.last_raise
        state.pot -= back
        state.stacks[winner] += back
        state.seat[winner].put_in -= back
        events.append(RaiseReturned(player=winner, amount=back))
    knock_out(state, pid, winner, Status.FOLDED)
    return events + _after_battle(state, winner)


def _call(state: PalaceState, pid: str) -> list[PalaceEvent]:
    """PP-14/PP-16/PP-17: pay the call (all-in if short) and show the battle down."""
    battle = state.battle
    assert battle is not None  # noqa: S101
    paid = pay(state, pid, battle.to_call)
    other = _other(battle, pid)
    called = Called(player=pid, amount=paid, pot=state.pot, all_in=paid < battle.to_call)
    events: list[PalaceEvent] = [called]
    outcome, mine, theirs = compare_battle(state, pid, other)
    events += reveal_after_battle(state, pid, other, outcome)
    if outcome is not BattleOutcome.OTHER:  # the other is out, and the caller saw their palace
        state.seat[other].out_seen_by = pid
    if outcome is BattleOutcome.TIE:
        last_two = len(state.active()) == 2
        events.append(BattleTied(players=[pid, other]))
        if last_two:
            events.append(finish(state, Ending.BATTLE_TIE, [pid, other], {}))
            return events
        knock_out(state, pid, None, Status.BEATEN)
        knock_out(state, other, None, Status.BEATEN)
        return events + _after_battle(state, None)
    winner, loser = (pid, other) if outcome is BattleOutcome.CALLER else (other, pid)
    hand = mine if winner == pid else theirs
    announced = hand_of(hand) if state.options.announce_battle_hands else None
    events.append(BattleWon(winner=winner, loser=loser, hand=announced))
    knock_out(state, loser, winner, Status.BEATEN)
    return events + _after_battle(state, winner)


def _after_battle(state: PalaceState, winner: str | None) -> list[PalaceEvent]:
    """End the hand at once if it is decided; otherwise the winner's free discard step."""
    state.battle = None
    state.phase = Phase.PLAY
    ended = _hand_decided(state)
    if ended:
        return ended
    if winner is None:
        assert state.turn is not None  # noqa: S101
        return _pass_turn(state, state.turn)
    state.phase, state.step_player = Phase.DISCARD_STEP, winner
    return [Captured(player=winner, soldiers=codes(state.seat[winner].soldiers))]


def _hand_decided(state: PalaceState) -> list[PalaceEvent]:
    """PP-18 (one left) and PP-20 (all left share a banner suit) end the hand at once."""
    left = state.active()
    if len(left) == 1:
        return [finish(state, Ending.LAST_PLAYER, left, {})]
    suits = {state.seat[p].banner_suit for p in left}
    if len(suits) == 1:
        return [finish(state, Ending.SAME_BANNERS, left, {})]
    return []


def _pass_turn(state: PalaceState, owner: str) -> list[PalaceEvent]:
    """The turn passes left of ``owner``; PP-21 and PP-23 may end the hand first."""
    ended = _hand_decided(state)
    if ended:
        return ended
    left = state.active()
    if set(left) <= set(state.quiet):
        return final_showdown(state, Ending.QUIET_ROUND)
    here = state.seats.index(owner)
    n = len(state.seats)
    nxt = next(
        state.seats[(here + k) % n]
        for k in range(1, n + 1)
        if state.seat[state.seats[(here + k) % n]].status is Status.IN
    )
    if state.seats.index(nxt) <= here:
        state.rounds += 1
        if state.rounds >= state.options.max_rounds:
            return final_showdown(state, Ending.MAX_ROUNDS)
    state.turn = nxt
    state.phase = Phase.PLAY
    return [Turn(player=nxt)]
