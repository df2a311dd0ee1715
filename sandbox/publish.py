"""One place that makes a message change visible: recorded as activity and, for messages other
users can see, dispatched over the gateway (the bot gets MESSAGE_CREATE for its own messages
too, as on Discord; ephemeral messages are never dispatched)."""

from __future__ import annotations

from sandbox.gateway import Gateway
from sandbox.log import Activity, Change, ChangeKind
from sandbox.messages import Message


class Publisher:
    """Announce message changes to the activity log and the gateway."""

    def __init__(self, activity: Activity, gateway: Gateway) -> None:
        self.activity = activity
        self.gateway = gateway

    async def created(self, message: Message, interaction_id: int | None = None) -> Change:
        """A new message exists."""
        if not message.ephemeral:
            await self.gateway.dispatch("MESSAGE_CREATE", message.payload())
        return await self.activity.add(ChangeKind.CREATED, message, interaction_id)

    async def edited(self, message: Message, interaction_id: int | None = None) -> Change:
        """A message's content, embeds or components changed."""
        if not message.ephemeral:
            await self.gateway.dispatch("MESSAGE_UPDATE", message.payload())
        return await self.activity.add(ChangeKind.EDITED, message, interaction_id)

    async def deleted(self, message: Message, interaction_id: int | None = None) -> Change:
        """A message was deleted (by the bot or, as an injected fault, by a user)."""
        message.deleted = True
        if not message.ephemeral:
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild_id is not None:
                data["guild_id"] = str(message.channel.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data)
        return await self.activity.add(ChangeKind.DELETED, message, interaction_id)
