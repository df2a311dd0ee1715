"""Faults the fake can inject into its REST answers.

Standing conditions (a user with closed DMs, a channel where the bot lacks a permission) hold
until cleared; planned faults (a 429, a 500) hit the next ``times`` matching calls and are then
used up. Gateway and world faults (a dropped connection, a message deleted by a user, the bot
removed from a guild) are methods of ``FakeDiscord`` because they change the world, not a reply.

A 429 carries ``Via`` and ``retry_after`` exactly as Discord's does: discord.py treats a 429
without ``Via`` as a Cloudflare ban and gives up instead of retrying.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from aiohttp import web

from sandbox.guilds import Channel, User
from sandbox.wire import ErrorCode, error_response, json_response


@dataclass
class PlannedFault:
    """``times`` answers of ``status`` to calls of ``method route``."""

    method: str
    route: str
    status: int
    times: int
    retry_after: float = 0.0
    is_global: bool = False
    hits: int = 0

    def response(self) -> web.Response:
        """The answer Discord would give."""
        if self.status == 429:
            return json_response(
                {
                    "message": "You are being rate limited.",
                    "retry_after": self.retry_after,
                    "global": self.is_global,
                    "code": 0,
                },
                status=429,
                headers={
                    "Via": "1.1 google",
                    "Retry-After": str(max(1, round(self.retry_after))),
                    "X-RateLimit-Scope": "global" if self.is_global else "user",
                },
            )
        return json_response({"message": "500: Internal Server Error", "code": 0}, self.status)


@dataclass(eq=False)
class Hold:
    """Calls of ``method route`` wait, unanswered, until :meth:`release` (a slow Discord):
    ``reached`` is set once one is waiting."""

    method: str
    route: str
    reached: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)

    def release(self) -> None:
        """Let the waiting calls (and every later one) through."""
        self.released.set()


@dataclass
class Faults:
    """The fault plan the fake's REST layer consults on every call."""

    closed_dms: set[int] = field(default_factory=set)
    denied_channels: set[int] = field(default_factory=set)
    planned: list[PlannedFault] = field(default_factory=list)
    known_routes: set[str] = field(default_factory=set)
    holds: list[Hold] = field(default_factory=list)

    def close_dms(self, user: User) -> None:
        """``user`` does not accept DMs: sending to their DM channel gets 403, code 50007."""
        self.closed_dms.add(user.id)

    def open_dms(self, user: User) -> None:
        """Undo ``close_dms``."""
        self.closed_dms.discard(user.id)

    def deny_permission(self, channel: Channel) -> None:
        """The bot may not post or edit in ``channel``: 403, code 50013."""
        self.denied_channels.add(channel.id)

    def grant_permission(self, channel: Channel) -> None:
        """Undo ``deny_permission``."""
        self.denied_channels.discard(channel.id)

    def rate_limit(
        self,
        method: str,
        route: str,
        *,
        retry_after: float = 0.05,
        times: int = 1,
        is_global: bool = False,
    ) -> PlannedFault:
        """The next ``times`` calls of ``method route`` get 429 with ``retry_after`` seconds.

        ``route`` is the template, e.g. ``"/channels/{channel_id}/messages"``.
        """
        return self._plan(PlannedFault(method, route, 429, times, retry_after, is_global))

    def server_error(self, method: str, route: str, *, times: int = 1) -> PlannedFault:
        """The next ``times`` calls of ``method route`` get a 500 (discord.py retries after
        1 s, 3 s, ...)."""
        return self._plan(PlannedFault(method, route, 500, times))

    def _plan(self, fault: PlannedFault) -> PlannedFault:
        if self.known_routes and fault.route not in self.known_routes:
            raise ValueError(
                f"the fake has no route {fault.route!r}; known: {sorted(self.known_routes)}"
            )
        self.planned.append(fault)
        return fault

    def take(self, method: str, route: str) -> web.Response | None:
        """The planned fault answer for this call, if one is due (it is used up)."""
        for fault in self.planned:
            if fault.method == method and fault.route == route and fault.hits < fault.times:
                fault.hits += 1
                return fault.response()
        return None

    def refuse_dm(self, recipient: User | None) -> web.Response | None:
        """403/50007 if ``recipient`` has closed DMs."""
        if recipient is not None and recipient.id in self.closed_dms:
            return error_response(403, ErrorCode.CANNOT_SEND_TO_USER)
        return None

    def refuse_channel(self, channel: Channel) -> web.Response | None:
        """403/50013 if the bot lacks permission in ``channel``."""
        if channel.id in self.denied_channels:
            return error_response(403, ErrorCode.MISSING_PERMISSIONS)
        return None

    def hold(self, method: str, route: str) -> Hold:
        """Calls of ``method route`` wait until the returned hold is released."""
        if self.known_routes and route not in self.known_routes:
            raise ValueError(f"the fake has no route {route!r}")
        hold = Hold(method, route)
        self.holds.append(hold)
        return hold

    async def wait_if_held(self, method: str, route: str) -> None:
        """Wait while a hold of this call is not released."""
        for hold in self.holds:
            if hold.method == method and hold.route == route and not hold.released.is_set():
                hold.reached.set()
                await hold.released.wait()
