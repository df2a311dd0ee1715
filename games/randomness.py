"""Seeded randomness that survives a snapshot.

Every engine holds one ``random.Random``; its state is part of the snapshot so that a restored
game deals exactly the cards the original would have dealt.
"""

from __future__ import annotations

import random
from typing import Any


def rng_state(rng: random.Random) -> list[Any]:
    """The generator's state as JSON-able lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_state(state: list[Any]) -> random.Random:
    """A generator restored from :func:`rng_state`."""
    rng = random.Random()  # noqa: S311 - game shuffles, not cryptography; seeded from secrets
    version, internal, gauss = state
    rng.setstate((version, tuple(internal), gauss))
    return rng


def new_rng(seed: int | None) -> random.Random:
    """A generator for a new game; ``None`` seeds it from the operating system."""
    return random.Random(seed)  # noqa: S311 - see rng_from_state
