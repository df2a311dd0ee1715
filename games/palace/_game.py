"""``PalacePoker``: the engine facade the table service drives (DESIGN.md, "Engine contract")."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Self

from pydantic import BaseModel

from games.actions import ActionSpec
from games.cards import Card, Deck, codes
from games.palace._actions import ActionKind, parse_action
from games.palace._deal import ante, deal_banners, deal_palaces
from games.palace._events import Cut, PalaceEvent, Turn
from games.palace._legal import legal_specs, refusal, whose_move
from games.palace._options import PalaceOptions
from games.palace._state import PalaceState, Phase, SeatState
from games.palace._turns import apply
from games.palace._views import PalaceView, build_view
from games.randomness import new_rng, rng_from_state, rng_state
from games.seats import cut_for_deal, next_dealer, order_from_left_of

MIN_PLAYERS, MAX_PLAYERS = 2, 10


class PalacePoker:
    """One deal of Palace Poker: banners, palace cards, soldiers and battles (PP-1..PP-23).

    >>> game = PalacePoker.new(["a", "b", "c"], {"a": 100, "b": 100, "c": 100}, seed=1, dealer="c")
    >>> game.phase, game.to_act, game.pot
    ('play', 'a', 15)
    """

    def __init__(self, state: PalaceState, rng: random.Random) -> None:
        self.state = state
        self._rng = rng
        self.stacks: dict[str, int] = state.stacks

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        stacks: Mapping[str, int],
        options: PalaceOptions | Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[Card | str] | None = None,
        dealer: str | None = None,
    ) -> Self:
        """The table's first deal; without ``dealer`` the PP-3 cut picks one with the RNG."""
        opts = _as_options(options)
        return cls._deal(list(players), dict(stacks), opts, new_rng(seed), deck, dealer, 1)

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
    ) -> Self:
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
        )
        log.append(
            {
                "kind": "deal",
                "deal_number": deal_number,
                "dealer": dealer,
                "seats": seats,
                "stacks": dict(state.stacks),
            }
        )
        events += ante(state)
        rejects, banner_events = deal_banners(state, pack, rng)
        events += banner_events
        events += deal_palaces(state, pack, rejects, rng)
        state.turn = seats[0]
        events.append(Turn(player=seats[0]))
        state.opening = events
        state.log = log
        return cls(state, rng)

    @classmethod
    def restore(cls, snapshot: str) -> Self:
        """The game that produced ``snapshot``, with the same future (the RNG state is in it)."""
        state = PalaceState.model_validate_json(snapshot)
        return cls(state, rng_from_state(state.rng))

    def next_deal(
        self,
        players: Sequence[str] | None = None,
        stacks: Mapping[str, int] | None = None,
        deck: Sequence[Card | str] | None = None,
    ) -> Self:
        """The next deal: the deal passes left (PP-3); players without chips sit out."""
        table = list(players) if players is not None else list(self.state.players)
        chips = dict(stacks) if stacks is not None else dict(self.stacks)
        funded = {p for p in table if chips.get(p, 0) > 0}
        dealer = next_dealer(table, self.state.players, self.state.dealer, funded)
        rng = rng_from_state(rng_state(self._rng))
        return self._deal(
            table, chips, self.state.options, rng, deck, dealer, self.state.deal_number + 1
        )

    # -- the contract's read side ---------------------------------------------------------

    @property
    def pot(self) -> int:
        """Chips in the one main pot (PP-13: battles add to it too)."""
        return self.state.pot

    @property
    def phase(self) -> str:
        """``play``, ``battle``, ``discard_step`` or ``over``."""
        return self.state.phase.value

    @property
    def to_act(self) -> str | None:
        """The player to move: the turn's owner, the battler to answer, or the step's player."""
        return whose_move(self.state)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended and the pot is paid."""
        return self.state.phase is Phase.OVER

    @property
    def deal_number(self) -> int:
        """1 for the table's first deal."""
        return self.state.deal_number

    @property
    def options(self) -> PalaceOptions:
        """The table options of this deal."""
        return self.state.options

    def opening_events(self) -> list[PalaceEvent]:
        """The deal's own events (cut, antes, banners, private palace cards, first turn)."""
        return list(self.state.opening)

    def legal_actions(self, pid: str) -> list[ActionSpec]:
        """Everything ``pid`` may do now with exact bounds; empty when it is not their move."""
        return legal_specs(self.state, pid)

    def timeout_action(self, pid: str) -> dict[str, Any]:
        """Stay where legal, else fold; in a free step drop the newest soldiers above the cap."""
        if pid != self.to_act:
            raise refusal(self.state, pid, {"kind": ActionKind.STAY.value})
        if self.state.phase is Phase.DISCARD_STEP:
            soldiers = self.state.seat[pid].soldiers
            surplus = max(0, len(soldiers) - self.state.options.max_soldiers)
            newest = soldiers[len(soldiers) - surplus :]
            return {"kind": ActionKind.DISCARD_SOLDIERS.value, "cards": codes(reversed(newest))}
        kinds = {spec.kind for spec in self.legal_actions(pid)}
        kind = ActionKind.STAY if ActionKind.STAY in kinds else ActionKind.FOLD
        return {"kind": kind.value}

    def settlement(self) -> dict[str, int]:
        """Each player's stack change this deal; sums to zero once the pot is paid."""
        if not self.is_over:
            raise RuntimeError("the hand is not over yet")
        return {p: self.stacks[p] - self.state.start_stacks[p] for p in self.state.players}

    def view(self, pid: str | None) -> PalaceView:
        """What ``pid`` (``None``: the public) may see now."""
        return build_view(self.state, pid, self.to_act)

    def snapshot(self) -> str:
        """The whole game as JSON, the RNG state included."""
        self.state.rng = rng_state(self._rng)
        return self.state.model_dump_json()

    def history(self) -> list[dict[str, Any]]:
        """Every action; face-down discards by count until the end, then every card."""
        over = self.is_over
        records = []
        for entry in self.state.log:
            action = entry.get("action")
            if not over and isinstance(action, dict) and "cards" in action:
                entry = {**entry, "action": {"kind": action["kind"], "count": len(action["cards"])}}
            records.append(entry)
        if over:
            records.append(
                {
                    "kind": "cards",
                    "start_deck": codes(self.state.start_deck),
                    "seats": {
                        p: {
                            "banner": s.banner.code if s.banner else None,
                            "soldiers": codes(s.soldiers),
                            "palace": codes(s.palace),
                            "aside": codes(s.aside),
                        }
                        for p, s in self.state.seat.items()
                    },
                    "draw": codes(self.state.draw),
                    "discards": codes(self.state.discards),
                }
            )
        return records

    def all_cards(self) -> list[Card]:
        """Every card wherever it lies: draw and discard piles and every seat's cards."""
        cards = [*self.state.draw, *self.state.discards]
        for seat in self.state.seat.values():
            if seat.banner is not None:
                cards.append(seat.banner)
            cards += [*seat.soldiers, *seat.palace, *seat.aside]
        return cards

    def chips_in_play(self) -> int:
        """Stacks + pot: constant over the deal."""
        return sum(self.stacks.values()) + self.state.pot

    # -- the write side ---------------------------------------------------------------------

    def act(self, pid: str, action: BaseModel | Mapping[str, Any]) -> list[PalaceEvent]:
        """Verify against the legal specs, then apply; a refusal changes nothing."""
        if self.is_over or pid != self.to_act:
            raise refusal(self.state, pid, {})
        parsed = parse_action(action)
        data = parsed.model_dump(mode="json")
        if not any(spec.allows(data) for spec in self.legal_actions(pid)):
            raise refusal(self.state, pid, data)
        self.state.log.append({"kind": "action", "player": pid, "action": data})
        return apply(self.state, pid, parsed, self._rng)


def _as_options(options: PalaceOptions | Mapping[str, Any] | None) -> PalaceOptions:
    if options is None:
        return PalaceOptions()
    if isinstance(options, PalaceOptions):
        return options
    return PalaceOptions.model_validate(dict(options))
