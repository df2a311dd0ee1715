"""What a player may do now (exact bounds), and why anything else is refused.

The engine accepts an action only when one of these specs allows it, so the buttons, the random
players and ``act`` share one truth; :func:`explain` only finds the reason (a code and its
facts), which the bot's presenter words.
"""

from __future__ import annotations

from typing import Any

from games.actions import ActionSpec, AmountField, CardsField, ChoiceField
from games.cards import Card, codes
from games.errors import IllegalAction, Param, Refusal
from games.palace._actions import ActionKind
from games.palace._options import Betting
from games.palace._refusals import PalaceRefusal
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
    Never against a battler who is all in: they cannot call any more (PP-15).
    """
    opts = state.options
    other = battle.defender if pid == battle.attacker else battle.attacker
    if state.stacks[other] <= 0:
        return None
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
            )
        ]
    if state.phase is Phase.BATTLE:
        battle = state.battle
        if battle is None or pid != battle.to_act:
            return []
        specs = [
            ActionSpec(kind=ActionKind.FOLD),
            ActionSpec(kind=ActionKind.CALL),
        ]
        bounds = raise_bounds(state, battle, pid)
        if bounds is not None:
            specs.append(
                ActionSpec(
                    kind=ActionKind.RAISE,
                    fields={"amount": AmountField(min=bounds[0], max=bounds[1])},
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
            specs.append(ActionSpec(kind=ActionKind.BUY))
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
                )
            )
        specs.append(ActionSpec(kind=ActionKind.STAY))
    foes = targets(state, pid)
    if foes:
        specs.append(
            ActionSpec(
                kind=ActionKind.BET,
                fields={"target": ChoiceField(options=tuple(foes))},
            )
        )
    specs.append(ActionSpec(kind=ActionKind.FOLD))
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


def explain(
    state: PalaceState, pid: str, action: dict[str, Any], specs: list[ActionSpec]
) -> IllegalAction:
    """Why no spec in ``specs`` (``pid``'s legal actions) allows ``action``: a refusal code with
    its facts. The core has already refused a finished deal, an outsider and a move out of turn.
    """
    kind = str(action.get("kind"))
    spec = next((sp for sp in specs if sp.kind == kind), None)
    if spec is None:
        code, params = _why_kind(state, pid, kind)
        return IllegalAction(code, kind=kind, allowed=[sp.kind for sp in specs], **params)
    for name, field in spec.fields.items():
        value = action.get(name)
        if field.contains(value):
            continue
        if isinstance(field, AmountField):
            return IllegalAction(
                Refusal.AMOUNT_OUT_OF_RANGE, kind=kind, field=name, min=field.min, max=field.max
            )
        if isinstance(field, ChoiceField):
            return IllegalAction(
                Refusal.NOT_A_CHOICE, kind=kind, field=name, options=tuple(field.options)
            )
        if isinstance(field, CardsField):
            return _why_cards(field, value)
    return IllegalAction(Refusal.NOT_NOW, kind=kind, allowed=[sp.kind for sp in specs])


def _why_kind(state: PalaceState, pid: str, kind: str) -> tuple[str, dict[str, Param]]:
    s = state.options.small_bet
    if state.phase is Phase.DISCARD_STEP:
        return PalaceRefusal.FINISH_DISCARD_STEP, {}
    if state.phase is Phase.BATTLE:
        if kind == ActionKind.RAISE and state.battle is not None:
            return _why_no_raise(state, state.battle, pid)
        return PalaceRefusal.IN_BATTLE, {}
    if kind in (ActionKind.CALL, ActionKind.RAISE, ActionKind.DISCARD_SOLDIERS):
        return PalaceRefusal.NOTHING_TO, {}
    if must_battle(state) and kind in (ActionKind.BUY, ActionKind.DISCARD, ActionKind.STAY):
        return PalaceRefusal.MUST_BATTLE, {}
    if kind == ActionKind.BUY:
        if not can_draw(state):
            return PalaceRefusal.NO_CARDS_LEFT, {}
        return PalaceRefusal.CANT_AFFORD, {"price": s, "stack": state.stacks[pid]}
    if kind == ActionKind.DISCARD:
        if not state.seat[pid].soldiers:
            return PalaceRefusal.NO_SOLDIERS, {}
        return PalaceRefusal.CANT_AFFORD, {"price": s, "stack": state.stacks[pid]}
    if kind == ActionKind.BET:
        return PalaceRefusal.NO_TARGETS, {}
    return Refusal.NOT_NOW, {}


def _why_no_raise(state: PalaceState, battle: Battle, pid: str) -> tuple[str, dict[str, Param]]:
    """The rule of :func:`raise_bounds` that keeps ``pid`` from raising (the cap, an all-in
    opponent, or the chips)."""
    opts = state.options
    other = battle.defender if pid == battle.attacker else battle.attacker
    if state.stacks[other] <= 0:
        return PalaceRefusal.OPPONENT_ALL_IN, {}
    size = opts.big_bet
    if opts.betting is Betting.LIMIT:
        if battle.raises >= opts.max_raises:
            return PalaceRefusal.RAISE_CAP, {"max": opts.max_raises}
        size = opts.big_bet if state.seat[pid].soldiers else 2 * opts.small_bet
    return PalaceRefusal.CANT_AFFORD, {"price": battle.to_call + size, "stack": state.stacks[pid]}


def _why_cards(field: CardsField, value: object) -> IllegalAction:
    if isinstance(value, list | tuple):
        for item in value:
            try:
                code = Card.parse(str(item)).code
            except ValueError:
                return IllegalAction(PalaceRefusal.BAD_CARD, card=str(item))
            if code not in field.options:
                return IllegalAction(PalaceRefusal.NOT_YOUR_SOLDIER, card=code)
        if len(set(value)) != len(value):
            return IllegalAction(PalaceRefusal.CARD_TWICE)
    return IllegalAction(PalaceRefusal.CARD_COUNT, min=field.min_count, max=field.max_count)
