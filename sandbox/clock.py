"""The clock of one fake and of the bot it runs: real time plus an offset a test can advance, so
rules that take seconds or minutes (a channel's rate-limit window, a turn timer, a 15-minute
interaction token) are tested without waiting.

The harness hands this clock to the bot (``BotConfig.clock``): it is the services' ``Clock``
(``services.tables.timers``), so :meth:`Clock.advance` moves the fake's rules and the bot's
timers, budgets and token caches together, and wakes whoever sleeps on it.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta


class Clock:
    """Seconds, monotonic, and wall time, both shifted by ``offset``; ``advance`` moves every
    timed rule of one fake, and of the bot it runs, forward at once."""

    def __init__(self) -> None:
        self.offset = 0.0
        self._woken: dict[asyncio.Future[None], float] = {}
        """Each sleeper's wake-up call, with the moment (``monotonic``) it waits for."""
        self._paced: set[asyncio.Future[None]] = set()
        """The wake-up calls of ``sleep`` (a write waiting for room, a pause of so many
        seconds), as opposed to ``sleep_until`` (a timer set for a moment: a turn's end, a
        ping's grace), which only a test's ``advance`` should bring on."""

    def monotonic(self) -> float:
        """The fake's current time (seconds, monotonic)."""
        return time.monotonic() + self.offset

    def now(self) -> datetime:
        """Wall time, timezone-aware, advanced as far as the monotonic time."""
        return datetime.now(UTC) + timedelta(seconds=self.offset)

    async def sleep(self, seconds: float) -> None:
        """Return once ``seconds`` have passed on this clock (real or advanced)."""
        end = self.monotonic() + seconds
        await asyncio.sleep(0)
        while (left := end - self.monotonic()) > 0:
            await self._nap(left, paced=True)

    async def sleep_until(self, when: datetime) -> None:
        """Return once ``when`` has come on this clock."""
        await asyncio.sleep(0)
        while (left := (when - self.now()).total_seconds()) > 0:
            await self._nap(left)

    async def _nap(self, seconds: float, *, paced: bool = False) -> None:
        """Wait ``seconds`` of real time, or until the next :meth:`advance`."""
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._woken[woken] = self.monotonic() + seconds
        if paced:
            self._paced.add(woken)
        try:
            await asyncio.wait({woken}, timeout=seconds)
        finally:
            self._woken.pop(woken, None)
            self._paced.discard(woken)

    def next_paced_wake(self) -> float | None:
        """Seconds until the earliest ``sleep`` ends (None: nothing paces on this clock): how
        far :meth:`advance` must go to wake the next paced write, and no further. Timers
        (``sleep_until``) are left out: passing paced time must never end a turn by itself."""
        moments = [self._woken[w] for w in self._paced if w in self._woken]
        if not moments:
            return None
        return max(0.0, min(moments) - self.monotonic())

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass for the fake's rules and the bot's timers, budgets and token
        caches; every sleeper wakes and sees whether its moment has come."""
        self.offset += seconds
        for woken in list(self._woken):
            if not woken.done():
                woken.set_result(None)
