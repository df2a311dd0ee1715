"""Public threads in the fake: started from a message, archived and locked, joined.

Discord's rules the fake holds the bot to (docs: Threads, Channel resource):

- ``POST /channels/{id}/messages/{message_id}/threads`` needs ``Create Public Threads`` in a
  text channel (403, 50013 without it; 400, 50024 anywhere else), once per message (400,
  160004); the thread's id is the starter message's id, and the starter gets ``HAS_THREAD``;
- posting in a thread needs ``Send Messages in Threads``; nothing can be posted, edited or
  joined in an archived thread (400, 50083: the bot must unarchive it first), and a locked one
  is unarchived only with ``Manage Threads`` (403, 160005);
- ``DELETE /channels/{id}`` deletes a thread (Manage Threads);
- ``PATCH /channels/{id}`` archives, locks or renames a thread (its owner may archive it;
  locking needs ``Manage Threads``); ``PUT /channels/{id}/thread-members/{user}`` adds a
  guild member to it (404, 10007 for anyone else).

The bot hears THREAD_CREATE, THREAD_UPDATE, THREAD_DELETE and THREAD_MEMBERS_UPDATE as on
Discord; ``delete_thread`` is a moderator deleting one.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from sandbox.flags import (
    CREATE_PUBLIC_THREADS,
    HAS_THREAD,
    MANAGE_THREADS,
    SEND_MESSAGES_IN_THREADS,
)
from sandbox.gateway import Gateway
from sandbox.guilds import Channel, ChannelType, Guild, ThreadState, User
from sandbox.snowflakes import now_iso
from sandbox.state import World
from sandbox.wire import ErrorCode, error_response, json_response, no_content

ACTIVE_THREADS_PER_GUILD = 1000
"""Discord's cap on a server's active (unarchived) threads (error 160006)."""


def _bot_has(world: World, guild: Guild, bits: int) -> bool:
    return guild.permissions_of(world.bot_user) & bits == bits


def refuse_post(world: World, channel: Channel) -> web.Response | None:
    """Why the bot may not post or edit in ``channel`` if it is a thread, else ``None``."""
    thread, guild = channel.thread, world.guild_of(channel)
    if thread is None or guild is None:
        return None
    if not _bot_has(world, guild, SEND_MESSAGES_IN_THREADS):
        return error_response(403, ErrorCode.MISSING_PERMISSIONS)
    if thread.archived:
        return error_response(400, ErrorCode.THREAD_ARCHIVED)
    return None


def posted(channel: Channel) -> None:
    """Count a message sent in a thread (its ``message_count``)."""
    if channel.thread is not None:
        channel.thread.messages += 1


class Threads:
    """The thread routes over one ``World``; events go out through ``gateway``."""

    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway

    def _guild_channel(self, request: web.Request) -> tuple[Channel, Guild] | web.Response:
        channel = self.world.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            return error_response(404, ErrorCode.UNKNOWN_CHANNEL)
        guild = self.world.guild_of(channel)
        if guild is None:
            return error_response(
                403 if channel.guild_id else 400,
                ErrorCode.MISSING_ACCESS if channel.guild_id else ErrorCode.WRONG_CHANNEL_TYPE,
            )
        return channel, guild

    async def start(self, request: web.Request, body: Any) -> web.StreamResponse:
        """Start a public thread from a message (``Message.create_thread``)."""
        found = self._guild_channel(request)
        if isinstance(found, web.Response):
            return found
        parent, guild = found
        message = self.world.messages.get(int(request.match_info["message_id"]))
        if message is None or message.deleted or message.channel is not parent:
            return error_response(404, ErrorCode.UNKNOWN_MESSAGE)
        if parent.type is not ChannelType.TEXT:
            return error_response(400, ErrorCode.WRONG_CHANNEL_TYPE)
        if not _bot_has(self.world, guild, CREATE_PUBLIC_THREADS):
            return error_response(403, ErrorCode.MISSING_PERMISSIONS)
        if message.id in self.world.channels:
            return error_response(400, ErrorCode.THREAD_ALREADY_CREATED)
        active = [t for t in guild.threads if t.thread and not t.thread.archived]
        if len(active) >= ACTIVE_THREADS_PER_GUILD:
            return error_response(400, ErrorCode.GENERAL)
        state = ThreadState(parent_id=parent.id, owner_id=self.world.bot_user.id)
        if isinstance(body.get("auto_archive_duration"), int):
            state.auto_archive_duration = body["auto_archive_duration"]
        state.members[self.world.bot_user.id] = now_iso()
        thread = Channel(
            message.id,
            str(body["name"]),
            ChannelType.PUBLIC_THREAD,
            guild_id=guild.id,
            thread=state,
        )
        self.world.channels[thread.id] = thread
        guild.threads.append(thread)
        message.flags |= HAS_THREAD
        await self.gateway.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return json_response(thread.payload(), status=201)

    async def update(self, request: web.Request, body: Any) -> web.StreamResponse:
        """``Thread.edit``: archive, lock, rename (only threads; other channels refuse)."""
        found = self._guild_channel(request)
        if isinstance(found, web.Response):
            return found
        channel, guild = found
        state = channel.thread
        if state is None:
            return error_response(400, ErrorCode.WRONG_CHANNEL_TYPE)
        body = body or {}
        manage = _bot_has(self.world, guild, MANAGE_THREADS)
        if body.get("locked") is not None and not manage:
            return error_response(403, ErrorCode.MISSING_PERMISSIONS)
        if state.locked and body.get("archived") is False and not manage:
            return error_response(403, ErrorCode.THREAD_LOCKED)
        if state.archived and body.get("archived") is not False:
            return error_response(400, ErrorCode.THREAD_ARCHIVED)
        if isinstance(body.get("name"), str) and body["name"]:
            channel.name = body["name"]
        if body.get("locked") is not None:
            state.locked = bool(body["locked"])
        if body.get("archived") is not None:
            state.archived = bool(body["archived"])
            state.archive_timestamp = now_iso()
        await self.gateway.dispatch("THREAD_UPDATE", channel.payload())
        return json_response(channel.payload())

    async def add_member(self, request: web.Request, _body: Any) -> web.StreamResponse:
        """``Thread.add_user``: a guild member joins the thread (sees it in their list)."""
        found = self._guild_channel(request)
        if isinstance(found, web.Response):
            return found
        channel, guild = found
        state = channel.thread
        if state is None:
            return error_response(400, ErrorCode.WRONG_CHANNEL_TYPE)
        if state.archived:
            return error_response(400, ErrorCode.THREAD_ARCHIVED)
        user = guild.members.get(int(request.match_info["user_id"]))
        if user is None:
            return error_response(404, ErrorCode.UNKNOWN_MEMBER)
        if user.id not in state.members:
            state.members[user.id] = now_iso()
            await self._members_added(channel, guild, user)
        return no_content()

    async def _members_added(self, channel: Channel, guild: Guild, user: User) -> None:
        state = channel.thread
        assert state is not None  # noqa: S101 - callers checked
        await self.gateway.dispatch(
            "THREAD_MEMBERS_UPDATE",
            {
                "id": str(channel.id),
                "guild_id": str(guild.id),
                "member_count": min(len(state.members), 50),
                "added_members": [
                    {
                        "id": str(channel.id),
                        "user_id": str(user.id),
                        "join_timestamp": state.members[user.id],
                        "flags": 0,
                        "member": guild.member_payload(user),
                    }
                ],
            },
        )

    async def delete_route(self, request: web.Request, _body: Any) -> web.StreamResponse:
        """``Thread.delete``: needs Manage Threads; the fake lets the bot delete no other
        channel (it never should)."""
        found = self._guild_channel(request)
        if isinstance(found, web.Response):
            return found
        channel, guild = found
        if channel.thread is None or not _bot_has(self.world, guild, MANAGE_THREADS):
            return error_response(403, ErrorCode.MISSING_PERMISSIONS)
        payload = channel.payload()
        await self.delete(channel)
        return json_response(payload)

    async def delete(self, thread: Channel) -> None:
        """A moderator deletes ``thread``: THREAD_DELETE, and its id is an Unknown Channel."""
        guild = self.world.guild_of(thread)
        state = thread.thread
        if guild is None or state is None:
            raise ValueError(f"channel {thread.id} is not a thread of a guild the bot is in")
        self.world.channels.pop(thread.id, None)
        guild.threads = [t for t in guild.threads if t is not thread]
        await self.gateway.dispatch(
            "THREAD_DELETE",
            {
                "id": str(thread.id),
                "guild_id": str(guild.id),
                "parent_id": str(state.parent_id),
                "type": int(thread.type),
            },
        )
