"""The fake Discord's world: users, guilds, channels, messages and the synced command tree.

Everything is kept as small typed records that render the exact JSON discord.py parses
(``payload()``). Payload shapes follow the reference spike's NOTES: a field discord.py reads
with ``data[...]`` that is missing kills the bot's gateway task, so the payloads here carry every
field discord.py 2.7 indexes, not just the ones our bot happens to use today.
"""

from __future__ import annotations

import datetime as dt
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6  # message flag: only the interacting user sees it
LOADING = 1 << 7  # message flag: a deferred "is thinking..." response
IS_COMPONENTS_V2 = 1 << 15  # message flag: a layout of components, no content or embeds
ALL_PERMISSION_BITS = (1 << 50) - 1
ALL_PERMISSIONS = str(ALL_PERMISSION_BITS)
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
SEND_MESSAGES = 1 << 11
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
HAS_THREAD = 1 << 5  # message flag: a thread was started from this message
# Ids of the world's fixed entities (bot, users, guilds, channels) count up from here, so a
# sandbox run creates the same ids every time and a kept database still matches its users.
FIXED_ID_BASE = 1_100_000_000_000_000_000


class ChannelType(IntEnum):
    """The channel kinds the fake models."""

    TEXT = 0
    DM = 1
    PUBLIC_THREAD = 11


@dataclass(eq=False)
class ThreadState:
    """What makes a channel a public thread: its parent, its starter's author, whether it is
    archived or locked, who joined it (``PUT /channels/{id}/thread-members/{user}``)."""

    parent_id: int
    owner_id: int
    auto_archive_duration: int = 1440
    archived: bool = False
    locked: bool = False
    archive_timestamp: str | None = None
    created: str = field(default_factory=lambda: now_iso())
    members: dict[int, str] = field(default_factory=dict)
    """User id -> when they joined."""
    messages: int = 0
    """Messages sent in it (``message_count``, ``total_message_sent``)."""

    def payload(self, channel: Channel) -> JSON:
        """The thread channel object (``ThreadResponse`` of the spec)."""
        return {
            "id": str(channel.id),
            "type": int(channel.type),
            "guild_id": str(channel.guild_id),
            "parent_id": str(self.parent_id),
            "owner_id": str(self.owner_id),
            "name": channel.name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "message_count": self.messages,
            "total_message_sent": self.messages,
            "member_count": min(len(self.members), 50),
            "thread_metadata": {
                "archived": self.archived,
                "archive_timestamp": self.archive_timestamp,
                "auto_archive_duration": self.auto_archive_duration,
                "locked": self.locked,
                "create_timestamp": self.created,
            },
        }


def now_iso() -> str:
    """Discord's timestamp format (ISO 8601, UTC)."""
    return dt.datetime.now(dt.UTC).isoformat()


class Snowflakes:
    """Id source: fixed ids for world entities, time-ordered ids for everything else.

    Time-ordered ids matter because discord.py (and Discord clients) sort messages by id.
    """

    def __init__(self) -> None:
        self._fixed = itertools.count(FIXED_ID_BASE)
        self._increment = itertools.count()

    def fixed(self) -> int:
        """The next id of the deterministic series (same creation order -> same ids)."""
        return next(self._fixed)

    def new(self) -> int:
        """A fresh snowflake carrying the current time, like Discord's."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._increment) & 0x3FFFFF)


@dataclass(eq=False)
class User:
    """A Discord account; ``bot`` marks the application's own user."""

    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"
    """The Discord client's language, sent with each interaction (``locale alice de``)."""

    @property
    def mention(self) -> str:
        """How Discord writes a mention of this user in message content."""
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        """The user object as Discord sends it."""
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass(eq=False)
class Channel:
    """A guild text channel or a DM channel (``recipient`` set)."""

    id: int
    name: str
    type: ChannelType = ChannelType.TEXT
    guild_id: int | None = None
    position: int = 0
    recipient: User | None = None
    thread: ThreadState | None = None
    """Set for a public thread (``type`` 11)."""

    @property
    def is_dm(self) -> bool:
        """True for a one-to-one DM channel between the bot and ``recipient``."""
        return self.type is ChannelType.DM

    def payload(self) -> JSON:
        """The channel object as Discord sends it (REST, GUILD_CREATE, interactions)."""
        if self.thread is not None:
            return self.thread.payload(self)
        if self.recipient is not None:
            return {
                "id": str(self.id),
                "type": int(self.type),
                "last_message_id": None,
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        return {
            "id": str(self.id),
            "type": int(self.type),
            "name": self.name,
            "position": self.position,
            "guild_id": str(self.guild_id),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }


GATEWAY_ONLY_GUILD_FIELDS = frozenset(
    {
        "joined_at",
        "large",
        "unavailable",
        "member_count",
        "members",
        "channels",
        "threads",
        "voice_states",
        "presences",
    }
)
"""What GUILD_CREATE carries and ``GET /guilds/{id}`` does not."""


@dataclass(eq=False)
class Guild:
    """A server: its channels, its members, and whether the bot is still in it."""

    id: int
    name: str
    owner: User
    channels: list[Channel] = field(default_factory=list)
    threads: list[Channel] = field(default_factory=list)
    """Its public threads (not deleted), archived ones included."""
    members: dict[int, User] = field(default_factory=dict)
    joined_at: str = field(default_factory=now_iso)
    permissions: dict[int, int] = field(default_factory=dict)
    """Members whose permission bits differ from @everyone's (which has every permission)."""
    command_access: dict[str, set[int]] = field(default_factory=dict)
    """Per command name, members an admin let use it although they lack its default
    permissions (Server Settings > Integrations in a real client)."""

    def permissions_of(self, user: User) -> int:
        """The member's permission bits (the owner always has all of them)."""
        if user is self.owner:
            return ALL_PERMISSION_BITS
        bits = self.permissions.get(user.id, ALL_PERMISSION_BITS)
        return ALL_PERMISSION_BITS if bits & ADMINISTRATOR else bits

    def deny(self, user: User, bits: int) -> None:
        """Take permissions from a member, e.g. ``deny(bob, MANAGE_GUILD)`` (and Administrator,
        which would imply them all)."""
        self.permissions[user.id] = self.permissions_of(user) & ~(bits | ADMINISTRATOR)

    def member_payload(self, user: User, *, with_user: bool = True) -> JSON:
        """A guild member object; ``with_user=False`` for places that carry the user apart."""
        member: JSON = {
            "roles": [],
            "joined_at": self.joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "avatar": None,
            "banner": None,
            "pending": False,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if with_user:
            member["user"] = user.payload()
        return member

    def rest_payload(self) -> JSON:
        """The guild object of ``GET /guilds/{id}`` (``fetch_guild``): no gateway-only fields,
        and the documented ones the gateway copy leaves out."""
        documented: JSON = dict.fromkeys(
            (
                "icon",
                "description",
                "home_header",
                "splash",
                "discovery_splash",
                "banner",
                "application_id",
                "region",
                "widget_channel_id",
                "max_presences",
                "vanity_url_code",
                "rules_channel_id",
                "safety_alerts_channel_id",
                "public_updates_channel_id",
                "incidents_data",
            ),
            None,
        )
        documented.update(
            region="deprecated",
            system_channel_flags=0,
            widget_enabled=False,
            max_members=500000,
            max_stage_video_channel_users=50,
            max_video_channel_users=25,
            premium_subscription_count=0,
            premium_progress_bar_enabled=False,
            nsfw=False,
        )
        shared = {k: v for k, v in self.payload().items() if k not in GATEWAY_ONLY_GUILD_FIELDS}
        return {**documented, **shared}

    def payload(self) -> JSON:
        """The GUILD_CREATE payload. ``member_count == len(members)`` keeps discord.py from
        asking for member chunks it would otherwise wait for."""
        return {
            "id": str(self.id),
            "name": self.name,
            "owner_id": str(self.owner.id),
            "unavailable": False,
            "large": False,
            "member_count": len(self.members),
            "members": [self.member_payload(u) for u in self.members.values()],
            "channels": [c.payload() for c in self.channels],
            "threads": [t.payload() for t in self.threads if t.thread and not t.thread.archived],
            "roles": [
                {
                    "id": str(self.id),
                    "name": "@everyone",
                    "permissions": ALL_PERMISSIONS,
                    "position": 0,
                    "color": 0,
                    "colors": {
                        "primary_color": 0,
                        "secondary_color": None,
                        "tertiary_color": None,
                    },
                    "icon": None,
                    "unicode_emoji": None,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "voice_states": [],
            "presences": [],
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "system_channel_id": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "joined_at": self.joined_at,
        }


@dataclass(eq=False)
class Message:
    """A message as it is now: edits change it in place, a deletion marks it ``deleted``.

    ``visible_to`` is set for ephemeral interaction replies: only that user sees them.
    ``interaction_id`` links a response or followup to the interaction that caused it.
    """

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[str] = field(default_factory=list)
    """The file names of the message's attachments, in order (ids are positions from 1)."""
    files: dict[str, bytes] = field(default_factory=dict)
    """The uploaded bytes of each attachment, by file name (tests read the pictures here)."""
    flags: int = 0
    type: int = 0
    visible_to: User | None = None
    interaction_id: int | None = None
    interaction_metadata: JSON | None = None
    edits: int = 0
    deleted: bool = False
    timestamp: str = field(default_factory=now_iso)
    edited_timestamp: str | None = None

    @property
    def ephemeral(self) -> bool:
        """Whether only ``visible_to`` can see this message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still showing "thinking..."."""
        return bool(self.flags & LOADING)

    def visible_for(self, user: User) -> bool:
        """Would ``user`` see this message (in its channel, right now)?"""
        if self.deleted:
            return False
        if self.visible_to is not None:
            return self.visible_to is user
        if self.channel.recipient is not None:
            return self.channel.recipient is user
        return True

    def apply_edit(self, body: JSON) -> None:
        """Apply a PATCH / UPDATE_MESSAGE body: only the fields it carries change."""
        if body.get("content") is not None:
            self.content = str(body["content"])
        if body.get("embeds") is not None:
            self.embeds = rich(body["embeds"])
        if body.get("components") is not None:
            self.components = with_ids(list(body["components"]))
        self._attach(body)
        if isinstance(body.get("flags"), int):  # the V2 flag stays once set (checks.py)
            self.flags |= body["flags"] & IS_COMPONENTS_V2
        self.flags &= ~LOADING
        self.edits += 1
        self.edited_timestamp = now_iso()

    def _attach(self, body: JSON) -> None:
        """Discord's edit rule: ``attachments`` lists the ones to keep (by id), new uploads are
        added; without ``attachments`` every current one stays."""
        uploads: dict[str, bytes] = dict(body.get("_uploads") or {})
        kept = list(self.attachments)
        listed = body.get("attachments")
        if isinstance(listed, list):
            ids = {str(a.get("id")): a.get("filename") for a in listed if isinstance(a, dict)}
            kept = [
                n
                for i, n in enumerate(self.attachments)
                if str(i + 1) in ids and ids[str(i + 1)] in (None, n)
            ]
        names = kept + [n for n in body.get("_files") or [] if n not in kept]
        files = {n: self.files[n] for n in kept if n in self.files}
        files.update(uploads)
        self.attachments, self.files = names, files

    def walk_components(self) -> Iterator[JSON]:
        """Every component of the message, rows included, depth first."""
        yield from walk_components(self.components)

    @property
    def custom_ids(self) -> list[str]:
        """The custom_ids of the message's buttons and selects, in display order."""
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]

    @property
    def buttons(self) -> list[str]:
        """The labels of the message's buttons, in display order."""
        return [str(c.get("label") or "") for c in self.walk_components() if c.get("type") == 2]

    def component(self, key: str) -> JSON:
        """The button or select whose label, custom_id or placeholder is ``key``."""
        for comp in self.walk_components():
            if comp.get("type") == 1:
                continue
            if key in (comp.get("custom_id"), comp.get("label"), comp.get("placeholder")):
                return comp
        raise LookupError(
            f"message {self.id} has no component {key!r}; it has {self.custom_ids or 'none'}"
        )

    def _resolved(self, components: list[JSON]) -> list[JSON]:
        """Components as Discord returns them: each ``attachment://name`` media resolved to the
        attachment (its id and URLs); the stored message keeps the reference tests read."""

        def media(item: Any) -> Any:
            url = item.get("url") if isinstance(item, dict) else None
            if not isinstance(url, str) or not url.startswith("attachment://"):
                return item
            name = url.removeprefix("attachment://")
            number = str(self.attachments.index(name) + 1) if name in self.attachments else "0"
            link = f"http://127.0.0.1/attachments/{name}"
            return {
                **item,
                "id": number,
                "attachment_id": number,
                "url": link,
                "proxy_url": link,
                "content_type": "image/png" if name.endswith(".png") else None,
            }

        resolved: list[JSON] = []
        for comp in components:
            copy = dict(comp)
            for key in ("media", "file"):
                if key in copy:
                    copy[key] = media(copy[key])
            if isinstance(copy.get("items"), list):
                copy["items"] = [
                    {**i, "media": media(i.get("media"))} if isinstance(i, dict) else i
                    for i in copy["items"]
                ]
            if isinstance(copy.get("components"), list):
                copy["components"] = self._resolved(copy["components"])
            if isinstance(copy.get("accessory"), dict):
                copy["accessory"] = self._resolved([copy["accessory"]])[0]
            resolved.append(copy)
        return resolved

    def payload(self) -> JSON:
        """The message object as Discord returns it (REST) or dispatches it (gateway)."""
        data: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(i + 1),
                    "filename": name,
                    "size": len(self.files.get(name, b"")),
                    "url": f"http://127.0.0.1/attachments/{name}",
                    "proxy_url": f"http://127.0.0.1/attachments/{name}",
                }
                for i, name in enumerate(self.attachments)
            ],
            "embeds": self.embeds,
            "components": self._resolved(self.components),
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        return data


def rich(embeds: list[JSON]) -> list[JSON]:
    """Embeds as Discord stores them: a bot's embed is of type ``rich``."""
    return [{"type": "rich", **e} for e in embeds]


def with_ids(components: list[JSON], counter: Iterator[int] | None = None) -> list[JSON]:
    """Components as Discord returns them: each numbered ``id`` (1, 2, ... in tree order) unless
    the bot chose one."""
    counter = counter if counter is not None else itertools.count(1)
    numbered: list[JSON] = []
    for comp in components:
        copy = {**comp, "id": comp.get("id") or next(counter)}
        if isinstance(comp.get("components"), list):
            copy["components"] = with_ids(comp["components"], counter)
        numbered.append(copy)
    return numbered


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    """Depth-first walk over a component tree (action rows, labels, their children)."""
    for comp in components:
        yield comp
        yield from walk_components(list(comp.get("components") or []))
        if isinstance(comp.get("component"), dict):  # a modal Label wraps one component
            yield from walk_components([comp["component"]])


class World:
    """All state of one fake Discord. Mutated only by the fake's routes and injectors."""

    def __init__(self, bot_name: str = "Parlour") -> None:
        self.ids = Snowflakes()
        self.bot_user = User(self.ids.fixed(), bot_name, bot=True)
        self.owner = User(self.ids.fixed(), "owner")
        self.users: dict[int, User] = {u.id: u for u in (self.bot_user, self.owner)}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.dm_channels: dict[int, Channel] = {}
        # Synced application commands: key None = global, else the guild id.
        self.commands: dict[int | None, list[JSON]] = {}

    @property
    def application_id(self) -> int:
        """The application id equals the bot user's id, as for every modern Discord app."""
        return self.bot_user.id

    def add_user(self, name: str, *, made_now: bool = False) -> User:
        """A new human account (not yet a member of any guild). Fixed ids are of 2023 (old
        accounts); ``made_now``: an account made this moment (its snowflake says so)."""
        user = User(self.ids.new() if made_now else self.ids.fixed(), name)
        self.users[user.id] = user
        return user

    def user_named(self, name: str) -> User:
        """The user called ``name`` (case-insensitive)."""
        for user in self.users.values():
            if user.name.lower() == name.lower():
                return user
        raise LookupError(f"no user called {name!r}")

    def add_guild(
        self,
        name: str,
        channels: tuple[str, ...] = ("general",),
        *,
        shard: tuple[int, int] = (0, 1),
    ) -> Guild:
        """A guild with text channels, the owner and the bot as members; ``shard=(id, count)``
        gives it an id Discord routes to that shard (``(guild_id >> 22) % count``)."""
        guild_id = self.ids.fixed()
        shard_id, count = shard
        while (guild_id >> 22) % count != shard_id:
            guild_id += 1 << 22
        guild = Guild(guild_id, name, owner=self.owner)
        for position, channel_name in enumerate(channels):
            channel = Channel(self.ids.fixed(), channel_name, guild_id=guild.id, position=position)
            guild.channels.append(channel)
            self.channels[channel.id] = channel
        self.guilds[guild.id] = guild
        self.join(guild, self.owner)
        self.join(guild, self.bot_user)
        return guild

    def join(self, guild: Guild, user: User) -> None:
        """Make ``user`` a member of ``guild`` (before the bot connects)."""
        guild.members[user.id] = user

    def remove_guild(self, guild: Guild) -> None:
        """The bot was removed from ``guild``: its channels stay known (old ids still reach
        them) but ``guild_of`` no longer finds the guild, so the bot has no access."""
        self.guilds.pop(guild.id, None)

    def dm_channel(self, user: User) -> Channel:
        """The one DM channel between the bot and ``user`` (created on first use)."""
        if user.id not in self.dm_channels:
            channel = Channel(self.ids.new(), "", ChannelType.DM, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return self.dm_channels[user.id]

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild a channel belongs to (None for DMs or a guild the bot left)."""
        return None if channel.guild_id is None else self.guilds.get(channel.guild_id)

    def add_message(self, channel: Channel, author: User, body: JSON, **extra: Any) -> Message:
        """Store a new message built from a Discord message-create body."""
        message = Message(
            id=self.ids.new(),
            channel=channel,
            author=author,
            content=str(body.get("content") or ""),
            embeds=rich(body.get("embeds") or []),
            components=with_ids(list(body.get("components") or [])),
            attachments=list(body.get("_files") or []),
            files=dict(body.get("_uploads") or {}),
            flags=int(body.get("flags") or 0),
            **extra,
        )
        self.messages[message.id] = message
        return message

    def synced_command(self, name: str, guild: Guild | None) -> JSON | None:
        """The synced top-level command ``name`` a user could invoke in ``guild`` (or DMs)."""
        scopes: list[int | None] = [None] if guild is None else [guild.id, None]
        for scope in scopes:
            for command in self.commands.get(scope, []):
                if command["name"] == name:
                    return command
        return None
