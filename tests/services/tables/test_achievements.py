"""Achievements through the table service (issue 31, item 2), each backend in turn: granted in
the booking of the step that earned them, announced on the table by that step only (so once),
never for a computer player, and kept but not announced when the server turns it off."""

from __future__ import annotations

import random
from collections import Counter

from services.guild_settings import guild_settings
from services.tables import TableService
from services.tables.events import Achieved
from storage import Database, achievements, stats
from storage.db import fetch_all

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, checked, play_one

DEALS = 8


async def play(service: TableService, db: Database, rng: random.Random) -> list[Achieved]:
    """``DEALS`` Pontoon deals of random legal play; every achievement the table announced."""
    said: list[Achieved] = []
    for _ in range(DEALS):
        step = await service.start(GUILD, CHANNEL, HOST)
        said += [e for e in step.events if isinstance(e, Achieved)]
        while step.table.deal_open:
            step = await play_one(service, db, rng)
            said += [e for e in step.events if isinstance(e, Achieved)]
    return said


async def held(db: Database) -> set[tuple[int, str]]:
    async with db.read() as conn:
        rows = await fetch_all(conn, "SELECT user_id, code FROM achievements")
    return {(int(r["user_id"]), str(r["code"])) for r in rows}


async def test_achievements_are_booked_with_their_step_and_announced_once(
    service: TableService, db: Database
):
    await service.open(GUILD, CHANNEL, HOST, "pontoon", {"seats": 4}, buy_in=500)
    await service.join(GUILD, CHANNEL, BOB, 500)
    await service.join(GUILD, CHANNEL, CAT, 500)
    said = await play(service, db, random.Random(31))
    announced = Counter((int(e.player), e.code) for e in said)
    assert announced, "eight deals earn at least one player's first win"
    assert set(announced.values()) == {1}, announced
    assert set(announced) == await held(db)
    async with db.read() as conn:
        for user in (HOST, BOB, CAT):
            record = (await stats.get_stats(conn, GUILD, user)).get("*")
            mine = {e.code for e in await achievements.earned(conn, GUILD, user)}
            assert ("first_win" in mine) == bool(record and record.won), (user, record, mine)
            going = await achievements.streaks(conn, GUILD, user)
            assert going.get("steady_hand", 0) <= DEALS
    await checked(db)


async def test_a_server_that_turns_announcements_off_still_grants_them(
    service: TableService, db: Database
):
    await guild_settings(db).update(GUILD, announce_achievements=False)
    await service.open(GUILD, CHANNEL, HOST, "pontoon", {"seats": 3}, buy_in=500)
    await service.join(GUILD, CHANNEL, BOB, 500)
    said = await play(service, db, random.Random(31))
    assert said == []
    assert (HOST, "first_win") in await held(db) or (BOB, "first_win") in await held(db)
