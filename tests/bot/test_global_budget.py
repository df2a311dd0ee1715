"""The bot's one budget against Discord's global limit (issue 27): never more than ``limit``
requests in any window (a slot is held until a window after its answer), a burst is paced
rather than refused, table updates go before lower-value work, which also leaves them a reserve;
and the per-token budget of the interaction webhook. Time is a clock advanced by the budget's
own waits, never slept."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.client import Parlour
from bot.factory import BotConfig
from bot.global_budget import (
    LIMIT,
    RESERVE,
    GlobalBudget,
    Priority,
    TokenBudget,
    counted,
    lower,
    priority,
    share,
)


class Clock:
    """Monotonic seconds that move only when a test advances them (``run`` advances to each
    wake-up in turn until every request went)."""

    def __init__(self) -> None:
        self.now = 100.0
        self.sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sleepers.append((self.now + seconds, future))
        await future

    async def settle(self) -> None:
        for _ in range(20):
            await asyncio.sleep(0)

    async def run(self, *tasks: asyncio.Future[Any]) -> None:
        """Let the tasks run, advancing to the next wake-up whenever they all wait."""
        await self.settle()
        while not all(t.done() for t in tasks):
            assert self.sleepers, "the requests wait for nothing"
            due, future = min(self.sleepers, key=lambda s: s[0])
            self.sleepers.remove((due, future))
            self.now = max(self.now, due)
            future.set_result(None)
            await self.settle()


def budget(clock: Clock, limit: int = 5, reserve: int = 2) -> GlobalBudget:
    return GlobalBudget(limit=limit, window=1.0, reserve=reserve, clock=clock, sleep=clock.sleep)


async def request(b: GlobalBudget, sent: list[tuple[float, Priority]], wanted: Priority) -> None:
    slot = await b.acquire(wanted)
    sent.append((b.clock(), wanted))
    b.done(slot)


def most_in_a_window(times: list[float], window: float = 1.0) -> int:
    return max(sum(1 for u in times if t <= u < t + window) for t in times)


async def test_a_burst_is_paced_never_more_than_the_limit_in_a_window_and_none_refused():
    clock = Clock()
    b = budget(clock)
    sent: list[tuple[float, Priority]] = []
    await clock.run(*(asyncio.ensure_future(request(b, sent, Priority.TABLE)) for _ in range(23)))
    assert len(sent) == 23  # every request went, none was refused
    times = [t for t, _ in sent]
    assert most_in_a_window(times) == 5
    assert max(times) - min(times) >= 4.0  # 23 requests at 5 a second
    assert b.waited[Priority.TABLE] == 18


async def test_table_updates_go_before_lower_work_that_waits():
    clock = Clock()
    b = budget(clock, limit=4, reserve=1)
    sent: list[tuple[float, Priority]] = []
    low = [asyncio.ensure_future(request(b, sent, Priority.LOW)) for _ in range(6)]
    await clock.settle()
    table = [asyncio.ensure_future(request(b, sent, Priority.TABLE)) for _ in range(6)]
    await clock.run(*low, *table)
    order = [p for _, p in sent]
    # the first lower ones took what was free (keeping the reserve), then every table update
    # that waited went before the lower ones still waiting
    assert order[:3] == [Priority.LOW] * 3
    assert order[3:9] == [Priority.TABLE] * 6
    assert order[9:] == [Priority.LOW] * 3
    assert sent[3][0] == 100.0  # the reserve: the first table update went at once


async def test_lower_work_leaves_the_reserve_for_table_updates():
    clock = Clock()
    b = budget(clock, limit=5, reserve=2)
    with lower():
        assert priority() is Priority.LOW
        slots = [await b.acquire() for _ in range(3)]
    assert priority() is Priority.TABLE
    assert b.room() == 2
    waiting = asyncio.ensure_future(b.acquire(Priority.LOW))
    await asyncio.sleep(0)
    assert not waiting.done()  # the last two are the table's
    table = await b.acquire(Priority.TABLE)  # at once
    assert table.priority is Priority.TABLE
    for slot in slots:
        b.done(slot)
    await clock.run(waiting)  # a window after the answers
    assert clock.now == 101.0


async def test_a_slot_is_held_until_a_window_after_its_answer():
    clock = Clock()
    b = budget(clock, limit=1, reserve=0)
    slot = await b.acquire(Priority.TABLE)
    clock.now += 5  # a slow request: Discord may have counted it only now
    assert b.room() == 0
    b.done(slot)
    clock.now += 0.5
    assert b.room() == 0
    clock.now += 0.5
    assert b.room() == 1


def test_interaction_answers_and_webhooks_are_not_counted():
    assert not counted("/interactions/{interaction_id}/{interaction_token}/callback")
    assert not counted("/webhooks/{webhook_id}/{webhook_token}")
    assert counted("/channels/{channel_id}/messages")
    assert counted("/users/@me/channels")


def test_a_token_takes_its_limit_per_window():
    clock = Clock()
    tokens = TokenBudget(limit=3, window=2.5, clock=clock)
    for _ in range(3):
        assert tokens.room("t") > 0
        tokens.spend("t")
    assert tokens.room("t") == 0
    assert tokens.room("other") == 3
    assert tokens.wait("t") == 2.5
    clock.now += 2.5
    assert tokens.room("t") == 3


def test_a_fleet_on_one_token_asks_discord_for_no_more_than_one_process():
    """Discord counts 50/s per token across processes: each process budgets its shards' part."""
    assert share(1, (0,)) == (LIMIT, RESERVE)
    assert share(4, (0, 1, 2, 3)) == (LIMIT, RESERVE)
    assert share(4, (2,)) == (12, 4)
    assert share(4, (0, 3)) == (24, 8)
    fleet = [share(3, (s,))[0] for s in range(3)]
    assert sum(fleet) <= LIMIT
    assert share(10, (9,)) == (4, 1)  # every process still gets a slot and a reserve


async def test_the_bot_of_one_shard_of_two_budgets_half_the_token(tmp_path: Path):
    bot = Parlour(BotConfig(tmp_path / "parlour.db", shard_count=2, shard_ids=(1,)))
    try:
        assert (bot.global_budget.limit, bot.global_budget.reserve) == (LIMIT // 2, RESERVE // 2)
    finally:
        await bot.close()
