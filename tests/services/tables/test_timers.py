"""Turn timers: the default action on expiry, away players, deadlines that survive a restart."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path

from services.tables import ManualClock, TableService
from services.tables.timers import Timers
from storage import Database, tables

from .conftest import BOB, CAT, CHANNEL, DAN, GUILD, HOST, Recorder, checked

TIMEOUT = 30


async def _paiute(service: TableService) -> tuple[int, int]:
    """A two-player Paiute deal; returns (the player to act, the other)."""
    await service.open(
        GUILD, CHANNEL, HOST, "paiute", {"seats": 2, "turn_timeout": TIMEOUT}, buy_in=200
    )
    await service.join(GUILD, CHANNEL, BOB, 200)
    started = await service.start(GUILD, CHANNEL, HOST)
    first = started.table.to_act
    assert first is not None
    return first, BOB if first == HOST else HOST


async def _turn(service: TableService, user: int) -> None:
    """A whole turn by ``user``: draw from the stock, discard the card drawn."""
    await service.act(GUILD, CHANNEL, user, {"kind": "draw", "source": "stock"})
    own = service.status(GUILD, CHANNEL, user).view
    assert own is not None
    drawn = own.model_dump(mode="json")["drawn"]
    await service.act(GUILD, CHANNEL, user, {"kind": "discard", "card": drawn})


async def test_a_timed_out_player_gets_the_default_action(
    service: TableService, db: Database, clock: ManualClock, recorder: Recorder
):
    first, other = await _paiute(service)
    status = service.status(GUILD, CHANNEL)
    assert status.deadline == clock.now() + timedelta(seconds=TIMEOUT)
    async with db.read() as conn:
        stored = await tables.get(conn, status.table_id)
    assert stored is not None
    assert stored.deadline == status.deadline  # the deadline lives in storage

    clock.advance(TIMEOUT - 1)
    assert recorder.timeouts.empty()
    clock.advance(2)
    report = await recorder.next_timeout()
    assert report.user_id == first
    assert [a["kind"] for a in report.actions] == ["draw", "discard"]  # the rules' whole turn
    assert report.actions[0]["source"] == "stock"
    assert not report.away
    assert report.table.to_act == other
    assert report.table.action_counter == status.action_counter + 1
    assert report.table.deadline == clock.now() + timedelta(seconds=TIMEOUT)
    await checked(db)


async def test_a_player_who_acts_in_time_is_not_timed_out(
    service: TableService, db: Database, clock: ManualClock, recorder: Recorder
):
    first, other = await _paiute(service)
    clock.advance(TIMEOUT - 5)
    await _turn(service, first)
    clock.advance(10)  # the first deadline has passed, but it was met
    assert recorder.timeouts.empty()
    assert service.status(GUILD, CHANNEL).to_act == other


async def test_two_timeouts_in_a_row_mark_a_player_away_until_they_are_back(
    service: TableService, db: Database, clock: ManualClock, recorder: Recorder
):
    first, other = await _paiute(service)
    clock.advance(TIMEOUT + 1)
    assert not (await recorder.next_timeout()).away
    await _turn(service, other)
    clock.advance(TIMEOUT + 1)
    second = await recorder.next_timeout()
    assert second.user_id == first
    assert second.away
    assert [s.away for s in second.table.seats if s.user_id == first] == [True]

    # the away player's turn now plays itself at once, inside the other player's action
    counter = service.status(GUILD, CHANNEL).action_counter
    await service.act(GUILD, CHANNEL, other, {"kind": "draw", "source": "stock"})
    own = service.status(GUILD, CHANNEL, other).view
    assert own is not None
    drawn = own.model_dump(mode="json")["drawn"]
    result = await service.act(GUILD, CHANNEL, other, {"kind": "discard", "card": drawn})
    assert result.table.to_act == other
    assert result.table.action_counter == counter + 2
    players = [getattr(ev, "player", None) for ev in result.events]
    assert str(first) in players
    assert recorder.timeouts.empty()
    await checked(db)

    await service.back(GUILD, CHANNEL, first)  # "I'm back": their turns wait for them again
    await _turn(service, other)
    assert service.status(GUILD, CHANNEL).to_act == first


async def test_an_away_player_is_still_away_after_a_restart_until_they_are_back(
    target: str | Path, clock: ManualClock
):
    recorder = Recorder()
    async with Database.open(target) as db:
        one = TableService(db, listener=recorder, clock=clock)
        await one.startup(idle_sweeper=False)
        first, other = await _paiute(one)
        clock.advance(TIMEOUT + 1)
        assert not (await recorder.next_timeout()).away
        await _turn(one, other)
        clock.advance(TIMEOUT + 1)
        assert (await recorder.next_timeout()).away
        await one.shutdown()

    async with Database.open(target) as db:
        two = TableService(db, listener=Recorder(), clock=clock)
        [resumed] = await two.startup(idle_sweeper=False)
        assert {s.user_id: s.away for s in resumed.seats} == {first: True, other: False}
        counter = resumed.action_counter
        await _turn(two, other)  # the away player's turn plays itself at once, no timer
        status = two.status(GUILD, CHANNEL)
        assert status.to_act == other
        assert status.action_counter == counter + 2
        await two.back(GUILD, CHANNEL, first)
        await checked(db)
        await two.shutdown()

    async with Database.open(target) as db:
        three = TableService(db, clock=clock)
        [resumed] = await three.startup(idle_sweeper=False)
        assert not any(s.away for s in resumed.seats)  # being back was kept as well
        await three.shutdown()


async def test_deadlines_survive_a_restart(target: str | Path, clock: ManualClock):
    first_recorder, second_recorder = Recorder(), Recorder()
    async with Database.open(target) as db:
        one = TableService(db, listener=first_recorder, clock=clock)
        await one.startup(idle_sweeper=False)
        first, _ = await _paiute(one)
        deadline = one.status(GUILD, CHANNEL).deadline
        await one.shutdown()  # the process stops; the timer task is cancelled
    assert first_recorder.timeouts.empty()

    async with Database.open(target) as db:
        two = TableService(db, listener=second_recorder, clock=clock)
        resumed = await two.startup(idle_sweeper=False)
        assert [t.channel_id for t in resumed] == [CHANNEL]
        assert second_recorder.resumed == [resumed]
        assert resumed[0].deadline == deadline
        assert two.timers.pending(resumed[0].table_id)
        clock.advance(TIMEOUT + 1)
        report = await second_recorder.next_timeout()
        assert report.user_id == first
        await checked(db)
        await two.shutdown()
        assert not two.timers.pending(resumed[0].table_id)


async def test_a_deadline_passed_while_the_bot_was_down_fires_at_start(
    target: str | Path, clock: ManualClock
):
    recorder = Recorder()
    async with Database.open(target) as db:
        one = TableService(db, clock=clock)
        await one.startup(idle_sweeper=False)
        first, _ = await _paiute(one)
        await one.shutdown()
    clock.advance(TIMEOUT * 3)  # down for longer than the turn timer
    async with Database.open(target) as db:
        two = TableService(db, listener=recorder, clock=clock)
        await two.startup(idle_sweeper=False)
        assert (await recorder.next_timeout()).user_id == first
        await two.shutdown()


async def test_the_public_status_is_built_once_per_step_and_shows_who_is_away(
    service: TableService, clock: ManualClock, recorder: Recorder
):
    first, other = await _paiute(service)
    shown = service.status(GUILD, CHANNEL)
    assert service.status(GUILD, CHANNEL) is shown  # the desk asks for it several times a step
    clock.advance(TIMEOUT + 1)
    await recorder.next_timeout()
    await _turn(service, other)
    clock.advance(TIMEOUT + 1)
    await recorder.next_timeout()
    now = service.status(GUILD, CHANNEL)
    assert now.action_counter > shown.action_counter
    assert [s.away for s in now.seats if s.user_id == first] == [True]
    await service.back(GUILD, CHANNEL, first)
    assert [s.away for s in service.status(GUILD, CHANNEL).seats if s.user_id == first] == [False]


async def test_a_palace_timeout_on_the_free_discard_after_a_battle_plays_only_the_discard(
    service: TableService, db: Database, clock: ManualClock, recorder: Recorder
):
    """The winner of a battle times out on their free discard: that one decision is played
    for them (they keep every soldier); their next turn waits for them, on a clock of its own
    (it was played for them too: "@bob keeps every soldier. / @bob stays.")."""
    await service.open(GUILD, CHANNEL, HOST, "palace", {"turn_timeout": TIMEOUT}, buy_in=500)
    for user in (BOB, CAT, DAN):
        await service.join(GUILD, CHANNEL, user, 500)
    started = await service.start(GUILD, CHANNEL, HOST)
    first = started.table.to_act
    assert first is not None
    stayed = await service.act(GUILD, CHANNEL, first, {"kind": "stay"})
    attacker = stayed.table.to_act
    assert attacker is not None
    seats = [s.player for s in started.table.view.seats]  # type: ignore[union-attr]
    defender = int(seats[(seats.index(str(attacker)) + 1) % len(seats)])  # next to play
    await service.act(GUILD, CHANNEL, attacker, {"kind": "bet", "target": str(defender)})
    called = await service.act(GUILD, CHANNEL, defender, {"kind": "call"})
    assert called.table.phase == "discard_step"
    winner = called.table.to_act
    assert winner is not None

    clock.advance(TIMEOUT + 1)
    report = await recorder.next_timeout()
    assert report.user_id == winner
    assert [a["kind"] for a in report.actions] == ["discard_soldiers"]  # one decision
    assert report.table.to_act == winner  # their turn now waits for them
    assert report.table.phase == "play"
    assert report.table.deadline == clock.now() + timedelta(seconds=TIMEOUT)  # its own clock
    assert recorder.timeouts.empty()
    await checked(db)


def firing(timers: Timers) -> bool:
    return timers.firing  # read afresh each time (mypy would narrow the property)


async def test_a_timer_whose_moment_came_is_firing_until_its_step_is_made():
    """What the sandbox's settle waits for: under load a turn's end was still being booked
    when a test looked at the table, which showed the turn not yet timed out."""
    clock = ManualClock()
    timers = Timers(clock)
    release = asyncio.Event()
    done: list[int] = []

    async def fire() -> None:
        await release.wait()  # the step's database write
        done.append(1)

    timers.schedule(1, clock.now() + timedelta(seconds=5), fire)
    await asyncio.sleep(0)
    assert not firing(timers)  # waiting for its moment is not work owed
    clock.advance(5)
    for _ in range(3):
        await asyncio.sleep(0)
    assert firing(timers)
    release.set()
    for _ in range(3):
        await asyncio.sleep(0)
    assert done == [1]
    assert not firing(timers)
    await timers.shutdown()


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_moment_moved_later_fires_once_at_the_later_moment_and_not_before():
    clock = ManualClock()
    timers = Timers(clock)
    fired: list[str] = []

    def firing_as(name: str) -> Callable[[], Awaitable[None]]:
        async def fire() -> None:
            fired.append(name)

        return fire

    timers.schedule(1, clock.now() + timedelta(seconds=5), firing_as("first"))
    await settle()
    timers.schedule(1, clock.now() + timedelta(seconds=10), firing_as("moved"))
    clock.advance(6)  # the first moment: the timer wakes and sleeps on
    await settle()
    assert fired == []
    assert not firing(timers)
    clock.advance(5)
    await settle()
    assert fired == ["moved"]
    timers.schedule(1, clock.now() + timedelta(seconds=30), firing_as("long"))
    await settle()
    timers.schedule(1, clock.now() + timedelta(seconds=1), firing_as("short"))
    clock.advance(2)  # a moment moved earlier replaces the timer
    await settle()
    assert fired == ["moved", "short"]
    clock.advance(60)
    await settle()
    assert fired == ["moved", "short"]
    await timers.shutdown()


async def test_a_moment_set_while_the_timer_fires_is_not_lost():
    """A tournament stalled after a restart: its next step was scheduled while the timer of
    the one before was still running, and only that running timer was told of it."""
    clock = ManualClock()
    timers = Timers(clock)
    release = asyncio.Event()
    fired: list[str] = []

    async def slow() -> None:
        await release.wait()
        fired.append("slow")

    async def later() -> None:
        fired.append("later")

    timers.schedule(1, clock.now() + timedelta(seconds=5), slow)
    await settle()
    clock.advance(5)
    await settle()
    timers.schedule(1, clock.now() + timedelta(seconds=5), later)  # from another task
    release.set()
    await settle()
    clock.advance(5)
    await settle()
    assert fired[-1:] == ["later"]
    await timers.shutdown()
