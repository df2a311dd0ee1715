"""Restarts: a deal continues from its last action; an unloadable table is refunded and closed."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from pathlib import Path

from bot.table import close_reason
from bot.text import catalog
from services.tables import ManualClock, TableService
from storage import Database, stats

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, START, Recorder, balance, checked, play_one


async def _three(service: TableService, game: str) -> None:
    await service.open(GUILD, CHANNEL, HOST, game, {"seats": 3}, buy_in=300)
    await service.join(GUILD, CHANNEL, BOB, 300)
    await service.join(GUILD, CHANNEL, CAT, 300)
    await service.start(GUILD, CHANNEL, HOST)


async def test_a_new_instance_continues_the_deal_from_the_last_action(
    target: str | Path, clock: ManualClock
):
    rng = random.Random(5)
    async with Database.open(target) as db:
        one = TableService(db, clock=clock)
        await one.startup(idle_sweeper=False)
        await _three(one, "paiute")
        for _ in range(7):
            await play_one(one, db, rng)
        before = {u: one.status(GUILD, CHANNEL, u) for u in (None, HOST, BOB, CAT)}
        await one.timers.shutdown()  # killed: its tasks die with it; only the file remains
    recorder = Recorder()
    async with Database.open(target) as db:
        two = TableService(db, listener=recorder, clock=clock)
        await two.startup(idle_sweeper=False)
        assert [t.table_id for t in recorder.resumed[0]] == [before[None].table_id]
        for user, status in before.items():
            again = two.status(GUILD, CHANNEL, user)
            assert again.expected == status.expected
            assert again.to_act == status.to_act
            assert again.view is not None
            assert status.view is not None
            assert again.view.model_dump() == status.view.model_dump()
        # an old button from before the restart is still current; the deal plays on to its end
        result = await play_one(two, db, rng)
        while result.table.deal_open:
            result = await play_one(two, db, rng)
        assert result.settlement is not None
        async with db.read() as conn:
            assert await stats.result(conn, result.table.table_id, 1) is not None
        await two.shutdown()


async def test_a_corrupt_snapshot_closes_the_table_with_every_chip_refunded(
    path: Path, clock: ManualClock
):
    async with Database.open(path) as db:
        one = TableService(db, clock=clock)
        await one.startup(idle_sweeper=False)
        await _three(one, "palace")
        status = one.status(GUILD, CHANNEL)
        assert status.deal_open
        assert status.pot > 0  # the antes are in
        await one.shutdown()
    with closing(sqlite3.connect(path)) as raw:
        raw.execute('UPDATE tables SET snapshot = \'{"not": "a game"}\'')
        raw.commit()
    recorder = Recorder()
    async with Database.open(path) as db:
        two = TableService(db, listener=recorder, clock=clock)
        assert await two.startup(idle_sweeper=False) == []
        [(table, reason, closed)] = recorder.closed
        assert table.table_id == status.table_id
        said = catalog("en").text(close_reason(reason))  # the service says why; the bot words it
        assert "could not be loaded" in said
        assert "refunded" in said
        assert sum(closed.refunded.values()) == status.pot  # each ante back to its player
        for user in (HOST, BOB, CAT):
            assert await balance(db, user) == START
        audit = await checked(db)
        assert audit.stacks == audit.pots == 0
        assert two.tables() == []
        await two.shutdown()


async def test_a_snapshot_that_disagrees_with_the_stored_chips_is_not_trusted(
    path: Path, clock: ManualClock
):
    async with Database.open(path) as db:
        one = TableService(db, clock=clock)
        await one.startup(idle_sweeper=False)
        await _three(one, "paiute")
        await one.shutdown()
    with closing(sqlite3.connect(path)) as raw:  # an older snapshot: pot of another deal
        raw.execute("UPDATE tables SET snapshot = replace(snapshot, '\"pot\":30', '\"pot\":60')")
        raw.commit()
    recorder = Recorder()
    async with Database.open(path) as db:
        two = TableService(db, listener=recorder, clock=clock)
        await two.startup(idle_sweeper=False)
        assert len(recorder.closed) == 1
        for user in (HOST, BOB, CAT):
            assert await balance(db, user) == START
        await checked(db)
        await two.shutdown()


async def _deal_to_end(path: Path, clock: ManualClock, restart_after: int | None) -> object:
    """Three-player Paiute with fixed seeds, random play; optionally a restart mid-deal."""
    rng = random.Random(11)
    async with Database.open(path) as db:
        svc = TableService(db, clock=clock, seed=lambda: 7, deck_secret=lambda: bytes(16))
        await svc.startup(idle_sweeper=False)
        await _three(svc, "paiute")
        steps = 0
        while svc.status(GUILD, CHANNEL).deal_open and steps != restart_after:
            await play_one(svc, db, rng)
            steps += 1
        assert restart_after is None or steps == restart_after  # stopped mid-deal
        await svc.shutdown()
    async with Database.open(path) as db:
        svc = TableService(db, clock=clock, seed=lambda: 7, deck_secret=lambda: bytes(16))
        await svc.startup(idle_sweeper=False)
        while svc.status(GUILD, CHANNEL).deal_open:
            await play_one(svc, db, rng)
        await svc.shutdown()
        async with db.read() as conn:
            recorded = await stats.result(conn, 1, 1)
    assert recorded is not None
    return recorded["settlement"], recorded["history"]


async def test_a_restart_mid_deal_changes_nothing_about_how_the_deal_ends(
    tmp_path: Path, clock: ManualClock
):
    straight = await _deal_to_end(tmp_path / "straight.db", clock, None)
    restarted = await _deal_to_end(tmp_path / "restarted.db", clock, 9)
    assert restarted == straight  # same settlement, same history: the same future
