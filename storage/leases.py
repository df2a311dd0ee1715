"""Who serves which shard (``shard_leases``, migration 7): the lock that keeps two processes on
one database from serving the same guilds.

Two bot processes on one token and one database both answering every click apply almost
none of them (each interaction is acknowledged twice) and race on every table. A process
therefore holds, while it runs, one lease row per shard it serves (an unsharded process:
shard 0 of 1), renewed by a heartbeat before ``expires_at``. A lease is taken over only once it
has expired, that is once its holder stopped renewing it (died, or lost the database), so a
refusal can name the live holder (host, pid, since). A process that dies without a word
(SIGKILL, a lost host) loses its leases when they expire; a clean stop releases them at once.

All shards of a process are taken together or not at all (one transaction), and a process
never takes shards of one count while another process holds live shards of another count
(their guild sets would overlap). Times are seconds since the epoch on the caller's clock:
processes on several hosts need synchronised clocks (NTP), the lease length being far
longer than their skew.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage._records import now_stamp
from storage.db import Conn, changes, fetch_all
from storage.errors import StorageError


@dataclass(frozen=True, slots=True)
class Holder:
    """One run of one process: ``holder`` is unique per start (a pid may be reused)."""

    holder: str
    host: str
    pid: int
    since: str

    @classmethod
    def this_process(cls) -> Holder:
        """The running process, as a lease names it."""
        host, pid = socket.gethostname(), os.getpid()
        return cls(f"{host}:{pid}:{secrets.token_hex(6)}", host, pid, now_stamp()[1])

    def describe(self) -> str:
        """The words an operator reads in a refusal."""
        return f"host {self.host}, pid {self.pid}, since {self.since}"


@dataclass(frozen=True, slots=True)
class Lease:
    """Shard ``shard_id`` of ``shard_count``, held by ``holder`` until ``expires_at``."""

    shard_count: int
    shard_id: int
    holder: Holder
    expires_at: float
    epoch: int = 1
    """Bumped each time the shard changes hands (migration 0009): what a booking is fenced by
    (``storage.fence``)."""


class LeaseHeld(StorageError):
    """Shards another live process serves; nothing was taken."""

    def __init__(self, held: Sequence[Lease]) -> None:
        self.held = tuple(held)
        parts = [
            f"shard {lease.shard_id} of {lease.shard_count} ({lease.holder.describe()})"
            for lease in self.held
        ]
        super().__init__("held by another running process: " + "; ".join(parts))

    @property
    def expires_at(self) -> float:
        """When the last of these leases runs out unless its holder renews it."""
        return max(lease.expires_at for lease in self.held)


def _lease(row: Any) -> Lease:
    get = row.__getitem__
    holder = Holder(str(get("holder")), str(get("host")), int(get("pid")), str(get("since")))
    return Lease(
        int(get("shard_count")),
        int(get("shard_id")),
        holder,
        float(get("expires_at")),
        int(get("epoch")),
    )


async def held(conn: Conn) -> list[Lease]:
    """Every lease row, live or expired, by shard count and id."""
    rows = await fetch_all(conn, "SELECT * FROM shard_leases ORDER BY shard_count, shard_id")
    return [_lease(row) for row in rows]


async def acquire(
    conn: Conn,
    holder: Holder,
    shard_count: int,
    shard_ids: Sequence[int],
    *,
    ttl: float,
    now: float,
) -> list[Lease]:
    """Take (or renew) every one of ``shard_ids`` for ``holder`` until ``now + ttl``; raises
    :class:`LeaseHeld` naming the live holders when any is taken, or when live shards of another
    count are held. Call inside ``db.transaction()``: on a refusal the block rolls back, so
    nothing is taken."""
    if shard_count < 1 or not shard_ids or any(not 0 <= s < shard_count for s in shard_ids):
        raise ValueError(f"shards {list(shard_ids)} of {shard_count}")
    rows = await fetch_all(
        conn,
        "SELECT * FROM shard_leases WHERE shard_count <> ? AND expires_at > ? AND holder <> ?",
        (shard_count, now, holder.holder),
    )
    if rows:
        raise LeaseHeld([_lease(row) for row in rows])
    for shard_id in shard_ids:
        await conn.execute(
            "INSERT INTO shard_leases "
            "(shard_count, shard_id, holder, host, pid, since, expires_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (shard_count, shard_id) DO UPDATE SET holder = excluded.holder, "
            "host = excluded.host, pid = excluded.pid, since = excluded.since, "
            "expires_at = excluded.expires_at, epoch = shard_leases.epoch + CASE "
            "WHEN shard_leases.holder = excluded.holder THEN 0 ELSE 1 END "
            "WHERE shard_leases.expires_at <= ? OR shard_leases.holder = excluded.holder",
            (
                shard_count,
                shard_id,
                holder.holder,
                holder.host,
                holder.pid,
                holder.since,
                now + ttl,
                now,
            ),
        )
    mine = await fetch_all(
        conn,
        "SELECT * FROM shard_leases WHERE shard_count = ? ORDER BY shard_id",
        (shard_count,),
    )
    wanted = set(shard_ids)
    leases = [_lease(row) for row in mine if int(row["shard_id"]) in wanted]
    others = [lease for lease in leases if lease.holder.holder != holder.holder]
    if others:
        raise LeaseHeld(others)
    return leases


async def renew(
    conn: Conn,
    holder: Holder,
    shard_count: int,
    shard_ids: Sequence[int],
    *,
    ttl: float,
    now: float,
) -> bool:
    """Push ``holder``'s leases on to ``now + ttl``; ``False`` when any of them is no longer
    its own (it expired and another process took it over): the caller must stop serving."""
    renewed = 0
    for shard_id in shard_ids:
        renewed += await changes(
            conn,
            "UPDATE shard_leases SET expires_at = ? "
            "WHERE shard_count = ? AND shard_id = ? AND holder = ?",
            (now + ttl, shard_count, shard_id, holder.holder),
        )
    return renewed == len(shard_ids)


async def release(conn: Conn, holder: Holder) -> int:
    """Give up every lease ``holder`` has (a clean stop): the shards are free at once. The rows
    stay, expired and at the next epoch, so nothing booked under the old epoch passes the fence
    and epochs only grow."""
    return await changes(
        conn,
        "UPDATE shard_leases SET expires_at = 0, epoch = epoch + 1 WHERE holder = ? "
        "AND expires_at > 0",
        (holder.holder,),
    )
