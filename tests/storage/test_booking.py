"""``storage.book``: one table step in one transaction, and the table it hands back is the
table as stored (it is built from the step's own read, so this is checked step by step)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

import storage
from storage import Booking, Database, DealResult, StaleAction, stats, tables

from .conftest import GUILD, checked

PLAYERS = ["1", "2", "3"]


async def stored(db: Database, table_id: int) -> tables.Table:
    async with db.read() as conn:
        table = await tables.get(conn, table_id)
    assert table is not None
    return table


async def open_with_players(db: Database) -> int:
    async with db.transaction() as tx:
        table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=5, game="palace")
        for p in PLAYERS:
            await tables.buy_in(tx, table_id, int(p), 300, ref=f"in:{p}")
    return table_id


async def test_random_steps_hand_back_exactly_the_stored_table(db: Database):
    rng = random.Random(4)
    table_id = await open_with_players(db)
    deal, pot = 0, 0
    left: set[str] = set()
    for counter in range(1, 121):
        table = await stored(db, table_id)
        if not table.deal_open:
            deal += 1
        stacks = {s.pid: s.stack for s in table.seats}
        in_deal = [p for p in PLAYERS if stacks[p] > 0]
        over = pot > 0 and rng.random() < 0.3
        if over:
            winner = rng.choice(in_deal)
            deltas, new_pot = {winner: pot}, 0
        else:
            deltas = {p: -min(stacks[p], rng.randint(0, 20)) for p in in_deal}
            new_pot = pot - sum(deltas.values())
        if over and rng.random() < 0.5 and len(left) < 2:
            gone = rng.choice([p for p in PLAYERS if p not in left])
            async with db.transaction() as tx:
                await tables.set_seated(tx, table_id, int(gone), False)
            left.add(gone)
        away = frozenset(rng.sample(PLAYERS, rng.randint(0, 2))) if rng.random() < 0.3 else None
        result = DealResult(GUILD, "palace", pot, deltas, PLAYERS) if over else None
        booking = Booking(
            table_id, ref=f"t:{deal}:{counter}", snapshot=f'{{"c": {counter}}}',
            deal_number=deal, action_counter=counter, stack_deltas=deltas, pot=new_pot,
            deadline=datetime.now(UTC) + timedelta(seconds=rng.randint(1, 90)),
            deal_over=over, away=away, result=result,
            pay_out_ref=f"t:{deal}:out" if over else None,
        )  # fmt: skip
        booked = await storage.book(db, booking)
        assert booked.applied
        assert booked.table == await stored(db, table_id)
        again = await storage.book(db, booking)  # a repeated step books nothing
        assert not again.applied
        assert again.table == await stored(db, table_id)
        pot = new_pot
        if over:
            assert all(s.stack == 0 for s in booked.table.seats if not s.seated)
        await checked(db)
    async with db.read() as conn:
        assert await stats.result(conn, table_id, 1) is not None


async def test_a_refused_step_writes_nothing(db: Database):
    table_id = await open_with_players(db)
    step = Booking(
        table_id, ref="t:1:1", snapshot="{}", deal_number=1, action_counter=1,
        stack_deltas={"1": -10}, pot=10,
    )  # fmt: skip
    await storage.book(db, step)
    before = await stored(db, table_id)
    stale = Booking(
        table_id, ref="t:1:1b", snapshot="{}", deal_number=1, action_counter=1,
        stack_deltas={"2": -10}, pot=20, away=frozenset({"2"}),
    )  # fmt: skip
    with pytest.raises(StaleAction):
        await storage.book(db, stale)
    assert await stored(db, table_id) == before
    await checked(db)
