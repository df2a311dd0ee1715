"""Seasons as stored (issue 31, item 3), on both backends: a deal counts for the season it
ended in, the seasons after the last are made when first needed, an ended season's podium is
stored once and told once, and balances are never touched."""

from __future__ import annotations

import pytest

from storage import Board, Database, accounts, seasons, stats, tables
from storage.db import scalar

from .conftest import GUILD

DAY = 86_400.0
T0 = 1_800_000_000.0


async def deal(db: Database, table: int, n: int, at: float, changes: dict[str, int]) -> None:
    async with db.transaction() as tx:
        assert await stats.record_result(
            tx,
            guild_id=GUILD,
            table_id=table,
            game="palace",
            deal_number=n,
            pot=sum(v for v in changes.values() if v > 0),
            settlement=changes,
            players=list(changes),
        )
    async with db.transaction() as tx:
        await seasons.record(tx, GUILD, at, changes, list(changes), None)


async def test_deals_count_for_their_season_and_the_podium_is_told_once(db: Database):
    async with db.transaction() as tx:
        await accounts.ensure(tx, GUILD, 1)
        table = await tables.open_table(tx, guild_id=GUILD, channel_id=7, game="palace")
        await tx.execute(
            "INSERT INTO guild_settings (guild_id, data) VALUES (?, ?)",
            (GUILD, '{"season_days": 7}'),
        )
        first = await seasons.start(tx, GUILD, 7, T0, 55)
    assert first is not None
    assert (first.number, first.starts_at, first.ends_at) == (1, T0, T0 + 7 * DAY)
    await deal(db, table, 1, T0 + DAY, {"1": 50, "2": -50})
    await deal(db, table, 2, T0 + 2 * DAY, {"2": 20, "3": -20})
    await deal(db, table, 3, T0 + 20 * DAY, {"3": 90, "1": -90})  # season 3: 2 was quiet
    async with db.read() as conn:
        one = await seasons.board(conn, GUILD, 1, Board.NET, asker=3)
        three = await seasons.board(conn, GUILD, 3, Board.WINS)
        listed = await seasons.listing(conn, GUILD)
        balance = await accounts.peek_balance(conn, GUILD, 1)
    assert [(r.rank, r.user_id, r.value) for r in one.top] == [(1, 1, 50), (2, 3, -20), (3, 2, -30)]
    assert one.asker == stats.Ranked(2, 3, -20)
    assert [(r.user_id, r.value) for r in three.top] == [(3, 1), (1, 0)]
    assert [s.number for s in listed] == [3, 2, 1]
    assert listed[1].ends_at == listed[0].starts_at == T0 + 14 * DAY
    assert balance == 1000  # a season never touches a balance
    async with db.transaction() as tx:
        ended = await seasons.ended(tx, GUILD, T0 + 20 * DAY)
    assert [(s.number, s.channel_id) for s in ended] == [(1, 55), (2, 55)]
    assert ended[0].podium == (stats.Ranked(1, 1, 50),)  # only who came out ahead
    assert ended[1].podium == ()
    async with db.transaction() as tx:
        assert await seasons.mark_posted(tx, GUILD, 1)
        assert not await seasons.mark_posted(tx, GUILD, 1)
        again = await seasons.ended(tx, GUILD, T0 + 20 * DAY)
    assert [s.number for s in again] == [2]


async def test_an_admin_stretches_or_ends_the_running_season(db: Database):
    async with db.transaction() as tx:
        await seasons.start(tx, GUILD, 7, T0, None)
        longer = await seasons.start(tx, GUILD, 30, T0 + DAY, None)
        ended = await seasons.start(tx, GUILD, 0, T0 + 2 * DAY, None)
        none_yet = await seasons.current(tx, GUILD, T0 + 2 * DAY)
        second = await seasons.start(tx, GUILD, 10, T0 + 3 * DAY, 9)
        rows = await scalar(tx, "SELECT COUNT(*) FROM seasons")
    assert longer is not None
    assert (longer.number, longer.ends_at) == (1, T0 + 30 * DAY)
    assert ended is None
    assert none_yet is None
    assert second is not None
    assert (second.number, second.starts_at, second.channel_id) == (2, T0 + 3 * DAY, 9)
    assert rows == 2


async def test_a_season_board_ranks_only_chips_won_or_deals_won(db: Database):
    async with db.read() as conn:
        with pytest.raises(ValueError, match="chips won or deals won"):
            await seasons.board(conn, GUILD, 1, Board.BALANCE)
