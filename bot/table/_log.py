"""Each table's log: the latest public lines the table message shows, and the end of its last
deal, which is shown whole.

A deal's payout can hang on an event many lines back (a banker's pontoon, a five-card trick,
a short bank under PO-22, the cut, a battle won) and on more results than the short log holds
(six players' wins and losses): issue 33.6 saw the 3-line "Latest" drop them. So the lines of
events the game calls deciding (``GameUI.deciding``) are kept through the deal, and when a
step ends it the table shows, until the next deal starts, those lines, every line of that
step, the settlement (each player's result) and whatever happens after it.
"""

from __future__ import annotations

from collections import defaultdict, deque

from bot.text import Text
from services.tables import TableStatus

LOG_LINES = 6
"""Public events kept on the table message during a deal (the newest last)."""


class TableLog:
    """The lines of every table the desk shows (in memory: a restart starts them afresh)."""

    def __init__(self) -> None:
        self._lines: defaultdict[int, deque[Text]] = defaultdict(lambda: deque(maxlen=LOG_LINES))
        self._deals: dict[int, int] = {}
        self._deciding: defaultdict[int, list[Text]] = defaultdict(list)
        self._ending: dict[int, list[Text]] = {}

    def deal(self, table_id: int, deal_number: int) -> None:
        """The deal the next lines belong to: a new one forgets the last one's lines (its
        cards come round again, its lines would mislead)."""
        known = self._deals.get(table_id)
        if known is not None and known != deal_number:
            self.forget(table_id)
        self._deals[table_id] = deal_number

    def add(self, table_id: int, line: Text, *, deciding: bool = False) -> None:
        """A line of the table's log (``deciding``: kept to the end of the deal)."""
        self._lines[table_id].append(line)
        if deciding and line not in self._deciding[table_id]:
            self._deciding[table_id].append(line)
        ending = self._ending.get(table_id)
        if ending is not None:
            ending.append(line)

    def ended(self, table_id: int, step: list[Text], settled: Text) -> None:
        """A step ended the deal: its lines (``step``, already added) and the settlement are
        shown whole, after the deal's deciding lines."""
        self._lines[table_id].append(settled)
        earlier = [line for line in self._deciding.get(table_id, ()) if line not in step]
        self._ending[table_id] = [*earlier, *step, settled]

    def shown(self, status: TableStatus) -> tuple[tuple[Text, ...], bool]:
        """The lines the table shows now, and whether they are a deal's end (shown whole)."""
        ending = self._ending.get(status.table_id)
        if (
            ending is not None
            and not status.deal_open
            and self._deals.get(status.table_id) == status.deal_number
        ):
            return tuple(ending), True
        return tuple(self._lines.get(status.table_id, ())), False

    def forget(self, table_id: int) -> None:
        self._lines.pop(table_id, None)
        self._deciding.pop(table_id, None)
        self._ending.pop(table_id, None)

    def close(self, table_id: int) -> None:
        """The table is gone."""
        self.forget(table_id)
        self._deals.pop(table_id, None)
