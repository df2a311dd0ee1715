"""Turn pings: a mention inside an edited embed notifies nobody, so the player whose turn it
is gets a real notification (issue 14, item 1), at no cost to the bot's global budget where
Discord allows it (issue 27).

A short plain message that mentions only them (``allowed_mentions`` for that one user) and
links to the table message; in their DMs instead when they chose ``/ping mode:dm``, none with
``off``. It goes out only when the player has not acted or looked at the table within
``grace_s`` after the turn reached them (nor in the ``recent_s`` before: they are watching),
and at most one per table is alive: the previous one is deleted when the turn moves on.

Where it goes, cheapest first:

- a **public followup of a fresh interaction at that table's channel** (the newest one kept by
  :class:`._fresh.FreshTokens`: usually the previous mover's click), deleted later through the
  same token: the interaction webhook does not count against Discord's 50 requests/s. It spends
  a use of that token's small bucket (:class:`bot.global_budget.TokenBudget`, shared with the
  table's edits by token) and waits a moment for one rather than go through the channel;
- the **channel** only when no fresh token exists (nobody has played there for 14 minutes):
  one write of the channel's budget (:mod:`._budget`), always leaving one for the table's next
  edit, and a slot of the global budget at low priority (table updates go first);
- a **DM** for ``mode:dm`` (a global request, low priority); a player whose DMs turn out to be
  closed gets the channel ping instead, and is remembered.

When its moment comes the ping is for whoever's turn it is then (or nobody), so a fast game
never queues stale pings. Time is read from a services ``Clock`` (tests advance theirs).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import discord

from bot.dm_channels import dm_channel
from bot.errors import CANNOT_DM
from bot.global_budget import TokenBudget, lower
from bot.table._budget import ChannelBudget
from bot.table._fresh import FreshTokens
from bot.text import Text, catalog, msg
from services.pings import PingMode
from services.tables import Clock, SystemClock, TableStatus

log = logging.getLogger(__name__)

RECENT_S = 8.0
"""A player who acted this long before the turn reached them is watching: not pinged."""
GRACE_S = 5.0
"""How long after the turn reached them a player has to act or look before they are pinged
(most players who are watching act before it)."""
TOKEN_WAIT_S = 2.5
"""How long a ping waits for a use of a fresh token's bucket before it goes through the
channel instead."""

Texts = tuple[Callable[[int], str], Callable[[], str]]
"""The ping's words: in the channel (for a user), in a DM."""


def turn_words(status: TableStatus, game: Text, locale: str) -> Texts:
    """The ping's words for ``status``'s table of ``game`` in ``locale`` (the server's
    language: a channel ping is public), said only when a ping is sent."""
    say = catalog(locale).text

    def in_channel(user: int) -> str:
        return say(msg("table.ping", player=f"<@{user}>", game=game, link=jump_url(status)))

    def in_dm() -> str:
        where = f"<#{status.channel_id}>"
        return say(msg("table.ping.dm", game=game, channel=where, link=jump_url(status)))

    return in_channel, in_dm


@dataclass(slots=True)
class _Alive:
    user: int
    deal: int
    message: discord.Message | discord.WebhookMessage
    token: str | None = None
    """The interaction token it was sent on (deleted through the same one), if any."""
    since: float = 0.0
    """When that token's interaction was made (on the fresh tokens' clock)."""


@dataclass(slots=True)
class _Due:
    """A ping waiting for its grace to pass: whose turn, the task that waits for it, and what
    the ping says and reads when it comes."""

    user: int
    deal: int
    at: datetime
    task: asyncio.Task[None]
    status: TableStatus
    texts: Texts
    refresh: Callable[[], TableStatus] | None


class Pinger:
    """The turn pings of every table."""

    def __init__(
        self,
        bot: discord.Client,
        budget: ChannelBudget | None = None,
        *,
        fresh: FreshTokens | None = None,
        tokens: TokenBudget | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.bot = bot
        self.clock: Clock = clock or SystemClock()
        self.budget = ChannelBudget(clock=self.clock.monotonic) if budget is None else budget
        # (an empty FreshTokens is falsy: hence ``is None``)
        self.fresh = FreshTokens(clock=self.clock.monotonic) if fresh is None else fresh
        self.tokens = TokenBudget(clock=self.clock.monotonic) if tokens is None else tokens
        self.recent_s = RECENT_S
        self.grace_s = GRACE_S
        self.mode_of: Callable[[int], Awaitable[PingMode]] | None = None
        """Where each player's choice is read (``bot.pings.mode``); unset: ``channel``."""
        self._alive: dict[int, _Alive] = {}
        self._due: dict[int, _Due] = {}
        self._acted: dict[int, datetime] = {}
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        """Per table: its ping's sending and deleting never cross."""
        self.closed_dms: set[int] = set()
        """Players whose DMs refused a ping (50007): pinged in the channel."""
        self.sent: Counter[str] = Counter()
        """Pings by the way they went (``followup``, ``channel``, ``dm``), deletions by the
        way they went (``delete by token``, ``delete by channel``), and ``not needed`` (the
        player acted or looked within the grace), for the benches."""

    def dms_reachable(self, user: int, reachable: bool) -> None:
        """What a DM to ``user`` found (anyone's: an economy DM too): closed DMs get the
        channel ping, open ones their ``mode:dm`` pings again."""
        if reachable:
            self.closed_dms.discard(user)
        else:
            self.closed_dms.add(user)

    def acted(self, user: int) -> None:
        """``user`` did something at a table (a move, a look at their cards) just now."""
        self._acted[user] = self.clock.now()

    @property
    def busy(self) -> bool:
        """Whether a ping whose grace has passed is still on its way (the sandbox's settle
        waits for it; one still in its grace is not owed yet)."""
        now = self.clock.now()
        return any(not d.task.done() and d.at <= now for d in self._due.values())

    async def turn(
        self,
        status: TableStatus,
        channel_text: Callable[[int], str],
        dm_text: Callable[[], str],
        refresh: Callable[[], TableStatus] | None = None,
    ) -> None:
        """After a step of the table: if the turn moved, the old ping goes and the player to
        act now is pinged once their grace has passed (``refresh``: the table as it is then)."""
        table = status.table_id
        user = status.to_act if status.deal_open else None
        alive, due = self._alive.get(table), self._due.get(table)
        if alive is not None and (alive.user, alive.deal) == (user, status.deal_number):
            return  # still their turn: they were told
        sleeping = None
        if due is not None and not due.task.done():
            if (due.user, due.deal) == (user, status.deal_number):
                return  # still their turn: their grace runs
            if due.at > self.clock.now():
                # still in its grace: the task may wait on for the next player (it wakes at
                # its moment, finds a later one and sleeps on: no task per step). Past its
                # grace it may be sending: it sees it is stale.
                sleeping = due.task
        self._due.pop(table, None)
        async with self._locks[table]:
            await self._delete(table)
        if user is None or status.message_id is None or not _pingable(status, user):
            if sleeping is not None:
                sleeping.cancel()
            return
        at = self.clock.now() + timedelta(seconds=self.grace_s)
        texts = (channel_text, dm_text)
        if sleeping is None or sleeping.done():
            sleeping = asyncio.get_running_loop().create_task(
                self._after_grace(table), name=f"turn-ping-{table}"
            )
        self._due[table] = _Due(user, status.deal_number, at, sleeping, status, texts, refresh)

    async def _after_grace(self, table: int) -> None:
        """Wait for the table's due ping's moment (each time it wakes, the one due then: a
        later turn moves it), then ping, unless the turn moved on meanwhile."""
        task = asyncio.current_task()
        try:
            while True:
                due = self._due.get(table)
                if due is None or due.task is not task:
                    return  # the turn moved on with nobody to ping, or another task has it
                if due.at <= self.clock.now():
                    break
                await self.clock.sleep_until(due.at)
            status, user, texts, refresh = due.status, due.user, due.texts, due.refresh
            reached = due.at - timedelta(seconds=self.grace_s)
            while True:
                now = refresh() if refresh is not None else status
                if now.table_id != table or not now.deal_open or now.to_act != user:
                    return  # the turn moved on: its own ping decides
                if now.deal_number != status.deal_number or not _pingable(now, user):
                    return
                seen = self._acted.get(user)
                if seen is not None and seen > reached - timedelta(seconds=self.recent_s):
                    self.sent["not needed"] += 1
                    return
                wait = await self._ping(now, user, texts, due)
                if wait <= 0:
                    return
                await self.clock.sleep(wait)  # the channel is full: the ping waits for room
        except (discord.HTTPException, RuntimeError) as error:  # RuntimeError: stopping
            log.info("table %s: no turn ping: %r", table, error)

    async def _ping(self, status: TableStatus, user: int, texts: Texts, due: _Due) -> float:
        """Ping ``user`` unless the turn moved on meanwhile (``due``: the ping's own, still
        the table's due one); seconds to wait first when it must go through a channel with
        no room (then nothing was sent)."""
        channel_text, dm_text = texts
        mode = await self.mode_of(user) if self.mode_of is not None else PingMode.CHANNEL
        if mode is PingMode.OFF:
            return 0.0
        async with self._locks[status.table_id]:
            if self._due.get(status.table_id) is not due or status.table_id in self._alive:
                return 0.0  # a newer turn decides
            if mode is PingMode.DM and user not in self.closed_dms:
                sent = await self._dm(user, dm_text())
                if sent is not None:
                    self._alive[status.table_id] = _Alive(user, status.deal_number, sent)
                    return 0.0
            alive = await self._by_token(status, user, channel_text(user))
            if alive is None:
                wait = self.budget.wait(status.channel_id, keep=1)
                if wait > 0:
                    return wait
                alive = await self._in_channel(status, user, channel_text(user))
            self._alive[status.table_id] = alive
        return 0.0

    async def _by_token(self, status: TableStatus, user: int, text: str) -> _Alive | None:
        """The ping as a public followup of a fresh interaction at the table's channel;
        ``None`` when there is none (or Discord refused every one)."""
        while kept := self.fresh.at(status.channel_id):
            since, webhook = min(kept, key=lambda k: self.tokens.wait(k[1].token or ""))
            token = webhook.token or ""
            wait = self.tokens.wait(token)
            if wait > TOKEN_WAIT_S:
                return None
            if wait > 0:
                await self.clock.sleep(wait)
            self.tokens.spend(token)
            try:
                message = await webhook.send(text, allowed_mentions=_only(user), wait=True)
            except discord.HTTPException as error:
                log.info("table %s: turn ping by token refused: %r", status.table_id, error)
                self.fresh.drop_webhook(status.channel_id, webhook)
                continue
            self.sent["followup"] += 1
            return _Alive(user, status.deal_number, message, token, since)
        return None

    async def _in_channel(self, status: TableStatus, user: int, text: str) -> _Alive:
        self.budget.spend(status.channel_id)
        where = self.bot.get_partial_messageable(status.channel_id, guild_id=status.guild_id)
        with lower():
            message = await where.send(text, allowed_mentions=_only(user))
        self.sent["channel"] += 1
        return _Alive(user, status.deal_number, message)

    async def _dm(self, user: int, text: str) -> discord.Message | None:
        """The ping in ``user``'s DMs; ``None`` when their DMs are closed (remembered)."""
        try:
            with lower():
                channel = await dm_channel(self.bot, user)
                message = await channel.send(text)
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                raise
            log.info("turn ping: %s does not take DMs, pinged in the channel", user)
            self.closed_dms.add(user)
            return None
        self.sent["dm"] += 1
        return message

    async def _delete(self, table_id: int) -> None:
        """Delete the table's live ping (the table's lock held): through the token it was
        sent on while that is fresh and has room, else through its channel."""
        alive = self._alive.pop(table_id, None)
        if alive is None:
            return
        if alive.token is not None and self.fresh.fresh(alive.since):
            wait = self.tokens.wait(alive.token)
            if wait <= TOKEN_WAIT_S:
                if wait > 0:
                    await self.clock.sleep(wait)
                self.tokens.spend(alive.token)
                try:
                    await alive.message.delete()
                except discord.NotFound:
                    return  # someone deleted it already
                except discord.HTTPException as error:
                    log.info("table %s: ping not deleted by token: %r", table_id, error)
                else:
                    self.sent["delete by token"] += 1
                    return
        await self._delete_in_channel(alive)

    async def _delete_in_channel(self, alive: _Alive) -> None:
        channel = alive.message.channel
        with contextlib.suppress(discord.HTTPException), lower():
            await self.bot.http.delete_message(channel.id, alive.message.id)
            self.sent["delete by channel"] += 1

    async def forget(self, table_id: int) -> None:
        """Delete the table's live ping (the turn moved on, or the table closed)."""
        async with self._locks[table_id]:
            await self._delete(table_id)

    async def closed(self, table_id: int) -> None:
        """The table is gone: its ping too."""
        due = self._due.pop(table_id, None)
        if due is not None:
            due.task.cancel()
        await self.forget(table_id)
        self._locks.pop(table_id, None)

    async def close(self) -> None:
        """Stop every ping still in its grace (the bot is stopping)."""
        tasks = [d.task for d in self._due.values()]
        self._due.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _pingable(status: TableStatus, user: int) -> bool:
    """A person seated and present (a computer player or one marked away is never pinged)."""
    seat = next((s for s in status.seats if s.user_id == user), None)
    return seat is not None and not seat.computer and not seat.away and seat.seated


def _only(user: int) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user)], replied_user=False
    )


def jump_url(status: TableStatus) -> str:
    """The link to the table message."""
    return f"https://discord.com/channels/{status.guild_id}/{status.channel_id}/{status.message_id}"
