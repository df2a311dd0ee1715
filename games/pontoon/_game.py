"""The :class:`Pontoon` engine: the Engine contract over the state and the rule modules."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Self, cast

from pydantic import BaseModel, TypeAdapter, ValidationError

from games.actions import ActionSpec, AmountField, ChoiceField, as_dict
from games.cards import Card
from games.engine import KITTY
from games.errors import IllegalAction, Refusal
from games.events import GameEvent
from games.pontoon._banker import apply_banker, banker_actions, banker_timeout
from games.pontoon._between import first_deal, following_deal
from games.pontoon._events import PontoonEvent
from games.pontoon._flow import advance
from games.pontoon._opening import apply_opening, opening_actions, opening_timeout
from games.pontoon._options import ActionKind, PontoonAction, PontoonOptions
from games.pontoon._punters import (
    apply_hand,
    apply_shoot_phase,
    apply_staking,
    current,
    hand_actions,
    punter_timeout,
    shoot_phase_actions,
    staking_actions,
    why_not,
)
from games.pontoon._state import Phase, State
from games.pontoon._views import PontoonView, build_view
from games.randomness import new_rng, rng_from_state, rng_state

ACTIONS: TypeAdapter[PontoonAction] = TypeAdapter(PontoonAction)
"""Parses an action (a dict, or a model dumped to one) into its model."""

_APPLY = {
    Phase.OPENING: apply_opening,
    Phase.STAKING: apply_staking,
    Phase.SHOOT: apply_shoot_phase,
    Phase.PUNTERS: apply_hand,
    Phase.BANKER: apply_banker,
}


class Pontoon:
    """One deal of a Pontoon table (player or house bank, optionally Shoot Pontoon).

    >>> game = Pontoon.new(["a", "b"], {"a": 500, "b": 500}, PontoonOptions(), seed=1, dealer="a")
    >>> game.phase, game.to_act
    ('opening', 'a')
    """

    def __init__(self, state: State, rng_data: list[Any], start_events: list[GameEvent]) -> None:
        self._s = state
        self._rng = rng_from_state(rng_data)
        state.opening = cast("list[PontoonEvent]", list(start_events))

    def opening_events(self) -> list[GameEvent]:
        """What the deal did by itself when it was created (the house deals at once; a bank
        passed between deals); the table shows them like an action's events."""
        return list(self._s.opening)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        stacks: Mapping[str, int],
        options: PontoonOptions | Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[Card | str] | None = None,
        dealer: str | None = None,
    ) -> Self:
        """The table's first deal."""
        opts = options if isinstance(options, PontoonOptions) else PontoonOptions(**(options or {}))
        rng = new_rng(seed)
        state, events = first_deal(players, stacks, opts, rng, deck, dealer)
        return cls(state, rng_state(rng), events)

    @classmethod
    def restore(cls, snapshot: str) -> Self:
        """A game equal to the one that produced ``snapshot``, with the same future."""
        data = json.loads(snapshot)
        state = State.model_validate(data["state"])
        return cls(state, data["rng"], list(state.opening))

    def snapshot(self) -> str:
        """The whole game as JSON, RNG state included."""
        return json.dumps(
            {"state": self._s.model_dump(mode="json"), "rng": rng_state(self._rng)},
            separators=(",", ":"),
        )

    def next_deal(
        self,
        players: Sequence[str] | None = None,
        stacks: Mapping[str, int] | None = None,
        deck: Sequence[Card | str] | None = None,
    ) -> Self:
        """The next deal (PO-19 pack, PO-20/22 bank), in its opening phase."""
        rng = rng_from_state(rng_state(self._rng))
        state, events = following_deal(self._s, rng, players, stacks, deck)
        return type(self)(state, rng_state(rng), events)

    # -- reading ------------------------------------------------------------------------------

    @property
    def stacks(self) -> dict[str, int]:
        """Each seat's table stack (with ``"house"`` for the house bank)."""
        return self._s.stacks

    @stacks.setter
    def stacks(self, value: dict[str, int]) -> None:
        self._s.stacks = value

    @property
    def kitty(self) -> int:
        """The Shoot Pontoon kitty (PO-24)."""
        return self._s.kitty

    @property
    def banker(self) -> str | None:
        """The banking player, or ``None`` for the house bank."""
        return self._s.banker

    @property
    def options(self) -> PontoonOptions:
        """The table options."""
        return self._s.options

    @property
    def state(self) -> State:
        """The raw state (tests and the table service read it; never mutate it)."""
        return self._s

    @property
    def pot(self) -> int:
        """Stakes and shoot bets on the table."""
        return self._s.pot

    @property
    def phase(self) -> str:
        """``opening``, ``staking``, ``shoot``, ``punters``, ``banker`` or ``over``."""
        return self._s.phase.value

    @property
    def is_over(self) -> bool:
        """Whether the deal has been settled."""
        return self._s.phase == Phase.OVER

    @property
    def deal_number(self) -> int:
        """1 for the table's first deal."""
        return self._s.deal_number

    @property
    def to_act(self) -> str | None:
        """Whose move it is."""
        s = self._s
        if s.phase == Phase.OPENING:
            return s.bank_sale.offer.to if s.bank_sale.offer is not None else s.banker
        if s.phase in (Phase.STAKING, Phase.SHOOT):
            return s.punters[s.turn].pid if s.turn < len(s.punters) else None
        if s.phase == Phase.PUNTERS:
            now = current(s)
            return now[0].pid if now else None
        if s.phase == Phase.BANKER:
            return s.banker
        return None

    def legal_actions(self, pid: str) -> list[ActionSpec]:
        """Everything ``pid`` may do now, with exact bounds."""
        s = self._s
        if pid != self.to_act:
            return []
        if s.phase == Phase.OPENING:
            return opening_actions(s, pid)
        if s.phase == Phase.STAKING:
            return staking_actions(s, pid)
        if s.phase == Phase.SHOOT:
            return shoot_phase_actions(s, pid)
        if s.phase == Phase.PUNTERS:
            return hand_actions(s, pid)
        if s.phase == Phase.BANKER:
            return banker_actions(s, pid)
        return []

    def timeout_action(self, pid: str) -> dict[str, Any]:
        """The spec's default for ``pid`` when their turn timer runs out."""
        s = self._s
        if pid != self.to_act:
            raise self._not_your_turn(pid)
        if s.phase == Phase.OPENING:
            return opening_timeout(s, pid)
        if s.phase == Phase.BANKER:
            return banker_timeout(s, pid)
        return punter_timeout(s, pid)

    def settlement(self) -> dict[str, int]:
        """Each seat's change over this deal, the house's and the kitty's; sums to zero."""
        s = self._s
        if not self.is_over:
            raise ValueError("the deal is not over yet")
        result = {pid: s.stacks[pid] - s.start_stacks.get(pid, 0) for pid in s.stacks}
        for pid, amount in s.refunds.items():
            result[pid] = result.get(pid, 0) + amount
        if s.options.shoot or s.kitty != s.start_kitty:
            result[KITTY] = s.kitty - s.start_kitty
        return result

    def view(self, pid: str | None) -> PontoonView:
        """What ``pid`` (``None``: the public) may see (PO-11a)."""
        return build_view(self._s, pid, self.to_act)

    def history(self) -> list[dict[str, Any]]:
        """Every action of this deal; after the end, the starting pack and every hand too."""
        lines = [dict(line) for line in self._s.log]
        s = self._s
        if self.is_over:
            lines.append(
                {
                    "kind": "cards",
                    "start_pack": [c.code for c in s.start_pack],
                    "punters": {
                        p.pid: [[c.code for c in h.cards] for h in p.hands] for p in s.punters
                    },
                    "banker": [c.code for c in s.banker_hand.cards],
                }
            )
        return lines

    def all_cards(self) -> list[Card]:
        """Every card wherever it lies."""
        return self._s.all_cards()

    def chips_in_play(self) -> int:
        """Stacks + pot + kitty."""
        return sum(self._s.stacks.values()) + self._s.pot + self._s.kitty

    # -- acting -------------------------------------------------------------------------------

    def act(self, pid: str, action: BaseModel | Mapping[str, Any]) -> list[GameEvent]:
        """Verify the action against :meth:`legal_actions` (the one truth of what is legal, with
        exact bounds), then apply it; a refusal happens before anything changes."""
        specs = self.legal_actions(pid)
        if not specs:
            raise self._not_your_turn(pid)
        model = self._parse(action)
        data = model.model_dump(mode="json")
        if not any(spec.allows(data) for spec in specs):
            raise self._refusal(pid, data, specs)
        s = self._s
        events: list[GameEvent] = []
        s.record("action", pid=pid, action=data)
        _APPLY[s.phase](s, pid, model, events)
        advance(s, events)
        return events

    @staticmethod
    def _parse(action: BaseModel | Mapping[str, Any]) -> PontoonAction:
        data = as_dict(action)
        kind = data.get("kind")
        try:
            return ACTIONS.validate_python(data, strict=True)
        except ValidationError as error:
            if str(kind) not in set(ActionKind):
                allowed = [k.value for k in ActionKind]
                raise IllegalAction(
                    Refusal.UNKNOWN_ACTION, kind=str(kind), allowed=allowed
                ) from None
            place = error.errors()[0]["loc"]
            field = str(place[1]) if len(place) > 1 else None
            raise IllegalAction(Refusal.BAD_ACTION, kind=str(kind), field=field) from None

    def _not_your_turn(self, pid: str) -> IllegalAction:
        if self.is_over:
            return IllegalAction(Refusal.DEAL_OVER)
        if pid not in self._s.players:
            return IllegalAction(Refusal.NOT_PLAYING)
        return IllegalAction(Refusal.NOT_YOUR_TURN, to_act=self.to_act)

    def _refusal(self, pid: str, data: dict[str, Any], specs: list[ActionSpec]) -> IllegalAction:
        kind = str(data.get("kind"))
        same = [spec for spec in specs if spec.kind == kind]
        if not same:
            reason = why_not(self._s, pid, kind)
            if reason is not None:
                return reason
            allowed = list(dict.fromkeys(spec.kind for spec in specs))
            return IllegalAction(Refusal.NOT_NOW, kind=kind, allowed=allowed)
        if kind == ActionKind.OFFER_BANK:
            target = [s for s in same if s.fields["to"].contains(data.get("to"))]
            if not target:
                options = [
                    str(o)
                    for s in same
                    if isinstance(f := s.fields["to"], ChoiceField)
                    for o in f.options
                ]
                return IllegalAction(Refusal.NOT_A_CHOICE, kind=kind, field="to", options=options)
            same = target
        for spec in same:
            for name, f in spec.fields.items():
                if isinstance(f, AmountField) and not f.contains(data.get(name)):
                    return IllegalAction(
                        Refusal.AMOUNT_OUT_OF_RANGE, kind=kind, field=name, min=f.min, max=f.max
                    )
        return IllegalAction(Refusal.BAD_ACTION, kind=kind, field=None)
