"""The Paiute engine: the Engine contract of DESIGN.md around the rules in ``_turns``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from games.actions import ActionSpec, ChoiceField, as_dict
from games.cards import Card, Deck, codes
from games.errors import IllegalAction, Refusal
from games.events import GameEvent
from games.paiute import _turns as rules
from games.paiute._events import Dealt, HandDealt
from games.paiute._options import (
    ActionKind,
    Call,
    Discard,
    Draw,
    PaiuteAction,
    PaiuteOptions,
    Phase,
    Source,
)
from games.paiute._state import DealState
from games.paiute._views import PaiuteView, build_view
from games.randomness import new_rng, rng_from_state, rng_state
from games.seats import next_dealer, order_from_left_of

_ACTION = TypeAdapter[Draw | Discard | Call](PaiuteAction)
HAND_SIZE = 5

_FIELDS = {
    ActionKind.DRAW.value: "source",
    ActionKind.DISCARD.value: "card",
    ActionKind.CALL.value: "discard",
}
"""Each action's one field: what a ``bad_action`` refusal names."""


class Paiute:
    """One deal of Paiute at a table of 2 to 5 players (rules/paiute.md).

    >>> game = Paiute.new(["a", "b"], {"a": 100, "b": 100}, PaiuteOptions(stake=5), seed=1)
    >>> game.pot, game.phase, len(game.view("a").hand or [])
    (10, 'draw', 5)
    """

    def __init__(self, state: DealState, rng: random.Random) -> None:
        self._s = state
        self._rng = rng
        self._specs_cache: tuple[int, list[ActionSpec]] | None = None

    # -- creation -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        stacks: Mapping[str, int],
        options: PaiuteOptions | None = None,
        seed: int | None = None,
        deck: Sequence[Card | str] | None = None,
        dealer: str | None = None,
    ) -> Paiute:
        """The table's first deal: stakes in, five cards each, indicator and discard turned."""
        return cls._deal(
            list(players), stacks, options or PaiuteOptions(), new_rng(seed), deck, dealer, 1
        )

    @classmethod
    def _deal(
        cls,
        players: list[str],
        stacks: Mapping[str, int],
        options: PaiuteOptions,
        rng: random.Random,
        deck: Sequence[Card | str] | None,
        dealer: str | None,
        deal_number: int,
    ) -> Paiute:
        if not 2 <= len(players) <= 5:
            raise ValueError(f"Paiute is for 2 to 5 players, not {len(players)}")  # PA-1
        if len(set(players)) != len(players):
            raise ValueError("a player can sit at the table only once")
        for p in players:
            if stacks.get(p, 0) < options.stake:
                raise ValueError(f"{p} cannot cover the stake of {options.stake}")  # PA-2
        if dealer is None:
            dealer = players[rng.randrange(len(players))]  # PA-3
        elif dealer not in players:
            raise ValueError(f"the dealer {dealer} is not at the table")
        pile = Deck.stacked_deck(deck) if deck is not None else Deck.shuffled(rng)
        start = codes(pile.cards)
        hands: dict[str, list[Card]] = {p: [] for p in players}
        for _ in range(HAND_SIZE):  # PA-4: one at a time from the dealer's left
            for p in order_from_left_of(players, dealer):
                hands[p].append(pile.draw())
        indicator = pile.draw()
        first_discard = pile.draw()  # PA-5
        start_stacks = {p: stacks[p] for p in players}
        state = DealState(
            players=players,
            options=options,
            dealer=dealer,
            deal_number=deal_number,
            stacks={p: stacks[p] - options.stake for p in players},
            start_stacks=start_stacks,
            pot=options.stake * len(players),
            hands=hands,
            stock=list(pile.cards),
            stacked=pile.stacked,
            discards=[first_discard],
            indicator=indicator,
            turn=order_from_left_of(players, dealer)[0],  # PA-6
        )
        state.log.append(
            {
                "kind": "deal",
                "deal": deal_number,
                "players": players,
                "dealer": dealer,
                "stake": options.stake,
                "stacks": start_stacks,
                "indicator": indicator.code,
                "discard": first_discard.code,
            }
        )
        state.log.append({"kind": "deck", "secret": True, "cards": start})
        return cls(state, rng)

    @classmethod
    def restore(cls, snapshot: str) -> Paiute:
        """The game :meth:`snapshot` saved, RNG included, so it has the same future."""
        state = DealState.model_validate_json(snapshot)
        return cls(state, rng_from_state(state.rng))

    def next_deal(
        self,
        players: Sequence[str] | None = None,
        stacks: Mapping[str, int] | None = None,
        deck: Sequence[Card | str] | None = None,
    ) -> Paiute:
        """The next deal: the deal passes left (PA-3); this game is left as it is."""
        if not self.is_over:
            raise ValueError("the deal is not over yet")
        s = self._s
        seated = list(players) if players is not None else list(s.players)
        chips = dict(stacks) if stacks is not None else dict(s.stacks)
        dealer = next_dealer(seated, s.players, s.dealer) or seated[0]
        rng = rng_from_state(rng_state(self._rng))
        return self._deal(seated, chips, s.options, rng, deck, dealer, s.deal_number + 1)

    # -- reading ----------------------------------------------------------------------------

    @property
    def stacks(self) -> dict[str, int]:
        """Each seat's table stack now."""
        return self._s.stacks

    @stacks.setter
    def stacks(self, value: dict[str, int]) -> None:
        self._s.stacks = value

    @property
    def pot(self) -> int:
        return self._s.pot

    @property
    def phase(self) -> str:
        return self._s.phase.value

    @property
    def to_act(self) -> str | None:
        return None if self.is_over else self._s.turn

    @property
    def is_over(self) -> bool:
        return self._s.phase is Phase.OVER

    @property
    def deal_number(self) -> int:
        return self._s.deal_number

    @property
    def dealer(self) -> str:
        """Who deals this deal; play starts at their left."""
        return self._s.dealer

    @property
    def players(self) -> list[str]:
        """The players of this deal in seat order."""
        return list(self._s.players)

    @property
    def options(self) -> PaiuteOptions:
        return self._s.options

    def view(self, pid: str | None) -> PaiuteView:
        return build_view(self._s, pid)

    def snapshot(self) -> str:
        self._s.rng = rng_state(self._rng)
        return self._s.model_dump_json()

    def history(self) -> list[dict[str, Any]]:
        """Every action; the deck order, rebuilt stocks and final hands only after the end."""
        over = self.is_over
        return [
            {k: v for k, v in entry.items() if k != "secret"}
            for entry in self._s.log
            if over or not entry.get("secret")
        ]

    def settlement(self) -> dict[str, int]:
        if not self.is_over:
            raise ValueError("the deal is not over yet")
        s = self._s
        return {p: s.stacks[p] - s.start_stacks[p] for p in s.players}

    def all_cards(self) -> list[Card]:
        s = self._s
        cards = [*s.stock, *s.discards, s.indicator]
        for p in s.players:
            cards += s.hands[p] + s.laid.get(p, [])
        return cards

    def chips_in_play(self) -> int:
        return sum(self._s.stacks.values()) + self._s.pot

    # -- acting -------------------------------------------------------------------------------

    def legal_actions(self, pid: str) -> list[ActionSpec]:
        if pid != self.to_act:
            return []
        # Cached per accepted action: listing a call evaluates seven hands.
        if self._specs_cache is None or self._specs_cache[0] != self._s.actions:
            self._specs_cache = (self._s.actions, self._list_actions(pid))
        return list(self._specs_cache[1])

    def _list_actions(self, pid: str) -> list[ActionSpec]:
        s = self._s
        if s.phase is Phase.DRAW:
            sources = tuple(src.value for src in rules.can_draw_from(s))
            return [
                ActionSpec(
                    kind=ActionKind.DRAW,
                    fields={"source": ChoiceField(options=sources)},
                )
            ]
        specs = [
            ActionSpec(
                kind=ActionKind.DISCARD,
                fields={"card": ChoiceField(options=tuple(codes(rules.discardable(s, pid))))},
            )
        ]
        options = rules.call_options(s, pid)
        if options:
            specs.append(
                ActionSpec(
                    kind=ActionKind.CALL,
                    fields={
                        "discard": ChoiceField(
                            options=tuple(None if c is None else c.code for c in options)
                        )
                    },
                )
            )
        return specs

    def act(self, pid: str, action: BaseModel | Mapping[str, Any]) -> list[GameEvent]:
        """Verify the action, then apply it; a refusal changes nothing."""
        s = self._s
        parsed = _parse(action)
        if self.is_over:
            raise IllegalAction(Refusal.DEAL_OVER)
        if pid not in s.players:
            raise IllegalAction(Refusal.NOT_PLAYING)
        if pid != s.turn:
            raise IllegalAction(Refusal.NOT_YOUR_TURN, to_act=s.turn)
        if isinstance(parsed, Draw):
            rules.check_draw(s, parsed.source)
        elif isinstance(parsed, Discard):
            rules.check_discard(s, pid, parsed.card)
        else:
            combo = rules.check_call(s, pid, parsed.discard)
        # Checked: from here on the action happens. Logged first so the end comes last.
        s.actions += 1
        s.log.append({"kind": "action", "player": pid, "action": parsed.model_dump(mode="json")})
        if isinstance(parsed, Draw):
            return rules.apply_draw(s, pid, parsed.source, self._rng)
        if isinstance(parsed, Discard):
            return rules.apply_discard(s, pid, parsed.card)
        return rules.apply_call(s, pid, parsed.discard, combo)

    def timeout_action(self, pid: str) -> dict[str, Any]:
        """Draw from the stock, then discard the drawn card (the table's timeout rule).

        A turn is two actions, so the table applies this until the turn has passed. A card
        taken from the discard pile cannot go back, so then the first other card goes.
        """
        s = self._s
        if pid != self.to_act:
            raise IllegalAction(Refusal.NOT_YOUR_TURN, to_act=self.to_act)
        if s.phase is Phase.DRAW:
            sources = rules.can_draw_from(s)
            source = Source.STOCK if Source.STOCK in sources else sources[0]
            return {"kind": ActionKind.DRAW.value, "source": source.value}
        card = s.drawn if s.drawn is not None and s.drawn != s.taken else None
        if card is None:
            card = rules.discardable(s, pid)[0]
        return {"kind": ActionKind.DISCARD.value, "card": card.code}

    def opening_events(self) -> list[GameEvent]:
        """The deal as the table hears it, then each player's five cards for their eyes only.

        Read right after the deal is made (``new()`` / ``next_deal()``): the private events
        carry the hands as they are now.
        """
        s = self._s
        hands = [HandDealt(to=pid, hand=codes(s.hands[pid])) for pid in s.players]
        return [
            Dealt(
                deal_number=s.deal_number,
                dealer=s.dealer,
                indicator=s.indicator.code,
                discard=s.discards[-1].code,
                pot=s.pot,
            ),
            *hands,
        ]


def _parse(action: BaseModel | Mapping[str, Any]) -> Draw | Discard | Call:
    """The action as a model, or the refusal code of why it is not one."""
    data = as_dict(action)
    kind = data.get("kind")
    if kind not in _FIELDS:
        raise IllegalAction(
            Refusal.UNKNOWN_ACTION,
            kind=str(kind) if kind is not None else None,
            allowed=tuple(_FIELDS),
        )
    try:
        return _ACTION.validate_python(data)
    except (ValidationError, ValueError) as exc:
        raise IllegalAction(Refusal.BAD_ACTION, kind=str(kind), field=_FIELDS[str(kind)]) from exc
