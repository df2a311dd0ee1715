"""The publisher: the table's I/O on Discord, with nothing to decide about what it shows.

Each table message converges on the table's latest state with as few writes as Discord allows:

- a click on the table message is answered with the table itself (UPDATE_MESSAGE, callback
  type 7): the update IS the answer, and it is exempt from the channel's limit;
- every other update (a slash command, a timer, a computer's move) marks the table dirty and
  wakes the table's one writer, which waits for a free slot of the channel's budget
  (:mod:`._budget`), then draws the state of that moment and edits once: a burst of actions is
  one edit of the latest state, never a queue of stale ones;
- the writer's edit goes through the token of the latest click answered with the table while
  it is fresh (``PATCH /webhooks/…/@original``: that answer's message IS the table message),
  which Discord exempts from the bot's global 50 requests/s, like every interaction endpoint;
  else through the token that posted the table message (below) while it is fresh; it still
  waits for the channel's budget; without a fresh token (or if Discord refuses it) it edits
  through the channel;
- a new table message (a table opened) is posted as a public followup of a fresh interaction
  at its channel (the opener's: :class:`._fresh.FreshTokens`), so that for that token's 14
  minutes every edit of a table played by slash commands only is exempt too; through the
  channel without one;
- every write through the channel also takes a slot of the bot's one global budget
  (:mod:`bot.global_budget`); a table brought back after a restart, or posted again after it
  was deleted, writes with lower priority (``publish(low=True)``), so the players' own updates
  go first;
- a write that fails (429, 5xx, a lost permission, an answer past Discord's 3 s) leaves the
  table dirty, and the writer tries again with backoff (honouring ``retry_after``) until the
  message shows the latest state; a deleted message is posted again.

The publisher knows no format (embed or V2): it writes each drawing through the doors of the
table message (:class:`._message.TableMessage`). It also sends DMs (a closed-DM player gets one
note in the table's channel, and play goes on) and posts the rare channel messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.ext import commands

from bot.dm_channels import dm_channel
from bot.errors import CANNOT_DM, MISSING_PERMISSIONS
from bot.global_budget import TokenBudget, lower
from bot.refusal import MissingChannelPermission
from bot.table._budget import ChannelBudget
from bot.table._fresh import FRESH_S, FreshTokens, made_at
from bot.table._lag import Lags
from bot.table._message import Posted, TableMessage
from bot.table._moved import movable, moved
from services.tables import Clock, SystemClock, TableStatus

log = logging.getLogger(__name__)

ANSWER_WAIT_S = 0.8
"""How long a click's answer waits for the table's writer to finish its edit (then it answers
anyway: Discord wants the answer within 3 s)."""
ANSWER_LIMIT_S = 3.0
"""Discord's deadline for an interaction's first answer."""
BACKOFF_S = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)
"""Waits between failed writes of one table (the last repeats)."""

Draw = Callable[[], "TableMessage | Awaitable[TableMessage]"]
"""Draws the table message as the table is at the moment of the write."""


@dataclass(slots=True)
class _Table:
    """One table message's way to its latest state."""

    channel: int
    draw: Draw
    posted: Posted | None
    latest: int = 0
    """Version of the newest state asked for (every publish is a new one)."""
    shown: int = 0
    """Version of the last write that reached Discord."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    writer: asyncio.Task[None] | None = None
    failures: int = 0
    denied: bool = False
    """The last write was refused for a missing permission (50013)."""
    closing: bool = False
    token: discord.Webhook | None = None
    """The webhook of the latest click answered with this table's message (UPDATE_MESSAGE):
    its ``@original`` is the table message, for the writer's next edits. Not the click
    itself: a kept ``Interaction`` holds its message, member and payload (issue 27)."""
    token_message: int | None = None
    """The message that click was on."""
    token_since: float = 0.0
    owner: discord.Webhook | None = None
    """The interaction webhook that posted the table message (a followup): it edits it."""
    owner_since: float = 0.0
    owner_message: int | None = None
    low: bool = False
    """The latest state asked for is of less value (a restart's note, a repost): its write
    yields to the players' updates in the global budget."""
    behind_since: float | None = None
    """When the message stopped showing the latest state (``None``: it shows it)."""


def _on_message(interaction: discord.Interaction | None, message_id: int | None) -> bool:
    return (
        interaction is not None
        and not interaction.response.is_done()
        and interaction.message is not None
        and message_id is not None
        and interaction.message.id == message_id
    )


def _retry_after(error: discord.HTTPException) -> float | None:
    """``retry_after`` of a 429 (seconds), if Discord said."""
    if error.status != 429:
        return None
    response = getattr(error, "response", None)
    header = response.headers.get("Retry-After") if response is not None else None
    try:
        return float(header) if header is not None else None
    except ValueError:
        return None


class Publisher:
    """Puts tables on Discord; one per bot (the desk's)."""

    def __init__(
        self,
        bot: commands.Bot,
        budget: ChannelBudget | None = None,
        tokens: TokenBudget | None = None,
        clock: Clock | None = None,
        fresh: FreshTokens | None = None,
    ) -> None:
        self.bot = bot
        self.clock = clock or SystemClock()
        self.budget = budget or ChannelBudget(clock=self.clock.monotonic)
        self.tokens = tokens or TokenBudget(clock=self.clock.monotonic)
        """Uses of each interaction token (the writer's edits, the turn pings)."""
        self.fresh: FreshTokens | None = fresh
        """The fresh interactions at each channel (the desk's): a new table message is posted
        as a followup of one."""
        self._tables: dict[int, _Table] = {}
        self._told_no_dm: set[tuple[int, int]] = set()
        self._told_denied: set[int] = set()
        self._saying = 0
        """Channel messages waiting for room in their channel."""
        self.edits = 0
        """Table writes through the channel (posts and edits), for the bench."""
        self.answers = 0
        """Table updates that were a click's answer."""
        self.token_edits = 0
        """Table edits made through a click's token (exempt from the global limit)."""
        self.lags = Lags()
        """How long table messages stayed behind their tables (for the bench)."""

    # -- state ----------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether some table message is still behind (its writer has work)."""
        if self._saying:
            return True
        return any(t.writer is not None and not t.writer.done() for t in self._tables.values())

    @property
    def lagging(self) -> int:
        """Table messages that do not show their latest state yet (the bench's catch-up)."""
        return sum(1 for t in self._tables.values() if t.shown < t.latest)

    def lag_stats(self) -> dict[str, Any]:
        """How long table messages stayed behind (the bench's "caught up within 5 s"), with
        the longest stretch not over yet."""
        now = self.clock.monotonic()
        open_since = [t.behind_since for t in self._tables.values() if t.shown < t.latest]
        oldest = max((now - s for s in open_since if s is not None), default=0.0)
        return self.lags.summary(oldest)

    def behind(self, table_id: int) -> bool:
        """Whether the table's message does not show its latest state yet."""
        table = self._tables.get(table_id)
        return table is not None and table.shown < table.latest

    def denied(self, table_id: int) -> bool:
        """Whether the table's last write was refused for a missing permission, not yet told."""
        table = self._tables.get(table_id)
        return table is not None and table.denied and table_id not in self._told_denied

    def told_denied(self, table_id: int) -> None:
        self._told_denied.add(table_id)

    def forget(self, table_id: int) -> None:
        """A closed table: its writer finishes what it owes, then the table is dropped (its
        closed-DM notes stay: a table id is never reused)."""
        table = self._tables.get(table_id)
        if table is None:
            return
        table.closing = True
        if table.writer is None or table.writer.done():
            self._tables.pop(table_id, None)

    # -- publishing -----------------------------------------------------------------------------

    async def publish(
        self,
        status: TableStatus,
        draw: Draw,
        interaction: discord.Interaction | None = None,
        *,
        posted: Posted | None = None,
        low: bool = False,
    ) -> None:
        """Bring the table's one message to ``draw()`` (called when the write is made, so it
        draws the state of that moment): as the answer to ``interaction`` when it is a click
        on that message, else by the table's writer (an edit, or a post through ``posted``,
        told the new message's id). Never raises for Discord's refusals: the writer retries.
        ``low``: this state is of less value (a restart's note, a repost): its write through the
        channel yields to table updates in the global budget."""
        table_id = status.table_id
        table = self._tables.get(table_id)
        if table is None:
            table = self._tables[table_id] = _Table(status.channel_id, draw, posted)
        if table.shown >= table.latest:
            table.behind_since = self.clock.monotonic()
        table.latest += 1
        table.draw, table.posted, table.low = draw, posted, low
        if _on_message(interaction, status.message_id):
            assert interaction is not None  # noqa: S101 - _on_message checked it
            await self._answer(table, interaction)
        self._wake(table_id, table)

    async def _answer(self, table: _Table, interaction: discord.Interaction) -> None:
        """Answer a click on the table message with the table (UPDATE_MESSAGE). Both waits
        are bounded in the clicking task: ``asyncio.wait_for`` on Python 3.11 starts a task
        (and a timer) for each, twice a click."""
        locked = False
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(ANSWER_WAIT_S):
                await table.lock.acquire()
            locked = True
        try:
            version = table.latest
            drawn = await _drawn(table.draw)
            if not _on_message(interaction, drawn.status.message_id):
                return
            if not locked:
                drawn.unsure()  # the writer's edit may land later
            try:
                # past Discord's 3 s the answer is refused anyway; the writer edits instead
                async with asyncio.timeout(ANSWER_LIMIT_S):
                    await drawn.answer(interaction)
            except (discord.HTTPException, TimeoutError) as error:
                log.info("table %s: the click's answer failed: %r", drawn.status.table_id, error)
                drawn.unsure()
                return
            self.answers += 1
            table.token, table.token_since = (
                interaction.followup,
                made_at(interaction, self.clock.monotonic),
            )
            table.token_message = interaction.message.id if interaction.message else None
            self._shown(table, version)
            table.failures, table.denied = 0, False
        finally:
            if locked:
                table.lock.release()

    def _shown(self, table: _Table, version: int) -> None:
        """A write of ``version`` reached Discord; the stretch behind ends if it is the latest."""
        table.shown = version
        if table.shown >= table.latest and table.behind_since is not None:
            self.lags.record(self.clock.monotonic() - table.behind_since)
            table.behind_since = None

    def _wake(self, table_id: int, table: _Table) -> None:
        if table.shown >= table.latest:
            return
        if table.writer is None or table.writer.done():
            table.writer = asyncio.get_running_loop().create_task(
                self._write_until_shown(table_id, table), name=f"table-{table_id}-writer"
            )

    async def _write_until_shown(self, table_id: int, table: _Table) -> None:
        """The table's writer: edit until the message shows the latest state."""
        try:
            while table.shown < table.latest:
                wait = self.budget.wait(table.channel)
                if wait > 0:
                    await self.clock.sleep(wait)
                    continue
                pause = 0.0
                async with table.lock:
                    if table.shown >= table.latest:
                        break
                    version = table.latest
                    try:
                        drawn = await _drawn(table.draw)
                        self.budget.spend(table.channel)
                        if not (
                            await self._by_token(table, drawn)
                            or await self._by_owner(table, drawn)
                            or await self._post_by_token(table, drawn)
                        ):
                            self.edits += 1
                            with lower() if table.low else contextlib.nullcontext():
                                await self._write(drawn, table.posted)
                    except discord.HTTPException as error:
                        pause = self._failed(table_id, table, error)
                    except MissingChannelPermission as error:
                        cause = error.__cause__
                        pause = self._failed(table_id, table, cause or error)
                    else:
                        self._shown(table, version)
                        table.failures, table.denied = 0, False
                if pause:
                    await self.clock.sleep(pause)
        except Exception:
            if self.bot.is_closed():  # stopping: the next start draws every table again
                log.info("table %s: stopped before its message was up to date", table_id)
            else:
                log.exception("table %s: its message could not be brought up to date", table_id)
        finally:
            if table.closing:
                self._tables.pop(table_id, None)

    def _failed(self, table_id: int, table: _Table, error: BaseException) -> float:
        """Log a failed write; the pause before the next try."""
        table.failures += 1
        pause = BACKOFF_S[min(table.failures, len(BACKOFF_S)) - 1]
        if isinstance(error, discord.HTTPException):
            if error.code == MISSING_PERMISSIONS:
                table.denied = True
            pause = max(pause, _retry_after(error) or 0.0)
        log.warning(
            "table %s: its message is behind (try %d, again in %.1fs): %r",
            table_id,
            table.failures,
            pause,
            error,
        )
        return pause

    async def _by_token(self, table: _Table, drawn: TableMessage) -> bool:
        """Edit the table message through the fresh token of a click answered with it;
        ``False`` when there is none or Discord refused it (then the channel edit)."""
        token, status = table.token, drawn.status
        if token is None:
            return False
        if (
            self.clock.monotonic() - table.token_since > FRESH_S
            or table.token_message != status.message_id
            or token.token is None
        ):
            table.token = None
            return False
        if not drawn.fits():
            return False  # a V2 message never turns back into an embed: the writer reposts
        if not self.tokens.room(token.token):
            return False  # a burst: this edit goes through the channel
        self.tokens.spend(token.token)
        try:
            await drawn.edit_by_token(token)
        except discord.HTTPException as error:
            log.info("table %s: the edit by token failed: %r", status.table_id, error)
            table.token = None
            return False
        self.token_edits += 1
        return True

    async def _by_owner(self, table: _Table, drawn: TableMessage) -> bool:
        """Edit the table message through the token that posted it, while it is fresh;
        ``False`` when there is none, it is busy, or Discord refused it."""
        owner, status = table.owner, drawn.status
        if owner is None or owner.token is None:
            return False
        if (
            self.clock.monotonic() - table.owner_since > FRESH_S
            or table.owner_message != status.message_id
        ):
            table.owner = None
            return False
        if not drawn.fits():
            return False  # a V2 message never turns back into an embed: the writer reposts
        if not self.tokens.room(owner.token):
            return False
        self.tokens.spend(owner.token)
        try:
            await drawn.edit_by_webhook(owner)
        except discord.HTTPException as error:
            log.info("table %s: the edit by its own token failed: %r", status.table_id, error)
            table.owner = None
            return False
        self.token_edits += 1
        return True

    async def _post_by_token(self, table: _Table, drawn: TableMessage) -> bool:
        """Post a new table message as a public followup of a fresh interaction at its
        channel (then its token edits it); ``False`` when there is none to use. A table
        message no fresh token may edit (posted through the channel: a table in a thread,
        whose opener's command was in the parent channel; or its poster's token aged out)
        moves the same way, the old one deleted (:func:`._moved.moved`)."""
        status = drawn.status
        if table.posted is None or self.fresh is None:
            return False
        if status.message_id is not None and not movable(table.token, table.owner):
            return False
        for since, webhook in self.fresh.at(status.channel_id):
            token = webhook.token
            if token is None or not self.tokens.room(token):
                continue
            self.tokens.spend(token)
            try:
                message_id = await drawn.post_by_webhook(webhook)
            except discord.HTTPException as error:
                log.info("table %s: posting by token failed: %r", status.table_id, error)
                self.fresh.drop_webhook(status.channel_id, webhook)
                continue
            table.owner, table.owner_since, table.owner_message = webhook, since, message_id
            self.token_edits += 1
            await table.posted(status, message_id)
            if status.message_id is not None:
                await moved(self.bot, drawn)
            return True
        return False

    async def _write(self, drawn: TableMessage, posted: Posted | None) -> None:
        """One edit (or post) of the table message through the channel."""
        status = drawn.status
        channel = self.bot.get_partial_messageable(status.channel_id, guild_id=status.guild_id)
        await drawn.write(channel, posted)

    # -- other messages -------------------------------------------------------------------------

    async def dm(
        self,
        status: TableStatus,
        user: int,
        send: dict[str, Any],
        no_dm_note: Callable[[], str],
    ) -> None:
        """One DM (``send``: its keyword arguments); closed DMs (50007) get one
        ``no_dm_note()`` in the table's channel."""
        try:
            channel = await dm_channel(self.bot, user)
            await self._room(channel.id)  # a DM channel has the same 5-per-5-s limit
            await channel.send(**send)
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                log.warning("DM to %s refused: %r", user, error)
            key = (status.table_id, user)
            if key in self._told_no_dm:
                return
            self._told_no_dm.add(key)
            await self.say(status, no_dm_note())
        except discord.HTTPException as error:
            log.warning("DM to %s failed: %r", user, error)

    async def _room(self, channel: int, keep: int = 0) -> None:
        """Wait for a write of ``channel``'s budget (``keep`` slots left for the table's
        edits), and spend it."""
        while (wait := self.budget.wait(channel, keep=keep)) > 0:
            self._saying += 1
            try:
                await self.clock.sleep(wait)
            finally:
                self._saying -= 1
        self.budget.spend(channel)

    async def say(self, status: TableStatus, text: str) -> None:
        """A message in the table's channel (rare: resumes, closes, closed DMs); it waits for
        a slot of the channel's budget, leaving one for the table's next edit, and yields to
        table updates in the global budget."""
        await self._room(status.channel_id, keep=1)
        channel = self.bot.get_partial_messageable(status.channel_id, guild_id=status.guild_id)
        try:
            with lower():
                await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException as error:
            log.warning("table %s: could not post in its channel: %r", status.table_id, error)


async def _drawn(draw: Draw) -> TableMessage:
    made = draw()
    return await made if inspect.isawaitable(made) else made
