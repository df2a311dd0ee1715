"""Leaving, kicks, empty stacks and idle tables: chips always end where the rules say."""

from __future__ import annotations

import asyncio
import random

from services.tables import ManualClock, TableService
from storage import Database

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, START, Recorder, balance, checked, play_deal


async def _paiute(service: TableService, stake: int = 10, cat: int = 300) -> None:
    await service.open(GUILD, CHANNEL, HOST, "paiute", {"seats": 3, "stake": stake}, buy_in=300)
    await service.join(GUILD, CHANNEL, BOB, 300)
    await service.join(GUILD, CHANNEL, CAT, cat)
    await service.start(GUILD, CHANNEL, HOST)


async def test_a_player_who_leaves_mid_deal_plays_on_by_timeout_then_is_cashed_out(
    service: TableService, db: Database
):
    await _paiute(service)
    left = await service.leave(GUILD, CHANNEL, CAT)
    assert [s.seated for s in left.table.seats if s.user_id == CAT] == [False]
    assert await balance(db, CAT) == START - 300  # the stack is still in the deal
    assert left.table.to_act != CAT  # if it was their turn, it played itself
    over = await play_deal(service, db, random.Random(2))  # CAT's turns never wait
    assert over.settlement is not None
    assert await balance(db, CAT) == START + over.settlement[str(CAT)]
    assert [s.stack for s in over.table.seats if s.user_id == CAT] == [0]
    following = await service.start(GUILD, CHANNEL, HOST)
    assert following.table.view is not None
    dealt = [seat["player"] for seat in following.table.view.model_dump()["seats"]]
    assert str(CAT) not in dealt
    await checked(db)


async def test_an_admin_kicks_the_player_whose_turn_it_is(service: TableService, db: Database):
    await _paiute(service)
    target = service.status(GUILD, CHANNEL).to_act
    assert target is not None
    kicked = await service.kick(GUILD, CHANNEL, target, admin=True)
    assert kicked.table.to_act != target  # their whole turn was played at once
    assert kicked.table.action_counter == 2  # the deal's start, then the kicked turn
    over = await play_deal(service, db, random.Random(3))
    assert over.settlement is not None
    assert await balance(db, target) == START + over.settlement[str(target)]


async def test_a_player_with_an_empty_stack_sits_out_the_next_deal(
    service: TableService, db: Database
):
    await _paiute(service, stake=100, cat=100)  # stakes of 100: a lost deal empties CAT
    rng = random.Random(1)
    for _ in range(20):
        over = await play_deal(service, db, rng)
        stacks = {str(s.user_id): s.stack for s in over.table.seats}
        funded = {p for p, v in stacks.items() if v >= 100}
        following = await service.start(GUILD, CHANNEL, HOST if str(HOST) in funded else BOB)
        assert following.table.view is not None
        dealt = {seat["player"] for seat in following.table.view.model_dump()["seats"]}
        assert dealt == funded
        if funded != set(stacks):
            out = set(stacks) - funded
            assert all(s.seated for s in following.table.seats if str(s.user_id) in out)
            await checked(db)
            return
    raise AssertionError("nobody ran out of chips in 20 deals")


async def test_idle_tables_are_closed_with_refunds(
    service: TableService, db: Database, clock: ManualClock, recorder: Recorder
):
    await _paiute(service)  # a deal in progress: the stakes are in the pot
    await service.open(GUILD, CHANNEL + 1, BOB, "palace", buy_in=100)
    clock.advance(1000)
    await service.open(GUILD, CHANNEL + 2, CAT, "palace", buy_in=100)  # fresh
    assert await service.close_idle() == []
    clock.advance(900)  # the default idle_close_s is 1800
    closed = await service.close_idle()
    assert len(closed) == 2
    assert {t.channel_id for t, _, _ in recorder.closed} == {CHANNEL, CHANNEL + 1}
    assert all(reason.record().startswith("idle") for _, reason, _ in recorder.closed)
    assert await balance(db, HOST) == START
    assert await balance(db, BOB) == START
    assert await balance(db, CAT) == START - 100  # only the fresh table holds CAT's chips
    assert [t.channel_id for t in service.tables()] == [CHANNEL + 2]
    await checked(db)


async def test_the_idle_sweeper_runs_by_itself(db: Database, clock: ManualClock):
    recorder = Recorder()
    service = TableService(db, listener=recorder, clock=clock, idle_check_s=60)
    await service.startup()
    await service.open(GUILD, CHANNEL, HOST, "palace", buy_in=100)
    for _ in range(31):
        clock.advance(60)
        await asyncio.sleep(0.01)
    # Under load a sweep (a database round trip) can outlast a 10 ms step and the sweeper then
    # falls behind the clock: keep its clock moving, a bounded while, until it has swept.
    for _ in range(300):
        if recorder.closed:
            break
        clock.advance(60)
        await asyncio.sleep(0.01)
    assert [t.channel_id for t, _, _ in recorder.closed] == [CHANNEL]
    assert await balance(db, HOST) == START
    await service.shutdown()
