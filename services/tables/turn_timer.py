"""A table's turn timer: the player to act has until the stored deadline, then their timeout
action is played for them, as an action of theirs would be (lock, stale check, one booking).

The deadline is stored with each step (``storage.book``), so a restarted service arms the same
timers again (``arm`` at start-up). A table has one timer: a computer player's move uses it too
(:mod:`services.tables.computers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.actions import as_dict
from games.events import GameEvent
from services.tables import computers
from services.tables._booking import Chips
from services.tables.model import Expected, LiveTable, TimeoutReport
from storage import players

if TYPE_CHECKING:
    from services.tables.service import TableService


def arm(service: TableService, live: LiveTable) -> None:
    """Wait for the stored deadline of the player to act (none between deals)."""
    if computers.arm(service, live):  # a computer player's move is this table's timer
        return
    engine, deadline = live.engine, live.row.deadline
    if engine is None or not live.deal_open or deadline is None or engine.to_act is None:
        service.timers.cancel(live.id)
        return
    expected, pid, table_id = live.expected, engine.to_act, live.id

    async def fire() -> None:
        await timed_out(service, table_id, expected, pid)

    service.timers.schedule(live.id, deadline, fire)


async def timed_out(service: TableService, table_id: int, expected: Expected, pid: str) -> None:
    """A turn timer ran out: play the player's timeout action (the whole turn), like an
    action of theirs; a second timeout in a row marks them away."""
    live = service._tables.get(table_id)
    if live is None:
        return
    async with live.lock:
        engine = live.engine
        if engine is None or not live.awaits(expected, pid):
            return  # the player acted in time, or the table moved on
        live.misses[pid] = live.misses.get(pid, 0) + 1
        if live.misses[pid] >= 2:
            live.away.add(pid)
        before = Chips.of(engine)
        actions: list[dict[str, Any]] = []
        events: list[GameEvent] = []
        try:
            while not engine.is_over and engine.to_act == pid and len(actions) < 100:
                action = engine.timeout_action(pid)
                events += engine.act(pid, action)
                actions.append(as_dict(action))
        except BaseException:
            live.engine = service._restore(live)
            raise
        result = await service._commit(live, engine, before, events, by_player=False)
        report = TimeoutReport(
            user_id=players.user_id(pid),
            actions=actions,
            events=result.events,
            away=pid in live.away,
            table=result.table,
            settlement=result.settlement,
        )
    await service._tell(service.listener.timeout_applied(report))
