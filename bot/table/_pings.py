"""Turn pings: a mention inside an edited embed notifies nobody, so the player whose turn it
is gets a real notification (issue 14, item 1).

A short plain message that mentions only them (``allowed_mentions`` for that one user) and
links to the table message; in their DMs instead when they chose ``/ping mode:dm``, none with
``off``. At most one ping per table is alive: the previous one is deleted when the turn moves
on. No ping for a player who is away, or who did something at the table in the last
``recent_s`` seconds (they are looking at it).

A channel ping spends one write of the channel's budget (:mod:`._budget`) and always leaves one
for the table's next edit: when the channel is busy the ping waits, and when its moment comes it
pings whoever's turn it is then (or nobody), so a fast game never queues stale pings.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.dm_channels import dm_channel
from bot.table._budget import ChannelBudget
from services.pings import PingMode
from services.tables import Clock, SystemClock, TableStatus

log = logging.getLogger(__name__)

RECENT_S = 8.0
"""A player who acted this recently is not pinged."""


@dataclass(slots=True)
class _Alive:
    user: int
    deal: int
    message: discord.Message


class Pinger:
    """The turn pings of every table."""

    def __init__(
        self,
        bot: discord.Client,
        budget: ChannelBudget | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.bot = bot
        self.clock = clock or SystemClock()
        self.budget = budget or ChannelBudget(clock=self.clock.monotonic)
        self._later: dict[int, asyncio.Task[None]] = {}
        """Per table: a ping waiting for room in the channel."""
        self.recent_s = RECENT_S
        self.mode_of: Callable[[int], Awaitable[PingMode]] | None = None
        """Where each player's choice is read (``bot.pings.mode``); unset: ``channel``."""
        self._alive: dict[int, _Alive] = {}
        self._acted: dict[int, float] = {}
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        """Per table: steps answered at the same time ping once."""

    def acted(self, user: int) -> None:
        """``user`` did something at a table just now."""
        self._acted[user] = self.clock.monotonic()

    @property
    def busy(self) -> bool:
        """Whether a ping is waiting for room in its channel."""
        return any(not t.done() for t in self._later.values())

    async def turn(
        self,
        status: TableStatus,
        channel_text: Callable[[int], str],
        dm_text: Callable[[], str],
        refresh: Callable[[], TableStatus] | None = None,
    ) -> None:
        """After a step of the table: ping the player to act if the turn moved to them
        (``refresh``: the table as it is later, for a ping that had to wait for room)."""
        wait = self.budget.wait(status.channel_id, keep=1)
        if wait > 0 and self._wants_channel_ping(status):
            self._defer(status, wait, channel_text, dm_text, refresh)
            return
        async with self._locks[status.table_id]:
            await self._turn(status, channel_text, dm_text)

    def _wants_channel_ping(self, status: TableStatus) -> bool:
        """Whether the turn moved to someone (a ping may follow: it waits for room)."""
        alive = self._alive.get(status.table_id)
        user = status.to_act if status.deal_open else None
        if user is None:
            return False
        return alive is None or alive.user != user or alive.deal != status.deal_number

    def _defer(
        self,
        status: TableStatus,
        wait: float,
        channel_text: Callable[[int], str],
        dm_text: Callable[[], str],
        refresh: Callable[[], TableStatus] | None,
    ) -> None:
        table = status.table_id
        waiting = self._later.get(table)
        if waiting is not None and not waiting.done() and waiting is not asyncio.current_task():
            waiting.cancel()  # the newer turn decides

        async def later() -> None:
            await self.clock.sleep(wait)
            now = refresh() if refresh is not None else status
            if now.table_id != table:
                return
            try:
                await self.turn(now, channel_text, dm_text, refresh)
            except (discord.HTTPException, RuntimeError) as error:  # RuntimeError: stopping
                log.info("table %s: no turn ping: %r", table, error)

        self._later[table] = asyncio.get_running_loop().create_task(later())

    async def _turn(
        self, status: TableStatus, channel_text: Callable[[int], str], dm_text: Callable[[], str]
    ) -> None:
        user = status.to_act if status.deal_open else None
        alive = self._alive.get(status.table_id)
        if alive is not None and alive.user == user and alive.deal == status.deal_number:
            return  # still their turn: they were told
        await self.forget(status.table_id)
        if user is None or status.message_id is None:
            return
        seat = next((s for s in status.seats if s.user_id == user), None)
        if seat is None or seat.computer or seat.away or not seat.seated:
            return
        if self.clock.monotonic() - self._acted.get(user, float("-inf")) < self.recent_s:
            return
        mode = await self.mode_of(user) if self.mode_of is not None else PingMode.CHANNEL
        if mode is PingMode.CHANNEL:
            self.budget.spend(status.channel_id)
        try:
            sent = await self._send(status, user, mode, channel_text, dm_text)
        except discord.HTTPException as error:
            log.info("table %s: no turn ping for %s: %r", status.table_id, user, error)
            return
        if sent is not None:
            self._alive[status.table_id] = _Alive(user, status.deal_number, sent)

    async def _send(
        self,
        status: TableStatus,
        user: int,
        mode: PingMode,
        channel_text: Callable[[int], str],
        dm_text: Callable[[], str],
    ) -> discord.Message | None:
        if mode is PingMode.OFF:
            return None
        if mode is PingMode.DM:
            channel = await dm_channel(self.bot, user)
            return await channel.send(dm_text())
        where = self.bot.get_partial_messageable(status.channel_id, guild_id=status.guild_id)
        only_them = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(user)], replied_user=False
        )
        return await where.send(channel_text(user), allowed_mentions=only_them)

    async def forget(self, table_id: int) -> None:
        """Delete the table's live ping (the turn moved on, or the table closed)."""
        alive = self._alive.pop(table_id, None)
        if alive is not None:
            with contextlib.suppress(discord.HTTPException):
                await alive.message.delete()

    async def closed(self, table_id: int) -> None:
        """The table is gone: its ping too."""
        waiting = self._later.pop(table_id, None)
        if waiting is not None:
            waiting.cancel()
        await self.forget(table_id)
        self._locks.pop(table_id, None)


def jump_url(status: TableStatus) -> str:
    """The link to the table message."""
    return f"https://discord.com/channels/{status.guild_id}/{status.channel_id}/{status.message_id}"
