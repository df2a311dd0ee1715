"""Accounts and the ledger: every movement a row, refused ones change nothing, refs apply once."""

from __future__ import annotations

import pytest

from storage import Database, InsufficientChips, Reason, accounts, ledger, settings, tables
from storage.db import fetch_all, scalar

from .conftest import GUILD, INTEGRITY_ERRORS, checked


async def _rows(db: Database) -> list[tuple[str, str, int, int]]:
    async with db.read() as conn:
        rows = await fetch_all(conn, "SELECT ref, reason, balance_delta, minted FROM ledger")
    return [(r[0], r[1], r[2], r[3]) for r in rows]


async def test_first_use_creates_the_account_with_a_starting_grant_row(db: Database):
    async with db.transaction() as tx:
        assert await accounts.balance(tx, GUILD, 42) == 1000
        assert await accounts.ensure(tx, GUILD, 42) is False
    assert await _rows(db) == [(f"start:{GUILD}:42", "starting_grant", 1000, 1000)]
    audit = await checked(db)
    assert audit.minted == audit.balances == 1000


async def test_starting_balance_comes_from_the_guild_settings(db: Database):
    async with db.transaction() as tx:
        await settings.update(tx, 2, starting_balance=250)
        assert await accounts.balance(tx, 2, 42) == 250
        assert await accounts.balance(tx, GUILD, 42) == 1000  # other guild, other account


async def test_a_guild_starting_at_zero_writes_no_empty_grant(db: Database):
    async with db.transaction() as tx:
        await settings.update(tx, 3, starting_balance=0)
        assert await accounts.balance(tx, 3, 1) == 0
    assert await _rows(db) == []


async def test_admin_grant_mints_and_removal_removes(db: Database):
    async with db.transaction() as tx:
        assert await accounts.grant(tx, GUILD, 1, 500, ref="grant:1")
        assert await accounts.remove(tx, GUILD, 1, 300, ref="remove:1")
        assert await accounts.balance(tx, GUILD, 1) == 1200
    audit = await checked(db)
    assert (audit.minted, audit.removed) == (1500, 300)
    reasons = [r[1] for r in await _rows(db)]
    assert reasons == ["starting_grant", "admin_grant", "admin_removal"]


async def test_insufficient_chips_is_a_typed_error_and_changes_nothing(db: Database):
    async with db.transaction() as tx:
        await accounts.ensure(tx, GUILD, 1)
    before = await _rows(db)
    async with db.transaction() as tx:
        with pytest.raises(InsufficientChips) as refused:
            await accounts.remove(tx, GUILD, 1, 1001, ref="remove:big")
        # the caller caught it and commits: still nothing of the refused removal is written
    assert refused.value.needed == 1001
    assert refused.value.user_id == 1
    assert await _rows(db) == before
    async with db.read() as conn:
        assert await accounts.peek_balance(conn, GUILD, 1) == 1000
    await checked(db)


async def test_a_repeated_ref_applies_once(db: Database):
    async with db.transaction() as tx:
        assert await accounts.grant(tx, GUILD, 1, 100, ref="grant:dup") is True
    async with db.transaction() as tx:
        assert await accounts.grant(tx, GUILD, 1, 100, ref="grant:dup") is False
        assert await accounts.remove(tx, GUILD, 1, 5, ref="grant:dup") is False
        assert await accounts.balance(tx, GUILD, 1) == 1100
    await checked(db)


async def test_the_balance_check_constraint_backs_the_guarded_update(db: Database):
    async with db.transaction() as tx:
        await accounts.ensure(tx, GUILD, 1)
    with pytest.raises(INTEGRITY_ERRORS, match=r"(?i)check"):
        async with db.transaction() as tx:
            await tx.execute("UPDATE accounts SET balance = -1 WHERE user_id = 1")


async def test_every_reason_is_accepted_by_the_schema_and_others_are_not(db: Database):
    async with db.transaction() as tx:
        for reason in Reason:
            await ledger.write(tx, [ledger.Entry(f"r:{reason}", reason, GUILD)])
    with pytest.raises(INTEGRITY_ERRORS):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO ledger (ref, reason, guild_id) VALUES ('x', 'gift', 1)")


async def test_history_is_newest_first(db: Database):
    async with db.transaction() as tx:
        await accounts.grant(tx, GUILD, 1, 10, ref="a")
        await accounts.grant(tx, GUILD, 1, 20, ref="b")
    async with db.read() as conn:
        entries = await ledger.history(conn, GUILD, 1)
        assert [e.ref for e in entries] == ["b", "a", f"start:{GUILD}:1"]
        assert entries[0].balance_delta == 20
        assert entries[0].reason is Reason.ADMIN_GRANT
        assert await scalar(conn, "SELECT COUNT(*) FROM ledger") == 3


async def test_history_is_the_account_statement_without_the_moves_inside_a_table(db: Database):
    async with db.transaction() as tx:
        table = await tables.open_table(tx, guild_id=GUILD, channel_id=5, game="palace")
        await tables.buy_in(tx, table, 1, 100, ref="in")
        await tables.buy_in(tx, table, 2, 100, ref="in2")
        await tables.save_action(
            tx, table, ref="bet", snapshot="{}", deal_number=1, action_counter=1,
            stack_deltas={"1": -10, "2": -10}, pot=20,
        )  # fmt: skip
        await tables.save_action(
            tx, table, ref="win", snapshot="{}", deal_number=1, action_counter=2,
            stack_deltas={"1": 20}, pot=0, deal_over=True, reason=Reason.SETTLEMENT,
        )  # fmt: skip
        await tables.cash_out(tx, table, 1, ref="out")
    async with db.read() as conn:
        entries = await ledger.history(conn, GUILD, 1)
        stack_rows = await scalar(
            conn, "SELECT COUNT(*) FROM ledger WHERE user_id = 1 AND stack_delta != 0"
        )
    assert [(e.ref, e.balance_delta) for e in entries] == [
        ("out", 110),
        ("in", -100),
        (f"start:{GUILD}:1", 1000),
    ]
    assert stack_rows == 4  # buy-in, bet, win, cash-out: on the ledger, not the statement
    await checked(db)


async def test_grants_must_be_positive_and_of_a_minting_reason(db: Database):
    async with db.transaction() as tx:
        with pytest.raises(ValueError, match="positive"):
            await accounts.grant(tx, GUILD, 1, 0, ref="z")
        with pytest.raises(ValueError, match="not a grant"):
            await accounts.grant(tx, GUILD, 1, 5, ref="z", reason=Reason.BUY_IN)
        with pytest.raises(ValueError, match="positive"):
            await accounts.remove(tx, GUILD, 1, -5, ref="z")


def test_player_ids_are_user_ids_as_strings():
    assert accounts.pid(123) == "123"
    assert accounts.user_id("123") == 123
