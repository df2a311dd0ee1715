"""A booked action costs one hop to the database thread (issue 6's throughput target rests
on it): the whole transaction, result included when the deal ends, is one queued call."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from services.tables import TableService
from storage import Database

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, checked


@pytest.fixture
async def db(path: Path) -> AsyncIterator[Database]:
    """SQLite: the hops counted are aiosqlite's."""
    async with Database.open(path) as database:
        yield database


@pytest.fixture
def hops(db: Database) -> Iterator[list[int]]:
    """Counts the calls queued on aiosqlite's thread (``Connection._execute``, which every
    aiosqlite method and storage's one-hop path go through)."""
    conn: Any = db._conn
    real = conn._execute
    counter = [0]

    async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
        counter[0] += 1
        return await real(fn, *args, **kwargs)

    conn._execute = counted
    yield counter
    del conn._execute


async def test_every_action_and_the_settlement_are_booked_in_one_hop(
    service: TableService, db: Database, hops: list[int]
):
    rng = random.Random(6)
    await service.open(GUILD, CHANNEL, HOST, "palace", {"seats": 3}, buy_in=300)
    await service.join(GUILD, CHANNEL, BOB, 300)
    await service.join(GUILD, CHANNEL, CAT, 300)
    started = await service.start(GUILD, CHANNEL, HOST)
    assert started.table.deal_open
    settled = 0
    for _ in range(500):
        status = service.status(GUILD, CHANNEL)
        if not status.deal_open:
            break
        spec = rng.choice(service.legal_actions(GUILD, CHANNEL, status.to_act or 0))
        hops[0] = 0
        result = await service.act(GUILD, CHANNEL, status.to_act or 0, spec.sample(rng))
        assert hops[0] == 1, f"{spec.kind} took {hops[0]} hops"
        settled += result.settlement is not None
    assert settled == 1
    await checked(db)
