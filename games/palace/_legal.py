"""What a player may do now (exact bounds), and why anything else is refused.

The engine accepts an action only when one of these specs allows it, so the buttons, the random
players and ``act`` share one truth; :func:`refusal` only words the reason for a player.
"""

from __future__ import annotations

from typing import Any

from games.actions import ActionSpec, AmountField, CardsField, ChoiceField
from games.cards import Card, codes
from games.palace._actions import ActionKind
from games.palace._options import Betting
from games.palace._state import Battle, PalaceState, Phase


def stake(state: PalaceState, pid: str) -> int:
    """PP-13: (own soldiers + 1 for the banner) × S."""
    return (len(state.seat[pid].soldiers) + 1) * state.options.small_bet


def must_battle(state: PalaceState) -> bool:
    """PP-19: with two players left, only bet and fold."""
    return len(state.active()) == 2


def targets(state: PalaceState, pid: str) -> list[str]:
    """PP-12: other active players whose banner suit differs from the attacker's."""
    own = state.seat[pid].banner_suit
    return [p for p in state.active() if p != pid and state.seat[p].banner_suit != own]


def can_draw(state: PalaceState) -> bool:
    """PP-8: a card can be bought while the draw pile or the discard pile holds one."""
    return bool(state.draw or state.discards)


def raise_bounds(state: PalaceState, battle: Battle, pid: str) -> tuple[int, int] | None:
    """PP-14: the raise ``pid`` may make on top of the call, or ``None`` when they can't raise.

    Limit: exactly B (2·S with no soldiers), at most ``max_raises`` per battle. No-limit: at
    least B, at most what the raiser has after paying the call. A raise is paid in full.
    """
    opts = state.options
    room = state.stacks[pid] - battle.to_call
    if opts.betting is Betting.LIMIT:
        size = opts.big_bet if state.seat[pid].soldiers else 2 * opts.small_bet
        if battle.raises >= opts.max_raises or room < size:
            return None
        return size, size
    if room < opts.big_bet:
        return None
    return opts.big_bet, room


def legal_specs(state: PalaceState, pid: str) -> list[ActionSpec]:
    """Every action ``pid`` may take now; empty when it is not their move."""
    if state.phase is Phase.OVER:
        return []
    s = state.options.small_bet
    if state.phase is Phase.DISCARD_STEP:
        if pid != state.step_player:
            return []
        soldiers = codes(state.seat[pid].soldiers)
        least = max(0, len(soldiers) - state.options.max_soldiers)
        return [
            ActionSpec(
                kind=ActionKind.DISCARD_SOLDIERS,
                fields={
                    "cards": CardsField(
                        options=tuple(soldiers), min_count=least, max_count=len(soldiers)
                    )
                },
                label=f"Discard soldiers (at least {least})" if least else "Discard soldiers",
            )
        ]
    if state.phase is Phase.BATTLE:
        battle = state.battle
        if battle is None or pid != battle.to_act:
            return []
        specs = [
            ActionSpec(kind=ActionKind.FOLD, label="Fold"),
            ActionSpec(
                kind=ActionKind.CALL,
                label=f"Call ({min(battle.to_call, state.stacks[pid])})",
            ),
        ]
        bounds = raise_bounds(state, battle, pid)
        if bounds is not None:
            specs.append(
                ActionSpec(
                    kind=ActionKind.RAISE,
                    fields={"amount": AmountField(min=bounds[0], max=bounds[1])},
                    label=f"Raise (call {battle.to_call} + raise)",
                )
            )
        return specs
    if pid != state.turn:
        return []
    specs = []
    me = state.seat[pid]
    two_left = must_battle(state)
    if not two_left:
        if state.stacks[pid] >= s and can_draw(state):
            specs.append(ActionSpec(kind=ActionKind.BUY, label=f"Buy a soldier ({s})"))
        if me.soldiers and state.stacks[pid] >= s:
            specs.append(
                ActionSpec(
                    kind=ActionKind.DISCARD,
                    fields={
                        "cards": CardsField(
                            options=tuple(codes(me.soldiers)),
                            min_count=1,
                            max_count=len(me.soldiers),
                        )
                    },
                    label=f"Discard soldiers ({s})",
                )
            )
        specs.append(ActionSpec(kind=ActionKind.STAY, label="Stay"))
    foes = targets(state, pid)
    if foes:
        specs.append(
            ActionSpec(
                kind=ActionKind.BET,
                fields={"target": ChoiceField(options=tuple(foes))},
                label=f"Attack ({min(stake(state, pid), state.stacks[pid])})",
            )
        )
    specs.append(ActionSpec(kind=ActionKind.FOLD, label="Fold"))
    return specs


def whose_move(state: PalaceState) -> str | None:
    """The player expected to act now."""
    if state.phase is Phase.OVER:
        return None
    if state.phase is Phase.DISCARD_STEP:
        return state.step_player
    if state.phase is Phase.BATTLE and state.battle is not None:
        return state.battle.to_act
    return state.turn


def refusal(state: PalaceState, pid: str, action: dict[str, Any]) -> str:
    """A sentence telling ``pid`` why ``action`` is not allowed now."""
    if state.phase is Phase.OVER:
        return "The hand is over."
    mover = whose_move(state)
    if pid not in state.seat:
        return "You are not dealt into this hand."
    if pid != mover:
        return f"It is {mover}'s turn."
    specs = legal_specs(state, pid)
    kind = action.get("kind")
    spec = next((sp for sp in specs if sp.kind == kind), None)
    allowed = ", ".join(sp.kind for sp in specs)
    if spec is None:
        return _why_kind(state, pid, str(kind)) + f" You can: {allowed}."
    for name, field in spec.fields.items():
        value = action.get(name)
        if field.contains(value):
            continue
        if isinstance(field, AmountField):
            if field.min == field.max:
                return f"The raise is exactly {field.min} chips here."
            return f"You can raise between {field.min} and {field.max} chips."
        if isinstance(field, ChoiceField):
            return f"You can attack: {', '.join(str(o) for o in field.options)}."
        if isinstance(field, CardsField):
            return _why_cards(field, value)
    return "That action is not allowed now."


def _why_kind(state: PalaceState, pid: str, kind: str) -> str:
    s = state.options.small_bet
    if state.phase is Phase.DISCARD_STEP:
        return "First finish your free discard step."
    if state.phase is Phase.BATTLE:
        return "You are in a battle: fold, call or raise."
    if kind in (ActionKind.CALL, ActionKind.RAISE, ActionKind.DISCARD_SOLDIERS):
        return f"There is nothing to {kind} now."
    if must_battle(state) and kind in (ActionKind.BUY, ActionKind.DISCARD, ActionKind.STAY):
        return "With two players left you must bet or fold."
    if kind == ActionKind.BUY:
        if not can_draw(state):
            return "There are no cards left to buy."
        return f"Buying costs {s} chips and you have {state.stacks[pid]}."
    if kind == ActionKind.DISCARD:
        if not state.seat[pid].soldiers:
            return "You have no soldiers to discard."
        return f"Discarding costs {s} chips and you have {state.stacks[pid]}."
    if kind == ActionKind.BET:
        return "Nobody left can be attacked: every other banner has your suit."
    return f"You can't {kind} now."


def _why_cards(field: CardsField, value: object) -> str:
    if isinstance(value, list | tuple):
        for item in value:
            try:
                code = Card.parse(str(item)).code
            except ValueError as exc:
                return str(exc)
            if code not in field.options:
                return f"{code} is not one of your soldiers."
        if len(set(value)) != len(value):
            return "Name each card once."
    if field.min_count == field.max_count:
        return f"Choose exactly {field.min_count} of your soldiers."
    return f"Choose {field.min_count} to {field.max_count} of your soldiers."
