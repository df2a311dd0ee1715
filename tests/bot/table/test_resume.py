"""After a restart the tables are told they are back busiest first: a deal in progress before a
lobby, the turn that runs out first before the others, and more people before fewer."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import UTC, datetime, timedelta

from bot.table._resume import busiest_first, paced
from services.tables import SeatStatus, TableStatus

NOW = datetime(2026, 12, 2, tzinfo=UTC)


def table(table_id: int, *, open_: bool, people: int, deadline_s: float | None) -> TableStatus:
    humans = [
        SeatStatus(user_id=100 + n, stack=100, seated=True, in_deal=open_, away=False)
        for n in range(people)
    ]
    computer = SeatStatus(user_id=-1, stack=100, seated=True, in_deal=open_, away=False)
    seats = (*humans, computer)
    deadline = None if deadline_s is None else NOW + timedelta(seconds=deadline_s)
    status = TableStatus(
        table_id=1, guild_id=1, channel_id=2, game="plain", title="Plain", host_id=100,
        message_id=99, deal_number=1, action_counter=1, deal_open=open_, phase=None,
        to_act=None, deadline=deadline, pot=0, kitty=0, seats=seats,
        max_seats=8, min_buy_in=10, max_buy_in=5000, options={}, view=None,
    )  # fmt: skip
    return dataclasses.replace(status, table_id=table_id)


def test_deals_in_progress_first_then_the_nearest_deadline_then_the_most_people():
    tables = [
        table(1, open_=False, people=1, deadline_s=None),
        table(2, open_=False, people=5, deadline_s=None),
        table(3, open_=True, people=2, deadline_s=50),
        table(4, open_=True, people=2, deadline_s=10),
        table(5, open_=True, people=4, deadline_s=None),
    ]
    assert [t.table_id for t in busiest_first(tables)] == [4, 3, 5, 2, 1]


async def test_pacing_hands_out_every_table_once_in_order():
    tables = [table(n, open_=True, people=2, deadline_s=None) for n in range(5)]

    async def collect() -> list[int]:
        return [t.table_id async for t in paced(tables, per_second=1000.0)]

    assert await asyncio.wait_for(collect(), 5) == [0, 1, 2, 3, 4]
