"""The achievements crash test's child: three tables book steps at once, forever, each step
earning its own achievement (``t<table>:s<counter>`` for user 1), one they all share
(``once`` for user 2) and one step longer of a streak (``run<table>`` for user 3).

Run as ``python -m tests.storage.achievements_crash_child TARGET``; prints ``ready`` once it
has committed something, ``earned USER CODE`` for each achievement a committed step says is
new, and ``booked`` after each round of steps (one per table) has committed, until it is
killed. Each run first books again the last step of every table (a retry
after a crash): that must grant nothing.
"""

from __future__ import annotations

import asyncio
import sys

import storage
from storage import Booking, Database, tables
from storage.achievements import Achieving, Streak

GUILD = 1
CHANNELS = (1, 2, 3)
PLAYERS = (1, 2, 3)


def step(table: tables.Table, counter: int) -> Booking:
    achieving = Achieving(
        GUILD,
        earned=((1, f"t{table.id}:s{counter}"), (2, "once")),
        streaks=(Streak(3, f"run{table.id}", kept=True, length=10**9),),
    )
    return Booking(
        table.id,
        ref=f"table:{table.id}:deal:1:action:{counter}",
        snapshot="{}",
        deal_number=1,
        action_counter=counter,
        stack_deltas={},
        pot=0,
        achieving=achieving,
    )


async def book(db: Database, booking: Booking) -> None:
    booked = await storage.book(db, booking)
    for e in booked.earned:
        sys.stdout.write(f"earned {e.user_id} {e.code}\n")
    sys.stdout.flush()


async def main(target: str) -> None:
    async with Database.open(target) as db:
        async with db.read() as conn:
            found = {t.channel_id: t for t in await tables.load_open(conn)}
        for channel in CHANNELS:
            if channel not in found:
                async with db.transaction() as tx:
                    await tables.open_table(tx, guild_id=GUILD, channel_id=channel, game="x")
        async with db.read() as conn:
            found = {t.channel_id: t for t in await tables.load_open(conn)}
        for table in found.values():
            if table.action_counter:  # the retry of a step booked before the kill
                await book(db, step(table, table.action_counter))
        sys.stdout.write("ready\n")
        sys.stdout.flush()
        while True:
            async with db.read() as conn:
                found = {t.channel_id: t for t in await tables.load_open(conn)}
            await asyncio.gather(*(book(db, step(t, t.action_counter + 1)) for t in found.values()))
            sys.stdout.write("booked\n")
            sys.stdout.flush()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
