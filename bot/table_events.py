"""The table service's own events, handed to the desk (``bot.desk``) that shows them.

The service calls its listener after a commit (a turn timer ran out, a computer player moved,
tables resumed at start, a table closed by itself). :class:`DeskListener` starts the desk's
handler of each in a task of its own, tracked by the bot (``Parlour.create_task``: kept,
cancelled on close, its failure logged), so the service's timer or start-up never waits for
Discord, and a failure of one handler is no failure of the step that was already booked.
Cogs hear the same events as bot events (``on_table_timeout``, ``on_computer_acted``,
``on_tables_resumed``, ``on_table_closed``) when the listener is given the bot's ``dispatch``.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from bot.table import Desk
from services.tables import Closed, ComputerReport, TableStatus, TimeoutReport
from services.tables.events import Closing

TASK = "table-event:"
"""The name every task of a table event starts with: a stopping bot finishes them like the
interactions in flight (``bot.client``), then cancels what is left."""

Spawn = Callable[..., Any]
"""``spawn(coro, name=...)``: start a tracked task (``Parlour.create_task``)."""


class DeskListener:
    """A ``services.tables.TableListener`` whose events the desk shows, each in its own task."""

    def __init__(
        self, desk: Desk, spawn: Spawn, dispatch: Callable[..., None] | None = None
    ) -> None:
        self.desk = desk
        self._spawn = spawn
        self._dispatch = dispatch

    def _start(self, coro: Coroutine[Any, Any, None], name: str) -> None:
        self._spawn(coro, name=name)

    def _tell_cogs(self, event: str, *args: Any) -> None:
        if self._dispatch is not None:
            self._dispatch(event, *args)

    async def timeout_applied(self, report: TimeoutReport) -> None:
        self._tell_cogs("table_timeout", report)
        self._start(self.desk.timeout_applied(report), f"{TASK}timeout:{report.table.table_id}")

    async def computer_acted(self, report: ComputerReport) -> None:
        self._tell_cogs("computer_acted", report)
        self._start(self.desk.computer_acted(report), f"{TASK}computer:{report.table.table_id}")

    async def tables_resumed(self, tables: list[TableStatus]) -> None:
        self._tell_cogs("tables_resumed", tables)
        self._start(self.desk.tables_resumed(tables), f"{TASK}resumed")

    async def table_closed(self, table: TableStatus, reason: Closing, closed: Closed) -> None:
        self._tell_cogs("table_closed", table, reason, closed)
        self._start(self.desk.table_closed(table, reason, closed), f"{TASK}closed:{table.table_id}")
