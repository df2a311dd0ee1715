"""The bot's own count of its writes to each channel, kept inside Discord's per-channel limit.

Discord lets a bot post or edit 5 messages per 5 s in one channel; past that it answers 429
and discord.py sleeps before it sends, with the message already drawn, so a burst of table
updates would queue stale edits. The table kit asks this budget before it writes instead: the
table edit waits for a free slot and then draws the state of that moment, a turn ping waits
(or is dropped when the turn moved on) rather than taking the table's slot. A sliding log of
the last writes never allows more than ``limit`` in any ``window`` (a little longer than
Discord's, for the time a request takes to arrive).
"""

from __future__ import annotations

import math
import time
from collections import defaultdict, deque
from collections.abc import Callable

LIMIT = 5
WINDOW_S = 5.0
MARGIN_S = 0.3
"""Added to the window: a request reaches Discord a little after the bot counted it."""


class ChannelBudget:
    """Writes per channel in the last window; one per bot, shared by every table writer."""

    def __init__(
        self,
        limit: int = LIMIT,
        window: float = WINDOW_S + MARGIN_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._sent: defaultdict[int, deque[float]] = defaultdict(deque)
        self._began = clock()

    def _log(self, channel: int) -> deque[float]:
        sent = self._sent[channel]
        cutoff = self.clock() - self.window
        while sent and sent[0] <= cutoff:
            sent.popleft()
        return sent

    def room(self, channel: int) -> int:
        """Writes ``channel`` can take now."""
        return max(0, self.limit - len(self._log(channel)))

    def wait(self, channel: int, keep: int = 0) -> float:
        """Seconds until ``channel`` has room for one write with ``keep`` slots to spare."""
        sent = self._log(channel)
        over = len(sent) + keep + 1 - self.limit
        if over <= 0:
            return 0.0
        now = self.clock()
        due = sent[over - 1] + self.window
        delay = due - now
        # ``now + (due - now)`` can fall an ulp short of ``due``: a caller that waits exactly
        # this long must find the old write outside the window, not still in it.
        while now + delay < due:
            delay = math.nextafter(delay, math.inf)
        return max(0.0, delay)

    def spend(self, channel: int) -> None:
        """One write to ``channel`` is being made now."""
        self._log(channel).append(self.clock())

    def inherit(self, channel: int) -> None:
        """A channel a previous process of this bot may have written to just before it
        stopped (a restart resumes its table): Discord still counts those writes, this budget
        never saw them, so the channel counts as full until a window after this budget began."""
        if channel not in self._sent:
            self._sent[channel].extend([self._began] * self.limit)

    def forget(self, channel: int) -> None:
        """Nothing of ``channel`` is remembered (its table closed)."""
        self._sent.pop(channel, None)
