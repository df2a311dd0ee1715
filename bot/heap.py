"""The garbage collector's policy for the production bot: the one place it is decided.

A full collection walks every object that survived the younger ones. Two kinds of long-lived
object made those walks long: what start-up loaded (modules, catalogs, pydantic schemas, the
command tree: 78–207 ms pauses under load, issue 21), and what the open tables hold (about 550
tracked objects a table: at a thousand tables a full collection walked 551k objects and paused
the bot 1.5 s, and the collector took 7.2 s of a 20 s run, issue 27). Neither is garbage, and
neither needs walking again and again.

``settle`` (called once the bot has started and resumed its tables) therefore:

* freezes what start-up built (``gc.freeze``): out of the collector's sight for good;
* lets the youngest generation fill further before it is collected (``YOUNGEST``);
* installs a ``Keeper``, which freezes whatever survived each later full collection: the
  tables opened since, the players' rows, the caches. The next full collection walks only
  what became long-lived after the last one, so its pause follows what play promotes, not how
  many tables are open.

What a freeze costs: a frozen object is still freed when its last reference goes (most
objects), but a reference *cycle* among frozen objects is never collected while frozen. So the
``Keeper`` thaws everything (``gc.unfreeze``) once the frozen objects have grown by
``SWEEP_GROWTH`` since the last thaw; the next full collection then walks the whole heap once
(one long pause), frees the cycles of closed tables, and the survivors are frozen again. The
garbage held in frozen cycles thus stays below ``SWEEP_GROWTH`` times the live heap, and a
whole walk happens that much less often than CPython's own rule (a full collection once a
quarter of the long-lived objects are new, each walking all of them).

Only a process that runs one bot to its end does this (``python -m bot``, through
``BotConfig.freeze_heap``): a test process that builds a bot per test leaves it off, and a test
that turns it on calls ``release`` afterwards.
"""

from __future__ import annotations

import gc
import logging
from typing import Any

log = logging.getLogger(__name__)

YOUNGEST = 10_000
"""Allocations between collections of the youngest generation (CPython's default is 700)."""

SWEEP_GROWTH = 1.0
"""How much the frozen objects may grow (a share of them after the last whole sweep) before
the keeper thaws them for one whole sweep: bounds the garbage kept in frozen cycles to that
share of the live heap."""


class Keeper:
    """Freezes the survivors of each full collection (a ``gc.callbacks`` entry); thaws all of
    them for one whole sweep once they have grown by ``SWEEP_GROWTH``."""

    def __init__(self) -> None:
        self.swept = gc.get_freeze_count()
        """Objects frozen right after the last whole sweep (or start-up)."""
        self.sweeping = False
        """Thawed: the next full collection walks everything."""
        self.refrozen = 0
        """Full collections whose survivors were frozen (for the bench's report)."""
        self.sweeps = 0
        """Whole sweeps done (for the bench's report)."""

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop" or info.get("generation") != 2:
            return
        # Every survivor of a full collection was reachable a moment ago: freezing it now
        # holds no garbage it found. (Freezing and thawing only splice lists: O(1).)
        gc.freeze()
        self.refrozen += 1
        frozen = gc.get_freeze_count()
        if self.sweeping:
            self.sweeping = False
            self.sweeps += 1
            self.swept = frozen
            log.info("Swept the whole heap: %d objects frozen", frozen)
        elif frozen > max(self.swept, YOUNGEST) * (1 + SWEEP_GROWTH):
            gc.unfreeze()
            self.sweeping = True


_keeper: Keeper | None = None


def keeper() -> Keeper | None:
    """The installed keeper (``settle`` has run and ``release`` has not)."""
    return _keeper


def settle() -> None:
    """Freeze what start-up built, collect the young less often, and keep freezing what
    survives full collections from now on.

    No ``gc.collect()`` first: frozen start-up garbage costs a few KB. (The last session
    blamed a collection here for a bot that "never connected" after a lease wait; that was the
    test waiting for a log line the bot never writes, which the collection's delay exposed on
    every run; the bot had connected.)"""
    global _keeper
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNGEST, middle, oldest)
    if _keeper is None:
        _keeper = Keeper()
        gc.callbacks.append(_keeper)
    log.info("Froze %d start-up objects out of the garbage collector", gc.get_freeze_count())


def release() -> None:
    """Undo ``settle``: the keeper removed, everything thawed. For a test that ran a
    production bot in its own process; the thresholds are the caller's to restore."""
    global _keeper
    if _keeper is not None:
        gc.callbacks.remove(_keeper)
        _keeper = None
    gc.unfreeze()
