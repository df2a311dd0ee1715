"""``PalacePoker``: Palace Poker's rules as the hooks of the engine core (``games.core``).

The core does construction, snapshots, the next deal, the settlement, the history and the one
refusal path of ``act``; this class says only how a deal is dealt, whose move it is, what is
legal, what an action does, and why an action is refused in Palace Poker's own terms.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.actions import ActionSpec
from games.cards import Card, Deck, codes
from games.core import CardGame, HandLabel
from games.errors import IllegalAction
from games.events import GameEvent
from games.palace._actions import Action, ActionKind
from games.palace._deal import ante, deal_banners, deal_palaces
from games.palace._events import Cut, PalaceEvent, Turn
from games.palace._legal import explain, legal_specs, whose_move
from games.palace._options import PalaceOptions
from games.palace._state import PalaceState, Phase, SeatState
from games.palace._turns import apply
from games.palace._views import PalaceView, build_view
from games.seats import cut_for_deal, next_dealer, order_from_left_of

MIN_PLAYERS, MAX_PLAYERS = 2, 10


class PalacePoker(CardGame[PalaceState, PalaceOptions]):
    """One deal of Palace Poker: banners, palace cards, soldiers and battles (PP-1..PP-23).

    >>> game = PalacePoker.new(["a", "b", "c"], {"a": 100, "b": 100, "c": 100}, seed=1, dealer="c")
    >>> game.phase, game.to_act, game.pot
    ('play', 'a', 15)
    """

    game_id = "palace"
    State = PalaceState
    Options = PalaceOptions
    actions: ClassVar[TypeAdapter[Any]] = TypeAdapter(Action)
    action_kinds = tuple(k.value for k in ActionKind)

    # -- the deal (PP-3 to PP-6) ------------------------------------------------------------

    @classmethod
    def _deal(
        cls,
        players: list[str],
        stacks: dict[str, int],
        options: PalaceOptions,
        rng: random.Random,
        deck: Sequence[Card | str] | None,
        dealer: str | None,
        deal_number: int,
        previous: Any,
    ) -> PalaceState:
        """The first dealer by the PP-3 cut (unless given); then the deal passes left. Players
        without chips sit the deal out."""
        if len(set(players)) != len(players):
            raise ValueError("a player can sit only once at a table")
        missing = [p for p in players if p not in stacks]
        if missing or any(stacks[p] < 0 for p in players):
            raise ValueError(f"every player needs a non-negative stack (missing: {missing})")
        dealt = [p for p in players if stacks[p] > 0]
        if not MIN_PLAYERS <= len(dealt) <= MAX_PLAYERS:
            raise ValueError(
                f"Palace Poker needs {MIN_PLAYERS} to {MAX_PLAYERS} players with chips "
                f"(PP-1); {len(dealt)} have chips"
            )
        events: list[PalaceEvent] = []
        log: list[dict[str, Any]] = []
        if previous is not None:
            dealer = next_dealer(players, previous.players, previous.dealer, set(dealt))
        if dealer is None:
            dealer, rounds = cut_for_deal(dealt, rng)
            cut = [{p: c.code for p, c in r.items()} for r in rounds]
            log.append({"kind": "cut", "rounds": cut, "dealer": dealer})
            events.append(Cut(dealer=dealer, rounds=cut))
        elif dealer not in dealt:
            raise ValueError(f"the dealer {dealer!r} must be a player with chips")
        seats = [p for p in order_from_left_of(players, dealer) if p in dealt]
        pack = Deck.stacked_deck(deck) if deck is not None else Deck.shuffled(rng)
        state = PalaceState(
            options=options,
            players=players,
            seats=seats,
            dealer=dealer,
            deal_number=deal_number,
            stacks={p: stacks[p] for p in players},
            start_stacks={p: stacks[p] for p in players},
            seat={p: SeatState(pid=p) for p in seats},
            stacked=pack.stacked,
            start_deck=list(pack.cards),
            log=log,
        )
        state.record(
            "deal", deal_number=deal_number, dealer=dealer, seats=seats, stacks=dict(state.stacks)
        )
        events += ante(state)
        rejects, banner_events = deal_banners(state, pack, rng)
        events += banner_events
        events += deal_palaces(state, pack, rejects, rng)
        state.turn = seats[0]
        events.append(Turn(player=seats[0]))
        state.opening = events
        return state

    # -- the hooks the core reads -------------------------------------------------------------

    def _phase(self) -> str:
        """``play``, ``battle``, ``discard_step`` or ``over``."""
        return self.state.phase.value

    def _pot(self) -> int:
        """The one main pot (PP-13: battles add to it too)."""
        return self.state.pot

    def _to_act(self) -> str | None:
        """The turn's owner, the battler to answer, or the free step's player."""
        return whose_move(self.state)

    def _in_deal(self, pid: str) -> bool:
        return pid in self.state.seat

    def _opening(self) -> list[GameEvent]:
        return list(self.state.opening)

    def _list_actions(self, pid: str) -> list[ActionSpec]:
        return legal_specs(self.state, pid)

    def _explain(self, pid: str, action: dict[str, Any], specs: list[ActionSpec]) -> IllegalAction:
        return explain(self.state, pid, action, specs)

    def _apply(self, pid: str, action: Any) -> list[GameEvent]:
        return list(apply(self.state, pid, action, self._rng))

    def _timeout(self, pid: str) -> dict[str, Any]:
        """Stay where legal, else fold; in a free step drop the newest soldiers above the cap."""
        if self.state.phase is Phase.DISCARD_STEP:
            soldiers = self.state.seat[pid].soldiers
            surplus = max(0, len(soldiers) - self.options.max_soldiers)
            newest = soldiers[len(soldiers) - surplus :]
            return {"kind": ActionKind.DISCARD_SOLDIERS.value, "cards": codes(reversed(newest))}
        kinds = {spec.kind for spec in self.legal_actions(pid)}
        kind = ActionKind.STAY if ActionKind.STAY in kinds else ActionKind.FOLD
        return {"kind": kind.value}

    def _redact(self, entry: dict[str, Any]) -> dict[str, Any]:
        """Face-down discards are told by count until the end."""
        action = entry.get("action")
        if isinstance(action, dict) and "cards" in action:
            return {**entry, "action": {"kind": action["kind"], "count": len(action["cards"])}}
        return entry

    def _cards(self) -> dict[str, Any]:
        s = self.state
        return {
            "seats": {
                p: {
                    "banner": seat.banner.code if seat.banner else None,
                    "soldiers": codes(seat.soldiers),
                    "palace": codes(seat.palace),
                    "aside": codes(seat.aside),
                }
                for p, seat in s.seat.items()
            },
            "draw": codes(s.draw),
            "discards": codes(s.discards),
        }

    def _outcome(self) -> tuple[list[str] | None, dict[str, HandLabel]]:
        """The pot's winners and, after a final showdown (PP-21/PP-23), every shown hand."""
        result = self.state.result
        if result is None:
            return None, {}
        hands = {
            p: HandLabel(category=h.category.name.lower(), ranks=h.ranks)
            for p, h in result.hands.items()
        }
        return list(result.winners), hands

    def view(self, pid: str | None) -> PalaceView:
        """What ``pid`` (``None``: the public) may see now."""
        return build_view(self.state, pid, self.to_act)

    def all_cards(self) -> list[Card]:
        """Every card wherever it lies: draw and discard piles and every seat's cards."""
        cards = [*self.state.draw, *self.state.discards]
        for seat in self.state.seat.values():
            if seat.banner is not None:
                cards.append(seat.banner)
            cards += [*seat.soldiers, *seat.palace, *seat.aside]
        return cards
