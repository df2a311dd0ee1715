"""Seats and buy-ins: sitting down, adding chips, standing up, being removed, computer
players, coming back from away.

Each runs under the table's lock and checks what it is asked before anything changes; a
player who stands up during a deal has their turns played by the one step (:mod:`.steps`);
a table left empty, or with computer players only, closes (:mod:`.closing`).
"""

from __future__ import annotations

from collections.abc import Callable

from games.events import GameEvent
from services.tables import computers
from services.tables import errors as e
from services.tables._booking import Chips
from services.tables._checks import check_buy_in, new_ref, reload, storage_refusals
from services.tables.ceiling import check_room
from services.tables.closing import Closer
from services.tables.events import (
    CloseReason,
    Closing,
    HostChanged,
    Joined,
    Leaving,
    Left,
    ToppedUp,
)
from services.tables.house import House
from services.tables.listener import TableListener
from services.tables.model import ActionResult, LiveTable, TableStatus
from services.tables.rules import TableRules, Within
from services.tables.steps import Steps, fork_of, step_result
from storage import tables


class Seats:
    """Who sits at a table, with how many chips (see the module)."""

    def __init__(self, house: House, steps: Steps, closer: Closer) -> None:
        self.house = house
        self.steps = steps
        self.closer = closer
        self.db, self.clock = house.db, house.clock

    @property
    def rules(self) -> TableRules:
        return self.house.rules

    @property
    def listener(self) -> TableListener:
        return self.house.listener

    async def join(
        self, guild: int, channel: int, user: int, buy_in: int, *, within: Within | None = None
    ) -> ActionResult:
        """Sit down with ``buy_in`` chips from the balance. Between deals or before the first;
        during a deal the new player is dealt in from the next one. A full table waits for its
        host: only the host (or the timer) deals. ``within``: the rules' own step (see
        :mod:`.rules`)."""
        async with self.house.locked(guild, channel) as live:
            if within is None:
                self.rules.check(live, "join", user)
            seat = live.seat(user)
            if seat is not None and seat.seated:
                raise e.AlreadySeated()
            if seat is not None and live.in_deal(seat.pid):
                raise e.TableBusy("left_deal")
            if sum(s.seated for s in live.row.seats) >= live.config.seats:
                raise e.TableFull(seats=live.config.seats)
            check_buy_in(live.config, buy_in)
            await self._buy_in(live, user, buy_in, within)
            return step_result(live, [Joined(player=str(user), amount=buy_in)])

    async def top_up(self, guild: int, channel: int, user: int, amount: int) -> ActionResult:
        """Add chips from the balance to the stack, up to the table's maximum buy-in; not
        while the player is in a deal."""
        async with self.house.locked(guild, channel) as live:
            seat = live.seat(user)
            if seat is None or not seat.seated:
                raise e.NotSeated()
            self.rules.check(live, "top_up", user)
            if live.in_deal(seat.pid):
                raise e.TableBusy("top_up")
            room = live.config.max_buy_in - seat.stack
            if room < 1:
                raise e.AmountOutOfBounds("stack_full", max=live.config.max_buy_in)
            if not 1 <= amount <= room:
                raise e.AmountOutOfBounds("top_up", max=room)
            await self._buy_in(live, user, amount)
            return step_result(live, [ToppedUp(player=str(user), amount=amount)])

    async def _buy_in(
        self, live: LiveTable, user: int, amount: int, within: Within | None = None
    ) -> None:
        check_room(live, amount)
        with storage_refusals():
            async with self.db.transaction() as tx:
                await tables.buy_in(tx, live.id, user, amount, ref=new_ref(live.id, "in"))
                if within is not None:
                    await within(tx)
                live.row = await reload(tx, live.id)
        live.last_activity = self.clock.now()

    async def leave(self, guild: int, channel: int, user: int) -> ActionResult:
        """Stand up. Between deals the stack goes back to the balance at once; during a deal
        the player's turns play themselves (their timeout action) and the stack is cashed out
        when the deal ends."""
        async with self.house.locked(guild, channel) as live:
            self.rules.check(live, "leave", user)
            result = await self._unseat(live, user, removed=False)
            closing = await self.closer.close_if_alone(live)
        if closing is not None:
            await self.house.tell(self.listener.table_closed(live.status(), *closing))
        return result

    async def kick(
        self, guild: int, channel: int, target: int, *, admin: bool, by: int | None = None
    ) -> ActionResult:
        """An admin (or the table's host, ``by``, between that player's deals) removes a player,
        as if they had left."""
        async with self.house.locked(guild, channel) as live:
            if not (admin or (by is not None and by == live.row.host_id)):
                raise e.NotHost("kick")
            self.rules.check(live, "kick", target)
            seat = live.seat(target)
            if not admin and seat is not None and live.in_deal(seat.pid):
                raise e.TableBusy("kick")  # a host removes players between deals only
            result = await self._unseat(live, target, removed=True)
            closing = await self.closer.close_if_alone(live)
        if closing is not None:
            await self.house.tell(self.listener.table_closed(live.status(), *closing))
        return result

    async def add_computer(
        self,
        guild: int,
        channel: int,
        user: int,
        *,
        admin: bool = False,
        count: int = 1,
        stack: int | None = None,
        within: Callable[[int], Within] | None = None,
    ) -> ActionResult:
        """The host (or an admin) seats ``count`` computer players, between deals; their
        stacks come from the house (see :mod:`services.tables.computers`). ``stack`` and
        ``within`` (given each new seat's user id): the rules' own step (see :mod:`.rules`)."""
        async with self.house.locked(guild, channel) as live:
            if within is None:
                self.rules.check(live, "computers", user)
            events: list[GameEvent] = []
            for _ in range(count):
                events.append(
                    await computers.add(
                        self.db, live, user, admin=admin, stack=stack, within=within
                    )
                )
                live.last_activity = self.clock.now()
            return step_result(live, events)

    async def remove_computer(
        self, guild: int, channel: int, user: int, pid: str | None = None, *, admin: bool = False
    ) -> ActionResult:
        """The host (or an admin) stands a computer player up between deals (the last one
        seated, or ``pid``); its stack goes back to the house. A table left with computer
        players only closes."""
        async with self.house.locked(guild, channel) as live:
            self.rules.check(live, "computers", user)
            left = await computers.remove(self.db, live, user, pid, admin=admin)
            live.last_activity = self.clock.now()
            result = step_result(live, [left])
            closing = await self.closer.close_if_alone(live)
        if closing is not None:
            await self.house.tell(self.listener.table_closed(live.status(), *closing))
        return result

    async def _unseat(self, live: LiveTable, user: int, *, removed: bool) -> ActionResult:
        seat = live.seat(user)
        if seat is None or not seat.seated:
            raise e.NotSeated("target")
        pid = seat.pid
        if not live.in_deal(pid):
            with storage_refusals():
                async with self.db.transaction() as tx:
                    took = await tables.cash_out(
                        tx, live.id, user, ref=new_ref(live.id, "out"), leave=True
                    )
                    live.row = await reload(tx, live.id)
            live.away.discard(pid)
            left = Left(player=pid, amount=took, removed=removed)
            return await self._stood_up(live, user, step_result(live, [left]))
        engine = live.engine
        assert engine is not None  # noqa: S101 - in_deal
        async with self.db.transaction() as tx:
            await tables.set_seated(tx, live.id, user, False)
            live.row = await reload(tx, live.id)
        events: list[GameEvent] = [Leaving(player=pid, removed=removed)]
        if engine.to_act == pid:  # their turn now: it plays itself
            fork = fork_of(live)
            result = await self.steps.commit(live, fork, Chips.of(fork), events)
        else:
            result = step_result(live, events)
        return await self._stood_up(live, user, result)

    async def _stood_up(self, live: LiveTable, user: int, result: ActionResult) -> ActionResult:
        """After a player stood up: a table nobody sits at closes at once by the refund rule
        (nobody is left to deal or to close it); a host who left hands the table to the
        longest-seated player still there, so someone can deal and kick again."""
        seated = [s for s in live.row.seats if s.seated]
        if not seated:
            status = live.status()
            closed = await self.closer.close(live, Closing(CloseReason.EMPTY))
            return ActionResult(result.events, status, result.settlement, closed)
        if user != live.row.host_id:
            return result
        heir = min(seated, key=lambda s: s.seat_no)
        async with self.db.transaction() as tx:
            await tables.set_host(tx, live.id, heir.user_id)
            live.row = await reload(tx, live.id)
        events = [*result.events, HostChanged(player=heir.pid)]
        return step_result(live, events, result.settlement)

    async def back(self, guild: int, channel: int, user: int) -> TableStatus:
        """An away player is back: their turns wait for them again (the "I'm back" button).
        Acting also brings a player back, but an away player's turns play themselves."""
        async with self.house.locked(guild, channel) as live:
            seat = live.seat(user)
            if seat is None or not seat.seated:
                raise e.NotSeated()
            if seat.pid in live.away:
                async with self.db.transaction() as tx:
                    await tables.set_away(tx, live.id, live.away - {seat.pid})
                    live.row = await reload(tx, live.id)
                live.away.discard(seat.pid)
            live.misses.pop(seat.pid, None)
            return live.status(seat.pid)
