"""What the service tells the bot by itself: the Protocol the Discord layer implements."""

from __future__ import annotations

from typing import Protocol

from services.tables.events import Closing
from services.tables.model import ComputerReport, TableStatus, TimeoutReport
from storage.tables import Closed


class TableListener(Protocol):
    """Events nobody asked for: a turn timer ran out, tables resumed or closed by the service.

    Each method is awaited by the service after its transaction has committed; an exception
    here is logged and does not undo anything.
    """

    async def timeout_applied(self, report: TimeoutReport) -> None:
        """A player's turn timer ran out and their default action was applied."""
        ...

    async def computer_acted(self, report: ComputerReport) -> None:
        """A computer player took its turn."""
        ...

    async def tables_resumed(self, tables: list[TableStatus]) -> None:
        """At start: these tables were loaded and go on where they stopped."""
        ...

    async def table_closed(self, table: TableStatus, reason: Closing, closed: Closed) -> None:
        """The service closed a table by itself (idle, an unloadable snapshot), with refunds."""
        ...


class NullListener:
    """A listener that ignores everything (a service nobody renders)."""

    async def timeout_applied(self, report: TimeoutReport) -> None:
        return None

    async def computer_acted(self, report: ComputerReport) -> None:
        return None

    async def tables_resumed(self, tables: list[TableStatus]) -> None:
        return None

    async def table_closed(self, table: TableStatus, reason: Closing, closed: Closed) -> None:
        return None
