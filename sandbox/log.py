"""What the bot did, two ways: every REST call it made (``RequestLog``), and every change it
made that users can see (``Activity``), plus helpers for what one user saw.

Tests wait on ``Activity`` instead of sleeping: ``await fake.activity.wait_for(pred)`` returns as
soon as the bot has produced a matching change.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sandbox.guilds import User
from sandbox.messages import Message
from sandbox.state import World


@dataclass(frozen=True)
class Call:
    """One REST request the bot made, and what the fake answered."""

    at: float  # seconds since the fake started
    method: str
    route: str  # the route template, e.g. "/channels/{channel_id}/messages"
    path: str  # the concrete path, e.g. "/channels/123/messages"
    query: dict[str, str]
    body: Any
    status: int
    code: int | None  # Discord's JSON error code, if it answered with one


class RequestLog:
    """Every call the bot made, in order."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.calls: list[Call] = []
        self.unhandled: list[str] = []  # "METHOD /path" the fake has no route for
        self.drift: list[str] = []  # strict mode: how the fake's answers differ from the spec
        self._new_call = asyncio.Event()

    def record(self, call: Call) -> None:
        """Append one call (the fake's middleware does this) and wake waiters."""
        self.calls.append(call)
        self._new_call.set()
        self._new_call = asyncio.Event()

    async def wait_for(self, predicate: Callable[[Call], bool], *, within: float = 2.0) -> Call:
        """The first call (already made or still to come) matching ``predicate``."""

        async def first_match() -> Call:
            while True:
                for call in self.calls:
                    if predicate(call):
                        return call
                await self._new_call.wait()

        try:
            return await asyncio.wait_for(first_match(), within)
        except TimeoutError:
            raise TimeoutError(f"the bot made no matching call within {within}s") from None

    async def wait_for_error(self, code: int, *, within: float = 2.0) -> Call:
        """The first call the fake refused with Discord error ``code`` (e.g. 10062)."""
        return await self.wait_for(lambda c: c.code == code, within=within)

    def find(self, method: str | None = None, route: str | None = None) -> list[Call]:
        """The calls matching a method and/or route template, oldest first."""
        return [
            c
            for c in self.calls
            if (method is None or c.method == method) and (route is None or c.route == route)
        ]

    def errors(self) -> list[Call]:
        """Calls the fake answered with an error status."""
        return [c for c in self.calls if c.status >= 400]


class ChangeKind(StrEnum):
    """What kind of visible change the bot made."""

    CREATED = "created"
    EDITED = "edited"
    DELETED = "deleted"
    MODAL = "modal"
    CHOICES = "choices"
    DEFERRED_UPDATE = "deferred_update"


@dataclass(frozen=True)
class Change:
    """One visible change: a message created, edited or deleted, a modal opened, ..."""

    seq: int
    kind: ChangeKind
    message: Message | None
    interaction_id: int | None = None

    @property
    def is_dm(self) -> bool:
        """A change in a DM channel."""
        return self.message is not None and self.message.channel.is_dm


class Activity:
    """An append-only list of changes with an awaitable ``wait_for``."""

    def __init__(self) -> None:
        self.changes: list[Change] = []
        self._changed = asyncio.Condition()
        self.last_change = time.monotonic()

    async def add(
        self, kind: ChangeKind, message: Message | None, interaction_id: int | None = None
    ) -> Change:
        """Record a change and wake every waiter."""
        change = Change(len(self.changes), kind, message, interaction_id)
        async with self._changed:
            self.changes.append(change)
            self.last_change = time.monotonic()
            self._changed.notify_all()
        return change

    def mark(self) -> int:
        """A position to wait from: changes before it are ignored by ``wait_for(after=...)``."""
        return len(self.changes)

    async def wait_for(
        self, predicate: Callable[[Change], bool], *, after: int = 0, within: float = 2.0
    ) -> Change:
        """The first change at or after ``after`` matching ``predicate``; TimeoutError if the
        bot produced none in ``within`` seconds."""

        async def first_match() -> Change:
            async with self._changed:
                while True:
                    for change in self.changes[after:]:
                        if predicate(change):
                            return change
                    await self._changed.wait()

        return await asyncio.wait_for(first_match(), within)


def channel_messages(world: World, channel_id: int) -> list[Message]:
    """A channel as everyone sees it now: current edits, no deleted or ephemeral messages."""
    return [
        m
        for m in world.messages.values()
        if m.channel.id == channel_id and not m.deleted and m.visible_to is None
    ]


def dms(world: World, user: User) -> list[Message]:
    """The DM conversation between the bot and ``user`` (both directions), as it is now."""
    channel = world.dm_channels.get(user.id)
    if channel is None:
        return []
    return [m for m in world.messages.values() if m.channel is channel and not m.deleted]


def ephemerals(world: World, user: User) -> list[Message]:
    """The ephemeral replies only ``user`` saw, oldest first."""
    return [m for m in world.messages.values() if m.visible_to is user and not m.deleted]


def seen_by(world: World, user: User) -> list[Message]:
    """Everything ``user`` can see now: the channels of their servers, their DMs and their
    ephemerals (:meth:`World.sees`)."""
    return [m for m in world.messages.values() if world.sees(user, m)]


class BotErrors(logging.Handler):
    """Collects ERROR records from any logger while attached.

    discord.py swallows exceptions raised in commands and View callbacks and only logs them, so
    this is how a test (or the sandbox's transcript) learns that the bot failed.
    """

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the record (logging calls this)."""
        self.records.append(record)

    def attach(self) -> BotErrors:
        """Start collecting from the root logger."""
        logging.getLogger().addHandler(self)
        return self

    def detach(self) -> None:
        """Stop collecting."""
        logging.getLogger().removeHandler(self)

    @staticmethod
    def describe(record: logging.LogRecord) -> str:
        """The message with the exception that caused it, on one line."""
        error = record.exc_info[1] if record.exc_info else None
        return record.getMessage() + (f": {error!r}" if error is not None else "")

    async def expect(self, text: str, *, within: float = 2.0) -> list[logging.LogRecord]:
        """Take the errors mentioning ``text`` (in message or exception) out of the list, so
        the test that provoked them on purpose passes; waits up to ``within`` seconds for one
        (the bot logs after the fake answered), and fails if none comes."""
        deadline = time.monotonic() + within
        while True:
            taken = [r for r in self.records if text in self.describe(r)]
            if taken or time.monotonic() >= deadline:
                break
            await asyncio.sleep(0.005)
        if not taken:
            seen = [self.describe(r) for r in self.records]
            raise AssertionError(f"expected a bot error mentioning {text!r}; logged: {seen}")
        self.records = [r for r in self.records if r not in taken]
        return taken
