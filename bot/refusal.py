"""The bot's own refusals: errors a player should read, answered by ``bot.errors``.

Imports nothing from Discord, so any layer may raise them. The error reporter answers a
``Refusal`` -- like the table service's ``TableError``, ``games.errors.IllegalAction``, and any
exception with a ``player_message`` string attribute (the duck-typed form of the contract) --
ephemerally with its ``message`` as it is, and logs nothing above INFO.
"""

from __future__ import annotations


class Refusal(Exception):
    """An expected refusal; ``message`` is shown to the player as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MissingChannelPermission(Refusal):
    """Discord refused the bot (403, code 50013) for want of a named channel permission."""

    def __init__(self, permission: str, channel_mention: str | None = None) -> None:
        where = f" in {channel_mention}" if channel_mention else " in this channel"
        super().__init__(
            f"I can't do that: I need the **{permission}** permission{where}. "
            "A server admin can grant it in the channel's settings."
        )
        self.permission = permission
