"""Which guilds this process serves, and its hold on them in the database.

Discord sends a guild's events to shard ``(guild_id >> 22) % shard_count``; a process that runs
some of the shards must also load, resume and time only those guilds' tables, or two
processes would deal the same table. The hold is :mod:`storage.leases`: taken at start (all
of the process's shards or none), renewed by a heartbeat, released at a clean stop. A process
that finds its shards held waits once for the holder's lease to run out (a holder that died
without a word, e.g. SIGKILL, stops renewing it); if the holder renewed meanwhile it is alive,
and the process refuses to start, naming it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence

from storage import Database, leases
from storage.fence import Fence, LeaseLost
from storage.leases import Holder, LeaseHeld

log = logging.getLogger(__name__)

HEARTBEATS_PER_LEASE = 3
"""Renewals within one lease length: two may fail (a slow database) before it runs out."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord routes ``guild_id`` to (docs: Gateway > Sharding)."""
    return (guild_id >> 22) % shard_count


def guild_filter(shard_count: int, shard_ids: Sequence[int]) -> Callable[[int], bool] | None:
    """Whether a guild is this process's, or ``None`` when it serves every shard."""
    if set(shard_ids) >= set(range(shard_count)):
        return None
    mine = frozenset(shard_ids)
    return lambda guild_id: shard_of(guild_id, shard_count) in mine


class ShardLeases:
    """This process's leases on its shards, from :meth:`take` to :meth:`release`."""

    def __init__(
        self, db: Database, shard_count: int, shard_ids: Sequence[int], *, ttl: float
    ) -> None:
        self.db = db
        self.shard_count = shard_count
        self.shard_ids = tuple(shard_ids)
        self.ttl = ttl
        self.holder = Holder.this_process()
        self._held = False

    def describe(self) -> str:
        """The shards, as an operator log line names them."""
        ids = ", ".join(str(s) for s in self.shard_ids)
        return f"shard{'s' if len(self.shard_ids) > 1 else ''} {ids} of {self.shard_count}"

    async def take(self) -> None:
        """Hold the shards, waiting once for a lease that may belong to a dead process;
        raises :class:`LeaseHeld` when its holder is alive."""
        try:
            await self._acquire()
        except LeaseHeld as held:
            wait = max(0.0, held.expires_at - time.time()) + 0.5
            log.warning("%s: %s; waiting %.0f s for it to expire", self.describe(), held, wait)
            await asyncio.sleep(wait)
            await self._acquire()  # a live holder renewed meanwhile: LeaseHeld again
        self._held = True
        fence = self.db.fence
        epochs = ", ".join(f"{s}: {e}" for s, e in sorted(fence.epochs.items())) if fence else ""
        log.info("Holding %s as %s (epochs %s)", self.describe(), self.holder.describe(), epochs)

    async def _acquire(self) -> None:
        async with self.db.transaction() as tx:
            held = await leases.acquire(
                tx, self.holder, self.shard_count, self.shard_ids, ttl=self.ttl, now=time.time()
            )
        # From now on every booking is checked against these epochs by the database.
        self.db.fence = Fence(
            self.holder.holder, self.shard_count, {x.shard_id: x.epoch for x in held}
        )

    async def heartbeat(self, lost: Callable[[str], None]) -> None:
        """Renew the leases until cancelled; calls ``lost`` (once, then returns) when another
        process has taken one over or the last renewal is older than a lease, or when the
        database refused a booking because a lease has moved on (``storage.fence``)."""
        told = False

        def tell(why: str) -> None:
            nonlocal told
            if not told:
                told = True
                lost(why)

        def refused(error: LeaseLost) -> None:
            log.error("A booking was refused, %s", error)
            tell(f"lost the lease on {self.describe()}: the database refused a booking")

        if self.db.fence is not None:
            self.db.fence.refused = refused
        renewed = time.monotonic()
        while True:
            await asyncio.sleep(self.ttl / HEARTBEATS_PER_LEASE)
            try:
                async with self.db.transaction() as tx:
                    ours = await leases.renew(
                        tx,
                        self.holder,
                        self.shard_count,
                        self.shard_ids,
                        ttl=self.ttl,
                        now=time.time(),
                    )
            except Exception as error:  # a database blip: the next beat tries again
                log.warning("Renewing %s failed: %s", self.describe(), error)
                if time.monotonic() - renewed < self.ttl:
                    continue
                ours = False
            if not ours:
                tell(f"lost the lease on {self.describe()}: another process may serve them")
                return
            renewed = time.monotonic()

    async def release(self) -> None:
        """Free the shards at once (a clean stop)."""
        if not self._held:
            return
        self._held = False
        async with self.db.transaction() as tx:
            await leases.release(tx, self.holder)
        log.info("Released %s", self.describe())
