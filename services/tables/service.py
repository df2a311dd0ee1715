"""The table service: one open table per channel, every game, no Discord.

Every operation that changes a table runs under that table's ``asyncio.Lock``, checks what it
is asked against the current state (refusing with a :class:`~services.tables.errors.TableError`
before anything changes), lets the engine act, and books the result in one storage
transaction. The engine in memory only moves on once the booking has committed; a booking
that fails leaves the table as it was.

Every step (a player's action, a turn timer's decision, a computer player's move, a deal)
is made the same way: on a fork of the engine (``Engine.fork``), booked with whatever played
itself after it in one transaction, and only then swapped in, so nobody reading the table
meanwhile (the bot drawing its message) sees a state that is not committed. The step's
:class:`ActionResult` carries everything the bot shows of it (the public status, the legal
actions of the player to act, the private view of each player it told privately), read once
here under the lock. The timer and the computer players only choose: :mod:`.turn_timer` says
when, :mod:`.computers` what.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, ValidationError

from games import fairness
from games.actions import ActionSpec, as_dict
from games.engine import HOUSE, Engine
from games.errors import IllegalAction
from games.events import GameEvent
from services.tables import caps, computers, turn_timer
from services.tables import errors as e
from services.tables._booking import Chips, book, play_absent
from services.tables._checks import (
    check_buy_in,
    new_ref,
    refusal,
    reload,
    storage_refusals,
    table_config,
    timeout_s,
)
from services.tables.ceiling import check_room
from services.tables.closing import check_close
from services.tables.events import (
    CloseReason,
    Closing,
    HostChanged,
    Joined,
    Leaving,
    Left,
    SittingOut,
    ToppedUp,
)
from services.tables.listener import NullListener, TableListener
from services.tables.model import (
    ActionResult,
    ComputerReport,
    DeckProofs,
    Expected,
    LiveTable,
    PrivateView,
    TableStatus,
    TimeoutReport,
)
from services.tables.outbox import PrivateOutbox, told_privately
from services.tables.recovery import recover
from services.tables.registry import game
from services.tables.rules import TableRules, Within
from services.tables.timers import Clock, SystemClock, Timers
from storage import Database, players, settings, tables
from storage.tables import Closed

log = logging.getLogger(__name__)


class TableService:
    """Lobbies, deals, turn timers, settlement and recovery for every channel's table.

    ``startup()`` loads every open table (see :mod:`services.tables.recovery`); ``shutdown()``
    cancels the timers. Users are Discord ids (``int``); ``admin`` is decided by the caller (Manage
    Server).
    """

    def __init__(
        self,
        db: Database,
        *,
        listener: TableListener | None = None,
        clock: Clock | None = None,
        seed: Callable[[], int] | None = None,
        deck_secret: Callable[[], bytes] = fairness.new_secret,
        idle_check_s: float = 60.0,
        owns: Callable[[int], bool] | None = None,
    ) -> None:
        """``owns``: whether a guild's tables are this process's to load, resume and time (a
        process serving some shards of a sharded bot); ``None``: every guild's.
        ``deck_secret``: each deal's commitment secret (tests fix it as they fix ``seed``)."""
        self.db = db
        self.listener: TableListener = listener or NullListener()
        self.clock: Clock = clock or SystemClock()
        self.timers = Timers(self.clock)
        self._seed = seed or (lambda: secrets.randbits(63))
        self._deck_secret = deck_secret
        self._idle_check_s = idle_check_s
        self._tables: dict[int, LiveTable] = {}
        self._channels: dict[tuple[int, int], int] = {}
        self._open_lock = asyncio.Lock()
        self._idle_task: asyncio.Task[None] | None = None
        self._owns = owns
        self.outbox = PrivateOutbox(db)
        """The private updates booked steps still owe (see :mod:`services.tables.outbox`)."""
        self.rules = TableRules()
        """The house rules beyond the game (a tournament's; see :mod:`.rules`)."""

    # -- life cycle ---------------------------------------------------------------------------

    async def startup(self, *, idle_sweeper: bool = True) -> list[TableStatus]:
        """Load every open table, resume its timer, close the unloadable ones with refunds;
        the listener hears about both. Returns the resumed tables."""
        found = await recover(self.db, self._owns)
        for status, reason, closed in found.closed:
            await self._tell(self.listener.table_closed(status, reason, closed))
        for live in found.resumed:
            self._register(live)
            self._arm(live)
        resumed = [live.status() for live in found.resumed]
        if resumed:
            await self._tell(self.listener.tables_resumed(resumed))
        if idle_sweeper and self._idle_task is None:
            self._idle_task = asyncio.get_running_loop().create_task(
                self._idle_loop(), name="idle-tables"
            )
        return resumed

    async def shutdown(self) -> None:
        """Cancel the idle sweeper and every turn timer (deadlines stay in storage)."""
        if self._idle_task is not None:
            self._idle_task.cancel()
            await asyncio.gather(self._idle_task, return_exceptions=True)
            self._idle_task = None
        await self.timers.shutdown()

    def _register(self, live: LiveTable) -> None:
        self._tables[live.id] = live
        self._channels[(live.row.guild_id, live.row.channel_id)] = live.id

    def _forget(self, live: LiveTable) -> None:
        live.closed = True
        self._tables.pop(live.id, None)
        self._channels.pop((live.row.guild_id, live.row.channel_id), None)
        self.timers.cancel(live.id)
        self.outbox.forget(live.id)

    def _get(self, guild: int, channel: int) -> LiveTable:
        table_id = self._channels.get((guild, channel))
        live = self._tables.get(table_id) if table_id is not None else None
        if live is None:
            raise e.NoTable()
        return live

    @contextlib.asynccontextmanager
    async def _locked(self, guild: int, channel: int) -> AsyncIterator[LiveTable]:
        live = self._get(guild, channel)
        async with live.lock:
            if live.closed:
                raise e.NoTable()
            yield live

    # -- reading ------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether a step is being made: a table's lock is held, or a timer whose moment has
        come (a turn's end, a computer's move) has not made its step yet."""
        return self.timers.firing or any(live.lock.locked() for live in self._tables.values())

    def tables(self) -> list[TableStatus]:
        """Every open table, public view."""
        return [live.status() for live in self._tables.values()]

    def status(self, guild: int, channel: int, user: int | None = None) -> TableStatus:
        """The channel's table; with ``user``, the view is that player's private one."""
        return self._get(guild, channel).status(None if user is None else str(user))

    def deck_proofs(self, guild: int, channel: int, user: int) -> DeckProofs:
        """Issue 29: the channel's deal's committed order and the proofs of the cards ``user``
        has seen in it (the table's and their own; nothing of anyone else's)."""
        engine = self._get(guild, channel).engine
        commitment = engine.state.commitment if engine is not None else None
        if engine is None or commitment is None:
            raise e.NoDeal()
        opening, *reshuffles = engine.commitments(str(user))
        return DeckProofs(
            deal_number=engine.deal_number,
            fingerprint=commitment.fingerprint,
            cards=commitment.cards,
            proofs=opening["reveals"],
            reshuffles=reshuffles,
        )

    def legal_actions(self, guild: int, channel: int, user: int) -> list[ActionSpec]:
        """What ``user`` may do now (empty when it is not their move): the buttons to enable."""
        return _legal(self._get(guild, channel), user)

    # -- lobby --------------------------------------------------------------------------------

    async def open(
        self,
        guild: int,
        channel: int,
        host: int,
        game_name: str,
        options: Mapping[str, Any] | None = None,
        *,
        buy_in: int | None = None,
        within: Callable[[int], Within] | None = None,
    ) -> TableStatus:
        """Open a table of ``game_name`` in the channel; ``options`` override the server's
        defaults within its limits (``seats`` sets how many may sit); ``buy_in`` seats the host;
        ``within`` (given the new table's id): more to book in the same transaction (the
        rules' own, see :mod:`.rules`)."""
        g = game(game_name)
        overrides = dict(options or {})
        seats_wanted = overrides.pop("seats", None)
        computer_options = computers.take_options(overrides)
        async with self._open_lock:
            if (guild, channel) in self._channels:
                raise e.TableExists()
            async with self.db.read() as conn:
                server = await settings.get(conn, guild)
                await caps.check_open(conn, guild, host, server)
            opts = g.build_options(server, overrides)
            config = table_config(g, opts, server.min_buy_in, server.max_buy_in, seats_wanted)
            config = computers.configure(config, computer_options)
            if buy_in is not None:
                check_buy_in(config, buy_in)
            with storage_refusals():
                async with self.db.transaction() as tx:
                    table_id = await tables.open_table(
                        tx,
                        guild_id=guild,
                        channel_id=channel,
                        game=g.name,
                        options=config.to_json(opts),
                        host_id=host,
                    )
                    if buy_in is not None:
                        await tables.buy_in(tx, table_id, host, buy_in, ref=new_ref(table_id, "in"))
                    if within is not None:
                        await within(table_id)(tx)
                    row = await tables.get(tx, table_id)
            assert row is not None  # noqa: S101 - created in this transaction
            live = LiveTable(row, g, opts, config, None, self.clock.now())
            self._register(live)
            return live.status()

    async def set_message(self, guild: int, channel: int, message_id: int | None) -> None:
        """Remember the message that shows the table (so a restart can edit it)."""
        async with self._locked(guild, channel) as live, self.db.transaction() as tx:
            await tables.set_message(tx, live.id, message_id)
            live.row = await reload(tx, live.id)

    async def join(
        self, guild: int, channel: int, user: int, buy_in: int, *, within: Within | None = None
    ) -> ActionResult:
        """Sit down with ``buy_in`` chips from the balance. Between deals or before the first;
        during a deal the new player is dealt in from the next one. A full table waits for its
        host: only the host (or the timer) deals. ``within``: the rules' own step (see
        :mod:`.rules`)."""
        async with self._locked(guild, channel) as live:
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
            return _result(live, [Joined(player=str(user), amount=buy_in)])

    async def top_up(self, guild: int, channel: int, user: int, amount: int) -> ActionResult:
        """Add chips from the balance to the stack, up to the table's maximum buy-in; not
        while the player is in a deal."""
        async with self._locked(guild, channel) as live:
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
            return _result(live, [ToppedUp(player=str(user), amount=amount)])

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
        async with self._locked(guild, channel) as live:
            self.rules.check(live, "leave", user)
            result = await self._unseat(live, user, removed=False)
            closing = await self._close_if_alone(live)
        if closing is not None:
            await self._tell(self.listener.table_closed(live.status(), *closing))
        return result

    async def kick(
        self, guild: int, channel: int, target: int, *, admin: bool, by: int | None = None
    ) -> ActionResult:
        """An admin (or the table's host, ``by``, between that player's deals) removes a player,
        as if they had left."""
        async with self._locked(guild, channel) as live:
            if not (admin or (by is not None and by == live.row.host_id)):
                raise e.NotHost("kick")
            self.rules.check(live, "kick", target)
            seat = live.seat(target)
            if not admin and seat is not None and live.in_deal(seat.pid):
                raise e.TableBusy("kick")  # a host removes players between deals only
            result = await self._unseat(live, target, removed=True)
            closing = await self._close_if_alone(live)
        if closing is not None:
            await self._tell(self.listener.table_closed(live.status(), *closing))
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
        async with self._locked(guild, channel) as live:
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
            return _result(live, events)

    async def remove_computer(
        self, guild: int, channel: int, user: int, pid: str | None = None, *, admin: bool = False
    ) -> ActionResult:
        """The host (or an admin) stands a computer player up between deals (the last one
        seated, or ``pid``); its stack goes back to the house. A table left with computer
        players only closes."""
        async with self._locked(guild, channel) as live:
            self.rules.check(live, "computers", user)
            left = await computers.remove(self.db, live, user, pid, admin=admin)
            live.last_activity = self.clock.now()
            result = _result(live, [left])
            closing = await self._close_if_alone(live)
        if closing is not None:
            await self._tell(self.listener.table_closed(live.status(), *closing))
        return result

    async def _close_if_alone(self, live: LiveTable) -> tuple[Closing, Closed] | None:
        """A table where only computer players sit closes between deals by the refund rule
        (caller holds the lock); the caller tells the listener."""
        if not computers.alone(live):
            return None
        reason = Closing(CloseReason.COMPUTERS)
        return reason, await self._close(live, reason)

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
            return await self._stood_up(live, user, _result(live, [left]))
        engine = live.engine
        assert engine is not None  # noqa: S101 - in_deal
        async with self.db.transaction() as tx:
            await tables.set_seated(tx, live.id, user, False)
            live.row = await reload(tx, live.id)
        events: list[GameEvent] = [Leaving(player=pid, removed=removed)]
        if engine.to_act == pid:  # their turn now: it plays itself
            fork = _fork(live)
            result = await self._commit(live, fork, Chips.of(fork), events)
        else:
            result = _result(live, events)
        return await self._stood_up(live, user, result)

    async def _stood_up(self, live: LiveTable, user: int, result: ActionResult) -> ActionResult:
        """After a player stood up: a table nobody sits at closes at once by the refund rule
        (nobody is left to deal or to close it); a host who left hands the table to the
        longest-seated player still there, so someone can deal and kick again."""
        seated = [s for s in live.row.seats if s.seated]
        if not seated:
            status = live.status()
            closed = await self._close(live, Closing(CloseReason.EMPTY))
            return ActionResult(result.events, status, result.settlement, closed)
        if user != live.row.host_id:
            return result
        heir = min(seated, key=lambda s: s.seat_no)
        async with self.db.transaction() as tx:
            await tables.set_host(tx, live.id, heir.user_id)
            live.row = await reload(tx, live.id)
        events = [*result.events, HostChanged(player=heir.pid)]
        return _result(live, events, result.settlement)

    async def back(self, guild: int, channel: int, user: int) -> TableStatus:
        """An away player is back: their turns wait for them again (the "I'm back" button).
        Acting also brings a player back, but an away player's turns play themselves."""
        async with self._locked(guild, channel) as live:
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

    async def start(
        self, guild: int, channel: int, user: int, *, admin: bool = False
    ) -> ActionResult:
        """Deal: the first deal by the host (or an admin); the next ones by any seated
        player (or an admin). Only a seated player deals: one who is not playing cannot start
        the others' deal."""
        async with self._locked(guild, channel) as live:
            if live.deal_open:
                raise e.TableBusy("dealing")
            host = admin or user == live.row.host_id
            if live.row.deal_number == 0 and not host:
                raise e.NotHost("first_deal")
            seat = live.seat(user)
            if not admin and (seat is None or not seat.seated):
                raise e.NotSeated("start")  # a host who stood up deals no more
            if not admin:
                self.rules.check(live, "start", user)
            return await self._start_deal(live)

    async def close(self, guild: int, channel: int, user: int, *, admin: bool = False) -> Closed:
        """Close the table (host or admin): a deal in progress is voided by the refund rule
        and every stack returns to its balance."""
        async with self._locked(guild, channel) as live:
            if not (admin or user == live.row.host_id):
                raise e.NotHost("close")
            check_close(live, user, admin=admin)
            by_admin = admin and user != live.row.host_id
            return await self._close(
                live, Closing(CloseReason.ADMIN if by_admin else CloseReason.HOST)
            )

    async def _close(self, live: LiveTable, reason: Closing) -> Closed:
        """Close by the refund rule (caller holds the lock)."""
        owner = live.engine.kitty_owner() if live.engine is not None else None
        if owner is not None and owner != HOUSE and live.seat(players.user_id(owner)) is None:
            owner = None
        async with self.db.transaction() as tx:
            closed = await tables.close(
                tx,
                live.id,
                ref=f"table:{live.id}:close",
                reason=reason.record(),
                remainder_to=owner,
            )
            if closed is not None:
                await self.rules.closing(tx, live, closed)
            live.row = await reload(tx, live.id)
        self._forget(live)
        assert closed is not None  # noqa: S101 - a table closes once; its ref is new
        return closed

    async def close_idle(self) -> list[int]:
        """Close (with refunds) every table idle for longer than its server allows."""
        done = []
        now = self.clock.now()
        for live in list(self._tables.values()):
            async with self.db.read() as conn:
                limit = (await settings.get(conn, live.row.guild_id)).idle_close_s
            if now - live.last_activity < timedelta(seconds=limit):
                continue
            async with live.lock:
                if live.closed or now - live.last_activity < timedelta(seconds=limit):
                    continue
                reason = Closing(CloseReason.IDLE, minutes=limit // 60)
                closed = await self._close(live, reason)
            done.append(live.id)
            await self._tell(self.listener.table_closed(live.status(), reason, closed))
        return done

    async def _idle_loop(self) -> None:
        while True:
            await self.clock.sleep_until(self.clock.now() + timedelta(seconds=self._idle_check_s))
            try:
                await self.close_idle()
            except Exception:
                log.exception("closing idle tables failed")

    # -- deals --------------------------------------------------------------------------------

    async def act(
        self,
        guild: int,
        channel: int,
        user: int,
        action: BaseModel | Mapping[str, Any] | Callable[[list[ActionSpec]], Mapping[str, Any]],
        expected: Expected | tuple[int, int, int] | None = None,
    ) -> ActionResult:
        """Apply a player's action. ``expected`` (table id, deal number, action counter) comes
        from a button: when the table has moved on since it was drawn, the click is stale.
        ``action`` may be a function of the player's legal actions (a button's: which of them
        it stands for), called once the click is known not to be stale and to be theirs; what
        it raises reaches the caller with nothing changed."""
        async with self._locked(guild, channel) as live:
            if expected is not None and tuple(expected) != tuple(live.expected):
                raise e.StaleAction()
            engine = live.engine
            if engine is None or not live.deal_open:
                raise e.NoDeal()
            pid = str(user)
            seat = live.seat(user)
            if seat is None or pid not in engine.stacks:
                raise e.NotSeated("not_in_deal")
            if not seat.seated:
                raise e.NotSeated("left_deal")
            if engine.to_act != pid:
                raise e.NotYourTurn(to_act=engine.to_act)
            fork = _fork(live)
            chosen = action(fork.legal_actions(pid)) if callable(action) else action
            before = Chips.of(fork)
            try:
                events = fork.act(pid, chosen)
            except (IllegalAction, ValidationError) as exc:
                raise refusal(exc, fork.legal_actions(pid), chosen, live.game.name) from exc
            live.misses.pop(pid, None)
            live.away.discard(pid)
            return await self._commit(live, fork, before, events)

    def _arm(self, live: LiveTable) -> None:
        """The table's one timer for its current step (see :mod:`.turn_timer`)."""
        due = turn_timer.due(live, self.clock.now())
        if due is None:
            self.timers.cancel(live.id)
            return
        table_id, expected = live.id, live.expected

        async def fire() -> None:
            await self._play_for(table_id, expected, due)

        self.timers.schedule(live.id, due.when, fire)

    async def _play_for(self, table_id: int, expected: Expected, due: turn_timer.Due) -> None:
        """The timer fired: the move is made for ``due.pid`` as a person's would be (lock,
        stale check, one step): a computer's choice, or one timeout decision (the next one,
        if the same player is to act again, gets its own clock)."""
        live = self._tables.get(table_id)
        if live is None:
            return
        pid = due.pid
        async with live.lock:
            if not live.awaits(expected, pid):
                return  # the player acted in time, or the table moved on
            engine = _fork(live)
            before = Chips.of(engine)
            actions: list[dict[str, Any]] = []
            events: list[GameEvent] = []
            if due.computer:
                action = computers.choose(live, engine, pid)
                try:
                    events = engine.act(pid, action)
                except (IllegalAction, ValidationError):
                    log.warning("table %s: %s chose an illegal %s", live.id, pid, action)
                    action = as_dict(engine.timeout_action(pid))
                    events = engine.act(pid, action)
                actions.append(action)
            else:
                away = turn_timer.missed(live, pid)
                while len(actions) < MAX_TIMEOUT_ACTIONS:
                    action = as_dict(engine.timeout_action(pid))
                    events += engine.act(pid, action)
                    actions.append(action)
                    if engine.to_act != pid or not engine.turn_goes_on:
                        break
            step = await self._commit(live, engine, before, events, by_player=False)
            closing = await self._close_if_alone(live) if due.computer else None
        if due.computer:
            await self._tell(self.listener.computer_acted(ComputerReport(pid, actions[0], step)))
        else:
            report = TimeoutReport(players.user_id(pid), actions, away, step)
            await self._tell(self.listener.timeout_applied(report))
        if closing is not None:
            await self._tell(self.listener.table_closed(live.status(), *closing))

    async def _start_deal(self, live: LiveTable) -> ActionResult:
        g, row = live.game, live.row
        options, kept_out = self.rules.deal(live)
        if options is not live.options:  # the rules' stakes for this deal (a tournament level)
            live.options, live.options_json = options, None
        need = g.min_stack(live.options)
        low, high = g.players(live.options)
        playing = [s for s in row.seats if s.pid not in kept_out]
        players = [s.pid for s in playing if s.seated and s.stack >= need][:high]
        if len(players) < low:
            raise e.NotEnoughPlayers(
                "count", game=g.name, need_players=low, need_chips=need, have=len(players)
            )
        stacks = {p: s.stack for s in row.seats if (p := s.pid) in players}
        try:
            if live.engine is not None:
                engine = live.engine.next_deal(players, stacks, options=live.options)
            else:
                engine = g.new(players, stacks, live.options, self._seed())
        except ValueError as exc:
            raise e.NotEnoughPlayers() from exc
        engine.commit(self._deck_secret())  # issue 29: before anyone sees a card of it
        short = [
            SittingOut(to=s.pid, player=s.pid, stack=s.stack, need=need)
            for s in playing
            if s.seated and s.stack < need
        ]
        started = await self._commit(live, engine, Chips.stored(row), engine.opening_events())
        return dataclasses.replace(started, events=[*started.events, *short])

    async def _commit(
        self,
        live: LiveTable,
        engine: Engine,
        before: Chips,
        events: Sequence[GameEvent],
        *,
        by_player: bool = True,
    ) -> ActionResult:
        """Play the turns of absent players on ``engine`` (a fork, or a new deal: never the
        table's own), book everything since ``before`` in one transaction (and the result
        when the deal ends, the private updates delivered since the last step, and what the
        step earned), then swap ``engine`` in. Only a player's own step counts as activity: a
        table kept going by timeouts goes idle."""
        told = [*events, *play_absent(live, engine)]
        deadline, private = self._deadline(live, engine), told_privately(told)
        delivered = self.outbox.noted(live.id)
        settlement, achieved = await book(
            self.db,
            live,
            engine,
            before,
            deadline,
            private,
            delivered,
            events=told,
            at=self.clock.now(),
            counted=self.rules.counts(live),
        )
        self.outbox.cleared(live.id, delivered)
        live.engine = engine
        told += achieved  # announced by the step that granted them, so once
        if by_player:
            live.last_activity = self.clock.now()
        self._arm(live)
        if settlement is not None:
            self.rules.deal_over(live)
        return _result(live, told, settlement)

    def _deadline(self, live: LiveTable, engine: Engine) -> datetime | None:
        if engine.is_over or engine.to_act is None:
            return None
        return self.clock.now() + timedelta(seconds=timeout_s(live))

    async def _tell(self, call: Any) -> None:
        try:
            await call
        except Exception:
            log.exception("the table listener failed")


MAX_TIMEOUT_ACTIONS = 100
"""A bound on the actions of one timed-out decision (a Paiute turn is two)."""


def _fork(live: LiveTable) -> Engine:
    """The table's engine to try a step on (the committed one stays what readers see)."""
    engine = live.engine
    assert engine is not None  # noqa: S101 - a deal is open
    return engine.fork(live.row.snapshot)


def _legal(live: LiveTable, user: int) -> list[ActionSpec]:
    """What ``user`` may do now (empty when it is not their move, and for a computer player:
    nobody presses its buttons)."""
    seat = live.seat(user)
    if not live.deal_open or live.engine is None or seat is None or not seat.seated:
        return []
    if players.is_computer(user):
        return []
    return live.engine.legal_actions(seat.pid)


def _result(
    live: LiveTable, events: Iterable[GameEvent], settlement: dict[str, int] | None = None
) -> ActionResult:
    """A step's result, read once under the lock: the public status, the legal actions of the
    player to act, and the view now of each person the events told privately."""
    told = list(events)
    table = live.status()
    legal = _legal(live, table.to_act) if table.to_act is not None else []
    private: dict[int, PrivateView] = {}
    for user in told_privately(told):
        mine = live.status(str(user)) if live.seat(user) is not None else None
        seen = mine if mine is not None and mine.view is not None else None
        private[user] = PrivateView(seen, legal if user == table.to_act else _legal(live, user))
    return ActionResult(told, table, settlement, legal=legal, private=private)
