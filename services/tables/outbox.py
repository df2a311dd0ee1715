"""What a table step still owes its players privately, across a restart.

A step's booking notes the people whose private view it changed (``storage.outbox``, in the
step's transaction); the bot tells each one, then says so here, and the table's next booking
clears the note in its own transaction (a step stays one write). A process killed between the
commit and the telling leaves the note, and the next start hands it to the bot again: a
step's private cards always reach the player, at least once (a kill between the telling and
the clearing tells them again, with the cards as they are then).
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable

from games.events import GameEvent
from storage import Database, outbox

log = logging.getLogger(__name__)


def told_person(event: GameEvent) -> int | None:
    """The person an event tells something only they may see (their cards), or ``None``: a
    public event, or one told to a computer player (``cpu:N``), who is told nothing."""
    return int(event.to) if event.to is not None and event.to.isdigit() else None


def told_privately(events: Iterable[GameEvent]) -> frozenset[int]:
    """The people a step's events tell something privately: what the bot delivers to each
    after the step."""
    return frozenset(p for p in map(told_person, events) if p is not None)


class PrivateOutbox:
    """The service's door to the private outbox (``service.outbox``)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._told: dict[int, dict[int, int]] = {}
        """Table id -> {user: step}: updates delivered, to clear with the next booking."""

    def delivered(self, table_id: int, users: Collection[int], action_counter: int) -> None:
        """``users`` were told their update of step ``action_counter`` (or a later one): the
        table's next booking clears their notes (until then a restart tells them again)."""
        told = self._told.setdefault(table_id, {})
        for user in users:
            told[user] = max(told.get(user, 0), action_counter)

    def noted(self, table_id: int) -> dict[int, int]:
        """What the next booking of ``table_id`` clears (see :meth:`delivered`)."""
        return dict(self._told.get(table_id, {}))

    def cleared(self, table_id: int, delivered: dict[int, int]) -> None:
        """A booking has cleared ``delivered`` (what :meth:`noted` gave it)."""
        told = self._told.get(table_id)
        if told is None:
            return
        for user, step in delivered.items():
            if told.get(user, -1) <= step:
                told.pop(user, None)
        if not told:
            self._told.pop(table_id, None)

    def forget(self, table_id: int) -> None:
        """The table closed: nothing of it is owed any more."""
        self._told.pop(table_id, None)

    async def clear_now(self, table_id: int, users: Collection[int], action_counter: int) -> None:
        """:meth:`delivered`, written at once (after a restart: the table may not move again
        soon). A failure only means the update may be told again after a restart: logged."""
        try:
            await outbox.delivered(self.db, table_id, users, action_counter)
        except Exception:
            log.exception("table %s: could not clear the private outbox", table_id)

    async def owed(self) -> dict[int, dict[int, int]]:
        """Table id -> {user id: step counter} still owed by the open tables."""
        async with self.db.read() as conn:
            return await outbox.pending(conn)
