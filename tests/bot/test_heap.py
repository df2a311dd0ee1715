"""After start-up the production bot freezes what it built out of the garbage collector, and
keeps freezing what survives each full collection (a thousand open tables' objects), so a full
collection walks only what became long-lived since the last one; a whole sweep now and then
frees the cycles that died while frozen."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot import heap


class Node:
    """A cycle's member the collector tracks and a weak reference can watch."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    heap.release()
    gc.set_threshold(*threshold)


def tracked(thing: object) -> bool:
    """Whether a collection would walk it (``gc.get_objects`` leaves the frozen out)."""
    return any(o is thing for o in gc.get_objects())


def test_settling_freezes_what_lives_and_collects_the_young_less_often(restored):
    kept = [[i] for i in range(1000)]  # lists: objects the collector tracks
    gc.unfreeze()
    heap.settle()
    assert gc.get_freeze_count() >= len(kept)
    assert gc.get_threshold()[0] == heap.YOUNGEST
    assert heap.keeper() in gc.callbacks


def test_what_survives_a_full_collection_is_walked_no_more(restored):
    heap.settle()
    table = [[seat] for seat in range(500)]  # a table opened after start-up
    assert tracked(table)
    gc.collect()
    assert not tracked(table)
    keeper = heap.keeper()
    assert keeper is not None
    assert keeper.refrozen == 1
    assert keeper.sweeps == 0


def test_a_cycle_that_dies_frozen_is_freed_by_the_next_whole_sweep(restored):
    heap.settle()
    a, b = Node(), Node()
    a.other, b.other = b, a
    watch = weakref.ref(a)
    gc.collect()  # the cycle survives: frozen
    del a, b
    gc.collect()
    assert watch() is not None  # dead, but frozen: not collected yet
    keeper = heap.keeper()
    assert keeper is not None
    grown = [[i] for i in range(int(keeper.swept * heap.SWEEP_GROWTH) + heap.YOUNGEST)]
    gc.collect()  # the frozen objects grew past SWEEP_GROWTH: thawed for one whole sweep
    assert keeper.sweeping
    gc.collect()
    assert watch() is None
    assert (keeper.sweeps, keeper.sweeping) == (1, False)  # done, frozen again
    assert not tracked(grown)  # frozen again after the sweep


def test_release_thaws_and_removes_the_keeper(restored):
    heap.settle()
    keeper = heap.keeper()
    heap.release()
    assert heap.keeper() is None
    assert keeper not in gc.callbacks
    assert gc.get_freeze_count() == 0


def test_only_the_production_entry_asks_for_it():
    from bot.factory import BotConfig

    assert BotConfig.__dataclass_fields__["freeze_heap"].default is False
