"""How long table messages stayed behind their tables: the "every table caught up within 5 s"
of issue 27, measured where it happens.

A table is behind from the first update asked for after its message last showed its latest
state until a write shows the latest state again (the writer may have shown states between:
the time is the whole stretch, so every action in it was shown within it). The stretches are
kept as a histogram of tenths of a second (a fixed few hundred counters, whatever the number
of tables or the uptime), with the longest exact; the bench reads them through the publisher.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

TENTHS = 10
"""Buckets per second."""
LONGEST_BUCKET = 600 * TENTHS
"""Stretches beyond ten minutes share the last bucket (the longest is still exact)."""


class Lags:
    """The stretches tables stayed behind, since the last ``reset``."""

    def __init__(self) -> None:
        self.buckets: Counter[int] = Counter()
        self.longest = 0.0

    def record(self, seconds: float) -> None:
        """A table caught up after ``seconds`` behind."""
        bucket = min(LONGEST_BUCKET, max(0, math.ceil(seconds * TENTHS)))
        self.buckets[bucket] += 1
        self.longest = max(self.longest, seconds)

    def reset(self) -> None:
        self.buckets.clear()
        self.longest = 0.0

    @property
    def count(self) -> int:
        return sum(self.buckets.values())

    def percentile(self, share: float) -> float:
        """The stretch ``share`` of all are at most (rounded up to a tenth); 0 with none."""
        total = self.count
        if not total:
            return 0.0
        rank = max(1, math.ceil(share * total))
        seen = 0
        for bucket in sorted(self.buckets):
            seen += self.buckets[bucket]
            if seen >= rank:  # the last bucket holds everything longer: its bound is unknown
                return (
                    self.longest if bucket == LONGEST_BUCKET else min(bucket / TENTHS, self.longest)
                )
        return self.longest

    def over(self, seconds: float) -> int:
        """How many stretches were longer than ``seconds`` (to the tenth)."""
        limit = math.ceil(seconds * TENTHS)
        return sum(n for bucket, n in self.buckets.items() if bucket > limit)

    def summary(self, oldest_open: float) -> dict[str, Any]:
        """What the bench prints; ``oldest_open``: the longest stretch not over yet."""
        return {
            "count": self.count,
            "p50_s": self.percentile(0.5),
            "p99_s": self.percentile(0.99),
            "longest_s": self.longest,
            "over_5_s": self.over(5.0),
            "oldest_open_s": oldest_open,
        }
