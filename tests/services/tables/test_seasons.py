"""A season's rollover across a restart, on the table service's clock advanced past its end
(issue 31, item 3), each backend in turn: the deals before the end count for season 1, the
deals after it for season 2, season 1's podium is stored once and told once, however often
the bot restarts, and no balance is reset."""

from __future__ import annotations

import random
from pathlib import Path

from services.economy import Board, EconomyService
from services.tables import ManualClock, TableService
from storage import Database
from storage.db import scalar

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, Recorder, balance, checked, play_deal

DAY = 86_400


async def deals(db: Database, clock: ManualClock, count: int) -> None:
    service = TableService(db, listener=Recorder(), clock=clock, seed=iter(range(7, 99)).__next__)
    await service.startup(idle_sweeper=False)
    try:
        if service.tables() == []:
            await service.open(GUILD, CHANNEL, HOST, "pontoon", {"seats": 3}, buy_in=500)
            await service.join(GUILD, CHANNEL, BOB, 500)
            await service.join(GUILD, CHANNEL, CAT, 500)
        rng = random.Random(3)
        for _ in range(count):
            started = await service.start(GUILD, CHANNEL, HOST)
            if started.table.deal_open:
                await play_deal(service, db, rng)
    finally:
        await service.shutdown()


async def played(economy: EconomyService, season: int) -> int:
    board = await economy.season_board(GUILD, season, Board.WINS, asker=HOST)
    async with economy.db.read() as conn:
        total = await scalar(
            conn,
            "SELECT SUM(played) FROM season_stats WHERE guild_id = ? AND season = ?",
            (GUILD, season),
        )
    assert board.season == season
    return int(total or 0)


async def test_a_season_rolls_over_across_a_restart_and_its_podium_is_told_once(
    target: str | Path,
):
    clock = ManualClock()
    async with Database.open(target) as db:
        economy = EconomyService(db)
        start = clock.now().timestamp()
        await economy.set_season_days(GUILD, 7, now=start, channel=CHANNEL)
        await deals(db, clock, 3)
        assert await played(economy, 1) == 9  # three players, three deals
        held = (await balance(db, HOST), await balance(db, BOB))
    clock.advance(8 * DAY)  # the bot was down past the season's end
    async with Database.open(target) as db:  # the restart
        economy = EconomyService(db)
        await deals(db, clock, 2)
        now = clock.now().timestamp()
        current, listed = await economy.seasons(GUILD, now)
        assert current is not None
        assert current.number == 2
        assert [s.number for s in listed] == [2, 1]
        assert await played(economy, 1) == 9
        assert await played(economy, 2) == 6
        ended = await economy.seasons_ended(GUILD, now)
        assert [s.number for s in ended] == [1]
        podium = ended[0].podium
        assert podium is not None
        assert all(p.value > 0 for p in podium)
        assert await economy.season_told(GUILD, 1)
        assert (await balance(db, HOST), await balance(db, BOB)) == held  # never reset
        await checked(db)
    async with Database.open(target) as db:  # and once more: nothing left to tell
        economy = EconomyService(db)
        assert await economy.seasons_ended(GUILD, clock.now().timestamp()) == []
        assert not await economy.season_told(GUILD, 1)
