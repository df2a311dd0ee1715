"""The table as the service holds it in memory, and the values it hands to the bot.

The database stays the truth for chips, counters, deadlines and who is away: :class:`LiveTable`
keeps the last committed storage row next to the live engine, plus what only matters while the
process runs (the lock, the missed-timer counts, the idle clock). Its ``away`` set is the working
copy, stored with the next action (or at once, when a player is back).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, NamedTuple

from pydantic import BaseModel

from games.actions import ActionSpec
from games.engine import Engine
from games.events import GameEvent
from services.tables.registry import Game
from storage import players
from storage.tables import Closed, Seat, Table


class Expected(NamedTuple):
    """What a button carries: the state it was drawn for. A mismatch is a stale click."""

    table_id: int
    deal_number: int
    action_counter: int


@dataclass(frozen=True, slots=True)
class TableConfig:
    """Table-level choices made at open (stored with the engine options)."""

    seats: int
    min_buy_in: int
    max_buy_in: int
    computer_delay: float = 1.5
    """Seconds a computer player waits before it acts (so people can follow the table)."""
    computer_level: str = "normal"

    def to_json(self, engine_options: BaseModel) -> dict[str, Any]:
        return {
            "engine": engine_options.model_dump(mode="json"),
            "seats": self.seats,
            "min_buy_in": self.min_buy_in,
            "max_buy_in": self.max_buy_in,
            "computer_delay": self.computer_delay,
            "computer_level": self.computer_level,
        }


@dataclass(frozen=True, slots=True)
class SeatStatus:
    """One seat as anyone may see it."""

    user_id: int
    stack: int
    seated: bool
    """False once the player left or was kicked (their stack is cashed out after the deal)."""
    in_deal: bool
    away: bool

    @property
    def pid(self) -> str:
        """The seat's player id (``cpu:N`` for a computer player, whose ``user_id`` is -N)."""
        return players.pid(self.user_id)

    @property
    def computer(self) -> bool:
        """A computer player's seat (no Discord user behind it)."""
        return players.is_computer(self.user_id)


@dataclass(frozen=True, slots=True)
class TableStatus:
    """A table's public state, for the table message (plus one player's view when asked)."""

    table_id: int
    guild_id: int
    channel_id: int
    game: str
    title: str
    host_id: int | None
    message_id: int | None
    deal_number: int
    action_counter: int
    deal_open: bool
    phase: str | None
    to_act: int | None
    deadline: datetime | None
    pot: int
    kitty: int
    seats: tuple[SeatStatus, ...]
    max_seats: int
    min_buy_in: int
    max_buy_in: int
    options: dict[str, Any]
    view: BaseModel | None
    """The engine's view: the public one, or the asking player's private one."""
    fingerprint: str | None = None
    """The full hex fingerprint of the deal's committed card order (issue 29), or ``None``."""

    @property
    def expected(self) -> Expected:
        """What to put in the buttons' custom ids."""
        return Expected(self.table_id, self.deal_number, self.action_counter)

    @property
    def to_act_pid(self) -> str | None:
        """The player id of the player to act (``cpu:N`` for a computer player)."""
        return None if self.to_act is None else players.pid(self.to_act)


@dataclass(frozen=True, slots=True)
class DeckProofs:
    """Issue 29: a deal's committed order and the proofs one reader may have of it."""

    deal_number: int
    fingerprint: str
    cards: int
    proofs: list[dict[str, Any]]
    """Each a card the reader has seen, its position, salt and sibling hashes."""
    reshuffles: list[dict[str, Any]] = field(default_factory=list)
    """Each reshuffle committed so far in the deal, a deal file's ``[[commitments]]`` table
    with the proofs of the cards the reader has seen of it (:mod:`games.core.reshuffles`)."""

    @property
    def count(self) -> int:
        """How many proofs in all."""
        return len(self.proofs) + sum(len(r["reveals"]) for r in self.reshuffles)


@dataclass(frozen=True, slots=True)
class PrivateView:
    """What one player told privately by a step sees now: their private status (``None``
    once they are no longer at the table) and their legal actions (their card choices)."""

    status: TableStatus | None
    legal: list[ActionSpec]


@dataclass(frozen=True, slots=True)
class ActionResult:
    """What an accepted action (or a service step like a new deal) produced: everything the
    bot needs to show it, read once under the table's lock, so showing it reads nothing
    again."""

    events: list[GameEvent]
    table: TableStatus
    settlement: dict[str, int] | None = None
    """The finished deal's settlement when this step ended a deal."""
    closed: Closed | None = None
    """What the close booked when this step closed the table (its last player stood up)."""
    legal: list[ActionSpec] = field(default_factory=list)
    """The legal actions of the player to act next (``table.to_act``): the table's buttons."""
    private: Mapping[int, PrivateView] = field(default_factory=dict)
    """Each person this step told privately (``outbox.told_privately``): their view now."""
    actor_view: PrivateView | None = None
    """The actor's own view now, told privately or not, when the action asked for it
    (``act(seen_by_actor=True)``: a choice in **My cards**, whose reply shows it)."""


@dataclass(frozen=True, slots=True)
class TimeoutReport:
    """A turn timer ran out: whose, what was played for them (one decision), and the step."""

    user_id: int
    actions: list[dict[str, Any]]
    """What was played for them: one decision (Paiute's is a draw and its discard)."""
    away: bool
    """The player is now marked away: their turns are played at once until they act."""
    step: ActionResult

    @property
    def events(self) -> list[GameEvent]:
        return self.step.events

    @property
    def table(self) -> TableStatus:
        return self.step.table

    @property
    def settlement(self) -> dict[str, int] | None:
        return self.step.settlement


@dataclass(frozen=True, slots=True)
class ComputerReport:
    """A computer player acted (after its delay): who, what, and the step."""

    player: str
    action: dict[str, Any]
    step: ActionResult

    @property
    def events(self) -> list[GameEvent]:
        return self.step.events

    @property
    def table(self) -> TableStatus:
        return self.step.table

    @property
    def settlement(self) -> dict[str, int] | None:
        return self.step.settlement


@dataclass(slots=True)
class LiveTable:
    """An open table in memory: the last committed row, the engine, the lock."""

    row: Table
    game: Game
    options: BaseModel
    config: TableConfig
    engine: Engine | None
    last_activity: datetime
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    away: set[str] = field(default_factory=set)
    misses: dict[str, int] = field(default_factory=dict)
    closed: bool = False
    options_json: dict[str, Any] | None = field(default=None, init=False, repr=False)
    """The options as JSON, dumped once (they never change while the table is open)."""
    public_view: tuple[Expected, Engine, Any] | None = field(default=None, init=False, repr=False)
    """The public view drawn at the current step (with the step and the engine it is of: a
    failed booking puts back another engine): the table message, the ping and every DM's
    status asked the engine for it again (issue 21). Private views are asked for once each,
    so they are not kept (a table's memory stays one view)."""
    public_status: tuple[Table, Engine | None, frozenset[str], TableStatus] | None = field(
        default=None, init=False, repr=False
    )
    """The public status of the committed step (its row, engine and away set): the desk asks
    for it about five times per step (the answer, the edit, the ping, each DM)."""

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def expected(self) -> Expected:
        """The current (table id, deal number, action counter)."""
        return Expected(self.row.id, self.row.deal_number, self.row.action_counter)

    @property
    def deal_open(self) -> bool:
        return self.row.deal_open and self.engine is not None and not self.engine.is_over

    def awaits(self, expected: Expected, pid: str) -> bool:
        """Whether the table still waits for ``pid`` at the step ``expected`` (a timer or a
        computer's delay that fires after the player acted, or the table moved on, does
        nothing)."""
        engine = self.engine
        return (
            not self.closed
            and engine is not None
            and self.deal_open
            and tuple(self.expected) == tuple(expected)
            and engine.to_act == pid
        )

    def computers(self) -> list[Seat]:
        """The computer players' seats, seated or not, in seat order."""
        return [s for s in self.row.seats if players.is_computer(s.user_id)]

    def seat(self, user_id: int) -> Seat | None:
        return next((s for s in self.row.seats if s.user_id == user_id), None)

    def in_deal(self, pid: str) -> bool:
        return self.deal_open and self.engine is not None and pid in self.engine.stacks

    def status(self, viewer: str | None = None) -> TableStatus:
        """The table as anyone sees it, with ``viewer``'s private view (``None``: the public
        one, built once per committed step: every booking stores a new row)."""
        kept, away = self.public_status, frozenset(self.away)
        if kept is not None and kept[0] is self.row and kept[1] is self.engine and kept[2] == away:
            public = kept[3]
        else:
            public = self._status()
            self.public_status = (self.row, self.engine, away, public)
        if viewer is None or self.engine is None:
            return public
        # a private status is the public one with the viewer's view: the seats and the rest
        # are not built again (a step asks for one per player it told, and My cards for its own)
        return replace(public, view=self.engine.view(viewer))

    def _status(self) -> TableStatus:
        engine, row = self.engine, self.row
        live = self.deal_open
        to_act = engine.to_act if engine is not None and live else None
        computer_to_act = to_act is not None and players.is_computer_pid(to_act)
        seats = tuple(
            SeatStatus(
                user_id=s.user_id,
                stack=s.stack,
                seated=s.seated,
                in_deal=self.in_deal(s.pid),
                away=s.pid in self.away,
            )
            for s in row.seats
        )
        return TableStatus(
            table_id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            game=self.game.name,
            title=self.game.title,
            host_id=row.host_id,
            message_id=row.message_id,
            deal_number=row.deal_number,
            action_counter=row.action_counter,
            deal_open=live,
            phase=engine.phase if engine is not None else None,
            to_act=_user(to_act),
            deadline=None if computer_to_act else row.deadline,
            pot=row.pot,
            kitty=row.kitty,
            seats=seats,
            max_seats=self.config.seats,
            min_buy_in=self.config.min_buy_in,
            max_buy_in=self.config.max_buy_in,
            options=self._options_json(),
            view=self._view(),
            fingerprint=engine.fingerprint if engine is not None else None,
        )

    def _options_json(self) -> dict[str, Any]:
        if self.options_json is None:
            self.options_json = self.options.model_dump(mode="json")
        return self.options_json

    def _view(self) -> Any:
        """``engine.view(None)``, once per step."""
        engine = self.engine
        if engine is None:
            return None
        kept = self.public_view
        if kept is not None and kept[0] == self.expected and kept[1] is engine:
            return kept[2]
        view = engine.view(None)
        self.public_view = (self.expected, engine, view)
        return view


def _user(pid: str | None) -> int | None:
    """The user id of a player to act (a computer's is negative; the house is nobody's)."""
    if pid is None or not (pid.isdigit() or players.is_computer_pid(pid)):
        return None
    return players.user_id(pid)
