"""Battle showdowns (PP-16, PP-17) and the end of the hand (PP-18, PP-20..PP-23)."""

from __future__ import annotations

from enum import StrEnum

from games.cards import Card, codes
from games.palace._events import Ending, HandOver, PalaceEvent, PalaceRevealed, PalaceShown
from games.palace._hands import PalaceHand, hand_of
from games.palace._state import PalaceState, Phase, Result, Status
from games.poker import HandValue, evaluate
from games.seats import split_pot


class BattleOutcome(StrEnum):
    """Who won a battle shown down."""

    CALLER = "caller"
    OTHER = "other"
    TIE = "tie"


def all_cards_of(state: PalaceState, pid: str) -> list[Card]:
    """A player's hand for a showdown: palace + banner + soldiers (PP-16, PP-21)."""
    seat = state.seat[pid]
    banner = [seat.banner] if seat.banner is not None else []
    return [*seat.palace, *banner, *seat.soldiers]


def battle_hand(state: PalaceState, pid: str, opponent: str) -> HandValue:
    """PP-16: the best hand without the opponent's banner suit; one's own banner always counts."""
    own = state.seat[pid].banner
    theirs = state.seat[opponent].banner
    assert own is not None  # noqa: S101 - every dealt-in seat has a banner
    assert theirs is not None  # noqa: S101
    return evaluate(all_cards_of(state, pid), exclude_suit=theirs.suit, keep=(own,))


def banner_suit_count(state: PalaceState, pid: str) -> int:
    """PP-16 tie-break: cards of one's own banner suit among all one's cards."""
    own = state.seat[pid].banner
    assert own is not None  # noqa: S101
    return sum(1 for c in all_cards_of(state, pid) if c.suit == own.suit)


def compare_battle(
    state: PalaceState, caller: str, other: str
) -> tuple[BattleOutcome, HandValue, HandValue]:
    """PP-16: higher hand wins; then more own-banner-suit cards; else a tie."""
    mine, theirs = battle_hand(state, caller, other), battle_hand(state, other, caller)
    if mine != theirs:
        return (BattleOutcome.CALLER if mine > theirs else BattleOutcome.OTHER), mine, theirs
    a, b = banner_suit_count(state, caller), banner_suit_count(state, other)
    if a != b:
        return (BattleOutcome.CALLER if a > b else BattleOutcome.OTHER), mine, theirs
    return BattleOutcome.TIE, mine, theirs


def reveal_after_battle(
    state: PalaceState, caller: str, other: str, outcome: BattleOutcome
) -> list[PalaceEvent]:
    """PP-17: the caller sees the other's palace; the other sees the caller's on a win or tie."""
    events: list[PalaceEvent] = [_show_palace(state, viewer=caller, owner=other)]
    if outcome in (BattleOutcome.CALLER, BattleOutcome.TIE):
        events.append(_show_palace(state, viewer=other, owner=caller))
    return events


def _show_palace(state: PalaceState, viewer: str, owner: str) -> PalaceShown:
    cards = list(state.seat[owner].palace)
    state.seen.setdefault(viewer, {})[owner] = cards
    return PalaceShown(to=viewer, owner=owner, cards=codes(cards))


def knock_out(state: PalaceState, loser: str, winner: str | None, status: Status) -> None:
    """PP-14/PP-17: the loser leaves; the winner captures banner and soldiers, else all go aside.

    Captured cards join the winner's soldiers banner first, so "most recently gained" (the
    timeout's discard order) is well defined.
    """
    seat = state.seat[loser]
    seat.status = status
    seat.aside.extend(seat.palace)
    seat.palace = []
    gained = ([seat.banner] if seat.banner is not None else []) + seat.soldiers
    seat.banner = None
    seat.soldiers = []
    if winner is None:
        seat.aside.extend(gained)
    else:
        state.seat[winner].soldiers.extend(gained)


def finish(
    state: PalaceState, ending: Ending, winners: list[str], hands: dict[str, PalaceHand]
) -> HandOver:
    """Pay the pot to ``winners`` (PP-22 split in seat order) and close the hand."""
    ordered = [p for p in state.seats if p in winners]
    payouts = split_pot(state.pot, ordered)
    for pid, amount in payouts.items():
        state.stacks[pid] += amount
    state.pot = 0
    state.phase = Phase.OVER
    state.battle = None
    state.step_player = None
    state.turn = None
    state.result = Result(ending=ending, winners=ordered, payouts=payouts, hands=hands)
    return HandOver(ending=ending, winners=ordered, payouts=payouts)


def final_showdown(state: PalaceState, ending: Ending) -> list[PalaceEvent]:
    """PP-21/PP-23: best five of each remaining hand, no suit excluded; all palaces shown."""
    players = state.active()
    values = {pid: evaluate(all_cards_of(state, pid)) for pid in players}
    best = max(values.values())
    winners = [p for p in players if values[p] == best]
    hands = {pid: hand_of(values[pid]) for pid in players}
    events: list[PalaceEvent] = []
    for pid in players:
        state.shown[pid] = list(state.seat[pid].palace)
        events.append(
            PalaceRevealed(player=pid, cards=codes(state.seat[pid].palace), hand=hands[pid])
        )
    events.append(finish(state, ending, winners, hands))
    return events
