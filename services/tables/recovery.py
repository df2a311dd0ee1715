"""Loading every open table at start: resume it, or close it with every chip refunded.

A table resumes when its options parse, its snapshot restores and the restored game agrees
with the stored chips (stacks, pot, kitty, deal number). Anything else is an unloadable table:
it is closed by the refund rule with a reason saying so, never silently dropped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from services.tables._booking import Chips
from services.tables.events import CloseReason, Closing
from services.tables.model import LiveTable, TableConfig, TableStatus
from services.tables.registry import game
from storage import Database, tables
from storage.tables import Closed, Table

log = logging.getLogger(__name__)


def load(row: Table, started: object = None) -> LiveTable:
    """The table in memory, or an exception saying why it cannot be."""
    g = game(row.game)
    opts = g.options.model_validate(row.options["engine"])
    config = TableConfig(
        seats=int(row.options["seats"]),
        min_buy_in=int(row.options["min_buy_in"]),
        max_buy_in=int(row.options["max_buy_in"]),
        computer_delay=float(row.options.get("computer_delay", 1.5)),
        computer_level=str(row.options.get("computer_level", "normal")),
    )
    engine = g.restore(row.snapshot) if row.snapshot is not None else None
    if engine is not None:
        _agrees(row, Chips.of(engine), engine.deal_number, engine.is_over)
        opts = engine.options  # the stakes the last deal was dealt with (a tournament's level)
    elif row.deal_open:
        raise ValueError("a deal is open but no game was saved")
    live = LiveTable(row, g, opts, config, engine, row.last_action_at)
    live.away = {s.pid for s in row.seats if s.away}
    return live


def _agrees(row: Table, chips: Chips, deal_number: int, over: bool) -> None:
    stored = {s.pid: s.stack for s in row.seats}
    wrong = {p: v for p, v in chips.stacks.items() if stored.get(p) != v}
    if row.deal_open and (wrong or chips.pot != row.pot or chips.kitty != row.kitty):
        raise ValueError(f"the saved game's chips differ from the table's ({wrong or 'pot'})")
    if deal_number != row.deal_number or over == row.deal_open:
        raise ValueError(
            f"the saved game is deal {deal_number}, the table's is deal {row.deal_number}"
        )


@dataclass(slots=True)
class Recovered:
    """What a start found: the tables to resume, and the unloadable ones it closed (with why
    and what the refund rule booked), for the service to register and announce."""

    resumed: list[LiveTable] = field(default_factory=list)
    closed: list[tuple[TableStatus, Closing, Closed]] = field(default_factory=list)


async def recover(db: Database, owns: Callable[[int], bool] | None = None) -> Recovered:
    """Load every open table (of the guilds ``owns`` accepts: another process serves the
    rest); close the unloadable ones by the refund rule."""
    async with db.read() as conn:
        rows = await tables.load_open(conn)
    if owns is not None:
        rows = [row for row in rows if owns(row.guild_id)]
    found = Recovered()
    for row in rows:
        try:
            live = load(row)
        except Exception as exc:
            log.warning("table %s cannot be loaded: %s", row.id, exc)
            closed = await _close_unloadable(db, row, str(exc) or type(exc).__name__)
            if closed is not None:
                found.closed.append(closed)
            continue
        found.resumed.append(live)
    return found


async def _close_unloadable(
    db: Database, row: Table, why: str
) -> tuple[TableStatus, Closing, Closed] | None:
    reason = Closing(CloseReason.UNLOADABLE, why=why[:200])
    async with db.transaction() as tx:
        closed = await tables.close(tx, row.id, ref=f"table:{row.id}:close", reason=reason.record())
    if closed is None:
        return None
    status = TableStatus(
        table_id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        game=row.game,
        title=row.game,
        host_id=row.host_id,
        message_id=row.message_id,
        deal_number=row.deal_number,
        action_counter=row.action_counter,
        deal_open=False,
        phase=None,
        to_act=None,
        deadline=None,
        pot=0,
        kitty=0,
        seats=(),
        max_seats=0,
        min_buy_in=0,
        max_buy_in=0,
        options=dict(row.options),
        view=None,
    )
    return status, reason, closed
