"""The table service: one open table per channel, every game, no Discord.

Every operation that changes a table runs under that table's ``asyncio.Lock``, checks what it
is asked against the current state (refusing with a :class:`~services.tables.errors.TableError`
before anything changes), lets the engine act, and books the result in one storage
transaction. The engine in memory only moves on once the booking has committed; a booking
that fails leaves the table as it was.

Every step (a player's action, a turn timer's decision, a computer player's move, a deal)
is made the same way, in :mod:`.steps`; seats and buy-ins are in :mod:`.seats`, closing by
the refund rule in :mod:`.closing`, the open tables and what the parts share in
:mod:`.house`. This module is the service's face: opening, reading, dealing, acting,
closing, and restoring the open tables at start.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any

from pydantic import BaseModel, ValidationError

from games import fairness
from games.actions import ActionSpec
from games.errors import IllegalAction
from services.tables import caps, computers
from services.tables import errors as e
from services.tables._booking import Chips
from services.tables._checks import (
    check_buy_in,
    new_ref,
    refusal,
    reload,
    storage_refusals,
    table_config,
)
from services.tables.closing import Closer, check_close
from services.tables.events import CloseReason, Closing
from services.tables.house import House
from services.tables.listener import NullListener, TableListener
from services.tables.model import (
    ActionResult,
    DeckProofs,
    Expected,
    LiveTable,
    TableConfig,
    TableStatus,
)
from services.tables.recovery import recover
from services.tables.registry import Game, game
from services.tables.rules import TableRules, Within
from services.tables.seats import Seats
from services.tables.steps import Steps, fork_of, legal_for
from services.tables.timers import Clock, SystemClock
from storage import Database, GuildSettings, settings, tables
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
        self.clock: Clock = clock or SystemClock()
        self.house = House(db, self.clock, listener or NullListener(), TableRules())
        """The open tables and what the parts share (see :mod:`.house`)."""
        self.timers = self.house.timers
        self.outbox = self.house.outbox
        """The private updates booked steps still owe (see :mod:`services.tables.outbox`)."""
        self.closer = Closer(self.house)
        seed = seed or (lambda: secrets.randbits(63))
        self.steps = Steps(self.house, self.closer, seed, deck_secret)
        self.seats = Seats(self.house, self.steps, self.closer)
        self._idle_check_s = idle_check_s
        self._open_lock = asyncio.Lock()
        self._idle_task: asyncio.Task[None] | None = None
        self._owns = owns

    @property
    def listener(self) -> TableListener:
        """Who hears what the service does by itself (the bot's desk)."""
        return self.house.listener

    @listener.setter
    def listener(self, listener: TableListener) -> None:
        self.house.listener = listener

    @property
    def rules(self) -> TableRules:
        """The house rules beyond the game (a tournament's; see :mod:`.rules`)."""
        return self.house.rules

    @rules.setter
    def rules(self, rules: TableRules) -> None:
        self.house.rules = rules

    # -- life cycle ---------------------------------------------------------------------------

    async def startup(self, *, idle_sweeper: bool = True) -> list[TableStatus]:
        """Load every open table, resume its timer, close the unloadable ones with refunds;
        the listener hears about both. Returns the resumed tables."""
        found = await recover(self.db, self._owns)
        for status, reason, closed in found.closed:
            await self.house.tell(self.listener.table_closed(status, reason, closed))
        for live in found.resumed:
            self.house.register(live)
            self.steps.arm(live)
        resumed = [live.status() for live in found.resumed]
        if resumed:
            await self.house.tell(self.listener.tables_resumed(resumed))
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

    # -- reading ------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether a step is being made: a table's lock is held, or a timer whose moment has
        come (a turn's end, a computer's move) has not made its step yet."""
        return self.timers.firing or any(live.lock.locked() for live in self.house.open_tables())

    def tables(self) -> list[TableStatus]:
        """Every open table, public view."""
        return [live.status() for live in self.house.open_tables()]

    def status(self, guild: int, channel: int, user: int | None = None) -> TableStatus:
        """The channel's table; with ``user``, the view is that player's private one."""
        return self.house.get(guild, channel).status(None if user is None else str(user))

    def deck_proofs(self, guild: int, channel: int, user: int) -> DeckProofs:
        """Issue 29: the channel's deal's committed order and the proofs of the cards ``user``
        has seen in it (the table's and their own; nothing of anyone else's)."""
        engine = self.house.get(guild, channel).engine
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
        return legal_for(self.house.get(guild, channel), user)

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
        async with self._open_lock:
            if self.house.has(guild, channel):
                raise e.TableExists()
            async with self.db.read() as conn:
                server = await settings.get(conn, guild)
                await caps.check_open(conn, guild, host, server)
            opts, config = _resolved(g, server, options, buy_in)
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
            self.house.register(live)
            return live.status()

    async def opening_options(
        self,
        guild: int,
        host: int,
        game_name: str,
        options: Mapping[str, Any] | None = None,
        *,
        buy_in: int | None = None,
    ) -> dict[str, Any]:
        """The engine options a table :meth:`open` would open with these arguments (as its
        ``TableStatus.options`` will say them), refused as ``open`` refuses them (the server's
        limits, the options, the buy-in), nothing written: the bot says a table's stakes in
        the lobby line it posts before the table exists (its thread's id is the table's
        channel), rather than editing that line afterwards (one more request to Discord).
        A table already in the channel is ``open``'s alone to refuse: the channel is not
        known yet."""
        g = game(game_name)
        async with self.db.read() as conn:
            server = await settings.get(conn, guild)
            await caps.check_open(conn, guild, host, server)
        opts, _ = _resolved(g, server, options, buy_in)
        return opts.model_dump(mode="json")

    async def set_message(self, guild: int, channel: int, message_id: int | None) -> None:
        """Remember the message that shows the table (so a restart can edit it)."""
        async with self.house.locked(guild, channel) as live, self.db.transaction() as tx:
            await tables.set_message(tx, live.id, message_id)
            live.row = await reload(tx, live.id)

    async def join(
        self, guild: int, channel: int, user: int, buy_in: int, *, within: Within | None = None
    ) -> ActionResult:
        """Sit down with ``buy_in`` chips (see :meth:`.seats.Seats.join`)."""
        return await self.seats.join(guild, channel, user, buy_in, within=within)

    async def top_up(self, guild: int, channel: int, user: int, amount: int) -> ActionResult:
        """Add chips to the stack (see :meth:`.seats.Seats.top_up`)."""
        return await self.seats.top_up(guild, channel, user, amount)

    async def leave(self, guild: int, channel: int, user: int) -> ActionResult:
        """Stand up (see :meth:`.seats.Seats.leave`)."""
        return await self.seats.leave(guild, channel, user)

    async def kick(
        self, guild: int, channel: int, target: int, *, admin: bool, by: int | None = None
    ) -> ActionResult:
        """An admin or the host removes a player (see :meth:`.seats.Seats.kick`)."""
        return await self.seats.kick(guild, channel, target, admin=admin, by=by)

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
        """Seat computer players (see :meth:`.seats.Seats.add_computer`)."""
        return await self.seats.add_computer(
            guild, channel, user, admin=admin, count=count, stack=stack, within=within
        )

    async def remove_computer(
        self, guild: int, channel: int, user: int, pid: str | None = None, *, admin: bool = False
    ) -> ActionResult:
        """Stand a computer player up (see :meth:`.seats.Seats.remove_computer`)."""
        return await self.seats.remove_computer(guild, channel, user, pid, admin=admin)

    async def back(self, guild: int, channel: int, user: int) -> TableStatus:
        """An away player is back (see :meth:`.seats.Seats.back`)."""
        return await self.seats.back(guild, channel, user)

    async def start(
        self, guild: int, channel: int, user: int, *, admin: bool = False
    ) -> ActionResult:
        """Deal: the first deal by the host (or an admin); the next ones by any seated
        player (or an admin). Only a seated player deals: one who is not playing cannot start
        the others' deal."""
        async with self.house.locked(guild, channel) as live:
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
            return await self.steps.start_deal(live)

    async def close(self, guild: int, channel: int, user: int, *, admin: bool = False) -> Closed:
        """Close the table (host or admin): a deal in progress is voided by the refund rule
        and every stack returns to its balance."""
        async with self.house.locked(guild, channel) as live:
            if not (admin or user == live.row.host_id):
                raise e.NotHost("close")
            check_close(live, user, admin=admin)
            by_admin = admin and user != live.row.host_id
            return await self.closer.close(
                live, Closing(CloseReason.ADMIN if by_admin else CloseReason.HOST)
            )

    async def close_idle(self) -> list[int]:
        """Close (with refunds) every table idle for longer than its server allows."""
        done = []
        now = self.clock.now()
        for live in self.house.open_tables():
            async with self.db.read() as conn:
                limit = (await settings.get(conn, live.row.guild_id)).idle_close_s
            if now - live.last_activity < timedelta(seconds=limit):
                continue
            async with live.lock:
                if live.closed or now - live.last_activity < timedelta(seconds=limit):
                    continue
                reason = Closing(CloseReason.IDLE, minutes=limit // 60)
                closed = await self.closer.close(live, reason)
            done.append(live.id)
            await self.house.tell(self.listener.table_closed(live.status(), reason, closed))
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
        *,
        seen_by_actor: bool = False,
    ) -> ActionResult:
        """Apply a player's action. ``expected`` (table id, deal number, action counter) comes
        from a button: when the table has moved on since it was drawn, the click is stale.
        ``action`` may be a function of the player's legal actions (a button's: which of them
        it stands for), called once the click is known not to be stale and to be theirs; what
        it raises reaches the caller with nothing changed. ``seen_by_actor``: the result
        carries the player's own view even when the step told them nothing privately (a
        choice made in **My cards**, whose reply then shows their cards as they are now)."""
        async with self.house.locked(guild, channel) as live:
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
            fork = fork_of(live)
            chosen = action(fork.legal_actions(pid)) if callable(action) else action
            before = Chips.of(fork)
            try:
                events = fork.act(pid, chosen)
            except (IllegalAction, ValidationError) as exc:
                raise refusal(exc, fork.legal_actions(pid), chosen, live.game.name) from exc
            live.misses.pop(pid, None)
            live.away.discard(pid)
            viewer = user if seen_by_actor else None
            return await self.steps.commit(live, fork, before, events, viewer=viewer)


def _resolved(
    g: Game, server: GuildSettings, options: Mapping[str, Any] | None, buy_in: int | None
) -> tuple[BaseModel, TableConfig]:
    """The opener's choices over the server's defaults, checked against its limits: one
    reading for :meth:`TableService.open` and :meth:`TableService.opening_options`, so what a
    lobby line says is what the table opens with."""
    overrides = dict(options or {})
    seats_wanted = overrides.pop("seats", None)
    computer_options = computers.take_options(overrides)
    opts = g.build_options(server, overrides)
    config = table_config(g, opts, server.min_buy_in, server.max_buy_in, seats_wanted)
    config = computers.configure(config, computer_options)
    if buy_in is not None:
        check_buy_in(config, buy_in)
    return opts, config
