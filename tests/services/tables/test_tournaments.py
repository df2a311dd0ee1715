"""Sit-and-go tournaments (issue 32) on the table service, a real database and the real
engines, time on the manual clock: a whole tournament of each game with computers plays to
its end and pays the pool by place with the audit green; stakes rise by level; a restart
resumes it; an admin close refunds every buy-in; what a tournament forbids is refused."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator, Awaitable
from contextlib import closing

import pytest

from bot.refusal import table_refusal
from bot.text import catalog
from services.tables import ManualClock, TableService
from services.tournaments import Report, TournamentError, TournamentService
from storage import Database, form, players, stats, tournaments
from storage.db import scalar

from .conftest import (
    CHANNEL,
    GUILD,
    HOST,
    START,
    Recorder,
    balance,
    checked,
    fingerprint,
    play_one,
)

BOB = 102
DELAY = 1.5
PAUSE = 1.0


class Events(Recorder):
    """Every report the services make by themselves, in one queue, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.any: asyncio.Queue[object] = asyncio.Queue()
        self.reports: list[Report] = []

    async def computer_acted(self, report: object) -> None:
        await self.any.put(report)

    async def timeout_applied(self, report: object) -> None:
        await self.any.put(report)

    async def tournament_report(self, report: Report) -> None:
        self.reports.append(report)
        await self.any.put(report)


@pytest.fixture
def events() -> Events:
    return Events()


async def _services(
    db: Database, clock: ManualClock, events: Events
) -> tuple[TableService, TournamentService]:
    tables = TableService(db, listener=events, clock=clock, seed=iter(range(1, 10_000)).__next__)
    tourney = TournamentService(tables, listener=events, pause_s=PAUSE)
    await tables.startup(idle_sweeper=False)
    await tourney.startup()
    return tables, tourney


@pytest.fixture
async def services(
    db: Database, clock: ManualClock, events: Events
) -> AsyncIterator[tuple[TableService, TournamentService]]:
    tables, tourney = await _services(db, clock, events)
    yield tables, tourney
    await tourney.shutdown()
    await tables.shutdown()


async def _play_to_end(
    tables: TableService,
    db: Database,
    clock: ManualClock,
    events: Events,
    rng: random.Random,
    *,
    until_deal: int | None = None,
) -> None:
    """The people play at random, the computers and the pauses on the clock, until the
    tournament is over (or deal ``until_deal`` has begun)."""
    for _ in range(20_000):
        if events.reports and events.reports[-1].finished:
            return
        status = tables.status(GUILD, CHANNEL)
        if until_deal is not None and status.deal_number >= until_deal:
            return
        if status.deal_open and status.to_act is not None and status.to_act > 0:
            await play_one(tables, db, rng)
            continue
        clock.advance(DELAY + 0.5)
        await asyncio.wait_for(events.any.get(), timeout=10)
    raise AssertionError("the tournament did not end")


async def _entrants(db: Database) -> list[tuple[int, int | None, int]]:
    async with db.read() as conn:
        t = await tournaments.of_table(conn, 1)
    assert t is not None
    return sorted((e.user_id, e.place, e.prize) for e in t.entrants)


@pytest.mark.parametrize(
    ("game", "payouts"), [("pontoon", "top2"), ("paiute", "winner"), ("palace", "top3")]
)
async def test_a_whole_tournament_with_computers_pays_the_pool_by_place(
    services, db, clock, events, game, payouts
):
    tables, tourney = services
    await tourney.open(
        GUILD, CHANNEL, HOST, game, seats=4, buy_in=200, speed="turbo", payouts=payouts,
        computer_delay=DELAY,
    )  # fmt: skip
    await tourney.register(GUILD, CHANNEL, HOST)
    assert await balance(db, HOST) == START - 200
    started = await tourney.add_computers(GUILD, CHANNEL, HOST, 3)
    assert started.state == "running"
    assert started.prize_pool == 800
    table = tables.status(GUILD, CHANNEL)
    assert len(table.seats) == 4
    assert sum(s.stack for s in table.seats) + table.pot == 800
    await checked(db)

    await _play_to_end(tables, db, clock, events, random.Random(7))

    end = events.reports[-1]
    assert end.finished
    assert end.tournament.state == "finished"
    places = [(u, p or 0, z) for u, p, z in await _entrants(db)]
    assert sorted(p for _, p, _ in places) == [1, 2, 3, 4]
    paid = {"winner": [800], "top2": [520, 280], "top3": [400, 240, 160]}[payouts]
    assert sorted((prize for _, _, prize in places), reverse=True)[: len(paid)] == paid
    host_place, host_prize = next((p, z) for u, p, z in places if u == HOST)
    assert host_prize == (paid[host_place - 1] if host_place <= len(paid) else 0)
    assert await balance(db, HOST) == START - 200 + host_prize
    assert [r.tournament.level for r in events.reports] == sorted(
        r.tournament.level for r in events.reports
    )
    assert events.reports[-1].tournament.level > 1  # the stakes rose on the schedule
    for report in events.reports:  # nobody out is dealt in; Pontoon's bank passes them by
        if report.dealt is None:
            continue
        out = {players.pid(p.user_id) for p in report.tournament.entrants if p.place is not None}
        dealt_in = {s.pid for s in report.dealt.table.seats if s.in_deal}
        assert len(dealt_in) >= 2
        assert not out & dealt_in, (out, dealt_in)
        view = report.dealt.table.view
        if game == "pontoon":
            assert view.banker not in out
    await checked(db)
    async with db.read() as conn:
        board = await tournaments.board(conn, GUILD)
    assert [(s.user_id, s.played, s.prizes) for s in board] == [(HOST, 1, host_prize)]
    # the deals are recorded (histories, replays, proofs) but are nobody's cash stats: a
    # player who went out read "net -196" beside the 200 the buy-in took
    async with db.read() as conn:
        recorded = await scalar(conn, "SELECT COUNT(*) FROM results WHERE table_id = 1")
        mine = await stats.get_stats(conn, GUILD, HOST)
        chart = await form.recent_deals(conn, GUILD, players.pid(HOST), "2000-01-01")
    assert recorded
    assert recorded > 0
    assert mine == {}
    assert chart == []


async def test_each_level_deals_with_its_stakes(services, db, clock, events):
    tables, tourney = services
    await tourney.open(GUILD, CHANNEL, HOST, "paiute", seats=3, buy_in=1000, speed="turbo")
    await tourney.register(GUILD, CHANNEL, HOST)
    await tourney.add_computers(GUILD, CHANNEL, HOST, 2)
    assert tables.status(GUILD, CHANNEL).options["stake"] == 20
    await _play_to_end(tables, db, clock, events, random.Random(3), until_deal=4)
    assert tables.status(GUILD, CHANNEL).options["stake"] == 40  # turbo: three deals a level
    level = tourney.find(GUILD, CHANNEL)
    assert level is not None
    assert level.level == 2
    assert level.deals_to_next == 2


async def test_a_restart_resumes_the_tournament_where_it_was(target, clock):
    events = Events()
    async with Database.open(target) as db:
        tables, tourney = await _services(db, clock, events)
        await tourney.open(GUILD, CHANNEL, HOST, "pontoon", seats=3, buy_in=300, speed="turbo")
        await tourney.register(GUILD, CHANNEL, HOST)
        await tourney.add_computers(GUILD, CHANNEL, HOST, 2)
        await _play_to_end(tables, db, clock, events, random.Random(5), until_deal=5)
        before = tourney.find(GUILD, CHANNEL)
        await tourney.shutdown()
        await tables.shutdown()
    assert before is not None
    events = Events()
    async with Database.open(target) as db:
        tables, tourney = await _services(db, clock, events)
        again = tourney.find(GUILD, CHANNEL)
        assert again is not None
        assert (again.level, again.entrants) == (before.level, before.entrants)
        await _play_to_end(tables, db, clock, events, random.Random(6))
        assert events.reports[-1].finished
        await checked(db)
        await tourney.shutdown()
        await tables.shutdown()


async def test_an_admin_close_refunds_every_buy_in(services, db, clock, events):
    tables, tourney = services
    await tourney.open(GUILD, CHANNEL, HOST, "palace", seats=3, buy_in=200)
    await tourney.register(GUILD, CHANNEL, HOST)
    await tourney.register(GUILD, CHANNEL, BOB)
    await tourney.start(GUILD, CHANNEL, HOST)
    await _play_to_end(tables, db, clock, events, random.Random(2), until_deal=3)
    closed = await tables.close(GUILD, CHANNEL, 999, admin=True)
    assert closed.paid_out == {str(HOST): 200, str(BOB): 200}  # what the bot says they got
    assert await balance(db, HOST) == START
    assert await balance(db, BOB) == START
    async with db.read() as conn:
        t = await tournaments.of_table(conn, 1)
    assert t is not None
    assert t.state == "cancelled"
    await checked(db)


async def _refused(db: Database, call: Awaitable[object], variant: str) -> None:
    """Refused with ``variant``, in readable English, changing nothing."""
    before = await fingerprint(db)
    with pytest.raises(TournamentError) as bad:
        await call
    assert bad.value.variant == variant
    words = catalog("en").text(table_refusal(bad.value))
    assert words[0].isupper(), words
    assert await fingerprint(db) == before


async def test_what_a_tournament_forbids_is_refused_in_words_changing_nothing(services, db):
    tables, tourney = services
    await _refused(db, tourney.register(GUILD, CHANNEL, HOST), "none")
    await _refused(
        db, tourney.open(GUILD, 5, HOST, "pontoon", seats=3, buy_in=200, speed="x"), "speed"
    )
    await _refused(
        db, tourney.open(GUILD, 5, HOST, "pontoon", seats=3, buy_in=200, payouts="all"), "payouts"
    )
    await _refused(db, tourney.open(GUILD, CHANNEL, HOST, "pontoon", seats=3, buy_in=10), "buy_in")
    await tourney.open(GUILD, CHANNEL, HOST, "pontoon", seats=3, buy_in=200)
    await _refused(db, tables.join(GUILD, CHANNEL, BOB, 200), "register_button")
    await tourney.register(GUILD, CHANNEL, HOST)
    await _refused(db, tourney.register(GUILD, CHANNEL, HOST), "registered")
    await _refused(db, tourney.start(GUILD, CHANNEL, HOST), "too_few")
    await _refused(db, tourney.start(GUILD, CHANNEL, BOB), "not_host")
    await _refused(db, tourney.add_computers(GUILD, CHANNEL, HOST, 3), "full")
    await _refused(db, tables.top_up(GUILD, CHANNEL, HOST, 10), "running")
    await _refused(db, tables.leave(GUILD, CHANNEL, HOST), "running")
    await _refused(db, tables.add_computer(GUILD, CHANNEL, HOST), "running")
    await tourney.add_computers(GUILD, CHANNEL, HOST, 2)
    await _refused(db, tourney.register(GUILD, CHANNEL, BOB), "not_registering")
    assert await balance(db, HOST) == START - 200
    await checked(db)


async def test_a_tournament_whose_table_cannot_be_loaded_pays_every_buy_in_back(path, clock):
    events = Events()
    async with Database.open(path) as db:
        tables, tourney = await _services(db, clock, events)
        await tourney.open(GUILD, CHANNEL, HOST, "pontoon", seats=3, buy_in=200)
        await tourney.register(GUILD, CHANNEL, HOST)
        await tourney.register(GUILD, CHANNEL, BOB)
        await tourney.start(GUILD, CHANNEL, HOST)
        await _play_to_end(tables, db, clock, events, random.Random(4), until_deal=3)
        await tourney.shutdown()
        await tables.shutdown()
    with closing(sqlite3.connect(path)) as raw:
        raw.execute('UPDATE tables SET snapshot = \'{"not": "a game"}\'')
        raw.execute("UPDATE tables SET deal_open = 1")
        raw.commit()
    async with Database.open(path) as db:
        tables, tourney = await _services(db, clock, Events())
        assert tables.tables() == []
        assert await balance(db, HOST) == START
        assert await balance(db, BOB) == START
        async with db.read() as conn:
            t = await tournaments.of_table(conn, 1)
        assert t is not None
        assert t.state == "cancelled"
        await checked(db)
        await tourney.shutdown()
        await tables.shutdown()
