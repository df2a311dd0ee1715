"""200 operations at once on the one shared connection: no lost update, nothing negative."""

from __future__ import annotations

import asyncio
import json

import storage
from storage import (
    Booking,
    ChannelBusy,
    Database,
    InsufficientChips,
    SeatNotFound,
    StaleAction,
    accounts,
    tables,
)
from storage.claims import claim_daily
from storage.db import scalar

from .conftest import GUILD, checked

N = 200


async def test_200_concurrent_debits_lose_no_update_and_never_overdraw(db: Database):
    async def debit(i: int) -> bool:
        try:
            async with db.transaction() as tx:
                return await accounts.remove(tx, GUILD, 1, 7, ref=f"debit:{i}")
        except InsufficientChips:
            return False

    done = await asyncio.gather(*(debit(i) for i in range(N)))
    assert sum(done) == 1000 // 7  # every debit that fitted, and not one more
    async with db.read() as conn:
        assert await accounts.peek_balance(conn, GUILD, 1) == 1000 - 7 * (1000 // 7)
        assert await scalar(conn, "SELECT COUNT(*) FROM ledger WHERE reason = 'admin_removal'") == (
            1000 // 7
        )
    await checked(db)


async def test_200_concurrent_daily_claims_grant_once(db: Database):
    async def claim(user: int) -> bool:
        async with db.transaction() as tx:
            return (await claim_daily(tx, GUILD, user, now=1_800_000_000.0)).granted

    granted = await asyncio.gather(*(claim(1 + i % 2) for i in range(N)))
    assert sum(granted) == 2  # once for each of the two users
    async with db.read() as conn:
        assert await accounts.peek_balance(conn, GUILD, 1) == 1200
        assert await accounts.peek_balance(conn, GUILD, 2) == 1200
    await checked(db)


async def test_200_concurrent_transfers_between_balances_and_stacks(db: Database):
    users = [11, 12, 13, 14]
    async with db.transaction() as tx:
        table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=1, game="pontoon")

    async def move(i: int) -> str:
        user = users[i % len(users)]
        try:
            async with db.transaction() as tx:
                if i % 3 == 2:
                    await tables.cash_out(tx, table_id, user, 40, ref=f"out:{i}")
                    return "out"
                await tables.buy_in(tx, table_id, user, 90, ref=f"in:{i}")
                return "in"
        except InsufficientChips:
            return "refused"
        except SeatNotFound:  # cash-out before the first buy-in created the seat
            return "no seat"

    outcomes = await asyncio.gather(*(move(i) for i in range(N)))
    assert outcomes.count("refused") > 0  # balances ran dry: the guard held
    async with db.read() as conn:
        table = await tables.get(conn, table_id)
        assert table is not None
        for user in users:
            balance = await accounts.peek_balance(conn, GUILD, user)
            assert balance is not None
            assert balance >= 0
            assert balance + table.stacks.get(str(user), 0) == 1000  # nothing lost or made
        assert await scalar(conn, "SELECT MIN(stack) FROM seats") >= 0
    await checked(db)


async def test_concurrent_openers_of_one_channel_get_one_table(db: Database):
    async def opener(i: int) -> int | None:
        try:
            async with db.transaction() as tx:
                return await tables.open_table(tx, guild_id=GUILD, channel_id=5, game="palace")
        except ChannelBusy:
            return None

    opened = await asyncio.gather(*(opener(i) for i in range(20)))
    assert len([t for t in opened if t is not None]) == 1


async def test_200_concurrent_table_bookings_share_commits_and_lose_nothing(db: Database):
    """The table service's path (storage.book): bookings at four tables at once, most
    of them committed together, some refused (stack too short, a counter already passed),
    some repeated (a ref already booked). Each applies whole or not at all."""
    table_ids = []
    async with db.transaction() as tx:
        for channel in range(4):
            table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=channel, game="p")
            for user in (1, 2):
                await tables.buy_in(tx, table_id, user, 100, ref=f"in:{table_id}:{user}")
            table_ids.append(table_id)

    def bet(table_id: int, ref: str, k: int) -> Booking:
        """Action ``k``: 7 chips from player 1 or 2 (turn about) into the pot. Bookings run in
        arrival order, so the pot before action ``k`` holds the 28 bets that fit (at most)."""
        return Booking(
            table_id, ref=ref, snapshot=f'{{"k": {k}}}', deal_number=1, action_counter=k,
            stack_deltas={str(2 - k % 2): -7}, pot=7 * min(k, 29),
        )  # fmt: skip

    async def book(i: int) -> str:
        table_id = table_ids[i % 4]
        if i < 160:  # actions 1..40 at each table: 14 bets of 7 fit in each stack of 100
            k = 1 + i // 4
            ref = f"t:{table_id}:a:{k}"
        elif i % 2:  # the same action again (a double click): applied once
            k = 1 + (i - 160) // 4
            ref = f"t:{table_id}:a:{k}"
        else:  # a new action with a counter the table has passed (a stale button)
            k, ref = 1, f"t:{table_id}:stale:{i}"
        try:
            applied = (await storage.book(db, bet(table_id, ref, k))).applied
        except InsufficientChips:
            return "short"
        except StaleAction:
            return "stale"
        return "booked" if applied else "repeat"

    outcomes = await asyncio.gather(*(book(i) for i in range(N)))
    assert outcomes.count("booked") == 4 * 28
    assert outcomes.count("short") == 4 * 12
    assert outcomes.count("repeat") == outcomes.count("stale") == 20
    async with db.read() as conn:
        for table_id in table_ids:
            table = await tables.get(conn, table_id)
            assert table is not None
            assert table.stacks == {"1": 2, "2": 2}
            assert table.pot == 7 * 28 == table.action_counter * 7
            assert json.loads(table.snapshot or "{}") == {"k": 28}
        booked = await scalar(
            conn, "SELECT COUNT(*) FROM ledger WHERE reason = 'action' AND user_id IS NULL"
        )
    assert booked == 4 * 28
    await checked(db)
