"""The private outbox (migration 0008, PostgreSQL 0005): whose private cards a step changed
and who has not been told yet.

A step's private update (a player's new cards, by DM or an ephemeral followup) is sent after
the step commits. A process killed in between used to lose it for good: nothing said it was
owed. So ``storage.book`` records those players in the step's own transaction
(``Booking.private``); once their update went out they are cleared with the table's next
booking (``Booking.delivered``), or with :func:`delivered` (after a restart),
and a restarted bot reads :func:`pending` and delivers what is still owed (at least once).
One row per table and player, holding the newest step that changed their view: an update
shows the cards as they are at delivery, so a newer step's row replaces an older one still
pending.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from storage._thread import Tx
from storage.db import Conn, Database, fetch_all

_RECORD = (
    "INSERT INTO private_outbox (table_id, user_id, action_counter) VALUES (?, ?, ?) "
    "ON CONFLICT (table_id, user_id) DO UPDATE SET action_counter = excluded.action_counter"
)
_CLEAR = "DELETE FROM private_outbox WHERE table_id = ? AND user_id = ? AND action_counter <= ?"


def _record_sync(tx: Tx, table_id: int, users: Collection[int], action_counter: int) -> None:
    """Inside the step's booking: ``users`` are owed the update of step ``action_counter``."""
    if users:
        tx.write_many(_RECORD, [(table_id, user, action_counter) for user in sorted(users)])


def _delivered_sync(tx: Tx, table_id: int, users: Collection[int], action_counter: int) -> int:
    return _clear_sync(tx, table_id, dict.fromkeys(users, action_counter))


def _clear_sync(tx: Tx, table_id: int, delivered: Mapping[int, int]) -> int:
    """Clear the rows of users told their update of the step given (or a later one)."""
    rows = [(table_id, user, delivered[user]) for user in sorted(delivered)]
    return tx.executemany(_CLEAR, rows).rowcount if rows else 0


async def delivered(
    db: Database, table_id: int, users: Collection[int], action_counter: int
) -> int:
    """``users`` have had their update of step ``action_counter`` (or a later one): their rows
    of ``table_id`` go, unless a newer step has been recorded for them meanwhile (that one is
    still owed). Committed with the bookings that arrive meanwhile (group commit); the number
    of rows cleared."""
    if not users:
        return 0
    return await db._run_in_transaction(
        lambda tx: _delivered_sync(tx, table_id, users, action_counter)
    )


async def pending(conn: Conn) -> dict[int, dict[int, int]]:
    """What open tables still owe: table id -> {user id: the step's action counter}."""
    rows = await fetch_all(
        conn,
        "SELECT o.table_id, o.user_id, o.action_counter FROM private_outbox o "
        "JOIN tables t ON t.id = o.table_id WHERE t.status = 'open' "
        "ORDER BY o.table_id, o.user_id",
    )
    owed: dict[int, dict[int, int]] = {}
    for row in rows:
        owed.setdefault(int(row["table_id"]), {})[int(row["user_id"])] = int(row["action_counter"])
    return owed
