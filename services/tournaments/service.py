"""Sit-and-go tournaments on the table service: a table with a tournament row beside it.

The table service plays every deal as at a cash table (its lock, its bookings, its timers,
its computer players, its recovery); this service is its :class:`~services.tables.rules.
TableRules`: it refuses what a tournament does not allow (topping up, leaving with the chips,
joining but by registering), gives each deal its level's stakes and keeps the players who are
out away from it, and, ``pause_s`` after each deal, places the players who can no longer
cover the stakes, raises the level when it is due, and deals again, or, with one player
left, closes the table and pays the pool by place in the close's own transaction. An admin's
(or the idle) close of an unfinished tournament pays every buy-in back instead.

What it keeps is in storage (``storage.tournaments``): the level, since when (the service's
clock) and since which deal, every place; so a restart resumes it where it was: a deal in
play goes on (the table service resumes it), and a tournament between deals deals again.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from datetime import timedelta

from pydantic import BaseModel

from services.tables import TableError, TableService
from services.tables.model import LiveTable
from services.tables.registry import game
from services.tables.rules import TableRules, Within
from services.tables.timers import Timers
from services.tournaments import schedule
from services.tournaments.model import (
    NullTournamentListener,
    Place,
    Report,
    TournamentError,
    TournamentListener,
    TournamentStatus,
)
from storage import Conn, settings, tournaments
from storage.tables import Closed
from storage.tournaments import Standing, Tournament

log = logging.getLogger(__name__)

MIN_PAUSE_S = 0.5
"""The shortest pause between two deals of a tournament."""


class TournamentService(TableRules):
    """Open, register, start; the rest plays itself. Users are Discord ids."""

    def __init__(
        self,
        tables: TableService,
        *,
        listener: TournamentListener | None = None,
        pause_s: float = 3.0,
    ) -> None:
        self.tables = tables
        self.db = tables.db
        self.clock = tables.clock
        self.listener: TournamentListener = listener or NullTournamentListener()
        self.pause_s = pause_s
        self.timers = Timers(self.clock)
        self._by_table: dict[int, Tournament] = {}
        self._owed: dict[int, dict[int, int]] = {}
        """Prizes of a tournament being finished (table id -> user -> chips), for its close."""
        self._lock = asyncio.Lock()
        tables.rules = self

    # -- life cycle -------------------------------------------------------------------------

    async def startup(self) -> None:
        """After the table service's: pick up every unfinished tournament of an open table;
        one between deals deals again after the pause."""
        async with self.db.read() as conn:
            found = await tournaments.unfinished(conn)
        open_tables = {s.table_id: s for s in self.tables.tables()}
        for t in found:
            table = open_tables.get(t.table_id)
            if table is None:  # another process's, or closed as unloadable at this start
                await self._refund_closed(t)
                continue
            self._by_table[t.table_id] = t
            if t.state == "running" and not table.deal_open:
                self._schedule(t.table_id)

    async def _refund_closed(self, t: Tournament) -> None:
        """A tournament whose table was closed without it (its saved game could not be
        loaded: the refund rule paid the stacks back): every buy-in back, as an admin's close
        does. A table still open is another process's, left alone."""
        async with self.db.transaction() as tx:
            paid = await tournaments.paid_at_close(tx, t.table_id)
            if paid is None:
                return
            back = {e.user_id: t.buy_in for e in t.entrants}
            ref = f"tournament:{t.id}:settle"
            await tournaments.settle(tx, t, paid, back, ref=ref, state="cancelled")
        log.warning("tournament %s: its table was closed unloadable; every buy-in paid back", t.id)

    async def shutdown(self) -> None:
        await self.timers.shutdown()

    # -- reading ----------------------------------------------------------------------------

    def find(self, guild: int, channel: int) -> TournamentStatus | None:
        """The channel's tournament, if its table is one."""
        try:
            table = self.tables.status(guild, channel)
        except TableError:  # no table in the channel
            return None
        t = self._by_table.get(table.table_id)
        return None if t is None else self._status(t)

    async def board(self, guild: int, limit: int = 10) -> list[Standing]:
        """The server's tournament board (people only, finished tournaments)."""
        async with self.db.read() as conn:
            return await tournaments.board(conn, guild, limit)

    def _status(self, t: Tournament) -> TournamentStatus:
        now = self.clock.now().timestamp()
        speed = schedule.SPEED[t.speed]
        table = next((s for s in self.tables.tables() if s.table_id == t.table_id), None)
        deal = table.deal_number if table is not None else t.level_deal
        started = t.level_started_at if t.level_started_at is not None else now
        return TournamentStatus(
            id=t.id,
            table_id=t.table_id,
            guild_id=t.guild_id,
            channel_id=table.channel_id if table is not None else 0,
            game=t.game,
            host_id=table.host_id if table is not None else None,
            seats=t.seats,
            buy_in=t.buy_in,
            speed=t.speed,
            payouts=t.payouts,
            state=t.state,
            level=t.level,
            stakes=schedule.stakes(t.game, t.buy_in, t.level),
            next_stakes=schedule.stakes(t.game, t.buy_in, t.level + 1),
            deals_to_next=max(0, speed.deals - (deal - t.level_deal)),
            seconds_to_next=max(0, int(started + speed.minutes * 60 - now)),
            prize_pool=t.prize_pool,
            prizes=tuple(schedule.prizes(t.payouts, t.prize_pool, len(t.entrants))),
            entrants=tuple(Place(e.user_id, e.place, e.prize) for e in t.entrants),
        )

    async def _reload(self, table_id: int) -> Tournament:
        async with self.db.read() as conn:
            t = await tournaments.of_table(conn, table_id)
        assert t is not None  # noqa: S101 - the service created it
        if t.state in ("registering", "running"):
            self._by_table[table_id] = t
        else:
            self._by_table.pop(table_id, None)
        return t

    def _of(self, guild: int, channel: int) -> Tournament:
        status = self.find(guild, channel)
        if status is None:
            raise TournamentError("none")
        return self._by_table[status.table_id]

    # -- lobby ------------------------------------------------------------------------------

    async def open(
        self,
        guild: int,
        channel: int,
        host: int,
        game_name: str,
        *,
        seats: int,
        buy_in: int,
        speed: str = "normal",
        payouts: str = "winner",
        computer_delay: float | None = None,
    ) -> TournamentStatus:
        """Open a tournament table in the channel (nobody registered yet: the host registers
        like everyone, with the button)."""
        g = game(game_name)
        if speed not in schedule.SPEEDS:
            raise TournamentError("speed", known=", ".join(schedule.SPEEDS))
        if payouts not in schedule.PAYOUTS:
            raise TournamentError("payouts", known=", ".join(schedule.PAYOUTS))
        async with self.db.read() as conn:
            server = await settings.get(conn, guild)
        low = max(schedule.MIN_BUY_IN, server.min_buy_in)
        high = min(schedule.MAX_BUY_IN, server.max_buy_in)
        if isinstance(buy_in, bool) or not low <= buy_in <= high:
            raise TournamentError("buy_in", min=low, max=high)
        options: dict[str, object] = {
            **schedule.stakes(g.name, buy_in, 1),
            "seats": seats,
        }
        if computer_delay is not None:
            options["computer_delay"] = computer_delay

        def row(table_id: int) -> Within:
            async def create(tx: Conn) -> None:
                await tournaments.create(
                    tx,
                    table_id=table_id,
                    guild_id=guild,
                    game=g.name,
                    seats=seats,
                    buy_in=buy_in,
                    speed=speed,
                    payouts=payouts,
                )

            return create

        table = await self.tables.open(guild, channel, host, g.name, options, within=row)
        return self._status(await self._reload(table.table_id))

    async def register(self, guild: int, channel: int, user: int) -> TournamentStatus:
        """Pay the buy-in from the balance and take a seat; the last seat starts it."""
        async with self._lock:
            t = self._of(guild, channel)
            self._registering(t)
            if t.entrant(user) is not None:
                raise TournamentError("registered")

            async def enter(tx: Conn) -> None:
                await tournaments.enter(tx, t.id, user, t.buy_in)

            await self.tables.join(guild, channel, user, t.buy_in, within=enter)
            t = await self._reload(t.table_id)
            if len(t.entrants) >= t.seats:
                return await self._start(guild, channel, t)
            return self._status(t)

    async def add_computers(
        self, guild: int, channel: int, user: int, count: int, *, admin: bool = False
    ) -> TournamentStatus:
        """The host fills seats with computer players (their buy-ins minted by the house, as
        at a cash table); the last seat starts it."""
        async with self._lock:
            t = self._of(guild, channel)
            self._host(guild, channel, user, admin)
            self._registering(t)
            room = t.seats - len(t.entrants)
            if not 1 <= count <= room:
                raise TournamentError("full", seats=t.seats)

            def enter(uid: int) -> Within:
                async def entered(tx: Conn) -> None:
                    await tournaments.enter(tx, t.id, uid, t.buy_in)

                return entered

            await self.tables.add_computer(
                guild, channel, user, admin=True, count=count, stack=t.buy_in, within=enter
            )
            t = await self._reload(t.table_id)
            if len(t.entrants) >= t.seats:
                return await self._start(guild, channel, t)
            return self._status(t)

    async def start(
        self, guild: int, channel: int, user: int, *, admin: bool = False
    ) -> TournamentStatus:
        """The host (or an admin) starts it before it is full, with at least two entrants."""
        async with self._lock:
            t = self._of(guild, channel)
            self._host(guild, channel, user, admin)
            self._registering(t)
            if len(t.entrants) < 2:
                raise TournamentError("too_few", have=len(t.entrants))
            return await self._start(guild, channel, t)

    def _host(self, guild: int, channel: int, user: int, admin: bool) -> None:
        if not admin and self.tables.status(guild, channel).host_id != user:
            raise TournamentError("not_host")

    @staticmethod
    def _registering(t: Tournament) -> None:
        if t.state != "registering":
            raise TournamentError("not_registering")

    async def _start(self, guild: int, channel: int, t: Tournament) -> TournamentStatus:
        async with self.db.transaction() as tx:
            await tournaments.set_level(tx, t.id, 1, self.clock.now().timestamp(), 0)
        t = await self._reload(t.table_id)
        dealt = await self.tables.start(guild, channel, 0, admin=True)
        status = self._status(t)
        await self._report(Report(status, dealt=dealt))
        return status

    # -- the table service's rules ----------------------------------------------------------

    def check(self, live: LiveTable, op: str, user: int) -> None:
        t = self._by_table.get(live.id)
        if t is None:
            return
        if op == "join":
            raise TournamentError("register_button")
        raise TournamentError("running")

    def deal(self, live: LiveTable) -> tuple[BaseModel, frozenset[str]]:
        t = self._by_table.get(live.id)
        if t is None or t.state != "running":
            return live.options, frozenset()
        options = live.game.options.model_validate(
            {
                **live.options.model_dump(),
                **schedule.stakes(t.game, t.buy_in, t.level),
            }
        )
        out = frozenset(e.pid for e in t.entrants if e.place is not None)
        return options, out

    def counts(self, live: LiveTable) -> bool:
        """A tournament's deals are in nobody's stats or season: their stacks are tournament
        chips (a player who went out showed a net loss of the stacks they lost, beside the
        buy-in the tournament took); the places and prizes are the record."""
        return live.id not in self._by_table

    def deal_over(self, live: LiveTable) -> None:
        """The next deal in a pause (twice the computers' delay, at most ``pause_s``: the
        time a table gives people to follow it)."""
        if live.id in self._by_table:
            pause = min(self.pause_s, max(MIN_PAUSE_S, 2 * live.config.computer_delay))
            self._schedule(live.id, pause)

    async def closing(self, conn: Conn, live: LiveTable, closed: Closed) -> None:
        t = self._by_table.get(live.id)
        if t is None:
            return
        owed = self._owed.pop(live.id, None)
        ref = f"tournament:{t.id}:settle"
        state = "finished"
        if owed is None:  # unfinished: every buy-in back
            owed, state = {e.user_id: t.buy_in for e in t.entrants}, "cancelled"
        await tournaments.settle(conn, t, closed.paid_out, owed, ref=ref, state=state)
        # what the close says it paid each person is what they got in the end (the bot lists
        # it): their prize or their buy-in, not the stack the table paid back before that
        people = {e.pid: owed.get(e.user_id, 0) for e in t.entrants if e.user_id > 0}
        closed.paid_out.clear()
        closed.paid_out.update({pid: chips for pid, chips in people.items() if chips})
        self._by_table.pop(live.id, None)

    # -- between deals ----------------------------------------------------------------------

    def _schedule(self, table_id: int, pause: float | None = None) -> None:
        when = self.clock.now() + timedelta(seconds=self.pause_s if pause is None else pause)

        async def fire() -> None:
            try:
                await self._between(table_id)
            except Exception:
                log.exception("tournament at table %s: the step between deals failed", table_id)

        self.timers.schedule(table_id, when, fire)

    async def _between(self, table_id: int) -> None:
        """Place the players who cannot cover the next deal, raise the level when due, and
        deal again, or finish."""
        async with self._lock:
            t = self._by_table.get(table_id)
            if t is None or t.state != "running":
                return
            table = next((s for s in self.tables.tables() if s.table_id == table_id), None)
            if table is None or table.deal_open:
                return
            guild, channel = table.guild_id, table.channel_id
            now = self.clock.now().timestamp()
            speed = schedule.SPEED[t.speed]
            started = t.level_started_at or now
            level_up = (
                table.deal_number - t.level_deal >= speed.deals
                or now - started >= speed.minutes * 60
            )
            level = t.level + 1 if level_up else t.level
            need = game(t.game).min_stack(
                game(t.game).options.model_validate(
                    {**table.options, **schedule.stakes(t.game, t.buy_in, level)}
                )
            )
            stacks = {s.user_id: s.stack for s in table.seats}
            alive = [e for e in t.entrants if e.place is None]
            short = [e for e in alive if stacks.get(e.user_id, 0) < need]
            if len(short) == len(alive):  # nobody can cover it: the biggest stack stays in
                keep = max(alive, key=lambda e: stacks.get(e.user_id, 0))
                short = [e for e in short if e is not keep]
            short.sort(key=lambda e: stacks.get(e.user_id, 0))
            out: list[Place] = []
            async with self.db.transaction() as tx:
                for i, e in enumerate(short):
                    place = len(alive) - i
                    await tournaments.place(tx, t.id, e.user_id, place)
                    out.append(Place(e.user_id, place, 0))
                if len(alive) - len(short) <= 1:
                    winner = next(e for e in alive if e not in short)
                    await tournaments.place(tx, t.id, winner.user_id, 1)
                elif level_up:
                    await tournaments.set_level(tx, t.id, level, now, table.deal_number)
            t = await self._reload(table_id)
            if len([e for e in t.entrants if e.place is None]) == 0:
                await self._finish(guild, channel, t, out)
                return
            dealt = await self.tables.start(guild, channel, 0, admin=True)
            await self._report(Report(self._status(t), tuple(out), level_up, dealt))

    async def _finish(self, guild: int, channel: int, t: Tournament, out: list[Place]) -> None:
        paid = schedule.prizes(t.payouts, t.prize_pool, len(t.entrants))
        owed = {
            e.user_id: paid[e.place - 1] for e in t.entrants if e.place and e.place <= len(paid)
        }
        self._owed[t.table_id] = owed
        before, table = self._status(t), self.tables.status(guild, channel)
        closed = await self.tables.close(guild, channel, 0, admin=True)
        async with self.db.read() as conn:
            done = await tournaments.get(conn, t.id)
        assert done is not None  # noqa: S101 - it exists
        status = dataclasses.replace(
            self._status(done), channel_id=before.channel_id, host_id=before.host_id
        )
        await self._report(Report(status, tuple(out), finished=True, closed=(table, closed)))

    async def _report(self, report: Report) -> None:
        try:
            await self.listener.tournament_report(report)
        except Exception:
            log.exception("the tournament listener failed")
