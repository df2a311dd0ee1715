"""Computer players at a table: seats whose player id is ``cpu:N`` (stored as user id -N).

A computer player sits down only between deals, on the host's word, with a stack the house
mints for it (``storage.tables.seat_computer``), and leaves the same way: its stack goes back to
the house (a removal), so the chip audit holds and no player's balance pays for it. It acts
through the same step as a person (the service's: under the table's lock, checked against the
table's ``(table, deal, counter)``, booked in one transaction). Its turn is the table's timer
(:mod:`.turn_timer`): ``computer_delay`` seconds after the step that gave it the move, and again
when the table is loaded after a restart, so a computer's turn survives one. This module only
chooses: it knows nothing of the service.

The decisions are ``games.computer.strategy(game, level).choose(view, legal, rng)``: the seat's
own view and legal actions, nothing else; ``rng`` is seeded by the table's position, so a replay
of the same table chooses the same moves. With one person seated the computers keep them company
(``company=True``): they play every deal a cautious policy would sit out, so solo practice is a
game, not a banker dealing to nobody.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from games.actions import as_dict
from games.computer import LEVELS, strategy
from games.engine import Engine
from services.tables import errors as e
from services.tables._checks import reload, storage_refusals
from services.tables.events import Joined, Left
from services.tables.model import LiveTable, TableConfig
from services.tables.rules import Within
from storage import Database, players, tables

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


async def add(
    db: Database,
    live: LiveTable,
    user: int,
    *,
    admin: bool,
    stack: int | None = None,
    within: Callable[[int], Within] | None = None,
) -> Joined:
    """Seat one more computer player (caller holds the lock); ``stack`` and ``within`` (more
    to book beside it, given its user id): a tournament's entry."""
    if within is None:
        _host_between_deals(live, user, admin)
    if sum(s.seated for s in live.row.seats) >= live.config.seats:
        raise e.TableFull(seats=live.config.seats)
    number = 1 + max((-s.user_id for s in live.computers()), default=0)
    uid, amount = -number, stack_for(live.config) if stack is None else stack
    with storage_refusals():
        async with db.transaction() as tx:
            await tables.seat_computer(
                tx, live.id, uid, amount, ref=f"table:{live.id}:cpu:{number}:in"
            )
            if within is not None:
                await within(uid)(tx)
            live.row = await reload(tx, live.id)
    return Joined(player=players.pid(uid), amount=amount)


async def remove(db: Database, live: LiveTable, user: int, pid: str | None, *, admin: bool) -> Left:
    """A computer player leaves (the last seated one unless ``pid`` says which); its stack
    goes back to the house (caller holds the lock)."""
    _host_between_deals(live, user, admin)
    seated = [s for s in live.computers() if s.seated]
    seat = next((s for s in reversed(seated) if pid is None or s.pid == pid), None)
    if seat is None:
        raise e.NotSeated("computer")
    with storage_refusals():
        async with db.transaction() as tx:
            took = await tables.cash_out(
                tx, live.id, seat.user_id, ref=f"table:{live.id}:{seat.pid}:out", leave=True
            )
            live.row = await reload(tx, live.id)
    return Left(player=seat.pid, amount=took, removed=True)


def choose(live: LiveTable, engine: Engine, pid: str) -> dict[str, Any]:
    """The computer player's move at ``engine`` (the table's game at this step): its
    strategy's choice from its own view and legal actions, or the rules' default when it has
    none or fails."""
    rng = random.Random(f"{live.id}:{live.row.deal_number}:{live.row.action_counter}")  # noqa: S311
    try:
        player = strategy(
            live.game.name, live.config.computer_level, company=people_seated(live) == 1
        )
    except ValueError:  # a game with no computer player (a test's toy game): the rules' default
        return as_dict(engine.timeout_action(pid))
    try:
        return player.choose(engine.view(pid), engine.legal_actions(pid), rng)
    except Exception:  # a failing strategy must not leave its turn stuck: the rules' default
        log.exception("table %s: the computer player %s failed to choose", live.id, pid)
        return as_dict(engine.timeout_action(pid))


def alone(live: LiveTable) -> bool:
    """Between deals, only computer players sit at the table: it closes (by the refund rule;
    the service closes it and tells the listener)."""
    if live.closed or live.deal_open or people_seated(live):
        return False
    return any(s.seated for s in live.computers())
