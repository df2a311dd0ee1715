"""The bot's one count of its requests against Discord's global limit, and of each interaction
token's uses.

Discord allows a bot token 50 requests per second in all, across every shard and process;
interaction callbacks and the interaction webhook (``/interactions/…``, ``/webhooks/{app}/{token}
/…``: answers, followups, ``@original`` edits) do not count. discord.py only reacts to a global
429 (it sleeps, after Discord has counted the refusal; 10,000 refusals in 10 minutes ban the
bot's address for a while). So every request the bot's REST client makes outside those routes
asks :class:`GlobalBudget` first (:func:`install` wraps ``HTTPClient.request``, so a cog's
channel post counts as much as a table edit): it goes at once while the budget has room, else
it waits its turn, table updates first. Work of less value (turn pings, the notes of a restart,
reposts) runs inside :func:`lower`: it never takes the last ``reserve`` slots, so a burst of it
(500 tables resumed at once) is paced beside the players' moves, never ahead of them.

A slot is held from the moment a request is let go until ``window`` after its answer came
back: Discord counted it somewhere in between, so a slow request can never make two windows
overlap. The budget is per process (one ``HTTPClient``, whatever the shards); a fleet of
processes on one token splits the 50/s between them by the shards each serves
(:func:`share`), so together they never ask Discord for more than one process would.

:class:`TokenBudget` counts the uses of each interaction token's webhook (Discord: 5 requests
per 2 s per token), shared by the table's edits through a click's token and the turn pings that
ride on a token, so neither takes the other's last use.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

LIMIT = 48
"""Requests the bot lets go per window (Discord: 50 per second; two kept for safety)."""
WINDOW_S = 1.0
MARGIN_S = 0.1
"""Added to the window: the bot's clock and Discord's are not the same clock."""
RESERVE = 16
"""Slots that lower-value work leaves for table updates."""
EXEMPT = ("/interactions/", "/webhooks/")
"""Routes Discord does not count against the global limit (interaction answers and the
interaction webhook)."""

TOKEN_LIMIT, TOKEN_WINDOW_S = 3, 2.5
"""Counted uses of one interaction token per window: Discord allows 5 requests per 2 s on an
interaction webhook, and the player's own followups (their cards, uncounted here) share them."""


class Priority(IntEnum):
    """Lower values go first."""

    TABLE = 0
    """A table update, a player's answer: what the players are waiting for."""
    LOW = 1
    """Turn pings, restart notes, reposts: they wait for table updates."""


_PRIORITY: ContextVar[Priority] = ContextVar("parlour_rest_priority", default=Priority.TABLE)


@contextlib.contextmanager
def lower() -> Iterator[None]:
    """The requests made inside (in this task and the tasks it starts) yield to table
    updates."""
    token = _PRIORITY.set(Priority.LOW)
    try:
        yield
    finally:
        _PRIORITY.reset(token)


def priority() -> Priority:
    """The priority of a request made here."""
    return _PRIORITY.get()


@dataclass(slots=True, eq=False)
class Slot:
    """One request's place in the window: held until ``window`` after it was ``done``."""

    taken: float
    priority: Priority
    done: float | None = None


async def _real_sleep(seconds: float) -> None:
    await asyncio.sleep(seconds)


def share(shard_count: int, shard_ids: tuple[int, ...]) -> tuple[int, int]:
    """This process's ``(limit, reserve)``: its shards' part of the token's budget. Discord
    counts the 50/s per token across every process, and a process cannot see the others'
    requests without a shared counter; shards carry the guilds, so a process serving 1 of 4
    shards lets go 12 a window and the fleet stays under the limit. (A busy shard beside idle
    ones waits where one shared bucket would not: the price of no cross-process round trip per
    request.)"""
    mine = len(set(shard_ids) & set(range(shard_count))) or 1
    part = mine / max(shard_count, 1)
    return max(1, int(LIMIT * part)), max(1, int(RESERVE * part))


@dataclass
class GlobalBudget:
    """Requests against the global limit in the last window; one per process."""

    limit: int = LIMIT
    window: float = WINDOW_S + MARGIN_S
    reserve: int = RESERVE
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[None]] = _real_sleep
    """How the budget waits for a slot to free (a test's advances its clock)."""
    _slots: list[Slot] = field(default_factory=list)
    _waiting: list[tuple[int, int, asyncio.Future[Slot]]] = field(default_factory=list)
    _order: Iterator[int] = field(default_factory=itertools.count)
    _pump: asyncio.Task[None] | None = None
    sent: dict[Priority, int] = field(default_factory=lambda: dict.fromkeys(Priority, 0))
    """Requests let go, by priority (the bench prints them)."""
    waited: dict[Priority, int] = field(default_factory=lambda: dict.fromkeys(Priority, 0))
    """Requests that had to wait for a slot, by priority."""
    longest_wait: float = 0.0
    most_waiting: int = 0

    # -- counting -------------------------------------------------------------------------------

    def _expire(self) -> None:
        cutoff = self.clock() - self.window
        self._slots = [s for s in self._slots if s.done is None or s.done > cutoff]

    def room(self) -> int:
        """Requests that may go now (table updates; lower ones keep ``reserve`` of them)."""
        self._expire()
        return max(0, self.limit - len(self._slots))

    def _may(self, wanted: Priority) -> bool:
        free = self.room()
        return free > (self.reserve if wanted is Priority.LOW else 0)

    def _take(self, wanted: Priority) -> Slot:
        slot = Slot(self.clock(), wanted)
        self._slots.append(slot)
        self.sent[wanted] += 1
        return slot

    # -- waiting --------------------------------------------------------------------------------

    @property
    def waiting(self) -> int:
        """Requests waiting for a slot now."""
        return sum(1 for *_, f in self._waiting if not f.done())

    async def acquire(self, wanted: Priority | None = None) -> Slot:
        """A slot for one request (``wanted``: default, the caller's :func:`priority`); waits
        while the budget is spent. Tell :meth:`done` when the answer came back."""
        wanted = priority() if wanted is None else wanted
        ahead = any(p <= wanted and not f.done() for p, _, f in self._waiting)
        if not ahead and self._may(wanted):
            return self._take(wanted)
        future: asyncio.Future[Slot] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (int(wanted), next(self._order), future))
        self.waited[wanted] += 1
        self.most_waiting = max(self.most_waiting, self.waiting)
        began = self.clock()
        self._kick()
        slot = await future
        self.longest_wait = max(self.longest_wait, self.clock() - began)
        return slot

    def done(self, slot: Slot) -> None:
        """The request of ``slot`` was answered (or failed): its slot frees a window later."""
        slot.done = self.clock()
        self._grant()
        self._kick()

    def _grant(self) -> None:
        """Let the waiting requests go, first in line first, while there is room for them."""
        while self._waiting:
            wanted, _, future = self._waiting[0]
            if future.done():  # given up (cancelled)
                heapq.heappop(self._waiting)
                continue
            if not self._may(Priority(wanted)):
                return
            heapq.heappop(self._waiting)
            future.set_result(self._take(Priority(wanted)))

    def _next_free(self) -> float | None:
        """Seconds until the oldest answered slot frees (``None``: every slot is in flight,
        :meth:`done` wakes the line)."""
        finished = [s.done for s in self._slots if s.done is not None]
        if not finished:
            return None
        return max(0.0, min(finished) + self.window - self.clock())

    def _kick(self) -> None:
        if self._waiting and (self._pump is None or self._pump.done()):
            self._pump = asyncio.get_running_loop().create_task(self._run(), name="global-budget")

    async def _run(self) -> None:
        """Wake the line each time a slot frees, until nobody waits."""
        while True:
            self._grant()
            if not self.waiting:
                self._waiting.clear()
                return
            delay = self._next_free()
            if delay is None:
                return
            await self.sleep(max(delay, 0.001))

    async def close(self) -> None:
        """Stop waking the line (the bot is stopping)."""
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
        for *_, future in self._waiting:
            future.cancel()
        self._waiting.clear()

    def stats(self) -> dict[str, Any]:
        """What the bench prints."""
        return {
            "sent": {p.name.lower(): n for p, n in self.sent.items()},
            "waited": {p.name.lower(): n for p, n in self.waited.items()},
            "longest_wait_s": round(self.longest_wait, 3),
            "most_waiting": self.most_waiting,
        }


def counted(path: str) -> bool:
    """Whether a request to ``path`` counts against the global limit."""
    return not path.startswith(EXEMPT)


def install(http: Any, budget: GlobalBudget) -> None:
    """Make every request of discord.py's REST client ``http`` (an ``HTTPClient``) that
    counts against the global limit take a slot of ``budget`` first."""
    request = http.request

    async def budgeted(route: Any, **kwargs: Any) -> Any:
        if not counted(route.path):
            return await request(route, **kwargs)
        slot = await budget.acquire()
        try:
            return await request(route, **kwargs)
        finally:
            budget.done(slot)

    http.request = budgeted


class TokenBudget:
    """Counted uses of each interaction token's webhook in the last window."""

    def __init__(
        self,
        limit: int = TOKEN_LIMIT,
        window: float = TOKEN_WINDOW_S,
        clock: Callable[[], float] = time.monotonic,
        kept: int = 10_000,
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.kept = kept
        self._uses: OrderedDict[str, list[float]] = OrderedDict()

    def _log(self, token: str) -> list[float]:
        cutoff = self.clock() - self.window
        uses = [t for t in self._uses.get(token, ()) if t > cutoff]
        if uses:
            self._uses[token] = uses
            self._uses.move_to_end(token)
        else:
            self._uses.pop(token, None)
        return uses

    def room(self, token: str) -> int:
        """Uses ``token`` can take now."""
        return max(0, self.limit - len(self._log(token)))

    def wait(self, token: str) -> float:
        """Seconds until ``token`` has room for one use."""
        uses = self._log(token)
        over = len(uses) + 1 - self.limit
        if over <= 0:
            return 0.0
        return max(0.0, uses[over - 1] + self.window - self.clock())

    def spend(self, token: str) -> None:
        """One use of ``token`` is being made now."""
        uses = self._log(token)
        uses.append(self.clock())
        self._uses[token] = uses
        self._uses.move_to_end(token)
        while len(self._uses) > self.kept:
            self._uses.popitem(last=False)
