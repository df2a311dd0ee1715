"""Every amount and every free text is bounded in the services, before anything changes
(issue 18.1 and 18.2), on each backend in turn."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from games.limits import MAX_CHIPS
from services.economy import EconomyService
from services.limits import MAX_TEXT, AmountOutOfRange, TextTooLong
from storage import Database
from storage.audit import audit
from storage.db import fetch_all

GUILD = 1
ANN = 11
START = 1000


@pytest.fixture
async def db(database_target: str | Path) -> AsyncIterator[Database]:
    async with Database.open(database_target) as database:
        yield database


@pytest.fixture
def economy(db: Database) -> EconomyService:
    return EconomyService(db)


async def everything(db: Database) -> tuple[Any, ...]:
    found = []
    async with db.read() as conn:
        for sql in (
            "SELECT * FROM ledger ORDER BY id",
            "SELECT * FROM accounts ORDER BY user_id",
            "SELECT * FROM guild_settings ORDER BY guild_id",
        ):
            found.append([tuple(r) for r in await fetch_all(conn, sql)])
    return tuple(found)


async def test_admin_grant_of_2_62_twice_is_refused_and_the_audit_holds(
    economy: EconomyService, db: Database
):
    await economy.holdings(GUILD, ANN, create=True)
    before = await everything(db)
    for amount in (2**62, MAX_CHIPS + 1, 0, -5):
        with pytest.raises(AmountOutOfRange) as refused:
            await economy.grant(GUILD, ANN, amount, ref=f"g{amount}")
        assert refused.value.field == "amount"
    with pytest.raises(AmountOutOfRange) as refused:  # the ceiling counts what is already held
        await economy.grant(GUILD, ANN, MAX_CHIPS, ref="all")
    assert refused.value.params == {"min": 1, "max": MAX_CHIPS - START}
    assert await everything(db) == before
    assert await economy.grant(GUILD, ANN, MAX_CHIPS - START, ref="top") == MAX_CHIPS
    for amount in (2**62, 0):
        with pytest.raises(AmountOutOfRange):
            await economy.remove(GUILD, ANN, amount, ref=f"r{amount}")
    async with db.read() as conn:
        assert (await audit(conn)).ok


async def test_admin_grant_with_a_100000_character_reason_changes_nothing(
    economy: EconomyService, db: Database
):
    """Issue 18.2: the grant was applied while the admin was told it failed."""
    before = await everything(db)
    with pytest.raises(TextTooLong) as refused:
        await economy.grant(GUILD, ANN, 50, ref="g", reason="x" * 100_000)
    assert (refused.value.field, refused.value.params) == ("reason", {"max": MAX_TEXT})
    with pytest.raises(TextTooLong):
        await economy.remove(GUILD, ANN, 50, ref="r", reason="x" * (MAX_TEXT + 1))
    assert await everything(db) == before
    assert await economy.grant(GUILD, ANN, 50, ref="g", reason="x" * MAX_TEXT) == START + 50


async def test_admin_settings_of_10_19_is_refused_with_the_settings_name(
    economy: EconomyService, db: Database
):
    """Issue 18.1: ``/admin settings`` with 10^19 changed the database and answered nothing."""
    before = await everything(db)
    for name in ("daily_amount", "starting_balance", "max_buy_in", "max_bet_limit"):
        with pytest.raises(AmountOutOfRange) as refused:
            await economy.update_settings(GUILD, **{name: 10**19})
        assert (refused.value.field, refused.value.params["max"]) == (name, MAX_CHIPS)
    with pytest.raises(AmountOutOfRange) as refused:
        await economy.update_settings(GUILD, daily_cooldown_s=10**19)
    assert refused.value.field == "daily_cooldown_s"
    with pytest.raises(ValidationError):
        await economy.update_settings(GUILD, min_buy_in=500, max_buy_in=100)
    assert await everything(db) == before
    changed = await economy.update_settings(GUILD, max_buy_in=MAX_CHIPS, max_tables_per_user=2)
    assert (changed.max_buy_in, changed.max_tables_per_user) == (MAX_CHIPS, 2)


async def test_a_setting_stored_before_its_bound_falls_back_to_its_default(
    economy: EconomyService, db: Database
):
    """A server whose settings were written past the ceiling before it existed still works:
    the bad value reads as its default, the others as stored."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO guild_settings (guild_id, data) VALUES (?, ?)",
            (GUILD, '{"daily_amount": 10000000000000000000, "refill_amount": 7}'),
        )
    server = await economy.settings(GUILD)
    assert (server.daily_amount, server.refill_amount) == (200, 7)
    assert (await economy.claim_daily(GUILD, ANN, now=1_800_000_000.0)).amount == 200
