"""Who and where in the fake Discord: users, guilds, their channels and threads.

Everything is kept as small typed records that render the exact JSON discord.py parses
(``payload()``). Payload shapes follow the reference spike's NOTES: a field discord.py reads
with ``data[...]`` that is missing kills the bot's gateway task, so the payloads here carry every
field discord.py 2.7 indexes, not just the ones our bot happens to use today.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from sandbox.flags import ADMINISTRATOR, ALL_PERMISSION_BITS, ALL_PERMISSIONS
from sandbox.snowflakes import now_iso
from sandbox.wire import JSON


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
