"""Achievements booked with the step that earned them (issue 31, item 2), on both backends:
once under racing steps on two connections, never for a step booked again, and streaks that
move only with new steps."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import storage
from storage import Booking, Database, achievements, tables
from storage.achievements import Achieving, Earned, Streak
from storage.db import scalar

from .conftest import GUILD

PLAYERS = [1, 2, 3]
STEPS = 12


async def open_table(db: Database, channel: int) -> int:
    async with db.transaction() as tx:
        table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=channel, game="pontoon")
        for p in PLAYERS:
            await tables.buy_in(tx, table_id, p, 50, ref=f"in:{channel}:{p}")
    return table_id


def step(table_id: int, counter: int, achieving: Achieving | None) -> Booking:
    return Booking(
        table_id,
        ref=f"t:{table_id}:{counter}",
        snapshot="{}",
        deal_number=1,
        action_counter=counter,
        stack_deltas={},
        pot=0,
        achieving=achieving,
    )


def pontoon(*users: int) -> Achieving:
    return Achieving(GUILD, tuple((u, "pontoon") for u in users))


async def held(db: Database, user: int) -> list[Earned]:
    async with db.read() as conn:
        return await achievements.earned(conn, GUILD, user)


async def test_racing_steps_on_two_connections_grant_an_achievement_once(
    database_target: str | Path,
):
    """Twelve tables, on two connections to one database, book a step that earns player 1 the
    same achievement at once: one row, and exactly one step says it is new (the one the table
    announces)."""
    async with Database.open(database_target) as one, Database.open(database_target) as two:
        ids = [await open_table(one, channel) for channel in range(STEPS)]
        booked = await asyncio.gather(
            *(
                storage.book(one if i % 2 else two, step(table_id, 1, pontoon(1, 2)))
                for i, table_id in enumerate(ids)
            )
        )
        new = [e for b in booked for e in b.earned]
        assert sorted((e.user_id, e.code) for e in new) == [(1, "pontoon"), (2, "pontoon")]
        assert [e.code for e in await held(one, 1)] == ["pontoon"]
        async with one.read() as conn:
            rows = await scalar(conn, "SELECT COUNT(*) FROM achievements")
        assert rows == 2


async def test_a_step_booked_again_grants_nothing_and_a_refused_one_keeps_nothing(db: Database):
    table_id = await open_table(db, 1)
    first = await storage.book(db, step(table_id, 1, pontoon(3)))
    again = await storage.book(db, step(table_id, 1, pontoon(3)))
    assert [e.code for e in first.earned] == ["pontoon"]
    assert (again.applied, again.earned) == (False, ())
    refused = Booking(
        table_id,
        ref=f"t:{table_id}:2",
        snapshot="{}",
        deal_number=1,
        action_counter=2,
        stack_deltas={"1": -500},  # more than the stack: refused, nothing written
        pot=500,
        achieving=Achieving(GUILD, ((1, "first_win"),)),
    )
    with pytest.raises(storage.StorageError):
        await storage.book(db, refused)
    assert await held(db, 1) == []


async def test_a_streak_counts_new_steps_only_and_earns_at_its_length(db: Database):
    table_id = await open_table(db, 1)
    kept = Achieving(GUILD, streaks=(Streak(1, "steady", kept=True, length=3),))
    broken = Achieving(GUILD, streaks=(Streak(1, "steady", kept=False, length=3),))
    plan = [kept, kept, broken, kept, kept]
    for counter, achieving in enumerate(plan, start=1):
        await storage.book(db, step(table_id, counter, achieving))
    await storage.book(db, step(table_id, 5, kept))  # booked again: not one longer
    async with db.read() as conn:
        assert await achievements.streaks(conn, GUILD, 1) == {"steady": 2}
    assert await held(db, 1) == []
    third = await storage.book(db, step(table_id, 6, kept))
    assert [(e.user_id, e.code) for e in third.earned] == [(1, "steady")]
    later = await storage.book(db, step(table_id, 7, kept))
    assert later.earned == ()
    assert [e.code for e in await held(db, 1)] == ["steady"]
