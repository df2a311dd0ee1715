"""A table's house rules beyond its game: the seam a tournament (``services.tournaments``)
plugs into the table service, so it is built on the cash table's steps, not beside them.

A cash table has none (:class:`TableRules`, every hook a no-op). The service asks the rules,
under the table's lock, whether an operation is allowed now (``check``: raise a
``TableError`` to refuse it, nothing changed), which stakes and players the next deal has
(``deal``), tells them when a deal has been booked as over (``deal_over``, synchronous: they
schedule what follows), and lets them book more in the transaction that closes the table
(``closing``: the close has already paid every stack back to its balance).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel

from services.tables.model import LiveTable
from storage.db import Conn
from storage.tables import Closed

Within = Callable[[Conn], Awaitable[Any]]
"""More to book in the transaction of a step the rules themselves asked for (a tournament's
registration beside its buy-in); such a step is not checked against the rules."""


class TableRules:
    """The rules of a cash table: nothing beyond the game's."""

    def check(self, live: LiveTable, op: str, user: int) -> None:
        """Refuse ``op`` (``join``, ``top_up``, ``leave``, ``kick``, ``computers``, ``start``)
        by ``user`` at this table by raising a ``TableError``."""

    def deal(self, live: LiveTable) -> tuple[BaseModel, frozenset[str]]:
        """The next deal's options and the players kept out of it (not told they sit out)."""
        return live.options, frozenset()

    def counts(self, live: LiveTable) -> bool:
        """Whether the table's finished deals count in their players' stats and seasons (a
        tournament's stacks are not balances: its places and prizes are its record)."""
        return True

    def deal_over(self, live: LiveTable) -> None:
        """The step ending a deal was booked (called under the table's lock)."""

    async def closing(self, conn: Conn, live: LiveTable, closed: Closed) -> None:
        """Book more in the close's transaction, after every stack was paid back."""
