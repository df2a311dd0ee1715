"""200 operations at once on the one shared connection: no lost update, nothing negative."""

from __future__ import annotations

import asyncio

from storage import ChannelBusy, Database, InsufficientChips, SeatNotFound, accounts, tables
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
