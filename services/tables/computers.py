"""Computer players at a table: seats whose player id is ``cpu:N`` (stored as user id -N).

A computer player sits down only between deals, on the host's word, with a stack the house
mints for it (``storage.tables.seat_computer``), and leaves the same way: its stack goes back to
the house (a removal), so the chip audit holds and no player's balance pays for it. It acts
through the same path as a person: under the table's lock, checked against the table's
``(table, deal, counter)``, booked in one step. Its turn is the table's timer (the service has
one per table): armed ``computer_delay`` seconds after the step that gave it the move, and armed
again when the table is loaded after a restart, so a computer's turn survives one.

The decisions are ``games.computer.strategy(game, level).choose(view, legal, rng)``: the seat's
own view and legal actions, nothing else; ``rng`` is seeded by the table's position, so a replay
of the same table chooses the same moves.
"""

from __future__ import annotations

import logging
import random
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from games.actions import as_dict
from games.computer import LEVELS, strategy
from games.errors import IllegalAction
from games.events import GameEvent
from services.tables import errors as e
from services.tables._booking import Chips
from services.tables._checks import reload, storage_refusals
from services.tables.events import CloseReason, Closing, Joined, Left
from services.tables.model import ActionResult, ComputerReport, Expected, LiveTable, TableConfig
from storage import players, tables

if TYPE_CHECKING:
    from services.tables.service import TableService

log = logging.getLogger(__name__)

MAX_COMPUTER_DELAY_S = 30.0
MAX_COMPUTERS = 7


COMPUTER_OPTIONS = ("computer_delay", "computer_level")


def take_options(overrides: dict[str, Any]) -> dict[str, Any]:
    """The computer options out of the opener's choices (the rest are the engine's)."""
    return {k: overrides.pop(k) for k in COMPUTER_OPTIONS if k in overrides}


def configure(config: TableConfig, chosen: dict[str, Any]) -> TableConfig:
    """The table's config with the opener's computer options (``computer_delay`` seconds,
    ``computer_level``), checked."""
    delay, level = chosen.get("computer_delay"), chosen.get("computer_level")
    if delay is not None and (
        isinstance(delay, bool)
        or not isinstance(delay, int | float)
        or not 0 <= delay <= MAX_COMPUTER_DELAY_S
    ):
        raise e.BadOptions("computer_delay", max=int(MAX_COMPUTER_DELAY_S))
    if level is not None and level not in LEVELS:
        raise e.BadOptions("computer_level", known=", ".join(LEVELS))
    return TableConfig(
        seats=config.seats,
        min_buy_in=config.min_buy_in,
        max_buy_in=config.max_buy_in,
        computer_delay=float(config.computer_delay if delay is None else delay),
        computer_level=str(level or config.computer_level),
    )


def stack_for(config: TableConfig) -> int:
    """What the house puts in front of a computer player: the middle of the buy-in range."""
    return (config.min_buy_in + config.max_buy_in) // 2


def people_seated(live: LiveTable) -> int:
    return sum(1 for s in live.row.seats if s.seated and not players.is_computer(s.user_id))


def _host_between_deals(live: LiveTable, user: int, admin: bool) -> None:
    if not (admin or user == live.row.host_id):
        raise e.NotHost("computers")
    if live.deal_open:
        raise e.TableBusy("computers")


async def add(service: TableService, live: LiveTable, user: int, *, admin: bool) -> ActionResult:
    """Seat one more computer player (caller holds the lock)."""
    _host_between_deals(live, user, admin)
    if sum(s.seated for s in live.row.seats) >= live.config.seats:
        raise e.TableFull(seats=live.config.seats)
    number = 1 + max((-s.user_id for s in live.computers()), default=0)
    uid, amount = -number, stack_for(live.config)
    with storage_refusals():
        async with service.db.transaction() as tx:
            await tables.seat_computer(
                tx, live.id, uid, amount, ref=f"table:{live.id}:cpu:{number}:in"
            )
            live.row = await reload(tx, live.id)
    live.last_activity = service.clock.now()
    return ActionResult([Joined(player=players.pid(uid), amount=amount)], live.status())


async def remove(
    service: TableService, live: LiveTable, user: int, pid: str | None, *, admin: bool
) -> ActionResult:
    """A computer player leaves (the last seated one unless ``pid`` says which); its stack
    goes back to the house (caller holds the lock)."""
    _host_between_deals(live, user, admin)
    seated = [s for s in live.computers() if s.seated]
    seat = next((s for s in reversed(seated) if pid is None or s.pid == pid), None)
    if seat is None:
        raise e.NotSeated("computer")
    with storage_refusals():
        async with service.db.transaction() as tx:
            took = await tables.cash_out(
                tx, live.id, seat.user_id, ref=f"table:{live.id}:{seat.pid}:out", leave=True
            )
            live.row = await reload(tx, live.id)
    live.last_activity = service.clock.now()
    return ActionResult([Left(player=seat.pid, amount=took, removed=True)], live.status())


def arm(service: TableService, live: LiveTable) -> bool:
    """When a computer player is to act: its turn on the table's timer, ``computer_delay``
    from now (also right after a restart). ``False`` when a person is to act."""
    engine = live.engine
    if engine is None or not live.deal_open or engine.to_act is None:
        return False
    pid = engine.to_act
    if not players.is_computer_pid(pid):
        return False
    expected, table_id = live.expected, live.id
    when = service.clock.now() + timedelta(seconds=live.config.computer_delay)

    async def fire() -> None:
        await turn(service, table_id, expected, pid)

    service.timers.schedule(live.id, when, fire)
    return True


def _choose(live: LiveTable, pid: str) -> dict[str, Any]:
    engine = live.engine
    assert engine is not None  # noqa: S101 - a deal is open
    rng = random.Random(f"{live.id}:{live.row.deal_number}:{live.row.action_counter}")  # noqa: S311
    try:
        player = strategy(live.game.name, live.config.computer_level)
    except ValueError:  # a game with no computer player (a test's toy game): the rules' default
        return as_dict(engine.timeout_action(pid))
    try:
        return player.choose(engine.view(pid), engine.legal_actions(pid), rng)
    except Exception:  # a failing strategy must not leave its turn stuck: the rules' default
        log.exception("table %s: the computer player %s failed to choose", live.id, pid)
        return as_dict(engine.timeout_action(pid))


async def turn(service: TableService, table_id: int, expected: Expected, pid: str) -> None:
    """A computer player's move, as a person's would be made: lock, stale check, one booking."""
    live = service._tables.get(table_id)
    if live is None:
        return
    async with live.lock:
        engine = live.engine
        if engine is None or not live.awaits(expected, pid):
            return  # the table moved on
        before = Chips.of(engine)
        action = _choose(live, pid)
        # the move is made on a copy: until it is booked, anyone reading the table (the bot
        # drawing its message) sees the state the counter says, not a half-made step
        engine = live.game.restore(engine.snapshot())
        try:
            events: list[GameEvent] = engine.act(pid, action)
        except IllegalAction:
            log.warning("table %s: %s chose an illegal %s", live.id, pid, action)
            fallback = engine.timeout_action(pid)
            action, events = as_dict(fallback), engine.act(pid, fallback)
        result = await service._commit(live, engine, before, events, by_player=False)
        report = ComputerReport(pid, action, result.events, result.table, result.settlement)
        closing = await close_if_alone(service, live)
    await service._tell(service.listener.computer_acted(report))
    if closing is not None:
        await service._tell(service.listener.table_closed(live.status(), *closing))


async def close_if_alone(
    service: TableService, live: LiveTable
) -> tuple[Closing, tables.Closed] | None:
    """Between deals, a table where only computer players sit closes by the refund rule
    (caller holds the lock); the caller tells the listener."""
    if live.closed or live.deal_open or people_seated(live):
        return None
    if not any(s.seated for s in live.computers()):
        return None
    reason = Closing(CloseReason.COMPUTERS)
    return reason, await service._close(live, reason)
