"""On PostgreSQL a big batch of steps is split in two and booked on two connections at once
(``storage.db._call_queued``): steps that may write one row (a table's steps; deals' results of a
player at two tables: their stats rows) in one half, pay-outs (balances) in the first, so the two
transactions lock no row in common and cannot deadlock, even with a player at many tables.
They write what the same steps booked one by one write; on SQLite (one connection) the same
steps are one group commit, compared likewise."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from storage import Database
from storage.db import fetch_all, scalar

from .conftest import checked
from .test_booking_parity import ROUNDS, ROWS, book_rounds, booked, open_tables, rounds

TABLES = 8
"""One step of each a round: a batch big enough to split (8 or more, 4 or more a half)."""

PER_TABLE = {  # two transactions interleave their ids: each table's rows in order
    **ROWS,
    "ledger": ROWS["ledger"].replace("ORDER BY id", "ORDER BY COALESCE(table_id, 0), id"),
    "results": ROWS["results"].replace("ORDER BY id", "ORDER BY table_id, id"),
}


@pytest.mark.parametrize("shared", [False, True], ids=["own-players", "shared-players"])
async def test_steps_booked_on_two_connections_at_once_write_what_one_by_one_writes(
    db: Database, tmp_path: Path, shared: bool, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.WARNING, logger="storage._calls")
    together = await book_rounds(db, shared, at_once=True, count=TABLES)
    async with db.read() as conn:
        written = {n: [tuple(r) for r in await fetch_all(conn, q)] for n, q in PER_TABLE.items()}
        if db.dialect == "postgres":  # each round's steps: one transaction, or two at once
            commits = await scalar(
                conn, "SELECT count(DISTINCT xmin::text) FROM ledger WHERE ref LIKE 'b:%'"
            )
            assert commits > ROUNDS
    async with Database.open(tmp_path / "twin.db") as twin:
        alone = await book_rounds(twin, shared, at_once=False, count=TABLES)
        async with twin.read() as conn:
            expected = {
                n: [tuple(r) for r in await fetch_all(conn, q)] for n, q in PER_TABLE.items()
            }
    assert together == alone
    assert written["results"]
    for name in PER_TABLE:
        assert written[name] == expected[name], name
    # no batch failed (a deadlock would: booked one by one); only storage's own records count,
    # as the worker's other loggers (a shared bot's heartbeat warning) write here too
    assert [r.getMessage() for r in caplog.records if r.name == "storage._calls"] == []


async def test_a_lost_second_connection_leaves_every_booking_to_the_first(db: Database):
    side = db._side
    if side is not None:  # PostgreSQL: as if the server had dropped it
        await side.raw.close()
    ids = await open_tables(db, False, TABLES)
    outcomes = await asyncio.gather(*(booked(db, s) for s in rounds(ids, False)[0]))
    assert [o[:2] for o in outcomes] == [(True, 1)] * TABLES
    await checked(db)
