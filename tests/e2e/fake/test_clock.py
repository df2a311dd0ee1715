"""The clock a fake and its bot share: advancing it ends a wait at once, and only a wait whose
time has come."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sandbox.clock import Clock
from services.tables import ManualClock


async def test_an_advance_ends_a_sleep_whose_time_has_come_and_no_other():
    clock = Clock()
    short = asyncio.create_task(clock.sleep(5.0))
    long = asyncio.create_task(clock.sleep(60.0))
    await asyncio.sleep(0.01)
    clock.advance(2.0)
    await asyncio.sleep(0.01)
    assert not short.done()
    clock.advance(3.0)
    await asyncio.wait_for(short, 1.0)  # 5 s on the clock, well under a second of real time
    assert not long.done()
    clock.advance(55.0)
    await asyncio.wait_for(long, 1.0)


async def test_a_deadline_comes_when_the_clock_reaches_it():
    clock = Clock()
    due = clock.now() + timedelta(minutes=15)
    waiting = asyncio.create_task(clock.sleep_until(due))
    await asyncio.sleep(0.01)
    clock.advance(14 * 60)
    await asyncio.sleep(0.01)
    assert not waiting.done()
    clock.advance(60)
    await asyncio.wait_for(waiting, 1.0)


async def test_the_paced_wake_a_settle_may_pass_is_a_sleep_never_a_timer():
    """A settle that passes paced time on the clock (a write waiting for room) must not end a
    turn on its own: under load a turn timer 5 s off was the earliest sleeper, the settle
    passed it, and a second player timed out before the test could look at the table."""
    clock = Clock()
    timer = asyncio.create_task(clock.sleep_until(clock.now() + timedelta(seconds=4)))
    await asyncio.sleep(0.01)
    assert clock.next_paced_wake() is None  # only a timer sleeps: nothing paced to pass
    paced = asyncio.create_task(clock.sleep(5.0))
    await asyncio.sleep(0.01)
    wake = clock.next_paced_wake()
    assert wake is not None
    assert 4.9 < wake <= 5.0  # the paced write, not the earlier timer
    timer.cancel()
    paced.cancel()


async def test_wall_and_monotonic_time_move_together():
    clock = Clock()
    wall, mono = clock.now(), clock.monotonic()
    clock.advance(90.0)
    assert 90.0 <= clock.monotonic() - mono < 91.0
    assert timedelta(seconds=90) <= clock.now() - wall < timedelta(seconds=91)


async def test_a_sleep_still_ends_in_real_time():
    clock = Clock()
    await asyncio.wait_for(clock.sleep(0.02), 1.0)
    await asyncio.wait_for(clock.sleep(-1.0), 1.0)


async def test_the_services_manual_clock_measures_and_sleeps_on_its_own_time():
    clock = ManualClock()
    assert clock.monotonic() == 0.0
    waiting = asyncio.create_task(clock.sleep(30.0))
    await asyncio.sleep(0)
    clock.advance(29.0)
    await asyncio.sleep(0)
    assert not waiting.done()
    clock.advance(1.0)
    await asyncio.wait_for(waiting, 1.0)
    assert clock.monotonic() == 30.0
