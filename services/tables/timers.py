"""Turn timers: one tracked task per table, on a clock tests can move by hand.

The deadline itself lives in storage (``tables.save_action(deadline=...)``) so it survives a
restart; this module only waits for it. Every task is kept in :class:`Timers` and cancelled by
:meth:`Timers.shutdown` (no fire-and-forget tasks).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Protocol

log = logging.getLogger(__name__)


class Clock(Protocol):
    """Wall-clock time for deadlines, monotonic seconds for intervals (rate budgets, token
    ages), and ways to wait for either. One clock runs a whole bot (``BotConfig.clock``), so a
    test that moves it moves every timer, budget and token cache at once."""

    def now(self) -> datetime:
        """Now, timezone-aware."""
        ...

    async def sleep_until(self, when: datetime) -> None:
        """Return once ``when`` has come."""
        ...

    def monotonic(self) -> float:
        """Seconds that only go forward (differences are what count)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return once ``seconds`` have passed on this clock."""
        ...


class SystemClock:
    """The real clock."""

    def now(self) -> datetime:
        return datetime.now(UTC)

    async def sleep_until(self, when: datetime) -> None:
        delay = (when - self.now()).total_seconds()
        if delay > 0:
            await asyncio.sleep(delay)

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class ManualClock:
    """A clock that moves only when told to (tests, the sandbox): :meth:`advance` wakes every
    sleeper whose moment has come, so a 60 s turn timer runs out without waiting 60 s."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = self._start = start or datetime.now(UTC)
        self._sleepers: list[tuple[datetime, asyncio.Future[None]]] = []

    def now(self) -> datetime:
        return self._now

    async def sleep_until(self, when: datetime) -> None:
        if when <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._sleepers.append((when, future))
        try:
            await future
        finally:
            self._sleepers = [(w, f) for w, f in self._sleepers if f is not future]

    def monotonic(self) -> float:
        return (self._now - self._start).total_seconds()

    async def sleep(self, seconds: float) -> None:
        await self.sleep_until(self._now + timedelta(seconds=seconds))

    def advance(self, seconds: float) -> None:
        """Move time forward and wake the sleepers that are due."""
        self._now += timedelta(seconds=seconds)
        for when, future in list(self._sleepers):
            if when <= self._now and not future.done():
                future.set_result(None)


Fire = Callable[[], Awaitable[None]]


class Timers:
    """At most one pending timer per table.

    A table's moment moves on with nearly every step (the next player's turn timer), and a
    task per moment made each step cancel one task and start another. A timer whose moment
    moves later keeps its task instead: the task wakes at the moment it slept for, finds the
    later one and sleeps on (one extra wake per turn timeout, not a task per step). A moment
    moved earlier (a computer's short delay) replaces the task."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._due: dict[int, tuple[datetime, Fire]] = {}
        """Each table's moment and what it fires: the task reads it each time it wakes."""
        self._when: dict[asyncio.Task[None], datetime] = {}
        """The moment each task sleeps until, or fires at (until it is done)."""
        self._fired: set[asyncio.Task[None]] = set()
        """Tasks past their sleep, running what they fire: a later moment cannot reach them."""

    def schedule(self, table_id: int, when: datetime | None, fire: Fire) -> None:
        """Replace the table's timer (``when=None``: just cancel it)."""
        if when is None:
            self.cancel(table_id)
            return
        task = self._tasks.get(table_id)
        if (
            task is not None
            and task is not asyncio.current_task()
            and not task.done()
            and task not in self._fired
            and self._when.get(task, when) <= when
        ):
            self._due[table_id] = (when, fire)  # it wakes first, then sleeps on to ``when``
            return
        self.cancel(table_id)
        self._due[table_id] = (when, fire)
        task = asyncio.get_running_loop().create_task(
            self._run(table_id), name=f"turn-timer:{table_id}"
        )
        self._tasks[table_id] = task
        self._when[task] = when
        task.add_done_callback(lambda t: self._forget(table_id, t))

    def cancel(self, table_id: int) -> None:
        """Cancel the table's timer; a timer that is running its own timeout is left to end."""
        self._due.pop(table_id, None)
        task = self._tasks.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    @property
    def firing(self) -> bool:
        """Whether a timer whose moment has come has not finished its step yet (the
        sandbox's ``settle`` waits for it: a turn's end is work the bot still owes)."""
        now = self.clock.now()
        return any(not t.done() and when <= now for t, when in self._when.items())

    def pending(self, table_id: int) -> bool:
        """Whether the table has a timer waiting (tests)."""
        return table_id in self._tasks

    async def shutdown(self) -> None:
        """Cancel every timer and wait until they have stopped."""
        tasks = list(self._tasks.values())
        self._tasks.clear()
        self._due.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _forget(self, table_id: int, task: asyncio.Task[None]) -> None:
        self._when.pop(task, None)
        self._fired.discard(task)
        if self._tasks.get(table_id) is task:
            del self._tasks[table_id]
            self._due.pop(table_id, None)

    async def _run(self, table_id: int) -> None:
        task = asyncio.current_task()
        while True:
            due = self._due.get(table_id)
            if due is None or task is None or self._tasks.get(table_id) is not task:
                return  # cancelled or replaced while it was waking
            self._when[task] = due[0]
            await self.clock.sleep_until(due[0])
            if self._due.get(table_id) is due:
                break  # not moved while it slept: its moment has come
        self._fired.add(task)
        try:
            await due[1]()
        except asyncio.CancelledError:
            raise
        except Exception:  # a timer must never die silently: log it, the table stays usable
            log.exception("turn timer of table %s failed", table_id)
