"""The table service on a real database (each backend in turn) with the real engines; time on a
manual clock."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from services.tables import (
    ActionResult,
    ComputerReport,
    ManualClock,
    TableService,
    TableStatus,
    TimeoutReport,
)
from services.tables.events import Closing
from storage import Database, accounts
from storage.audit import Audit, audit
from storage.db import fetch_all
from storage.tables import Closed

GUILD = 1
CHANNEL = 10
HOST, BOB, CAT, DAN = 101, 102, 103, 104
START = 1000  # the default starting balance


class Recorder:
    """The bot's side of the listener Protocol, recording what the service reported."""

    def __init__(self) -> None:
        self.timeouts: asyncio.Queue[TimeoutReport] = asyncio.Queue()
        self.computers: asyncio.Queue[ComputerReport] = asyncio.Queue()
        self.resumed: list[list[TableStatus]] = []
        self.closed: list[tuple[TableStatus, Closing, Closed]] = []

    async def timeout_applied(self, report: TimeoutReport) -> None:
        await self.timeouts.put(report)

    async def computer_acted(self, report: ComputerReport) -> None:
        await self.computers.put(report)

    async def tables_resumed(self, tables: list[TableStatus]) -> None:
        self.resumed.append(tables)

    async def table_closed(self, table: TableStatus, reason: Closing, closed: Closed) -> None:
        self.closed.append((table, reason, closed))

    async def next_timeout(self) -> TimeoutReport:
        return await asyncio.wait_for(self.timeouts.get(), timeout=5)

    async def next_computer(self) -> ComputerReport:
        return await asyncio.wait_for(self.computers.get(), timeout=5)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A SQLite file, for the tests that edit it behind the service's back."""
    return tmp_path / "parlour.db"


@pytest.fixture
def target(database_target: str | Path) -> str | Path:
    """The database on each backend in turn (tests/conftest.py), for a test that reopens it."""
    return database_target


@pytest.fixture
async def db(target: str | Path) -> AsyncIterator[Database]:
    async with Database.open(target) as database:
        yield database


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
async def service(
    db: Database, clock: ManualClock, recorder: Recorder
) -> AsyncIterator[TableService]:
    svc = TableService(db, listener=recorder, clock=clock, seed=iter(range(1, 10_000)).__next__)
    await svc.startup(idle_sweeper=False)
    yield svc
    await svc.shutdown()


async def checked(db: Database) -> Audit:
    """``python -m storage audit``'s check, asserted."""
    async with db.read() as conn:
        result = await audit(conn)
    assert result.ok, result
    return result


async def balance(db: Database, user: int) -> int | None:
    async with db.read() as conn:
        return await accounts.peek_balance(conn, GUILD, user)


async def fingerprint(db: Database) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was: every row of every chip-bearing table."""
    async with db.read() as conn:
        out = []
        for sql in (
            "SELECT * FROM ledger ORDER BY id",
            "SELECT * FROM accounts ORDER BY guild_id, user_id",
            "SELECT * FROM tables ORDER BY id",
            "SELECT * FROM seats ORDER BY table_id, user_id",
            "SELECT * FROM results ORDER BY id",
        ):
            out.append([tuple(r) for r in await fetch_all(conn, sql)])
    return tuple(out)


async def play_one(
    service: TableService, db: Database, rng: random.Random, channel: int = CHANNEL
) -> ActionResult:
    """One random legal action by whoever is to act, through a button (with ``expected``)."""
    status = service.status(GUILD, channel)
    assert status.to_act is not None, status
    specs = service.legal_actions(GUILD, channel, status.to_act)
    assert specs, f"{status.to_act} is to act but has no legal action"
    action = rng.choice(specs).sample(rng)
    result = await service.act(GUILD, channel, status.to_act, action, status.expected)
    assert result.table.action_counter == status.action_counter + 1
    await checked(db)
    return result


async def play_deal(
    service: TableService, db: Database, rng: random.Random, channel: int = CHANNEL
) -> ActionResult:
    """Random legal play until the deal is over, auditing the chips after every action."""
    for _ in range(2000):
        result = await play_one(service, db, rng, channel)
        if not result.table.deal_open:
            return result
    raise AssertionError("the deal did not end")
