"""The gateway websocket: HELLO, heartbeats, IDENTIFY -> READY + GUILD_CREATE, RESUME, dispatch.

Events are filtered by the intents the bot identified with, as Discord does (``allowed``).

Sharded bots: a connection that IDENTIFYs with ``shard: [id, count]`` gets READY and
GUILD_CREATE for that shard's guilds only (``(guild_id >> 22) % count``) and only their events;
DMs go to shard 0, as on Discord. Each shard's session has its own id, so a RESUME replays only
its shard's events. Several connections may serve one shard (two processes on one token):
each gets every event of it, as from Discord.

Frames are plain JSON text: discord.py asks for ``zlib-stream`` but accepts text frames whatever
it asked for. Every dispatched event is kept with its sequence number so a client that RESUMEs
after a dropped connection gets the events it missed, as from Discord.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from enum import IntEnum
from typing import Any

from aiohttp import WSMsgType, web

from sandbox.state import World
from sandbox.wire import JSON

_log = logging.getLogger(__name__)

HEARTBEAT_INTERVAL_MS = 41250


class Op(IntEnum):
    """Gateway opcodes the fake speaks."""

    DISPATCH = 0
    HEARTBEAT = 1
    IDENTIFY = 2
    RESUME = 6
    RECONNECT = 7
    REQUEST_GUILD_MEMBERS = 8
    INVALID_SESSION = 9
    HELLO = 10
    HEARTBEAT_ACK = 11


class CloseCode(IntEnum):
    """Gateway close codes; discord.py resumes after UNKNOWN_ERROR, gives up after the rest."""

    UNKNOWN_ERROR = 4000
    AUTHENTICATION_FAILED = 4004


class Intent(IntEnum):
    """Gateway intent bits (docs: Gateway > List of Intents) the fake's events need."""

    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15


MESSAGE_EVENTS = frozenset({"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE"})
GUILD_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})
SESSION_EVENTS = frozenset({"READY", "RESUMED"})  # one connection's own; never replayed


def allowed(intents: int, event: str, data: Any) -> bool:
    """Whether a bot that identified with ``intents`` receives ``event``, as on Discord: the
    ``guilds`` intent alone gets no MESSAGE_* events; guild messages need GUILD_MESSAGES, DM
    messages DIRECT_MESSAGES. Events no intent governs (READY, INTERACTION_CREATE) always go."""
    if event in MESSAGE_EVENTS:
        in_guild = isinstance(data, dict) and data.get("guild_id") is not None
        needed = Intent.GUILD_MESSAGES if in_guild else Intent.DIRECT_MESSAGES
        return bool(intents & needed)
    if event in GUILD_EVENTS or event.startswith("THREAD_"):
        return bool(intents & Intent.GUILDS)
    if event.startswith("GUILD_MEMBER_") and event != "GUILD_MEMBERS_CHUNK":
        return bool(intents & Intent.GUILD_MEMBERS)
    return True


def without_content(intents: int, event: str, data: Any, bot_id: str) -> Any:
    """Without MESSAGE_CONTENT, a guild message's content, embeds, attachments and components
    arrive empty unless the bot wrote it or is mentioned in it (docs: Message Content Intent)."""
    if event not in ("MESSAGE_CREATE", "MESSAGE_UPDATE") or intents & Intent.MESSAGE_CONTENT:
        return data
    if not isinstance(data, dict) or data.get("guild_id") is None:
        return data
    author = (data.get("author") or {}).get("id")
    mentioned = any(m.get("id") == bot_id for m in data.get("mentions") or [])
    if author == bot_id or mentioned or f"<@{bot_id}>" in str(data.get("content") or ""):
        return data
    return {**data, "content": "", "embeds": [], "attachments": [], "components": []}


Shard = tuple[int, int] | None
"""``(shard_id, shard_count)`` a connection identified with; ``None``: unsharded (every guild)."""


def serves(shard: Shard, guild_id: int | None) -> bool:
    """Whether a connection of ``shard`` gets the events of ``guild_id`` (``None``: a DM)."""
    if shard is None:
        return True
    shard_id, count = shard
    return (0 if guild_id is None else (guild_id >> 22) % count) == shard_id


def guild_of(event: str, data: Any) -> int | None:
    """The guild an event belongs to (``None``: a DM, or no guild)."""
    if not isinstance(data, dict):
        return None
    found = data.get("guild_id") or (data.get("id") if event in GUILD_EVENTS else None)
    return None if found is None else int(found)


class Gateway:
    """One bot session's gateway endpoint."""

    def __init__(self, world: World, token: str) -> None:
        self.world = world
        self.token = token
        self.session_id = "sandbox-session"
        self.url = ""  # set by the fake once it knows its port
        self._seq = itertools.count(1)
        self.history: list[JSON] = []  # every DISPATCH frame sent, for RESUME replay
        self.sockets: list[web.WebSocketResponse] = []
        self.shards: dict[web.WebSocketResponse, Shard] = {}  # what each connection serves
        self.identified_shards: list[Shard] = []  # every IDENTIFY's shard, in order
        self._frame_guilds: list[int | None] = []  # the guild of each frame in history
        self.overlaps: list[Shard] = []  # a shard joined while another connection served it
        self.identified = asyncio.Event()  # READY and every GUILD_CREATE were sent
        self.identify_payload: JSON | None = None
        self.identifies = 0
        self.query: dict[str, str] = {}
        self.heartbeats = 0
        self.resumes: list[JSON] = []  # every RESUME payload received
        self.withheld: list[str] = []  # events the bot's intents did not ask for
        self._open = asyncio.Event()  # cleared: websocket upgrades wait (a slow gateway)
        self._open.set()
        self.upgrade_waiting = asyncio.Event()  # set once a client waits on the current hold

    async def _send(self, ws: web.WebSocketResponse, frame: JSON) -> None:
        await ws.send_str(json.dumps(frame))

    def _frame(self, event: str, data: Any) -> JSON:
        frame: JSON = {"op": int(Op.DISPATCH), "t": event, "s": next(self._seq), "d": data}
        self.history.append(frame)
        self._frame_guilds.append(guild_of(event, data))
        return frame

    @staticmethod
    def session_of(shard: Shard) -> str:
        """The session id of a shard's connection."""
        return "sandbox-session" if shard is None else f"sandbox-session-{shard[0]}-of-{shard[1]}"

    def _shard_of_session(self, session_id: object) -> tuple[bool, Shard]:
        if session_id == self.session_id:
            return True, None
        for shard in self.identified_shards:
            if shard is not None and session_id == self.session_of(shard):
                return True, shard
        return False, None

    @property
    def intents(self) -> int:
        """The intents the bot identified with (all of them before it identifies)."""
        if self.identify_payload is None:
            return -1
        return int(self.identify_payload.get("intents") or 0)

    async def dispatch(self, event: str, data: Any) -> None:
        """Send an event to the connected bot if its intents ask for it; if it is between
        connections, the event waits for its RESUME (as on Discord)."""
        intents = self.intents
        if not allowed(intents, event, data):
            self.withheld.append(event)
            return
        bot_id = str(self.world.bot_user.id)
        frame = self._frame(event, without_content(intents, event, data, bot_id))
        guild = guild_of(event, data)
        for ws in list(self.sockets):
            if serves(self.shards.get(ws), guild):
                await self._send(ws, frame)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """The websocket endpoint (``GET /gateway``)."""
        if not self._open.is_set():
            self.upgrade_waiting.set()
            await self._open.wait()
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.query = dict(request.query)
        await self._send(
            ws, {"op": int(Op.HELLO), "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}
        )
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                if not await self._on_frame(ws, int(frame["op"]), frame.get("d")):
                    break
        finally:
            if ws in self.sockets:
                self.sockets.remove(ws)
            self.shards.pop(ws, None)
        return ws

    async def _on_frame(self, ws: web.WebSocketResponse, op: int, data: Any) -> bool:
        """Handle one client frame; False closes the connection."""
        if op == Op.HEARTBEAT:
            self.heartbeats += 1
            await self._send(ws, {"op": int(Op.HEARTBEAT_ACK), "d": None})
        elif op == Op.IDENTIFY:
            if data.get("token") != self.token:
                await ws.close(
                    code=CloseCode.AUTHENTICATION_FAILED, message=b"Authentication failed."
                )
                return False
            self.identify_payload = data
            self.identifies += 1
            shard: Shard = None
            if data.get("shard") is not None:
                shard_id, count = (int(n) for n in data["shard"])
                shard = (shard_id, count)
            self.identified_shards.append(shard)
            await self._send(ws, self._frame("READY", self._ready(shard)))
            for guild in self.world.guilds.values():
                if serves(shard, guild.id):
                    await self._send(ws, self._frame("GUILD_CREATE", guild.payload()))
            self._serve(ws, shard)
            self.identified.set()
        elif op == Op.RESUME:
            await self._resume(ws, data)
        elif op == Op.REQUEST_GUILD_MEMBERS:
            guild = self.world.guilds[int(data["guild_id"])]
            chunk = {
                "guild_id": str(guild.id),
                "members": [guild.member_payload(u) for u in guild.members.values()],
                "chunk_index": 0,
                "chunk_count": 1,
                "nonce": data.get("nonce"),
            }
            await self._send(ws, self._frame("GUILD_MEMBERS_CHUNK", chunk))
        return True

    async def _resume(self, ws: web.WebSocketResponse, data: JSON) -> None:
        self.resumes.append(data)
        known, shard = self._shard_of_session(data.get("session_id"))
        if data.get("token") != self.token or not known:
            await self._send(ws, {"op": int(Op.INVALID_SESSION), "d": False})
            return
        last_seen = int(data.get("seq") or 0)
        missed = [
            frame
            for frame, guild in zip(self.history, self._frame_guilds, strict=True)
            if int(frame["s"]) > last_seen
            and frame["t"] not in SESSION_EVENTS
            and serves(shard, guild)
        ]
        for frame in missed:
            await self._send(ws, frame)
        await self._send(ws, self._frame("RESUMED", {}))
        self._serve(ws, shard)

    def _serve(self, ws: web.WebSocketResponse, shard: Shard) -> None:
        if shard is not None and shard in (self.shards.get(other) for other in self.sockets):
            self.overlaps.append(shard)  # two connections get this shard's every event
        self.shards[ws] = shard
        self.sockets.append(ws)

    def _ready(self, shard: Shard) -> JSON:
        ready: JSON = {
            "v": 10,
            "user": self.world.bot_user.payload(),
            "session_id": self.session_of(shard),
            "resume_gateway_url": self.url,
            "private_channels": [],
            "guilds": [
                {"id": str(g), "unavailable": True} for g in self.world.guilds if serves(shard, g)
            ],
            "application": {"id": str(self.world.application_id), "flags": 0},
        }
        if shard is not None:
            ready["shard"] = list(shard)
        return ready

    async def drop(self, code: int = CloseCode.UNKNOWN_ERROR) -> None:
        """Close every connection like a network blip; discord.py reconnects and RESUMEs."""
        sockets, self.sockets = list(self.sockets), []
        for ws in sockets:
            await ws.close(code=code, message=b"sandbox: connection dropped")

    def hold(self) -> None:
        """Leave websocket upgrades unanswered until ``release``: a client is stuck between
        asking for the gateway and getting it."""
        self.upgrade_waiting.clear()
        self._open.clear()

    def release(self) -> None:
        """Undo ``hold``: waiting upgrades go through."""
        self._open.set()

    async def ask_to_reconnect(self) -> None:
        """Send op 7 RECONNECT, as Discord does before moving a session to another server."""
        sockets, self.sockets = list(self.sockets), []
        for ws in sockets:
            await self._send(ws, {"op": int(Op.RECONNECT), "d": None})

    async def close(self) -> None:
        """Close every connection for good (the fake is shutting down); held upgrades go
        through first, so no handler keeps the server from stopping."""
        self.release()
        sockets, self.sockets = list(self.sockets), []
        for ws in sockets:
            await ws.close()
