"""The economy service on a real database, each backend in turn: what the economy cog asks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pydantic import ValidationError

from services.economy import (
    ALL_GAMES,
    Board,
    EconomyService,
    Holdings,
    InsufficientChips,
    Outcome,
    account_created,
)
from storage import Database
from storage.audit import audit

GUILD = 1
ANN, BEN = 11, 12
START = 1000
T0 = 1_800_000_000.0
"""A moment after every account of these tests was made (their ids are of 2015)."""


@pytest.fixture
async def db(database_target: str | Path) -> AsyncIterator[Database]:
    async with Database.open(database_target) as database:
        yield database


@pytest.fixture
def economy(db: Database) -> EconomyService:
    return EconomyService(db)


async def audited(db: Database) -> None:
    async with db.read() as conn:
        result = await audit(conn)
    assert result.ok, result


async def test_looking_creates_no_account_but_your_own_balance_does(economy: EconomyService):
    assert await economy.holdings(GUILD, ANN) == Holdings(None, 0)
    assert await economy.holdings(GUILD, ANN, create=True) == Holdings(START, 0)
    assert await economy.holdings(GUILD, ANN) == Holdings(START, 0)


async def test_a_daily_claim_grants_once_per_cooldown(economy: EconomyService, db: Database):
    first = await economy.claim_daily(GUILD, ANN, now=T0)
    again = await economy.claim_daily(GUILD, ANN, now=T0 + 1)
    assert first.granted
    assert first.balance == START + first.amount
    assert again.outcome is Outcome.COOLDOWN
    assert again.next_at == first.next_at
    await audited(db)


async def test_a_refill_is_only_for_a_member_with_no_chips(economy: EconomyService):
    claim = await economy.claim_refill(GUILD, ANN, now=T0)
    assert claim.outcome is Outcome.HAS_CHIPS
    await economy.remove(GUILD, ANN, START, ref="r1")
    refill = await economy.claim_refill(GUILD, ANN, now=T0)
    assert refill.granted
    assert refill.balance == refill.amount > 0


async def test_grant_and_remove_return_the_balance_and_apply_once_per_ref(
    economy: EconomyService, db: Database
):
    assert await economy.grant(GUILD, ANN, 50, ref="g1") == START + 50
    assert await economy.grant(GUILD, ANN, 50, ref="g1") == START + 50
    assert await economy.remove(GUILD, ANN, 30, ref="r1") == START + 20
    with pytest.raises(InsufficientChips):
        await economy.remove(GUILD, ANN, 10_000, ref="r2")
    assert (await economy.holdings(GUILD, ANN)).balance == START + 20
    await audited(db)


async def test_leaderboard_ranks_balances_with_the_askers_line(economy: EconomyService):
    await economy.grant(GUILD, ANN, 500, ref="g1")
    await economy.holdings(GUILD, BEN, create=True)
    board = await economy.leaderboard(GUILD, Board.BALANCE, asker=BEN)
    assert [(r.rank, r.user_id, r.value) for r in board.top] == [
        (1, ANN, START + 500),
        (2, BEN, START),
    ]
    assert board.asker is not None
    assert board.asker.rank == 2


async def test_stats_are_empty_before_any_deal(economy: EconomyService):
    assert await economy.stats(GUILD, ANN) == {}
    assert ALL_GAMES == "*"


async def test_settings_change_validated_together_or_not_at_all(economy: EconomyService):
    assert (await economy.settings(GUILD)).daily_amount == 200
    changed = await economy.update_settings(GUILD, daily_amount=300)
    assert changed.daily_amount == 300
    with pytest.raises(ValidationError):
        await economy.update_settings(GUILD, min_bet=50, max_bet=10)
    assert await economy.settings(GUILD) == changed


def snowflake(created: float) -> int:
    """A Discord user id made at unix second ``created``, as Discord makes them."""
    return (int(created * 1000) - 1_420_070_400_000) << 22 | 7


async def test_free_chips_wait_until_the_discord_account_is_a_week_old(economy: EconomyService):
    """The account's age comes from its id alone; an old account (ANN's tiny id: 2015) claims."""
    made = 1_800_000_000.0
    fresh = snowflake(made)
    assert account_created(fresh) == made
    early = await economy.claim_daily(GUILD, fresh, now=made + 86_400)
    refill = await economy.claim_refill(GUILD, fresh, now=made + 86_400)
    later = await economy.claim_daily(GUILD, fresh, now=made + 7 * 86_400)
    assert early.outcome is refill.outcome is Outcome.TOO_NEW
    assert early.next_at == made + 7 * 86_400
    assert later.granted
    assert (await economy.claim_daily(GUILD, ANN, now=made)).granted


async def test_the_win_rate_board_uses_the_servers_minimum_of_deals(economy: EconomyService):
    await economy.update_settings(GUILD, board_min_deals=3)
    board = await economy.leaderboard(GUILD, Board.RATE, asker=ANN)
    assert (board.top, board.asker, board.min_deals, board.asker_played) == ([], None, 3, 0)
