"""The Paiute engine: the rules of ``_turns`` as the hooks of the engine core (``games.core``).

The core does construction, snapshots, the next deal, the settlement, the history and the one
refusal path of ``act``; this class says how a deal is dealt, what a player may do, what an
action does and why an action is refused (PA-1 to PA-15).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.actions import ActionSpec, ChoiceField
from games.cards import Card, Deck, codes
from games.core import CardGame, DealNotOver, HandLabel, explain
from games.errors import IllegalAction
from games.events import GameEvent
from games.paiute import _turns as rules
from games.paiute._combos import Combination
from games.paiute._events import Dealt, HandDealt
from games.paiute._options import (
    ActionKind,
    Call,
    Discard,
    Draw,
    Outcome,
    PaiuteAction,
    PaiuteOptions,
    Phase,
    Source,
)
from games.paiute._state import DealState
from games.paiute._views import PaiuteView, build_view
from games.seats import next_dealer, order_from_left_of

HAND_SIZE = 5


class Paiute(CardGame[DealState, PaiuteOptions]):
    """One deal of Paiute at a table of 2 to 5 players (rules/paiute.md).

    >>> game = Paiute.new(["a", "b"], {"a": 100, "b": 100}, PaiuteOptions(stake=5), seed=1)
    >>> game.pot, game.phase, len(game.view("a").hand or [])
    (10, 'draw', 5)
    """

    game_id = "paiute"
    State = DealState
    Options = PaiuteOptions
    actions: ClassVar[TypeAdapter[Any]] = TypeAdapter(PaiuteAction)
    action_kinds = tuple(kind.value for kind in ActionKind)

    # -- dealing --------------------------------------------------------------------------------

    @classmethod
    def _deal(
        cls,
        players: list[str],
        stacks: dict[str, int],
        options: PaiuteOptions,
        rng: random.Random,
        deck: Sequence[Card | str] | None,
        dealer: str | None,
        deal_number: int,
        previous: DealState | None,
    ) -> DealState:
        """Stakes in, five cards each, the indicator and the first discard turned."""
        if not 2 <= len(players) <= 5:
            raise ValueError(f"Paiute is for 2 to 5 players, not {len(players)}")  # PA-1
        if len(set(players)) != len(players):
            raise ValueError("a player can sit at the table only once")
        for p in players:
            if stacks.get(p, 0) < options.stake:
                raise ValueError(f"{p} cannot cover the stake of {options.stake}")  # PA-2
        if previous is not None:
            if previous.phase is not Phase.OVER:
                raise DealNotOver("the deal is not over yet")
            dealer = next_dealer(players, previous.players, previous.dealer) or players[0]
        elif dealer is None:
            dealer = players[rng.randrange(len(players))]  # PA-3
        elif dealer not in players:
            raise ValueError(f"the dealer {dealer} is not at the table")
        pile = Deck.stacked_deck(deck) if deck is not None else Deck.shuffled(rng)
        start = list(pile.cards)
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
            start_deck=start,
            pot=options.stake * len(players),
            hands=hands,
            stock=list(pile.cards),
            stacked=pile.stacked,
            discards=[first_discard],
            indicator=indicator,
            turn=order_from_left_of(players, dealer)[0],  # PA-6
        )
        state.opening = [
            Dealt(
                deal_number=deal_number,
                dealer=dealer,
                indicator=indicator.code,
                discard=first_discard.code,
                pot=state.pot,
            ),
            *(HandDealt(to=p, hand=codes(hands[p])) for p in players),
        ]
        state.record(
            "deal",
            deal=deal_number,
            players=players,
            dealer=dealer,
            stake=options.stake,
            stacks=start_stacks,
            indicator=indicator.code,
            discard=first_discard.code,
        )
        state.record("deck", secret=True, cards=codes(start))
        return state

    # -- reading --------------------------------------------------------------------------------

    @property
    def dealer(self) -> str:
        """Who deals this deal; play starts at their left."""
        return self.state.dealer

    @property
    def players(self) -> list[str]:
        """The players of this deal in seat order."""
        return list(self.state.players)

    def _phase(self) -> str:
        return self.state.phase.value

    def _pot(self) -> int:
        return self.state.pot

    def _to_act(self) -> str | None:
        return self.state.turn

    def _opening(self) -> list[GameEvent]:
        return list(self.state.opening)

    def view(self, pid: str | None) -> PaiuteView:
        return build_view(self.state, pid)

    def all_cards(self) -> list[Card]:
        s = self.state
        cards = [*s.stock, *s.discards, s.indicator]
        for p in s.players:
            cards += s.hands[p] + s.laid.get(p, [])
        return cards

    def _cards(self) -> dict[str, Any]:
        return rules.final_cards(self.state)

    def _outcome(self) -> tuple[list[str] | None, dict[str, HandLabel]]:
        """The winners, and the best combination of every hand that has one (PA-15)."""
        hands = {
            p: HandLabel(category=label.category.name.lower(), ranks=label.ranks)
            for p, label in self.state.combinations.items()
        }
        return list(self.state.winners), hands

    def _stakes_returned(self) -> bool:
        return self.state.outcome is Outcome.STAKES_RETURNED

    # -- acting ---------------------------------------------------------------------------------

    def _list_actions(self, pid: str) -> list[ActionSpec]:
        s = self.state
        if s.phase is Phase.DRAW:
            sources = tuple(src.value for src in rules.can_draw_from(s))
            return [
                ActionSpec(kind=ActionKind.DRAW, fields={"source": ChoiceField(options=sources)})
            ]
        discardable = tuple(codes(rules.discardable(s, pid)))
        specs = [
            ActionSpec(kind=ActionKind.DISCARD, fields={"card": ChoiceField(options=discardable)})
        ]
        options = rules.call_options(s, pid)  # evaluates seven hands: the core caches the specs
        if options:
            discards = tuple(None if c is None else c.code for c in options)
            specs.append(
                ActionSpec(kind=ActionKind.CALL, fields={"discard": ChoiceField(options=discards)})
            )
        return specs

    def _explain(self, pid: str, action: dict[str, Any], specs: list[ActionSpec]) -> IllegalAction:
        """The rule that refuses it (PA-6, PA-9), else the core's reason."""
        parsed = self.actions.validate_python(action)
        try:
            self._check(pid, parsed)
        except IllegalAction as refusal:
            return refusal
        return explain(action, specs)

    def _check(self, pid: str, action: Draw | Discard | Call) -> Combination | None:
        s = self.state
        if isinstance(action, Draw):
            rules.check_draw(s, action.source)
            return None
        if isinstance(action, Discard):
            rules.check_discard(s, pid, action.card)
            return None
        return rules.check_call(s, pid, action.discard)

    def _apply(self, pid: str, action: Draw | Discard | Call) -> list[GameEvent]:
        s = self.state
        if isinstance(action, Draw):
            return rules.apply_draw(s, pid, action.source, self._rng)
        if isinstance(action, Discard):
            return rules.apply_discard(s, pid, action.card)
        combo = rules.check_call(s, pid, action.discard)
        return rules.apply_call(s, pid, action.discard, combo)

    def _turn_goes_on(self) -> bool:
        """After the draw comes the discard: one turn, one timeout (the table's rule)."""
        return self.state.phase is Phase.DISCARD

    def _timeout(self, pid: str) -> dict[str, Any]:
        """Draw from the stock, then discard the drawn card (the table's timeout rule).

        A turn is two actions, so the table applies this until the turn has passed. A card
        taken from the discard pile cannot go back (the player took it, then left or timed out),
        so then the first other card that is not wild goes: the rules' move never gives the next
        player a wild card the absent player held.
        """
        s = self.state
        if s.phase is Phase.DRAW:
            sources = rules.can_draw_from(s)
            source = Source.STOCK if Source.STOCK in sources else sources[0]
            return {"kind": ActionKind.DRAW.value, "source": source.value}
        card = s.drawn if s.drawn is not None and s.drawn != s.taken else None
        if card is None:
            allowed = rules.discardable(s, pid)
            tame = [c for c in allowed if c.rank != s.indicator.rank]
            card = (tame or allowed)[0]
        return {"kind": ActionKind.DISCARD.value, "card": card.code}
