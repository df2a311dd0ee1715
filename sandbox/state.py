"""The fake Discord's world: every user, guild, channel and message of one fake, and the synced
command tree. Its records are in :mod:`sandbox.guilds` (users, guilds, channels, threads) and
:mod:`sandbox.messages`; their ids in :mod:`sandbox.snowflakes`.
"""

from __future__ import annotations

from typing import Any

from sandbox.guilds import Channel, ChannelType, Guild, User
from sandbox.messages import Message, rich, with_ids
from sandbox.snowflakes import Snowflakes
from sandbox.wire import JSON


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

    def sees(self, user: User, message: Message) -> bool:
        """Whether ``user`` sees ``message`` now: as :meth:`Message.visible_for` says, and in
        a server they are in (a fake shared by many tests holds many servers; one the bot left
        is no longer known here, and its messages stay visible)."""
        guild = self.guild_of(message.channel)
        return message.visible_for(user) and (guild is None or user.id in guild.members)

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
