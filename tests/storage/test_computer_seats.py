"""Computer players' seats: the house mints their stacks and takes them back, once per ref;
they have no account and no stats, and the audit holds throughout."""

from __future__ import annotations

import pytest

from storage import Database, players, stats, tables
from storage.db import fetch_all

from .conftest import GUILD, checked

HOST = 7


async def _table(db: Database) -> int:
    async with db.transaction() as tx:
        table = await tables.open_table(tx, guild_id=GUILD, channel_id=5, game="palace")
        await tables.buy_in(tx, table, HOST, 100, ref="in:host")
        assert await tables.seat_computer(tx, table, -1, 250, ref="cpu:1:in")
        assert not await tables.seat_computer(tx, table, -1, 250, ref="cpu:1:in")  # once
    return table


def test_computer_ids_are_negative_user_ids_below_and_cpu_ids_above():
    assert players.pid(-3) == "cpu:3"
    assert players.user_id("cpu:3") == -3
    assert players.user_id(players.pid(123)) == 123
    assert players.is_computer(-1)
    assert not players.is_computer_pid("123")


async def test_a_computers_stack_is_minted_and_removed(db: Database):
    table = await _table(db)
    minted = await checked(db)
    assert minted.minted == 1000 + 250  # the host's starting grant and the computer's stack
    async with db.read() as conn:
        row = await tables.get(conn, table)
        accounts = await fetch_all(conn, "SELECT * FROM accounts WHERE user_id < 0")
    assert row is not None
    assert [(s.pid, s.stack) for s in row.seats] == [(str(HOST), 100), ("cpu:1", 250)]
    assert accounts == []
    async with db.transaction() as tx:
        assert await tables.cash_out(tx, table, -1, ref="cpu:1:out", leave=True) == 250
    removed = await checked(db)
    assert removed.removed == 250
    assert removed.stacks == 100


async def test_a_close_gives_a_computers_stack_back_to_the_house(db: Database):
    table = await _table(db)
    async with db.transaction() as tx:
        closed = await tables.close(tx, table, ref="close")
    assert closed is not None
    assert closed.paid_out == {str(HOST): 100, "cpu:1": 250}
    result = await checked(db)
    assert result.stacks == 0
    assert result.removed == 250


async def test_only_a_computer_seat_gets_house_chips(db: Database):
    async with db.transaction() as tx:
        table = await tables.open_table(tx, guild_id=GUILD, channel_id=5, game="palace")
        with pytest.raises(ValueError, match="computer"):
            await tables.seat_computer(tx, table, HOST, 250, ref="x")


async def test_computers_are_in_the_deal_record_but_never_in_stats(db: Database):
    table = await _table(db)
    async with db.transaction() as tx:
        await stats.record_result(
            tx,
            guild_id=GUILD,
            table_id=table,
            game="palace",
            deal_number=1,
            pot=40,
            settlement={str(HOST): -20, "cpu:1": 20},
            players=[str(HOST), "cpu:1"],
        )
    async with db.read() as conn:
        rows = await fetch_all(conn, "SELECT user_id FROM stats")
        recorded = await stats.result(conn, table, 1)
    assert {r["user_id"] for r in rows} == {HOST}
    assert recorded is not None
    assert recorded["players"] == [str(HOST), "cpu:1"]
