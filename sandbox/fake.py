"""``FakeDiscord``: a Discord on 127.0.0.1 that the real, unmodified discord.py talks to.

Only two discord.py class attributes are re-pointed (``point_discord_py_here``)::

    discord.http.Route.BASE                          -> http://127.0.0.1:PORT/api/v10
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY -> ws://127.0.0.1:PORT/gateway

Everything else (login, the gateway handshake, heartbeats, event parsing, CommandTree and View
dispatch, the webhook adapter that answers interactions, DM channels) is discord.py's own code
over real HTTP and a real websocket. Interaction callbacks and followups build their URLs from
``Route.BASE`` too, so they follow.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping

import discord.http
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket

from sandbox.clock import Clock
from sandbox.faults import Faults
from sandbox.gateway import CloseCode, Gateway
from sandbox.guilds import Channel, Guild, User
from sandbox.interactions import (
    Interaction,
    Interactions,
    InteractionType,
    InvalidInjection,
    OptionValue,
    check_command_access,
    command_data,
    component_data,
    modal_data,
)
from sandbox.log import Activity, RequestLog
from sandbox.messages import Message
from sandbox.publish import Publisher
from sandbox.ratelimit import RateLimits
from sandbox.responses import Responses, Rules
from sandbox.routes import Rest
from sandbox.state import World
from sandbox.threads import Threads
from sandbox.wire import API_PREFIX

OWED_S = 6.0
"""How much longer ``settle`` waits for writes the bot paces (Discord's 5-second windows)."""
WAIT_S = 5.0
"""How long a test waits for what the bot does at once (an answer, a DM): longer than
Discord's 3-second rule, which the fake enforces itself (a late answer is refused and the bot
logs it), so a busy machine's slow-but-legal answer is no failure."""
DEFAULT_TOKEN = "sandbox-token"  # noqa: S105 - not a secret: the fake's own password


class FakeDiscord:
    """One fake Discord: a world, its REST API and gateway, injectors and faults.

    Use ``async with FakeDiscord() as fake:`` (or ``start``/``close``), build the world
    (``fake.world.add_guild``, ``add_user``, ``join``) before the bot connects, then act as users
    through ``sandbox.actors.Actor`` or the injectors below.

    Every request body is checked against Discord's OpenAPI spec and documented limits;
    ``rate_limits`` (on by default; tune ``fake.rate_limits``) applies Discord's rate limits;
    ``strict`` also checks every answer against the spec and records any difference in
    ``fake.log.drift`` (the e2e fixtures turn it on and fail a test that has drift).
    """

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        answer_limit: float | None = 3.0,
        rate_limits: bool = True,
        strict: bool = False,
    ) -> None:
        self.token = token
        self.world = World()
        self.log = RequestLog()
        self.activity = Activity()
        self.faults = Faults()
        self.clock = Clock()
        self.rules = Rules(answer_limit=answer_limit)
        self.rate_limits = RateLimits(self.clock.monotonic, enabled=rate_limits)
        self.gateway = Gateway(self.world, token)
        self.interactions = Interactions(self.world, self.activity, self.clock)
        self.publisher = Publisher(self.activity, self.gateway)
        self._responses = Responses(
            self.world, self.interactions, self.publisher, self.rules, self.clock
        )
        self._rest = Rest(
            self.world,
            token,
            self.log,
            self.faults,
            self.publisher,
            self._responses,
            lambda: self.gateway.url,
        )
        self._rest.rate_limits = self.rate_limits
        self.threads = Threads(self.world, self.gateway)
        self._rest.threads = self.threads
        self._rest.strict = strict
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.watched: list[asyncio.Task[object]] = []  # the running bot's gateway task
        self.owes: list[Callable[[], bool]] = []
        """Whether the bot says it still owes writes (a table edit waiting for room in the
        channel's rate limit): ``settle`` waits for those too."""
        self.pass_paced_time = False
        """Whether ``settle`` lets the time the bot's owed writes wait for pass at once on
        this fake's clock (tests: ``open_session(pass_paced_time=True)``), or waits it out in
        real time (the terminal sandbox, the benches, which measure that time)."""

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeDiscord:
        """Listen on 127.0.0.1 on a port the OS picks."""
        app = web.Application()
        app.router.add_get("/gateway", self.gateway.handle)
        self._rest.add_routes(app)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server  # aiohttp exposes the bound port only here
        if not isinstance(server, asyncio.base_events.Server):
            raise RuntimeError("aiohttp did not start a TCP server")
        self.port = int(server.sockets[0].getsockname()[1])
        self.gateway.url = self.gateway_url
        return self

    async def close(self) -> None:
        """Close the gateway connections and stop listening."""
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        """The REST base URL, what ``Route.BASE`` is pointed at."""
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        """The websocket URL, what ``DEFAULT_GATEWAY`` is pointed at."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    def point_discord_py_here(self) -> Callable[[], None]:
        """Point discord.py (process-wide) at this fake; returns the function that undoes it."""
        old = (discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.base_url
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

        def undo() -> None:
            discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old

        return undo

    def watch(self, task: asyncio.Task[object]) -> None:
        """Register the bot's gateway task: if it dies (e.g. a payload lacked a key discord.py
        indexes), waits fail at once with its exception instead of timing out."""
        self.watched.append(task)

    def check_bot_alive(self) -> None:
        """Raise the watched gateway task's exception if it has ended."""
        for task in self.watched:
            if task.done():
                error = None if task.cancelled() else task.exception()
                raise RuntimeError(f"the bot's gateway task ended: {error!r}") from error

    # ------------------------------------------------------------------ injectors

    async def inject(
        self, interaction: Interaction, *, wait: bool = True, within: float = WAIT_S
    ) -> Interaction:
        """Dispatch a prepared interaction (``fake.interactions.new``); by default wait for the
        bot's answer, failing at once if the bot's gateway task died."""
        self.check_bot_alive()
        await self.gateway.dispatch("INTERACTION_CREATE", interaction.payload)
        if not wait:
            return interaction
        waiter = asyncio.ensure_future(interaction.answered.wait())
        done, _ = await asyncio.wait(
            [waiter, *self.watched], timeout=within, return_when=asyncio.FIRST_COMPLETED
        )
        if waiter not in done:
            waiter.cancel()
            self.check_bot_alive()
            raise TimeoutError(
                f"the bot did not answer {interaction.describe()} within {within}s"
                + (f"; routes the fake lacks: {self.log.unhandled}" if self.log.unhandled else "")
            )
        return interaction

    async def slash(
        self,
        user: User,
        command: str,
        channel: Channel,
        options: Mapping[str, OptionValue] | None = None,
        *,
        wait: bool = True,
        within: float = WAIT_S,
    ) -> Interaction:
        """``user`` runs ``/command`` in ``channel``; by default waits for the bot's answer."""
        guild = self.world.guild_of(channel)
        check_command_access(self.world, guild, user, command)
        data = command_data(self.world, guild, command, options or {})
        interaction = self.interactions.new(
            InteractionType.APPLICATION_COMMAND, user, channel, data
        )
        return await self.inject(interaction, wait=wait, within=within)

    async def autocomplete(
        self,
        user: User,
        command: str,
        channel: Channel,
        focused: str,
        options: Mapping[str, OptionValue],
        *,
        within: float = WAIT_S,
    ) -> list[str | int | float]:
        """``user`` types into option ``focused``; returns the values the bot suggested."""
        if focused not in options:
            raise InvalidInjection(f"give the text typed so far for {focused!r}")
        guild = self.world.guild_of(channel)
        data = command_data(self.world, guild, command, options, focused=focused)
        interaction = self.interactions.new(InteractionType.AUTOCOMPLETE, user, channel, data)
        await self.inject(interaction, within=within)
        return [c["value"] for c in interaction.choices or []]

    async def use_component(
        self,
        user: User,
        message: Message,
        key: str,
        values: list[str] | None = None,
        *,
        wait: bool = True,
        within: float = WAIT_S,
    ) -> Interaction:
        """``user`` clicks the button (or picks ``values`` in the select) called ``key``: its
        label, custom_id or placeholder."""
        if not self.world.sees(user, message):
            raise InvalidInjection(f"{user.name} cannot see message {message.id}")
        data = component_data(message, key, values)
        interaction = self.interactions.new(
            InteractionType.MESSAGE_COMPONENT, user, message.channel, data, source=message
        )
        return await self.inject(interaction, wait=wait, within=within)

    async def submit_modal(
        self,
        user: User,
        opened_by: Interaction,
        answers: Mapping[str, str],
        *,
        wait: bool = True,
        within: float = WAIT_S,
    ) -> Interaction:
        """``user`` fills in and submits the modal the bot opened in answer to ``opened_by``."""
        if opened_by.modal is None:
            raise InvalidInjection(f"the bot opened no modal for {opened_by.describe()}")
        if opened_by.user is not user:
            raise InvalidInjection("only the user the modal was shown to can submit it")
        data = modal_data(opened_by.modal, answers)
        interaction = self.interactions.new(
            InteractionType.MODAL_SUBMIT,
            user,
            opened_by.channel,
            data,
            source=opened_by.source,
            opened_by=opened_by,
        )
        return await self.inject(interaction, wait=wait, within=within)

    async def post_as(self, user: User, channel: Channel, content: str) -> Message:
        """``user`` writes a message (guild channel or DM): MESSAGE_CREATE to the bot."""
        message = self.world.add_message(channel, user, {"content": content})
        payload = message.payload()
        guild = self.world.guild_of(channel)
        if guild is not None:
            payload["member"] = guild.member_payload(user, with_user=False)
        await self.gateway.dispatch("MESSAGE_CREATE", payload)
        return message

    # ------------------------------------------------------------------ waiting

    async def settle(self, quiet: float = 0.05, within: float = 3.0, *, owed: bool = True) -> None:
        """Wait until the bot has made no call and no change for ``quiet`` seconds, owes no
        retry of a rate-limited request and (``owed``) no write it is pacing (``owes``; those
        get one more rate-limit window, ``OWED_S``, beyond ``within``, and with
        ``pass_paced_time`` that window passes on the clock, see ``_pass_paced_time``)."""
        start = time.monotonic()
        deadline = start + within
        passed = 0.0  # when paced time was last passed: the woken write is on its way
        while time.monotonic() < deadline:
            last = max(
                self.activity.last_change,
                self.log.started + self._last_call(),
                self.rate_limits.retry_until,
                passed,
            )
            idle = time.monotonic() - last
            if idle < quiet:
                await asyncio.sleep(quiet - idle)
                continue
            if not owed or not any(owes() for owes in self.owes):
                return
            deadline = max(deadline, start + within + OWED_S)
            if await self._pass_paced_time():
                # a woken DM or channel note owes nothing once its request is out: it must
                # reach the fake (be quiet again) before this counts as settled
                passed = time.monotonic()
            else:
                await asyncio.sleep(quiet)

    async def _pass_paced_time(self) -> bool:
        """The bot is quiet but owes writes it paces on this fake's clock (a table edit or a
        ping waiting for room in a channel's rate limit): let the time until the next paced
        wait ends pass at once, for the fake's rate limits and the bot alike, instead of
        waiting it out. Only paced waits (``Clock.sleep``) and only within a rate-limit window:
        a timer (a turn's end, a ping's grace: ``sleep_until``) is the test's to advance, even
        when it falls in the window, and no interaction may be waiting for its answer
        (Discord's 3-second rule counts on this clock)."""
        if not self.pass_paced_time:
            return False
        wake = self.clock.next_paced_wake()
        if wake is None or not 0 < wake <= OWED_S:  # 0: a woken sleeper is yet to run
            return False
        if self.interactions.unanswered(within=WAIT_S):
            return False
        self.clock.advance(wake)
        await asyncio.sleep(0)  # the woken sleeper runs
        return True

    def _last_call(self) -> float:
        return self.log.calls[-1].at if self.log.calls else 0.0

    # ------------------------------------------------------------------ world faults

    async def delete_by_user(self, message: Message) -> None:
        """Someone (a moderator, the author) deletes ``message``: the bot gets MESSAGE_DELETE
        and later edits of it fail with 404, code 10008."""
        await self.publisher.deleted(message)

    async def delete_thread(self, thread: Channel) -> None:
        """A moderator deletes ``thread``: THREAD_DELETE, then 404 (10003) for its id."""
        await self.threads.delete(thread)

    async def remove_bot_from(self, guild: Guild) -> None:
        """The bot is kicked from ``guild``: GUILD_DELETE, and its channels refuse the bot."""
        self.world.remove_guild(guild)
        await self.gateway.dispatch("GUILD_DELETE", {"id": str(guild.id), "unavailable": False})

    async def drop_gateway(self, code: int = CloseCode.UNKNOWN_ERROR) -> None:
        """The connection breaks; discord.py reconnects and RESUMEs, and gets what it missed."""
        await self.gateway.drop(code)

    def hold_gateway(self) -> None:
        """The gateway is slow: websocket upgrades wait until ``release_gateway`` (await
        ``gateway.upgrade_waiting`` to know the bot is stuck in its connect)."""
        self.gateway.hold()

    def release_gateway(self) -> None:
        """Undo ``hold_gateway``."""
        self.gateway.release()

    def recommend_shards(self, count: int) -> None:
        """``GET /gateway/bot`` recommends ``count`` shards (what an AutoShardedClient without a
        shard count runs)."""
        self._rest.shards = count

    async def ask_to_reconnect(self) -> None:
        """Discord's op 7 RECONNECT; discord.py reconnects and RESUMEs."""
        await self.gateway.ask_to_reconnect()
