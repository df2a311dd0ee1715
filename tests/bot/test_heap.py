"""After start-up the production bot freezes what it built out of the garbage collector, so a
full collection walks only what play allocates."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bot import heap


@pytest.fixture
def restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_settling_freezes_what_lives_and_collects_the_young_less_often(restored):
    kept = [[i] for i in range(1000)]  # lists: objects the collector tracks
    gc.unfreeze()
    heap.settle()
    assert gc.get_freeze_count() >= len(kept)
    assert gc.get_threshold()[0] == heap.YOUNGEST


def test_only_the_production_entry_asks_for_it():
    from bot.factory import BotConfig

    assert BotConfig.__dataclass_fields__["freeze_heap"].default is False
