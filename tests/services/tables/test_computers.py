"""Computer players at the table service, on a real database: their stacks come from the house
(a mint on sitting down, a removal on leaving), they act on the table's timer after their
delay through the same booked path as a person, never reach stats or leaderboards, survive a
restart mid-deal, and a table left with only them closes."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from services.tables import (
    ManualClock,
    NotHost,
    NotSeated,
    TableBusy,
    TableFull,
    TableService,
)
from services.tables.events import CloseReason, Joined, Left
from storage import Board, Database, stats
from storage.db import fetch_all

from .conftest import CHANNEL, GUILD, HOST, START, Recorder, balance, checked, play_one

BUY_IN = 300
DELAY = 1.5


async def _rows(db: Database, sql: str) -> list[tuple[object, ...]]:
    async with db.read() as conn:
        return [tuple(r) for r in await fetch_all(conn, sql)]


async def _open(service: TableService, game: str, computers: int = 2) -> None:
    await service.open(
        GUILD, CHANNEL, HOST, game, {"seats": 3, "computer_delay": DELAY}, buy_in=BUY_IN
    )
    await service.add_computer(GUILD, CHANNEL, HOST, count=computers)


async def _play_deal(
    service: TableService,
    db: Database,
    clock: ManualClock,
    recorder: Recorder,
    rng: random.Random,
    computer_moves: list[str] | None = None,
) -> list[str]:
    """The person plays at random, the computers after their delay; returns who acted (and
    adds the kinds the computers chose to ``computer_moves``)."""
    acted: list[str] = []
    for _ in range(500):
        now = service.status(GUILD, CHANNEL)
        if not now.deal_open:
            return acted
        assert now.to_act is not None
        if now.to_act < 0:  # a computer player: nothing happens until its delay has passed
            clock.advance(DELAY)
            report = await recorder.next_computer()
            assert report.player == f"cpu:{-now.to_act}"
            assert report.table.action_counter > now.action_counter
            acted.append(report.player)
            if computer_moves is not None:
                computer_moves.append(report.action["kind"])
            await checked(db)
        else:
            await play_one(service, db, rng)
            acted.append(str(now.to_act))
    raise AssertionError("the deal did not end")


async def test_sitting_down_mints_the_stack_and_leaving_removes_it(service, db):
    await _open(service, "palace")
    seats = service.status(GUILD, CHANNEL).seats
    computers = [s for s in seats if s.computer]
    assert [s.pid for s in computers] == ["cpu:1", "cpu:2"]
    stack = computers[0].stack
    assert stack > 0
    assert await balance(db, HOST) == START - BUY_IN  # nobody's balance paid for them
    minted = await _rows(
        db, "SELECT user_id, stack_delta, minted, balance_delta FROM ledger "
        "WHERE reason = 'house_result' ORDER BY id",
    )  # fmt: skip
    assert minted == [(-1, stack, stack, 0), (-2, stack, stack, 0)]
    assert await _rows(db, "SELECT * FROM accounts WHERE user_id < 0") == []
    before = await checked(db)
    result = await service.remove_computer(GUILD, CHANNEL, HOST)
    assert result.events == [Left(player="cpu:2", amount=stack, removed=True)]
    after = await checked(db)
    assert after.removed == before.removed + stack
    assert [s.pid for s in result.table.seats if s.seated] == [str(HOST), "cpu:1"]


@pytest.mark.parametrize("game", ["palace", "paiute", "pontoon"])
async def test_a_person_plays_whole_deals_against_two_computers(service, db, clock, recorder, game):
    await _open(service, game)
    rng = random.Random(3)
    everyone: set[str] = set()
    for _ in range(2):
        await service.start(GUILD, CHANNEL, HOST)
        everyone |= set(await _play_deal(service, db, clock, recorder, rng))
    assert {"cpu:1", "cpu:2"} <= everyone
    assert await _rows(db, "SELECT * FROM stats WHERE user_id < 0") == []
    async with db.read() as conn:
        recorded = await stats.result(conn, 1, 2)
        for board in (Board.BALANCE, Board.NET, Board.WINS):
            top = await stats.leaderboard(conn, GUILD, board)
            assert all(line.user_id > 0 for line in top.top)
    assert recorded is not None
    assert {"cpu:1", "cpu:2"} <= set(recorded["players"])  # in the deal's record, not in stats
    assert service.legal_actions(GUILD, CHANNEL, -1) == []
    await checked(db)


async def test_solo_pontoon_computers_stake_instead_of_sitting_out(service, db, clock, recorder):
    """Issue 33: alone with two computers, the person saw them sit out four deals in five.
    With one person seated they keep them company: every deal they punt in, they stake."""
    await _open(service, "pontoon")
    rng = random.Random(5)
    moves: list[str] = []
    for _ in range(6):
        await service.start(GUILD, CHANNEL, HOST)
        await _play_deal(service, db, clock, recorder, rng, moves)
    assert "sit_out" not in moves
    assert moves.count("stake") >= 6  # at least one computer punts in every deal
    await checked(db)


async def test_a_computer_waits_for_its_delay_and_a_stale_turn_does_nothing(
    service, db, clock, recorder
):
    await _open(service, "palace")
    await service.start(GUILD, CHANNEL, HOST)
    rng = random.Random(8)
    while (now := service.status(GUILD, CHANNEL)).to_act != -1:
        if now.to_act is not None and now.to_act > 0:
            await play_one(service, db, rng)
        else:
            clock.advance(DELAY)
            await recorder.next_computer()
    assert now.deadline is None  # no turn timer is shown for a computer
    clock.advance(DELAY / 2)
    for _ in range(5):  # every ready task runs; the timer that is not due stays asleep
        await asyncio.sleep(0)
    assert service.status(GUILD, CHANNEL).action_counter == now.action_counter  # not yet
    clock.advance(DELAY / 2)
    report = await recorder.next_computer()
    assert report.player == "cpu:1"


async def test_a_restart_mid_deal_resumes_the_computers_turn(path: Path, clock: ManualClock):
    rng = random.Random(21)
    async with Database.open(path) as db:
        one = TableService(db, clock=clock, listener=Recorder())
        await one.startup(idle_sweeper=False)
        await _open(one, "paiute")
        await one.start(GUILD, CHANNEL, HOST)
        while (now := one.status(GUILD, CHANNEL)).to_act is not None and now.to_act > 0:
            await play_one(one, db, rng)
        assert now.to_act is not None
        assert now.to_act < 0
        await one.timers.shutdown()  # killed before the computer's delay ran out
    recorder = Recorder()
    async with Database.open(path) as db:
        two = TableService(db, listener=recorder, clock=clock)
        await two.startup(idle_sweeper=False)
        assert two.status(GUILD, CHANNEL).expected == now.expected
        clock.advance(DELAY)
        report = await recorder.next_computer()
        assert report.player == f"cpu:{-now.to_act}"
        assert report.table.action_counter == now.action_counter + 1
        await _play_deal(two, db, clock, recorder, rng)
        await checked(db)
        await two.shutdown()


async def test_only_the_host_between_deals_adds_or_removes_computers(service, db):
    await service.open(GUILD, CHANNEL, HOST, "palace", {"seats": 3}, buy_in=BUY_IN)
    await service.join(GUILD, CHANNEL, 102, BUY_IN)
    with pytest.raises(NotHost):
        await service.add_computer(GUILD, CHANNEL, 102)
    with pytest.raises(NotSeated):
        await service.remove_computer(GUILD, CHANNEL, HOST)
    result = await service.add_computer(GUILD, CHANNEL, 102, admin=True)
    assert [type(e) for e in result.events] == [Joined]
    with pytest.raises(TableFull):
        await service.add_computer(GUILD, CHANNEL, HOST)
    await service.start(GUILD, CHANNEL, HOST)
    with pytest.raises(TableBusy):
        await service.remove_computer(GUILD, CHANNEL, HOST)
    await checked(db)


async def test_a_table_left_with_only_computers_closes(service, db, recorder):
    await _open(service, "pontoon")
    await service.leave(GUILD, CHANNEL, HOST)
    [(table, reason, closed)] = recorder.closed
    assert reason.reason is CloseReason.COMPUTERS
    assert service.tables() == []
    assert await balance(db, HOST) == START
    audit = await checked(db)
    assert audit.stacks == audit.pots == audit.kitties == 0
    assert audit.minted - audit.removed == audit.balances  # the house took its chips back
    assert set(closed.paid_out) == {"cpu:1", "cpu:2"}
    assert table.table_id == 1


async def test_when_the_last_person_leaves_mid_deal_the_computers_finish_it_then_it_closes(
    service, db, clock, recorder
):
    await _open(service, "palace")
    await service.start(GUILD, CHANNEL, HOST)
    await service.leave(GUILD, CHANNEL, HOST)  # their turns play themselves from now on
    assert recorder.closed == []
    for _ in range(200):
        if not service.tables():
            break
        clock.advance(DELAY)
        await recorder.next_computer()
    [(_, reason, _)] = recorder.closed
    assert reason.reason is CloseReason.COMPUTERS
    async with db.read() as conn:
        played = await stats.result(conn, 1, 1)  # the deal was played out
    assert played is not None
    assert await balance(db, HOST) == START + played["settlement"][str(HOST)]
    audit = await checked(db)
    assert audit.stacks == audit.pots == 0
