"""High card: a test-only toy game built on the engine core and nothing else.

Every player antes, is dealt one card face down, and in turn either keeps it (``stand``) or pays
``stake`` more to swap it for the next card of the deck (``swap``, once); then the highest
card wins the pot (ties split, odd chips to the earliest seat). It exists to prove that a game
plugs into the core, the table service, storage and a cog without editing any shared module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.actions import ActionSpec
from games.cards import Card, Deck
from games.core import CardGame, CoreState, GameInfo, HandLabel
from games.events import GameEvent
from games.seats import order_from_left_of, split_pot


class HighCardOptions(BaseModel):
    model_config = ConfigDict(frozen=True)

    stake: int = Field(default=5, ge=1, le=1000)
    turn_timeout: int = 60


class Kind(StrEnum):
    DEALT = "dealt"
    STOOD = "stood"
    SWAPPED = "swapped"
    NEW_CARD = "new_card"
    WON = "won"


class Dealt(GameEvent):
    kind: Literal[Kind.DEALT] = Kind.DEALT
    card: str


class Stood(GameEvent):
    kind: Literal[Kind.STOOD] = Kind.STOOD
    player: str


class Swapped(GameEvent):
    kind: Literal[Kind.SWAPPED] = Kind.SWAPPED
    player: str
    paid: int


class NewCard(GameEvent):
    kind: Literal[Kind.NEW_CARD] = Kind.NEW_CARD
    card: str


class Won(GameEvent):
    kind: Literal[Kind.WON] = Kind.WON
    winners: list[str]
    cards: dict[str, str]
    amount: int


HighCardEvent = Annotated[Dealt | Stood | Swapped | NewCard | Won, Field(discriminator="kind")]


class Stand(BaseModel):
    kind: Literal["stand"] = "stand"


class Swap(BaseModel):
    kind: Literal["swap"] = "swap"


class HighCardState(CoreState[HighCardOptions]):
    dealer: str
    pot: int = 0
    deck: list[Card]
    cards: dict[str, Card]
    to_go: list[str]
    swapped: list[str] = Field(default_factory=list)
    winners: list[str] = Field(default_factory=list)
    opening: list[HighCardEvent] = Field(default_factory=list)
    over: bool = False


class HighCard(CardGame[HighCardState, HighCardOptions]):
    """The toy engine: only its rules; the core does the rest."""

    game_id = "high_card"
    State = HighCardState
    Options = HighCardOptions
    actions: ClassVar[TypeAdapter[Any]] = TypeAdapter(
        Annotated[Stand | Swap, Field(discriminator="kind")]
    )
    action_kinds = ("stand", "swap")

    @classmethod
    def _deal(
        cls,
        players: list[str],
        stacks: dict[str, int],
        options: HighCardOptions,
        rng: random.Random,
        deck: Sequence[Card | str] | None,
        dealer: str | None,
        deal_number: int,
        previous: Any,
    ) -> HighCardState:
        if not 2 <= len(players) <= 6:
            raise ValueError("high card is for 2 to 6 players")
        if previous is not None:
            dealer = order_from_left_of(players, previous.dealer)[0]
        dealer = dealer or players[0]
        pack = Deck.stacked_deck(deck) if deck is not None else Deck.shuffled(rng)
        start = list(pack.cards)
        order = order_from_left_of(players, dealer)
        cards = {p: pack.draw() for p in order}
        state = HighCardState(
            options=options,
            players=players,
            deal_number=deal_number,
            stacks={p: stacks[p] - options.stake for p in players},
            start_stacks=dict(stacks),
            start_deck=start,
            dealer=dealer,
            pot=options.stake * len(players),
            deck=list(pack.cards),
            cards=cards,
            to_go=order,
        )
        state.opening = [Dealt(to=p, card=c.code) for p, c in cards.items()]
        state.record("deal", dealer=dealer, players=players, stacks=dict(stacks))
        state.record("deck", secret=True, cards=[c.code for c in start])
        return state

    def _phase(self) -> str:
        return "over" if self.state.over else "play"

    def _pot(self) -> int:
        return self.state.pot

    def _to_act(self) -> str | None:
        return self.state.to_go[0] if self.state.to_go else None

    def _opening(self) -> list[GameEvent]:
        return list(self.state.opening)

    def _list_actions(self, pid: str) -> list[ActionSpec]:
        specs = [ActionSpec(kind="stand")]
        if self.state.stacks[pid] >= self.options.stake:
            specs.append(ActionSpec(kind="swap"))
        return specs

    def _apply(self, pid: str, action: Stand | Swap) -> list[GameEvent]:
        s = self.state
        events: list[GameEvent] = []
        if isinstance(action, Swap):
            s.stacks[pid] -= self.options.stake
            s.pot += self.options.stake
            s.cards[pid] = s.deck.pop(0)
            s.swapped.append(pid)
            events += [Swapped(player=pid, paid=self.options.stake)]
            events += [NewCard(to=pid, card=s.cards[pid].code)]
        else:
            events.append(Stood(player=pid))
        s.to_go.pop(0)
        if not s.to_go:
            events.append(self._showdown())
        return events

    def _showdown(self) -> Won:
        s = self.state
        best = max(c.rank for c in s.cards.values())
        s.winners = [p for p in order_from_left_of(s.players, s.dealer) if s.cards[p].rank == best]
        for p, share in split_pot(s.pot, s.winners).items():
            s.stacks[p] += share
        won = Won(winners=s.winners, cards={p: c.code for p, c in s.cards.items()}, amount=s.pot)
        s.pot = 0
        s.over = True
        return won

    def _timeout(self, pid: str) -> dict[str, Any]:
        return {"kind": "stand"}

    def _cards(self) -> dict[str, Any]:
        return {"hands": {p: c.code for p, c in self.state.cards.items()}}

    def _outcome(self) -> tuple[list[str] | None, dict[str, HandLabel]]:
        hands = {
            p: HandLabel(category="high", ranks=(c.rank.code,)) for p, c in self.state.cards.items()
        }
        return list(self.state.winners), hands

    def view(self, pid: str | None) -> BaseModel:
        return HighCardView(
            viewer=pid,
            deal_number=self.deal_number,
            to_act=self.to_act,
            pot=self.pot,
            stacks=dict(self.stacks),
            mine=self.state.cards[pid].code if pid in self.state.cards else None,
            shown={p: c.code for p, c in self.state.cards.items()} if self.is_over else {},
        )

    def all_cards(self) -> list[Card]:
        return [*self.state.deck, *self.state.cards.values(), *self._set_aside()]

    def _set_aside(self) -> list[Card]:
        dealt = set(self.state.cards.values()) | set(self.state.deck)
        return [c for c in self.state.start_deck if c not in dealt]


class HighCardView(BaseModel):
    model_config = ConfigDict(frozen=True)

    viewer: str | None
    """Whose view this is (``None``: the public's), as every game's view says."""
    deal_number: int
    to_act: str | None
    pot: int
    stacks: dict[str, int]
    mine: str | None
    shown: dict[str, str]


HIGH_CARD = GameInfo(
    id="high_card",
    engine=HighCard,
    options=HighCardOptions,
    seats=lambda o: (2, 6),
    min_stack=lambda o: o.stake,
    top_stake=lambda o: o.stake,
    defaults=lambda d: {"stake": d.min_bet, "turn_timeout": d.turn_timeout_s},
)
