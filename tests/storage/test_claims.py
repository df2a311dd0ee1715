"""Daily claims and refills."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from storage import Database, GuildSettings, accounts, settings, tables
from storage.claims import Outcome, claim_daily, claim_refill, daily_opens_at
from storage.db import Conn, scalar

from .conftest import GUILD, checked

T0 = 1_800_000_000.0
DAY = 86_400


async def test_daily_grants_once_per_cooldown(db: Database):
    async with db.transaction() as tx:
        first = await claim_daily(tx, GUILD, 1, now=T0)
        again = await claim_daily(tx, GUILD, 1, now=T0 + DAY - 1)
        later = await claim_daily(tx, GUILD, 1, now=T0 + DAY)
    assert first.granted
    assert (first.amount, first.balance, first.next_at) == (200, 1200, T0 + DAY)
    assert again.outcome is Outcome.COOLDOWN
    assert (again.amount, again.balance, again.next_at) == (0, 1200, T0 + DAY)
    assert later.granted
    assert later.balance == 1400
    audit = await checked(db)
    assert audit.minted == 1400


async def test_daily_amount_and_cooldown_come_from_the_guild(db: Database):
    async with db.transaction() as tx:
        await settings.update(tx, GUILD, daily_amount=50, daily_cooldown_s=60)
        assert (await claim_daily(tx, GUILD, 1, now=T0)).amount == 50
        assert not (await claim_daily(tx, GUILD, 1, now=T0 + 59)).granted
        assert (await claim_daily(tx, GUILD, 1, now=T0 + 60)).granted
        await settings.update(tx, GUILD, daily_amount=0)
        off = await claim_daily(tx, GUILD, 1, now=T0 + 10 * DAY)
    assert off.outcome is Outcome.OFF
    assert off.balance == 1100


async def test_refill_only_for_a_player_with_no_chips_anywhere(db: Database):
    async with db.transaction() as tx:
        await settings.update(tx, GUILD, starting_balance=100, refill_amount=40)
        table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=3, game="paiute")
        await tables.buy_in(tx, table_id, 1, 100, ref="buy")
        assert await accounts.balance(tx, GUILD, 1) == 0
        on_table = await claim_refill(tx, GUILD, 1, now=T0)
        await tables.cash_out(tx, table_id, 1, ref="out", leave=True)
        await accounts.remove(tx, GUILD, 1, 100, ref="gone")
        refilled = await claim_refill(tx, GUILD, 1, now=T0)
        await accounts.remove(tx, GUILD, 1, 40, ref="gone again")
        cooling = await claim_refill(tx, GUILD, 1, now=T0 + 10)
    assert on_table.outcome is Outcome.HAS_CHIPS
    assert refilled.granted
    assert refilled.balance == 40
    assert cooling.outcome is Outcome.COOLDOWN
    await checked(db)


async def test_refill_is_off_when_its_amount_is_zero(db: Database):
    async with db.transaction() as tx:
        await settings.update(tx, GUILD, starting_balance=0, refill_amount=0)
        result = await claim_refill(tx, GUILD, 1, now=T0)
        assert result.outcome is Outcome.OFF
        assert await scalar(tx, "SELECT COUNT(*) FROM ledger") == 0


async def test_settings_defaults_update_and_validation(db: Database):
    async with db.transaction() as tx:
        assert await settings.get(tx, GUILD) == GuildSettings()
        changed = await settings.update(tx, GUILD, min_bet=20, max_bet=200, turn_timeout_s=90)
        assert (await settings.get(tx, GUILD)) == changed
        assert await settings.get(tx, 2) == GuildSettings()  # other guilds unaffected
        with pytest.raises(ValidationError):
            await settings.update(tx, GUILD, min_bet=500)  # above max_bet
        with pytest.raises(ValidationError):
            await settings.update(tx, GUILD, daily_amount=-1)
    async with db.read() as conn:
        kept = await settings.get(conn, GUILD)
    assert (kept.min_bet, kept.max_bet, kept.turn_timeout_s) == (20, 200, 90)


async def test_daily_opens_at_reads_without_claiming(db: Database):
    """What ``/refill``'s refusal asks before it suggests ``/daily`` (issue 33.10)."""
    async with db.transaction() as tx:
        assert await claim_daily_opens(tx) == 0.0  # never claimed: open now
        await claim_daily(tx, GUILD, 1, now=T0)
        assert await claim_daily_opens(tx) == T0 + DAY
        assert await claim_daily_opens(tx) == T0 + DAY  # reading claimed nothing
        await settings.update(tx, GUILD, daily_amount=0)
        assert await claim_daily_opens(tx) is None


async def claim_daily_opens(tx: Conn) -> float | None:
    return await daily_opens_at(tx, GUILD, 1)


async def test_a_young_account_gets_no_free_chips_until_it_is_old_enough(db: Database):
    """Issue 31: ``/daily`` and ``/refill`` only for accounts older than the guild's minimum
    (default 7 days); refused with when it will be, and nothing written for the newcomer."""
    made = T0 - 3 * DAY  # three days old at T0
    async with db.transaction() as tx:
        daily = await claim_daily(tx, GUILD, 1, now=T0, account_created=made)
        refill = await claim_refill(tx, GUILD, 1, now=T0, account_created=made)
        assert await scalar(tx, "SELECT COUNT(*) FROM ledger") == 0
        assert await scalar(tx, "SELECT COUNT(*) FROM accounts") == 0
        assert await scalar(tx, "SELECT COUNT(*) FROM claims") == 0
        week = await claim_daily(tx, GUILD, 1, now=made + 7 * DAY, account_created=made)
        await settings.update(tx, GUILD, claim_min_account_days=0)
        anyone = await claim_daily(tx, GUILD, 2, now=T0, account_created=T0 - 60)
        await settings.update(tx, GUILD, claim_min_account_days=2)
        two_days = await claim_daily(tx, GUILD, 3, now=T0, account_created=made)
    assert (daily.outcome, daily.amount, daily.balance) == (Outcome.TOO_NEW, 0, 0)
    assert daily.next_at == refill.next_at == made + 7 * DAY
    assert refill.outcome is Outcome.TOO_NEW
    assert week.granted
    assert anyone.granted
    assert two_days.granted
    await checked(db)
