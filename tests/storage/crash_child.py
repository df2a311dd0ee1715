"""The crash test's child: random ledger operations and table deals, forever, on one database.

Run as ``python -m tests.storage.crash_child DB SEED``; prints ``ready`` once it has committed
something, then keeps going until it is killed. It picks up whatever state the database holds
(a killed predecessor may have left a deal half-played), so every run continues the last.
Each action's snapshot records the stacks, pot and counter it was booked with, so the parent
can check that snapshot and chips were committed together.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import uuid

import storage
from storage import Booking, Database, DealResult, InsufficientChips, accounts, tables
from storage.claims import claim_daily

GUILD = 1
USERS = list(range(1, 13))
CHANNELS = (1, 2, 3)


def snapshot(table: tables.Table, deal: int, counter: int, stacks: dict[str, int], pot: int) -> str:
    return json.dumps(
        {"table": table.id, "deal": deal, "counter": counter, "stacks": stacks, "pot": pot}
    )


async def open_table(db: Database, rng: random.Random, channel: int) -> None:
    players = rng.sample(USERS, 3)
    async with db.transaction() as tx:
        table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=channel, game="palace")
        for user in players:
            amount = rng.randint(50, 300)
            if await accounts.balance(tx, GUILD, user) >= amount:
                await tables.buy_in(tx, table_id, user, amount, ref=f"buy:{table_id}:{user}")


async def step_table(db: Database, rng: random.Random, table: tables.Table) -> None:
    stacks = dict(table.stacks)
    if len([s for s in stacks.values() if s > 0]) < 2 or rng.random() < 0.05:
        async with db.transaction() as tx:
            await tables.close(tx, table.id, ref=f"close:{table.id}")
        return
    counter = table.action_counter + 1
    deal = table.deal_number
    ref = f"table:{table.id}:deal:{deal}:action:{counter}"
    if table.pot and (rng.random() < 0.4 or not any(stacks.values())):  # settle the deal
        winner = rng.choice(sorted(stacks))
        stacks[winner] += table.pot

        # The table service's path: storage.book, alone or in a group commit.
        result = DealResult(
            guild_id=GUILD, game="palace", pot=table.pot, settlement={},
            players=sorted(stacks), winners=[winner],
        )  # fmt: skip
        settle = Booking(
            table.id, ref=ref, snapshot=snapshot(table, deal, counter, stacks, 0),
            deal_number=deal, action_counter=counter,
            stack_deltas={winner: table.pot}, pot=0, deal_over=True, result=result,
        )  # fmt: skip
        await storage.book(db, settle)
        return
    if not table.deal_open:
        deal += 1
        ref = f"table:{table.id}:deal:{deal}:action:{counter}"
    # Bets through the async API (db.transaction), so both paths are killed mid-way.
    deltas = {p: -min(s, rng.randint(1, 30)) for p, s in stacks.items() if s > 0}
    for p, d in deltas.items():
        stacks[p] += d
    pot = table.pot - sum(deltas.values())
    async with db.transaction() as tx:
        await tables.save_action(
            tx, table.id, ref=ref, snapshot=snapshot(table, deal, counter, stacks, pot),
            deal_number=deal, action_counter=counter, stack_deltas=deltas, pot=pot,
        )  # fmt: skip


async def step_account(db: Database, rng: random.Random) -> None:
    user = rng.choice(USERS)
    roll = rng.random()
    async with db.transaction() as tx:
        if roll < 0.4:
            await accounts.grant(tx, GUILD, user, rng.randint(1, 100), ref=str(uuid.uuid4()))
        elif roll < 0.8:
            with contextlib.suppress(InsufficientChips):  # refused: nothing written
                await accounts.remove(tx, GUILD, user, rng.randint(1, 200), ref=str(uuid.uuid4()))
        else:
            await claim_daily(tx, GUILD, user, now=rng.uniform(0, 10**9))


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    async with Database.open(path) as db:
        await step_account(db, rng)
        sys.stdout.write("ready\n")
        sys.stdout.flush()
        while True:
            async with db.read() as conn:
                open_tables = {t.channel_id: t for t in await tables.load_open(conn)}
            # The tables act at once, as in the bot, so settlements share group commits.
            await asyncio.gather(
                *(
                    step_table(db, rng, open_tables[channel])
                    if channel in open_tables
                    else open_table(db, rng, channel)
                    for channel in CHANNELS
                ),
                step_account(db, rng),
            )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
