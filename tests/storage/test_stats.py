"""Results, stats and leaderboards: ordering, ties, the asker's rank, indexed reads."""

from __future__ import annotations

import pytest

from storage import Board, Database, accounts, stats
from storage.db import fetch_all

from .conftest import GUILD


async def _deal(db: Database, table: int, n: int, game: str, settlement: dict[str, int]) -> bool:
    async with db.transaction() as tx:
        return await stats.record_result(
            tx,
            guild_id=GUILD,
            table_id=table,
            game=game,
            deal_number=n,
            pot=sum(v for v in settlement.values() if v > 0),
            settlement=settlement,
            players=list(settlement),
            hand_names=dict.fromkeys(settlement, "pair"),
            deck=["As", "Kd"],
            history=[{"kind": "check"}],
        )


async def _tables(db: Database, count: int) -> None:
    async with db.transaction() as tx:
        for channel in range(count):
            await tx.execute(
                "INSERT INTO tables (guild_id, channel_id, game, status) "
                "VALUES (?, ?, 'palace', 'closed')",
                (GUILD, channel),
            )


async def test_a_deal_is_recorded_once_with_its_details(db: Database):
    await _tables(db, 1)
    assert await _deal(db, 1, 1, "palace", {"1": 30, "2": -30})
    assert not await _deal(db, 1, 1, "palace", {"1": 30, "2": -30})
    async with db.read() as conn:
        row = await stats.result(conn, 1, 1)
        mine = await stats.get_stats(conn, GUILD, 1)
    assert row is not None
    assert row["winners"] == ["1"]
    assert row["deck"] == ["As", "Kd"]
    assert row["history"] == [{"kind": "check"}]
    assert mine["palace"] == stats.Stats("palace", 1, 1, 30, 30)
    assert mine["*"] == stats.Stats("*", 1, 1, 30, 30)


async def test_stats_per_game_and_over_all_games(db: Database):
    await _tables(db, 3)
    await _deal(db, 1, 1, "palace", {"1": 50, "2": -50})
    await _deal(db, 2, 1, "pontoon", {"1": -20, "2": 10, "house": 10})
    await _deal(db, 3, 1, "pontoon", {"1": 5, "2": 15, "house": -20})
    async with db.read() as conn:
        one = await stats.get_stats(conn, GUILD, 1)
        two = await stats.get_stats(conn, GUILD, 2)
    assert one["*"] == stats.Stats("*", 3, 2, 35, 50)
    assert one["pontoon"] == stats.Stats("pontoon", 2, 1, -15, 20)
    assert two["pontoon"] == stats.Stats("pontoon", 2, 2, 25, 20)
    assert set(one) == {"*", "palace", "pontoon"}  # the house has no stats


async def test_leaderboard_by_net_orders_ties_and_ranks_the_asker(db: Database):
    await _tables(db, 1)
    await _deal(db, 1, 1, "palace", {"1": 40, "2": 40, "3": -30, "4": -30, "5": -20})
    async with db.read() as conn:
        board = await stats.leaderboard(conn, GUILD, Board.NET, limit=4, asker=4)
    assert [(r.rank, r.user_id, r.value) for r in board.top] == [
        (1, 1, 40),
        (1, 2, 40),
        (3, 5, -20),
        (4, 3, -30),
    ]
    assert board.asker == stats.Ranked(4, 4, -30)  # tied with 3, who is listed


async def test_leaderboard_by_wins_for_one_game(db: Database):
    await _tables(db, 3)
    await _deal(db, 1, 1, "palace", {"1": 10, "2": -10})
    await _deal(db, 2, 1, "paiute", {"2": 10, "1": -10})
    await _deal(db, 3, 1, "paiute", {"2": 10, "3": -10})
    async with db.read() as conn:
        paiute = await stats.leaderboard(conn, GUILD, Board.WINS, game="paiute", asker=1)
        overall = await stats.leaderboard(conn, GUILD, Board.WINS, asker=9)
    assert [(r.user_id, r.value) for r in paiute.top] == [(2, 2), (1, 0), (3, 0)]
    assert paiute.asker == stats.Ranked(2, 1, 0)
    assert [(r.rank, r.user_id, r.value) for r in overall.top] == [(1, 2, 2), (2, 1, 1), (3, 3, 0)]
    assert overall.asker is None  # never played


async def test_leaderboard_by_balance_with_the_asker_outside_the_top(db: Database):
    async with db.transaction() as tx:
        for user in range(1, 8):
            await accounts.grant(tx, GUILD, user, user * 10, ref=f"g{user}")
        await accounts.grant(tx, GUILD, 8, 70, ref="g8")  # ties with user 7
        await accounts.ensure(tx, 2, 99)  # another guild is not on this board
    async with db.read() as conn:
        board = await stats.leaderboard(conn, GUILD, Board.BALANCE, limit=3, asker=1)
        with pytest.raises(ValueError, match="every game"):
            await stats.leaderboard(conn, GUILD, Board.BALANCE, game="palace")
    assert [(r.rank, r.user_id, r.value) for r in board.top] == [
        (1, 7, 1070),
        (1, 8, 1070),
        (3, 6, 1060),
    ]
    assert board.asker == stats.Ranked(8, 1, 1010)


@pytest.mark.parametrize("board", [b for b in Board if b is not Board.RATE])
async def test_leaderboards_read_an_index_in_order(sqlite_db: Database, board: Board):
    """No full scan and no sort at read time: the query plan walks an index (SQLite's plan;
    PostgreSQL's planner picks by its statistics)."""
    db = sqlite_db
    sql_args = {
        Board.BALANCE: (stats._TOP[Board.BALANCE], (GUILD, 10)),
        Board.NET: (stats._TOP[Board.NET], (GUILD, "*", 10)),
        Board.WINS: (stats._TOP[Board.WINS], (GUILD, "*", 10)),
    }
    sql, args = sql_args[board]
    async with db.read() as conn:
        top_plan = await fetch_all(conn, "EXPLAIN QUERY PLAN " + sql, args)
        rank_sql = "EXPLAIN QUERY PLAN " + stats._AHEAD[board]
        rank_plan = await fetch_all(conn, rank_sql, (*args[:-1], 0))
    plan = " ".join(r["detail"] for r in top_plan)
    ahead = " ".join(r["detail"] for r in rank_plan)
    assert "INDEX" in plan
    assert "TEMP B-TREE" not in plan
    assert "INDEX" in ahead


async def test_leaderboard_by_chips_counts_chips_on_open_tables(db: Database):
    """Issue 14, item 15: bob has 150 in the bank and 900 at an open table; a closed table's
    seats count for nothing (its chips went back to the balances)."""
    from storage import tables

    async with db.transaction() as tx:
        for user, chips in ((1, 1000), (2, 1050), (3, 300), (4, 1000)):
            await accounts.grant(tx, GUILD, user, chips, ref=f"g{user}")
        table = await tables.open_table(tx, guild_id=GUILD, channel_id=77, game="pontoon")
        await tables.buy_in(tx, table, 2, 900, ref="b2")
        await tables.buy_in(tx, table, 3, 250, ref="b3")
    async with db.read() as conn:
        board = await stats.leaderboard(conn, GUILD, Board.BALANCE, limit=2, asker=3)
        bob = await stats.leaderboard(conn, GUILD, Board.BALANCE, limit=1, asker=2)
    # balances alone: 1000, 150, 50, 1000 -- with the table: 2000, 2050, 1300, 2000
    assert [(r.rank, r.user_id, r.value) for r in board.top] == [(1, 2, 2050), (2, 1, 2000)]
    assert board.asker == stats.Ranked(4, 3, 1300)
    assert bob.asker == stats.Ranked(1, 2, 2050)
    assert [(r.user_id, r.value) for r in bob.top] == [(2, 2050)]


async def _played(db: Database, results: dict[str, list[int]], game: str = "palace") -> None:
    """Deals at one table each: ``{pid: [change per deal]}``, every deal between the listed
    players (a change of 0: played, not won)."""
    deals = max(len(v) for v in results.values())
    await _tables(db, 1)
    for n in range(deals):
        settlement = {p: v[n] for p, v in results.items() if n < len(v)}
        assert await _deal(db, 1, n + 1, game, settlement)


async def test_a_rate_board_lists_only_players_with_the_minimum_of_deals(db: Database):
    """Issue 31: a fresh account that won its two deals does not top the win-rate board."""
    await _played(
        db,
        {
            "1": [10, 10],  # 2 deals, both won: 100 %, too few deals
            "2": [10, -10, 10, 10, -10],  # 5 deals, 3 won: 60 %
            "3": [-10, 10, -10, -10, 10],  # 5 deals, 2 won: 40 %
            "4": [10, 10, 10, -10, -10],  # 60 %, ties with 2
        },
    )
    async with db.read() as conn:
        board = await stats.leaderboard(conn, GUILD, Board.RATE, min_deals=5, asker=1)
        three = await stats.leaderboard(conn, GUILD, Board.RATE, min_deals=5, asker=3)
        palace = await stats.leaderboard(
            conn, GUILD, Board.RATE, game="palace", min_deals=2, asker=1
        )
    assert [(r.rank, r.user_id, r.value) for r in board.top] == [(1, 2, 60), (1, 4, 60), (3, 3, 40)]
    assert board.asker is None
    assert (board.min_deals, board.asker_played) == (5, 2)
    assert three.asker == stats.Ranked(3, 3, 40)
    assert [(r.rank, r.user_id) for r in palace.top] == [(1, 1), (2, 2), (2, 4), (4, 3)]
    assert palace.asker == stats.Ranked(1, 1, 100)


async def test_computer_players_never_count_on_any_board(db: Database):
    """A computer player's wins are no one's record: not on the rate, wins or net boards."""
    await _played(db, {"cpu:1": [30, 30, 30], "1": [-30, -30, -30]})
    async with db.read() as conn:
        boards = [
            await stats.leaderboard(conn, GUILD, board, min_deals=1, asker=1)
            for board in (Board.RATE, Board.WINS, Board.NET)
        ]
        rows = await fetch_all(conn, "SELECT user_id FROM stats")
    for board in boards:
        assert [r.user_id for r in board.top] == [1]
    assert {r["user_id"] for r in rows} == {1}
