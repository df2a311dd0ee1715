"""The :class:`Pontoon` engine: Pontoon's rules as the hooks of the engine core
(``games.core.CardGame``), which does construction, snapshots, the next deal, the settlement,
the history and the refusal path of ``act``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from pydantic import TypeAdapter

from games.actions import ActionSpec, AmountField, ChoiceField
from games.cards import Card
from games.core.engine import CardGame
from games.core.refusals import explain
from games.core.result import HandLabel
from games.engine import HOUSE, KITTY
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
from games.pontoon._state import Hand, Phase
from games.pontoon._state import State as PontoonState
from games.pontoon._values import HandKind
from games.pontoon._views import PontoonView, build_view

ACTIONS: TypeAdapter[PontoonAction] = TypeAdapter(PontoonAction)
"""Parses an action dict into its model."""

_LIST = {
    Phase.OPENING: opening_actions,
    Phase.STAKING: staking_actions,
    Phase.SHOOT: shoot_phase_actions,
    Phase.PUNTERS: hand_actions,
    Phase.BANKER: banker_actions,
}
_APPLY = {
    Phase.OPENING: apply_opening,
    Phase.STAKING: apply_staking,
    Phase.SHOOT: apply_shoot_phase,
    Phase.PUNTERS: apply_hand,
    Phase.BANKER: apply_banker,
}


class Pontoon(CardGame[PontoonState, PontoonOptions]):
    """One deal of a Pontoon table (player or house bank, optionally Shoot Pontoon).

    >>> game = Pontoon.new(["a", "b"], {"a": 500, "b": 500}, PontoonOptions(), seed=1, dealer="a")
    >>> game.phase, game.to_act
    ('opening', 'a')
    """

    game_id: ClassVar[str] = "pontoon"
    State = PontoonState
    Options = PontoonOptions
    actions = ACTIONS
    action_kinds: ClassVar[tuple[str, ...]] = tuple(k.value for k in ActionKind)

    @property
    def banker(self) -> str | None:
        """The banking player, or ``None`` for the house bank."""
        return self._state.banker

    # -- the hooks ------------------------------------------------------------------------------

    @classmethod
    def _deal(
        cls,
        players: list[str],
        stacks: dict[str, int],
        options: Any,
        rng: random.Random,
        deck: Sequence[Card | str] | None,
        dealer: str | None,
        deal_number: int,
        previous: Any,
    ) -> PontoonState:
        """PO-4 for the first deal; PO-19/20/22/31 from the previous one."""
        if previous is None:
            state, events = first_deal(players, stacks, options, rng, deck, dealer)
        else:
            state, events = following_deal(previous, rng, players, stacks, deck)
        state.opening = cast("list[PontoonEvent]", events)
        return state

    def _phase(self) -> str:
        return self._state.phase.value

    def _pot(self) -> int:
        return self._state.pot

    def _kitty(self) -> int:
        return self._state.kitty

    def _kitty_owner(self) -> str | None:
        return HOUSE if self._state.banker is None else self._state.banker

    def _owed_outside(self) -> dict[str, int]:
        return dict(self._state.refunds)

    def _in_deal(self, pid: str) -> bool:
        return pid in self._state.players

    def _to_act(self) -> str | None:
        s = self._state
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

    def _opening(self) -> Sequence[GameEvent]:
        return self._state.opening

    def _list_actions(self, pid: str) -> list[ActionSpec]:
        listed = _LIST.get(self._state.phase)
        return listed(self._state, pid) if listed is not None else []

    def _apply(self, pid: str, action: PontoonAction) -> list[GameEvent]:
        s = self._state
        events: list[GameEvent] = []
        _APPLY[s.phase](s, pid, action, events)
        advance(s, events)
        return events

    def _timeout(self, pid: str) -> dict[str, Any]:
        s = self._state
        if s.phase == Phase.OPENING:
            return opening_timeout(s, pid)
        if s.phase == Phase.BANKER:
            return banker_timeout(s, pid)
        return punter_timeout(s, pid)

    def _explain(self, pid: str, action: dict[str, Any], specs: list[ActionSpec]) -> IllegalAction:
        """The rule an unavailable hand action breaks (PO-9..12, 25..28), then the bank's
        buyers, then the shared reasons."""
        kind = str(action.get("kind"))
        same = [spec for spec in specs if spec.kind == kind]
        if not same:
            reason = why_not(self._state, pid, kind)
            if reason is not None:
                return reason
        if kind == ActionKind.OFFER_BANK and not any(
            s.fields["to"].contains(action.get("to")) for s in same
        ):
            options = [
                str(o)
                for s in same
                if isinstance(f := s.fields["to"], ChoiceField)
                for o in f.options
            ]
            return IllegalAction(Refusal.NOT_A_CHOICE, kind=kind, field="to", options=options)
        for spec in same:
            if "to" in spec.fields and not spec.fields["to"].contains(action.get("to")):
                continue
            for name, f in spec.fields.items():
                if isinstance(f, AmountField) and not f.contains(action.get(name)):
                    return IllegalAction(
                        Refusal.AMOUNT_OUT_OF_RANGE, kind=kind, field=name, min=f.min, max=f.max
                    )
        return explain(action, specs)

    def _settle(self, changes: dict[str, int]) -> dict[str, int]:
        """Each seat's result of the play alone: the kitty put up, a bank sale's price and a
        kitty going back to its banker (PO-21, PO-24, PO-31) are moves, not results, so they
        are left out of the players' and the kitty's changes (and of the stats)."""
        s = self._state
        for pid, amount in s.refunds.items():
            changes[pid] = changes.get(pid, 0) + amount
        if s.options.shoot or s.kitty != s.start_kitty:
            changes[KITTY] = s.kitty - s.start_kitty
        for pid, amount in s.transfers.items():
            if pid in changes:
                changes[pid] -= amount
        return {p: v for p, v in changes.items() if v or p in s.stacks or p == KITTY}

    def _committed_order(self) -> list[Card]:
        """The pack as it stands in the opening phase (the kitty and a bank sale touch no
        card), which becomes ``start_deck`` as the first card is dealt."""
        s = self._state
        return list(s.start_deck) if s.start_deck else list(s.pack)

    def _used_deck(self) -> list[Card]:
        """The starting order without the cards still in the pack: those go on into the
        next deal (PO-19) and must not be told by this deal's record."""
        left = {c.code for c in self._state.pack}
        return [c for c in self._state.start_deck if c.code not in left]

    def _cards(self) -> dict[str, Any]:
        s = self._state
        return {
            "punters": {p.pid: [[c.code for c in h.cards] for h in p.hands] for p in s.punters},
            "banker": [c.code for c in s.banker_hand.cards],
        }

    def _outcome(self) -> tuple[list[str] | None, dict[str, HandLabel]]:
        """No single pot (every hand settles with the bank); each punter's first hand and the
        bank's hand by their PO-3 class and total."""
        s = self._state
        hands = {p.pid: _label(p.hands[0]) for p in s.punters if p.hands and p.hands[0].cards}
        if s.banker_hand.cards:
            hands[HOUSE if s.banker is None else s.banker] = _label(s.banker_hand)
        return None, hands

    # -- reading --------------------------------------------------------------------------------

    def view(self, pid: str | None) -> PontoonView:
        """What ``pid`` (``None``: the public) may see (PO-11a)."""
        return build_view(
            self._state, pid, self.to_act, self.settlement() if self.is_over else None
        )

    def all_cards(self) -> list[Card]:
        """Every card wherever it lies."""
        return self._state.all_cards()


def _label(hand: Hand) -> HandLabel:
    value = hand.value
    category = value.kind.name.lower()
    if value.kind == HandKind.TOTAL and value.soft:
        category = "soft_total"
    return HandLabel(category=category, total=value.total)
