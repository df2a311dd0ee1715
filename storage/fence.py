"""The fence on bookings: a process books for a table only while it still holds the lease on
the table's shard, checked by the database inside the booking's own transaction.

A lease (``storage.leases``) is renewed by a heartbeat; a process frozen past its lease (a long
pause, a stopped VM) does not know it lost it until its next heartbeat, and meanwhile another
process may have taken the shard over and resumed its tables. So the process hands its
:class:`Fence` (the holder it took the leases as, and each shard's epoch then) to the database
(``Database.fence``), and every ``storage.book`` first reads the lease of the table's shard
(``(guild_id >> 22) % shard_count``, as Discord routes it): a lease held by another holder, or
with another epoch (released, or taken over and back), refuses the booking with
:class:`LeaseLost`, nothing written. On PostgreSQL the lease row is read ``FOR SHARE``: a
takeover's UPDATE waits for a booking in flight to commit, so the new holder loads the tables
only after it (SQLite's ``BEGIN IMMEDIATE`` already serialises the two).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from storage._thread import Tx
from storage.errors import StorageError


class LeaseLost(StorageError):
    """A booking refused: this process no longer holds the lease on the table's shard."""

    def __init__(self, table_id: int, shard_id: int | None, detail: str) -> None:
        self.table_id = table_id
        self.shard_id = shard_id
        super().__init__(f"table {table_id}: not booked, {detail}")


@dataclass(slots=True)
class Fence:
    """The leases this process holds: whom it took them as and each shard's epoch.

    ``refused`` hears every refusal (the bot stops serving the shards) before the booking's
    caller gets the :class:`LeaseLost`."""

    holder: str
    shard_count: int
    epochs: Mapping[int, int]
    refused: Callable[[LeaseLost], None] | None = field(default=None)


_READ = {
    "sqlite": (
        "SELECT l.shard_id, l.holder, l.epoch FROM tables t JOIN shard_leases l "
        "ON l.shard_count = ?1 AND l.shard_id = (t.guild_id >> 22) % ?1 WHERE t.id = ?2"
    ),
    "postgres": (
        "SELECT l.shard_id, l.holder, l.epoch FROM tables t JOIN shard_leases l "
        "ON l.shard_count = ?1 AND l.shard_id = (t.guild_id >> 22) % ?1 WHERE t.id = ?2 "
        "FOR SHARE OF l"
    ),
}
_SHARD = "SELECT (guild_id >> 22) % ?1 FROM tables WHERE id = ?2"


def check_sync(tx: Tx, fence: Fence, table_id: int) -> None:
    """Raise :class:`LeaseLost` unless ``fence`` still holds the lease of ``table_id``'s shard
    (a table that does not exist is left to the booking, which refuses it itself)."""
    row = tx.one(_READ[tx.dialect], (fence.shard_count, table_id))
    if row is None:
        shard = tx.scalar(_SHARD, (fence.shard_count, table_id))
        if shard is None:
            return  # no such table: TableNotFound from the step
        raise refusal(fence, table_id, int(shard), None, None)
    if still_held(fence, int(row[0]), str(row[1]), int(row[2])):
        return
    raise refusal(fence, table_id, int(row[0]), str(row[1]), int(row[2]))


def refusal(
    fence: Fence, table_id: int, shard_id: int, holder: str | None, epoch: int | None
) -> LeaseLost:
    """Why a booking for ``table_id`` is refused, from the lease row of its shard (``holder``
    and ``epoch`` ``None``: no lease row)."""
    if holder is None or epoch is None:
        return LeaseLost(
            table_id, shard_id, f"shard {shard_id} of {fence.shard_count} has no lease"
        )
    mine = fence.epochs.get(shard_id)
    held = "not held by this process" if mine is None else f"taken at epoch {mine}"
    who = "another holder" if holder != fence.holder else "released"
    return LeaseLost(
        table_id,
        shard_id,
        f"the lease on shard {shard_id} of {fence.shard_count} is at epoch {epoch} ({who}), {held}",
    )


def still_held(fence: Fence, shard_id: int, holder: str, epoch: int) -> bool:
    """Whether the lease row of a shard is still the one ``fence`` took."""
    return holder == fence.holder and epoch == fence.epochs.get(shard_id)
