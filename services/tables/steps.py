"""The one step: how a table moves on, whoever makes the move.

Every step (a player's action, a turn timer's decision, a computer player's move, a deal)
is made the same way: on a fork of the engine (``Engine.fork``), booked with whatever played
itself after it in one transaction, and only then swapped in, so nobody reading the table
meanwhile (the bot drawing its message) sees a state that is not committed. The step's
:class:`ActionResult` carries everything the bot shows of it (the public status, the legal
actions of the player to act, the private view of each player it told privately), read once
here under the lock. The timer and the computer players only choose: :mod:`.turn_timer` says
when, :mod:`.computers` what.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from pydantic import ValidationError

from games.actions import ActionSpec, as_dict
from games.engine import Engine
from games.errors import IllegalAction
from games.events import GameEvent
from services.tables import computers, turn_timer
from services.tables import errors as e
from services.tables._booking import Chips, book, play_absent
from services.tables._checks import timeout_s
from services.tables.closing import Closer
from services.tables.events import SittingOut
from services.tables.house import House
from services.tables.listener import TableListener
from services.tables.model import (
    ActionResult,
    ComputerReport,
    Expected,
    LiveTable,
    PrivateView,
    TableStatus,
    TimeoutReport,
)
from services.tables.outbox import told_privately
from services.tables.rules import TableRules
from storage import players

log = logging.getLogger(__name__)


class Steps:
    """Makes a table's steps: deals, bookings, the turn timer's and the computers' moves
    (see the module). The caller holds the table's lock, except for :meth:`arm`'s timer,
    which takes it."""

    def __init__(
        self,
        house: House,
        closer: Closer,
        seed: Callable[[], int],
        deck_secret: Callable[[], bytes],
    ) -> None:
        self.house = house
        self.closer = closer
        self.db, self.clock, self.timers, self.outbox = (
            house.db,
            house.clock,
            house.timers,
            house.outbox,
        )
        self._seed = seed
        self._deck_secret = deck_secret

    @property
    def rules(self) -> TableRules:
        return self.house.rules

    @property
    def listener(self) -> TableListener:
        return self.house.listener

    def arm(self, live: LiveTable) -> None:
        """The table's one timer for its current step (see :mod:`.turn_timer`)."""
        due = turn_timer.due(live, self.clock.now())
        if due is None:
            self.timers.cancel(live.id)
            return
        table_id, expected = live.id, live.expected

        async def fire() -> None:
            await self._play_for(table_id, expected, due)

        self.timers.schedule(live.id, due.when, fire)

    async def _play_for(self, table_id: int, expected: Expected, due: turn_timer.Due) -> None:
        """The timer fired: the move is made for ``due.pid`` as a person's would be (lock,
        stale check, one step): a computer's choice, or one timeout decision (the next one,
        if the same player is to act again, gets its own clock)."""
        live = self.house.by_id(table_id)
        if live is None:
            return
        pid = due.pid
        async with live.lock:
            if not live.awaits(expected, pid):
                return  # the player acted in time, or the table moved on
            engine = fork_of(live)
            before = Chips.of(engine)
            actions: list[dict[str, Any]] = []
            events: list[GameEvent] = []
            if due.computer:
                action = computers.choose(live, engine, pid)
                try:
                    events = engine.act(pid, action)
                except (IllegalAction, ValidationError):
                    log.warning("table %s: %s chose an illegal %s", live.id, pid, action)
                    action = as_dict(engine.timeout_action(pid))
                    events = engine.act(pid, action)
                actions.append(action)
            else:
                away = turn_timer.missed(live, pid)
                while len(actions) < MAX_TIMEOUT_ACTIONS:
                    action = as_dict(engine.timeout_action(pid))
                    events += engine.act(pid, action)
                    actions.append(action)
                    if engine.to_act != pid or not engine.turn_goes_on:
                        break
            step = await self.commit(live, engine, before, events, by_player=False)
            closing = await self.closer.close_if_alone(live) if due.computer else None
        if due.computer:
            await self.house.tell(
                self.listener.computer_acted(ComputerReport(pid, actions[0], step))
            )
        else:
            report = TimeoutReport(players.user_id(pid), actions, away, step)
            await self.house.tell(self.listener.timeout_applied(report))
        if closing is not None:
            await self.house.tell(self.listener.table_closed(live.status(), *closing))

    async def start_deal(self, live: LiveTable) -> ActionResult:
        g, row = live.game, live.row
        options, kept_out = self.rules.deal(live)
        if options is not live.options:  # the rules' stakes for this deal (a tournament level)
            live.options, live.options_json = options, None
        need = g.min_stack(live.options)
        low, high = g.players(live.options)
        playing = [s for s in row.seats if s.pid not in kept_out]
        players = [s.pid for s in playing if s.seated and s.stack >= need][:high]
        if len(players) < low:
            raise e.NotEnoughPlayers(
                "count", game=g.name, need_players=low, need_chips=need, have=len(players)
            )
        stacks = {p: s.stack for s in row.seats if (p := s.pid) in players}
        try:
            if live.engine is not None:
                engine = live.engine.next_deal(players, stacks, options=live.options)
            else:
                engine = g.new(players, stacks, live.options, self._seed())
        except ValueError as exc:
            raise e.NotEnoughPlayers() from exc
        engine.commit(self._deck_secret())  # issue 29: before anyone sees a card of it
        short = [
            SittingOut(to=s.pid, player=s.pid, stack=s.stack, need=need)
            for s in playing
            if s.seated and s.stack < need
        ]
        started = await self.commit(live, engine, Chips.stored(row), engine.opening_events())
        return dataclasses.replace(started, events=[*started.events, *short])

    async def commit(
        self,
        live: LiveTable,
        engine: Engine,
        before: Chips,
        events: Sequence[GameEvent],
        *,
        by_player: bool = True,
        viewer: int | None = None,
    ) -> ActionResult:
        """Play the turns of absent players on ``engine`` (a fork, or a new deal: never the
        table's own), book everything since ``before`` in one transaction (and the result
        when the deal ends, the private updates delivered since the last step, and what the
        step earned), then swap ``engine`` in. Only a player's own step counts as activity: a
        table kept going by timeouts goes idle. ``viewer``: see :func:`step_result`."""
        told = [*events, *play_absent(live, engine)]
        deadline, private = self._deadline(live, engine), told_privately(told)
        delivered = self.outbox.noted(live.id)
        settlement, achieved = await book(
            self.db,
            live,
            engine,
            before,
            deadline,
            private,
            delivered,
            events=told,
            at=self.clock.now(),
            counted=self.rules.counts(live),
        )
        self.outbox.cleared(live.id, delivered)
        live.engine = engine
        told += achieved  # announced by the step that granted them, so once
        if by_player:
            live.last_activity = self.clock.now()
        self.arm(live)
        if settlement is not None:
            self.rules.deal_over(live)
        return step_result(live, told, settlement, viewer)

    def _deadline(self, live: LiveTable, engine: Engine) -> datetime | None:
        if engine.is_over or engine.to_act is None:
            return None
        return self.clock.now() + timedelta(seconds=timeout_s(live))


MAX_TIMEOUT_ACTIONS = 100
"""A bound on the actions of one timed-out decision (a Paiute turn is two)."""


def fork_of(live: LiveTable) -> Engine:
    """The table's engine to try a step on (the committed one stays what readers see)."""
    engine = live.engine
    assert engine is not None  # noqa: S101 - a deal is open
    return engine.fork(live.row.snapshot)


def legal_for(live: LiveTable, user: int) -> list[ActionSpec]:
    """What ``user`` may do now (empty when it is not their move, and for a computer player:
    nobody presses its buttons)."""
    seat = live.seat(user)
    if not live.deal_open or live.engine is None or seat is None or not seat.seated:
        return []
    if players.is_computer(user):
        return []
    return live.engine.legal_actions(seat.pid)


def step_result(
    live: LiveTable,
    events: Iterable[GameEvent],
    settlement: dict[str, int] | None = None,
    viewer: int | None = None,
) -> ActionResult:
    """A step's result, read once under the lock: the public status, the legal actions of the
    player to act, and the view now of each person the events told privately, and of
    ``viewer`` (a player whose own reply shows their cards now, told or not)."""
    told = list(events)
    table = live.status()
    legal = legal_for(live, table.to_act) if table.to_act is not None else []
    private: dict[int, PrivateView] = {}
    for user in told_privately(told):
        private[user] = _view(live, user, table, legal)
    own = None
    if viewer is not None:
        own = private.get(viewer) or _view(live, viewer, table, legal)
    return ActionResult(told, table, settlement, legal=legal, private=private, actor_view=own)


def _view(live: LiveTable, user: int, table: TableStatus, legal: list[ActionSpec]) -> PrivateView:
    """``user``'s view of the table now (``legal``: the legal actions of the player to act)."""
    mine = live.status(str(user)) if live.seat(user) is not None else None
    seen = mine if mine is not None and mine.view is not None else None
    return PrivateView(seen, legal if user == table.to_act else legal_for(live, user))
