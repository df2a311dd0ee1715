"""The engine core: the contract of DESIGN.md ("Engine contract") implemented once.

Palace Poker, Paiute and Pontoon are subclasses of :class:`CardGame` that supply only their rules
through a few hooks; construction, snapshots, the next deal, the settlement, the history, the
RNG fork and the one refusal path of :meth:`CardGame.act` live here, so the three games cannot
drift apart in any of them.

The refusal path of ``act``, in order, each refusal raised before anything changes:

1. the deal is over (``deal_over``); 2. the player is not in the deal (``not_playing``);
3. it is not their move (``not_your_turn``, with whose it is); 4. the action does not parse
(``unknown_action`` with the game's kinds, or ``bad_action`` with the first bad field);
5. no legal spec allows it (the game's :meth:`CardGame._explain`, by default ``not_now``,
``amount_out_of_range`` or ``not_a_choice``). Only then is it logged and applied.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from games.actions import ActionSpec, as_dict
from games.cards import Card, codes
from games.core import replay
from games.core import seen as seen_cards
from games.core.refusals import MAX_KIND_ECHO, explain, first_field
from games.core.result import DealResult, HandLabel
from games.core.state import CoreState, DealCommitment
from games.errors import IllegalAction, Refusal
from games.events import GameEvent
from games.fairness import Commitment
from games.randomness import new_rng, rng_fork, rng_from_state, rng_state, rng_twin

StateT = TypeVar("StateT", bound=CoreState[Any])
OptionsT = TypeVar("OptionsT", bound=BaseModel)


class DealNotOver(RuntimeError):
    """``settlement()`` / ``deal_result()`` / ``next_deal()`` asked of a deal still running."""


class CardGame(Generic[StateT, OptionsT]):
    """One deal of a card game at one table, with the chips of the players' table stacks.

    Subclasses set the class attributes and implement the hooks (methods starting with ``_``
    below that raise ``NotImplementedError``); everything public is the engine contract.
    """

    game_id: ClassVar[str]
    """The game's id in storage and commands (``"palace"``)."""
    State: ClassVar[type[CoreState[Any]]]
    Options: ClassVar[type[BaseModel]]
    actions: ClassVar[TypeAdapter[Any]]
    """Parses an action dict (with ``"kind"``) into the game's action model."""
    action_kinds: ClassVar[tuple[str, ...]]
    """Every action kind of the game, for ``unknown_action``."""

    def __init__(self, state: StateT, rng: random.Random) -> None:
        self._state = state
        self._rng = rng
        self._specs: tuple[str, int, list[ActionSpec]] | None = None

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        stacks: Mapping[str, int],
        options: BaseModel | Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[Card | str] | None = None,
        dealer: str | None = None,
    ) -> Self:
        """The table's first deal; ``deck`` stacks all 52 cards, ``dealer`` fixes the seat
        (without it the rules' cut picks one with the RNG, never with the stacked deck)."""
        opts = cls._options(options)
        rng = new_rng(seed)
        state = cls._deal(list(players), dict(stacks), opts, rng, deck, dealer, 1, None)
        return cls._started(state, rng)

    @classmethod
    def restore(cls, snapshot: str) -> Self:
        """The game that produced ``snapshot``, with the same future (the RNG is in it)."""
        state = cls.State.model_validate_json(snapshot)
        return cls(state, rng_from_state(state.rng))  # type: ignore[arg-type]

    def snapshot(self) -> str:
        """The whole game as JSON, the RNG state included."""
        self._state.rng = rng_state(self._rng)
        return self._state.model_dump_json()

    def fork(self, snapshot: str | None = None) -> Self:
        """An equal game (the same future) to try a step on, leaving this one as it is: the
        table service acts on a fork and keeps it only once the step is booked. ``snapshot``:
        this game's own, when the caller holds it (no second dump). The legal actions already
        listed come along: the fork is at the same moment."""
        state = self.State.model_validate_json(
            snapshot if snapshot is not None else self.snapshot()
        )
        twin = type(self)(state, rng_twin(self._rng, state.rng))  # type: ignore[arg-type]
        twin._specs = self._specs
        return twin

    def next_deal(
        self,
        players: Sequence[str] | None = None,
        stacks: Mapping[str, int] | None = None,
        deck: Sequence[Card | str] | None = None,
        options: BaseModel | Mapping[str, Any] | None = None,
    ) -> Self:
        """The table's next deal in its opening phase; this game is left as it is. Players
        may have joined, left or topped up (``players`` / ``stacks``); ``options``: new stakes
        from this deal on (a tournament's next level), else the table's."""
        table = list(players) if players is not None else list(self._state.players)
        chips = dict(stacks) if stacks is not None else dict(self._state.stacks)
        rng = rng_fork(self._rng)
        state = self._deal(
            table,
            chips,
            self._state.options if options is None else self._options(options),
            rng,
            deck,
            None,
            self._state.deal_number + 1,
            self._state,
        )
        return self._started(state, rng)

    @classmethod
    def _started(cls, state: CoreState[Any], rng: random.Random) -> Self:
        game = cls(state, rng)  # type: ignore[arg-type]
        state.peak_pot = max(state.peak_pot, game.pot)
        seen_cards.note(state, game._opening())
        state.rng = rng_state(rng)
        state.replay_from = replay.pack(state.model_dump_json(exclude={"replay_from"}))
        return game

    @classmethod
    def _options(cls, options: BaseModel | Mapping[str, Any] | None) -> Any:
        if options is None:
            return cls.Options()
        if isinstance(options, cls.Options):
            return options
        if isinstance(options, BaseModel):
            options = options.model_dump()
        return cls.Options.model_validate(dict(options))

    # -- the read side --------------------------------------------------------------------------

    @property
    def state(self) -> StateT:
        """The raw state (tests and presenters' tests read it; never mutate it)."""
        return self._state

    @property
    def stacks(self) -> dict[str, int]:
        """Each seat's table stack now (the engine holds the chip truth during a deal)."""
        return self._state.stacks

    @stacks.setter
    def stacks(self, value: dict[str, int]) -> None:
        self._state.stacks = value
        self._specs = None

    @property
    def options(self) -> OptionsT:
        """The table options of this deal."""
        return self._state.options  # type: ignore[no-any-return]

    @property
    def deal_number(self) -> int:
        """1 for the table's first deal, counting up with each :meth:`next_deal`."""
        return self._state.deal_number

    @property
    def pot(self) -> int:
        """Chips in the pot now."""
        return self._pot()

    @property
    def phase(self) -> str:
        """Where the deal is (``"over"`` at the end)."""
        return self._phase()

    @property
    def kitty(self) -> int:
        """Chips in the kitty (Shoot Pontoon; 0 for the games without one)."""
        return self._kitty()

    def kitty_owner(self) -> str | None:
        """Who takes the kitty if the table closes now (the banker or the house), or ``None``."""
        return self._kitty_owner()

    def owed_outside(self) -> dict[str, int]:
        """Chips this deal owes players who are no longer in it (cumulative over the deal)."""
        return dict(self._owed_outside())

    @property
    def is_over(self) -> bool:
        """Whether the deal has finished and :meth:`settlement` may be read."""
        return self._phase() == "over"

    @property
    def to_act(self) -> str | None:
        """Whose move it is, or ``None`` when nobody can move."""
        return None if self.is_over else self._to_act()

    def opening_events(self) -> list[GameEvent]:
        """What dealing this deal did before anyone acted (the table shows them like an
        action's events; each player's dealt cards come as a private event)."""
        return list(self._opening())

    def legal_actions(self, pid: str) -> list[ActionSpec]:
        """Everything ``pid`` may do now, with exact bounds; empty when it is not their move.
        Computed once per accepted action."""
        if pid != self.to_act:
            return []
        cached = self._specs
        if cached is None or cached[0] != pid or cached[1] != self._state.actions:
            cached = (pid, self._state.actions, self._list_actions(pid))
            self._specs = cached
        return list(cached[2])

    def settlement(self) -> dict[str, int]:
        """Each seat's stack change over this deal; sums to zero with the house and kitty."""
        if not self.is_over:
            raise DealNotOver("the deal is not over yet")
        s = self._state
        changes = {p: s.stacks[p] - s.start_stacks.get(p, 0) for p in s.stacks}
        return self._settle(changes)

    def deal_result(self) -> DealResult:
        """How the deal ended, for the table's records."""
        if not self.is_over:
            raise DealNotOver("the deal is not over yet")
        winners, hands = self._outcome()
        return DealResult(
            deal_number=self.deal_number,
            changes=self.settlement(),
            pot=self._state.peak_pot,
            winners=winners,
            hands=hands,
            start_deck=codes(self._used_deck()),
            kitty_owner=self.kitty_owner(),
            stakes_returned=self._stakes_returned(),
            owed_outside=self.owed_outside(),
        )

    def _used_deck(self) -> list[Card]:
        """The deal's starting card order, as far as the finished deal used it: what its
        result and history keep. A game whose pack goes on into the next deal (Pontoon's)
        leaves out the cards still in it, so no record of deal N tells deal N+1's cards."""
        return list(self._state.start_deck)

    def history(self) -> list[dict[str, Any]]:
        """Every action of this deal, hidden cards by count until the end; after the end the
        secret entries, the starting card order and every card too."""
        over = self.is_over
        records = [
            {k: v for k, v in entry.items() if k != "secret"} if over else self._redact(entry)
            for entry in self._state.log
            if over or not entry.get("secret")
        ]
        if over:
            records.append(
                {"kind": "cards", "start_deck": codes(self._used_deck()), **self._cards()}
            )
        return records

    # -- the committed card order ----------------------------------------------------------------

    def commit(self, secret: bytes) -> str:
        """Commit this deal's card order before anyone sees a card of it; the fingerprint.
        ``secret`` (16 bytes from ``secrets``, never from the game's RNG) stays in the
        snapshot; the table service calls this once per deal, right after making it."""
        order = codes(self._committed_order())
        made = Commitment(order, secret)
        self._state.commitment = DealCommitment(
            secret=secret.hex(), fingerprint=made.fingerprint, cards=len(order)
        )
        return made.fingerprint

    @property
    def fingerprint(self) -> str | None:
        """The full hex fingerprint of the committed order, or ``None``."""
        c = self._state.commitment
        return c.fingerprint if c is not None else None

    def proofs(self, reader: str | None) -> list[dict[str, Any]]:
        """The proof of each card ``reader`` has seen so far (``None``: the table's), public
        cards first: nothing about a card they have not seen."""
        return seen_cards.proofs(self._state, codes(self._committed_order()), reader)

    def commitments(self, reader: str | None) -> list[dict[str, Any]]:
        """Every committed order of this deal so far (the opening's, then each reshuffle's,
        :mod:`games.core.reshuffles`), each with the proofs of the cards ``reader`` has seen
        of it, in a deal file's ``[[commitments]]`` layout; empty when not committed."""
        return seen_cards.commitments(self._state, codes(self._committed_order()), reader)

    def closing_records(self) -> list[dict[str, Any]]:
        """What a finished deal's stored record keeps beside its history (issue 29): the
        seats' stacks at its start and end, and the commitment with its shown cards."""
        if not self.is_over:
            raise DealNotOver("the deal is not over yet")
        s = self._state
        seats = {"kind": "stacks", "start": dict(s.start_stacks), "end": dict(s.stacks)}
        proved = self.fairness()
        records = [seats] if proved is None else [seats, proved]
        if s.replay_from is not None:
            records.append({"kind": replay.KIND, "opening": s.replay_from})
        return records

    def fairness(self) -> dict[str, Any] | None:
        """The deal's commitment and the cards someone saw, by audience (``""``: the table;
        a player: what only they saw), each with its position and salt, and the leaf hashes
        that make their proofs (:func:`games.fairness.proofs_of`): what the deal's record
        keeps for its hand histories. Only when the deal is over (a proof shown early would
        tell a private card)."""
        if not self.is_over:
            return None
        return seen_cards.shown_record(self._state, codes(self._committed_order()))

    def chips_in_play(self) -> int:
        """Stacks + pot (+ kitty): constant over a deal, checked after every action."""
        return sum(self._state.stacks.values()) + self.pot + self._kitty()

    # -- the write side ---------------------------------------------------------------------------

    def act(self, pid: str, action: BaseModel | Mapping[str, Any]) -> list[GameEvent]:
        """Apply one action, or raise :class:`IllegalAction` and change nothing."""
        if self.is_over:
            raise IllegalAction(Refusal.DEAL_OVER)
        if not self._in_deal(pid):
            raise IllegalAction(Refusal.NOT_PLAYING)
        if pid != self.to_act:
            raise IllegalAction(Refusal.NOT_YOUR_TURN, to_act=self.to_act)
        parsed = self._parse(action)
        data = self._canonical(parsed)
        specs = self.legal_actions(pid)
        if not any(spec.allows(data) for spec in specs):
            raise self._explain(pid, data, specs)
        s = self._state
        s.actions += 1
        s.record("action", player=pid, action=data)
        events = self._apply(pid, parsed)
        s.peak_pot = max(s.peak_pot, self.pot)
        seen_cards.note(s, events)
        return events

    @property
    def turn_goes_on(self) -> bool:
        """Whether the player to act is in the middle of one timed decision that the rules'
        timeout plays whole (Paiute: the discard after the draw). A turn timer plays the
        timeout action until this is false: one timeout is one decision, and the next one
        (a Palace winner's turn after their free discard) gets its own clock."""
        return not self.is_over and self._turn_goes_on()

    def timeout_action(self, pid: str) -> dict[str, Any]:
        """The rules' default action for ``pid`` when their turn timer runs out."""
        if pid != self.to_act:
            raise IllegalAction(Refusal.NOT_YOUR_TURN, to_act=self.to_act)
        return self._timeout(pid)

    def _parse(self, action: BaseModel | Mapping[str, Any]) -> Any:
        data = as_dict(action)
        kind = data.get("kind")
        if kind not in self.action_kinds:
            raise IllegalAction(
                Refusal.UNKNOWN_ACTION,
                kind=str(kind)[:MAX_KIND_ECHO],
                allowed=tuple(self.action_kinds),
            )
        try:
            parsed = self.actions.validate_python(data)
        except (ValidationError, ValueError) as exc:
            field = first_field(exc)
            raise IllegalAction(Refusal.BAD_ACTION, kind=str(kind), field=field) from exc
        extra = sorted(set(data) - set(type(parsed).model_fields))
        if extra:
            raise IllegalAction(Refusal.BAD_ACTION, kind=str(kind), field=extra[0][:MAX_KIND_ECHO])
        return parsed

    # -- hooks with defaults -----------------------------------------------------------------------

    def _canonical(self, parsed: BaseModel) -> dict[str, Any]:
        """The action as the dict the specs check and the history records."""
        return parsed.model_dump(mode="json")

    def _explain(self, pid: str, action: dict[str, Any], specs: list[ActionSpec]) -> IllegalAction:
        """Why no legal spec allows ``action`` (override for the game's own reasons)."""
        return explain(action, specs)

    def _in_deal(self, pid: str) -> bool:
        return pid in self._state.players

    def _committed_order(self) -> list[Card]:
        """The card order a commitment covers: the deal's starting order (Pontoon's pack,
        whose first card is dealt after the opening phase, overrides it)."""
        return list(self._state.start_deck)

    def _redact(self, entry: dict[str, Any]) -> dict[str, Any]:
        """A history entry as it may be read before the end (face-down cards by count)."""
        return entry

    def _settle(self, changes: dict[str, int]) -> dict[str, int]:
        """The settlement from the stack changes (Pontoon adds refunds and the kitty)."""
        return changes

    def _kitty(self) -> int:
        return 0

    def _turn_goes_on(self) -> bool:
        """See :attr:`turn_goes_on` (default: every action is a decision of its own)."""
        return False

    def _kitty_owner(self) -> str | None:
        return None

    def _stakes_returned(self) -> bool:
        return False

    def _owed_outside(self) -> dict[str, int]:
        return {}

    # -- hooks every game implements ---------------------------------------------------------------

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
    ) -> CoreState[Any]:
        """Make a deal: its state with the opening done (``previous``: the last deal's state,
        for the dealer's or bank's rotation and what carries over; ``None`` for the first)."""
        raise NotImplementedError

    def _phase(self) -> str:
        raise NotImplementedError

    def _pot(self) -> int:
        raise NotImplementedError

    def _to_act(self) -> str | None:
        raise NotImplementedError

    def _opening(self) -> Sequence[GameEvent]:
        raise NotImplementedError

    def _list_actions(self, pid: str) -> list[ActionSpec]:
        raise NotImplementedError

    def _apply(self, pid: str, action: Any) -> list[GameEvent]:
        raise NotImplementedError

    def _timeout(self, pid: str) -> dict[str, Any]:
        raise NotImplementedError

    def _cards(self) -> dict[str, Any]:
        """Where every card lies at the end, for the history's last record."""
        raise NotImplementedError

    def _outcome(self) -> tuple[list[str] | None, dict[str, HandLabel]]:
        """The winners (``None``: no single pot) and the shown hands' names."""
        raise NotImplementedError

    def view(self, pid: str | None) -> BaseModel:
        """What ``pid`` (``None``: the public) may see now."""
        raise NotImplementedError

    def all_cards(self) -> list[Card]:
        """Every card of the deck wherever it lies, for the conservation checks."""
        raise NotImplementedError
