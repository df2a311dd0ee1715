"""The fake's clock: the event loop's monotonic time plus an offset a test can advance, so rules
that take minutes (a 15-minute interaction token) are tested without waiting."""

from __future__ import annotations

import asyncio


class Clock:
    """Seconds, monotonic; ``advance`` moves every timed rule of one fake forward at once."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        """The fake's current time."""
        return asyncio.get_running_loop().time() + self.offset

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass for the fake's rules (not for the bot's own timers)."""
        self.offset += seconds
