"""Moving the deal on to the next decision, doing everything nobody has to decide."""

from __future__ import annotations

from games.events import GameEvent
from games.pontoon._banker import banker_turn_starts, can_draw, deal_second, finish, settle
from games.pontoon._events import NoDeal, NoDealReason
from games.pontoon._punters import auto_step, max_shoot
from games.pontoon._state import Phase, State


def advance(s: State, events: list[GameEvent]) -> None:
    """Run the deal until someone must act or it is over."""
    while True:
        if s.phase == Phase.STAKING:
            if s.turn < len(s.punters):
                return
            if not any(p.staked for p in s.punters):
                events.append(NoDeal(reason=NoDealReason.NOBODY_STAKED))
                finish(s, events)
                return
            if s.options.shoot:
                s.phase, s.turn = Phase.SHOOT, 0
            else:
                deal_second(s, events)
        elif s.phase == Phase.SHOOT:
            while s.turn < len(s.punters):
                p = s.punters[s.turn]
                if not p.sat_out and max_shoot(s, p.pid) > 0:
                    return
                if not p.sat_out:
                    p.hands[0].shot_first = True
                s.turn += 1
            deal_second(s, events)
        elif s.phase == Phase.PUNTERS:
            if _next_hand(s, events):
                return
            banker_turn_starts(s, events)
        elif s.phase == Phase.BANKER:
            if s.banker is not None and not can_draw(s):
                settle(s, events)
            return
        else:
            return


def _next_hand(s: State, events: list[GameEvent]) -> bool:
    """Find the next hand that needs a decision; False when every punter has played."""
    while s.turn < len(s.punters):
        p = s.punters[s.turn]
        while not p.sat_out and s.hand_index < len(p.hands):
            hand = p.hands[s.hand_index]
            if not hand.done:
                auto_step(s, p, hand, events)
            if not hand.done:
                return True
            s.hand_index += 1
        s.turn += 1
        s.hand_index = 0
    return False
