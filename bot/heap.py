"""The garbage collector after start-up.

A full collection walks every object that survived the younger ones: the modules, catalogs,
pydantic schemas and command tree loaded at start-up are most of them, never garbage, and were
walked again on every full collection (78–207 ms pauses under load, issue 21). ``settle`` moves
what start-up built out of the collector's sight (``gc.freeze``) and lets the youngest
generation fill further before it is collected, so a pause is proportional to what play
allocates, not to what the bot loaded.

Only a process that runs one bot to its end does this (``python -m bot``): frozen objects are
never collected, so a test process that builds a bot per test leaves it off.
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)

YOUNGEST = 10_000
"""Allocations between collections of the youngest generation (CPython's default is 700)."""


def settle() -> None:
    """Freeze what start-up built, and collect the young less often.

    No ``gc.collect()`` first: frozen start-up garbage costs a few KB. (The last session
    blamed a collection here for a bot that "never connected" after a lease wait; that was the
    test waiting for a log line the bot never writes, which the collection's delay exposed on
    every run; the bot had connected.)"""
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNGEST, middle, oldest)
    log.info("Froze %d start-up objects out of the garbage collector", gc.get_freeze_count())
