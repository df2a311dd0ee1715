"""Seeded randomness that survives a snapshot.

Every engine holds one ``random.Random``; its state is part of the snapshot so that a restored
game deals exactly the cards the original would have dealt.

The state is stored small, because a table's snapshot is written on every action: Mersenne
Twister's whole state is 625 integers (~6.7 KB of JSON, two thirds of a snapshot), but a
generator is just as well described by its seed and how many 32-bit words it has drawn since.
:class:`CountedRandom` keeps that pair, stored as ``[seed, drawn]``; a restore replays the
words drawn. So that the replay stays short, the next deal's generator (:func:`rng_fork`) is
seeded afresh from the old one once that has drawn :data:`RESEED_AFTER` words. Snapshots of
the old form (``[version, [625 ints], gauss]``) still restore.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any

RESEED_AFTER = 20_000
"""Words drawn (a shuffle of 52 cards draws ~55) before the next deal's generator is seeded
afresh: a restore replays at most this many words and one deal's (~0.3 ms)."""


class CountedRandom(random.Random):
    """A ``random.Random`` that counts the 32-bit words it draws. Its numbers are exactly
    ``random.Random(seed)``'s: ``random()`` and ``getrandbits()`` (through which ``shuffle``,
    ``choice``, ``randrange`` and ``sample`` draw) are counted and passed through."""

    def __init__(self, seed: int, drawn: int = 0) -> None:
        super().__init__(seed)
        self.origin = seed
        self.drawn = 0
        if drawn:
            super().getrandbits(32 * drawn)  # exactly ``drawn`` words
            self.drawn = drawn

    def __reduce__(self) -> tuple[type[CountedRandom], tuple[int, int]]:
        """A copy (``copy``, ``pickle``) is the same seed and count, not a bare generator."""
        return (CountedRandom, (self.origin, self.drawn))

    def random(self) -> float:
        self.drawn += 2  # 53 bits from two words
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        if k > 0:
            self.drawn += (k + 31) // 32
        return super().getrandbits(k)


def rng_state(rng: random.Random) -> list[Any]:
    """The generator's state as JSON-able lists."""
    if isinstance(rng, CountedRandom):
        return [rng.origin, rng.drawn]
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_state(state: list[Any]) -> random.Random:
    """A generator restored from :func:`rng_state` (either form)."""
    if len(state) == 2:
        seed, drawn = state
        return CountedRandom(int(seed), int(drawn))
    rng = random.Random()  # noqa: S311 - game shuffles, not cryptography; seeded from secrets
    version, internal, gauss = state
    rng.setstate((version, tuple(internal), gauss))
    return rng


def rng_twin(rng: random.Random, state: list[Any]) -> random.Random:
    """:func:`rng_from_state` of ``state``, copied from ``rng`` when ``rng`` is at that state
    (a game forked from its own snapshot): a copy of the generator's words, not a replay of
    every word drawn (up to :data:`RESEED_AFTER`: 0.4 ms, every step of a long table)."""
    if (
        isinstance(rng, CountedRandom)
        and len(state) == 2
        and int(state[0]) == rng.origin
        and int(state[1]) == rng.drawn
    ):
        twin = CountedRandom(rng.origin)
        twin.setstate(rng.getstate())
        twin.drawn = rng.drawn
        return twin
    return rng_from_state(state)


def rng_fork(rng: random.Random) -> random.Random:
    """The next deal's generator, ``rng`` left as it is: the same sequence going on, or,
    once ``rng`` has drawn many words (or is of the old, uncounted kind), a new one seeded
    with 128 bits drawn from it (deterministic: a restored game forks the same way)."""
    if isinstance(rng, CountedRandom) and rng.drawn <= RESEED_AFTER:
        return CountedRandom(rng.origin, rng.drawn)
    return CountedRandom(rng_from_state(rng_state(rng)).getrandbits(128))


def new_rng(seed: int | None) -> random.Random:
    """A generator for a new game; ``None`` seeds it with 128 bits from ``secrets``."""
    return CountedRandom(secrets.randbits(128) if seed is None else seed)


RESHUFFLE_SECRET = b"parlour-reshuffle-secret"


def derived_secret(rng: random.Random, label: bytes) -> bytes:
    """A 128-bit secret for a reshuffle's commitment (issue 29), from the generator's seed
    and how far it has drawn, without drawing from it: the deal's future is unchanged, and a
    replay from the deal's opening state derives the same secret at the same moment. It is as
    hidden as the seed (128 bits from ``secrets`` at a live table, kept in the snapshot only);
    ``label`` (the deal and reshuffle numbers) keeps two reshuffles' secrets apart."""
    if isinstance(rng, CountedRandom):
        key = str(rng.origin).encode("ascii")
        moment = str(rng.drawn).encode("ascii")
    else:  # the old, uncounted kind: its whole state
        key = hashlib.sha256(repr(rng.getstate()).encode("ascii")).digest()
        moment = b""
    message = RESHUFFLE_SECRET + b"|" + label + b"|" + moment
    return hmac.new(key, message, hashlib.sha256).digest()[:16]
