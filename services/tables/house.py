"""The tables the service holds open, and what every part of the service shares.

The table service is a few parts, each a module named for what it holds: the step
(:mod:`.steps`), the seats and buy-ins (:mod:`.seats`), closing (:mod:`.closing`), and the
service itself (:mod:`.service`: opening, reading, restoring). They share one :class:`House`:
the database, the clock and the timers, the private outbox, the house rules and the listener
(both may be replaced after the service is made: a tournament sets its rules), and the open
tables by channel.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from services.tables import errors as e
from services.tables.listener import TableListener
from services.tables.model import LiveTable
from services.tables.outbox import PrivateOutbox
from services.tables.rules import TableRules
from services.tables.timers import Clock, Timers
from storage import Database

log = logging.getLogger(__name__)


class House:
    """What the parts of one table service share (see the module)."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        listener: TableListener,
        rules: TableRules,
    ) -> None:
        self.db = db
        self.clock = clock
        self.timers = Timers(clock)
        self.listener = listener
        self.rules = rules
        """The house rules beyond the game (a tournament's; see :mod:`.rules`)."""
        self.outbox = PrivateOutbox(db)
        """The private updates booked steps still owe (see :mod:`services.tables.outbox`)."""
        self._tables: dict[int, LiveTable] = {}
        self._channels: dict[tuple[int, int], int] = {}

    def open_tables(self) -> list[LiveTable]:
        """Every open table, in the order they were opened or loaded."""
        return list(self._tables.values())

    def by_id(self, table_id: int) -> LiveTable | None:
        """The open table ``table_id`` (``None``: it closed meanwhile)."""
        return self._tables.get(table_id)

    def has(self, guild: int, channel: int) -> bool:
        """Whether the channel has an open table."""
        return (guild, channel) in self._channels

    def register(self, live: LiveTable) -> None:
        """A table opened or loaded: found by its channel from now on."""
        self._tables[live.id] = live
        self._channels[(live.row.guild_id, live.row.channel_id)] = live.id

    def forget(self, live: LiveTable) -> None:
        """A closed table: found no more; its timer and its owed private updates go too."""
        live.closed = True
        self._tables.pop(live.id, None)
        self._channels.pop((live.row.guild_id, live.row.channel_id), None)
        self.timers.cancel(live.id)
        self.outbox.forget(live.id)

    def get(self, guild: int, channel: int) -> LiveTable:
        """The channel's open table (``NoTable`` when there is none)."""
        table_id = self._channels.get((guild, channel))
        live = self._tables.get(table_id) if table_id is not None else None
        if live is None:
            raise e.NoTable()
        return live

    @contextlib.asynccontextmanager
    async def locked(self, guild: int, channel: int) -> AsyncIterator[LiveTable]:
        """The channel's table under its lock (refused if it closed while this waited)."""
        live = self.get(guild, channel)
        async with live.lock:
            if live.closed:
                raise e.NoTable()
            yield live

    async def tell(self, call: Any) -> None:
        """Await a listener call made after a commit: a failure is logged and undoes
        nothing."""
        try:
            await call
        except Exception:
            log.exception("the table listener failed")
