"""Turn pings' one stored choice: how each person wants to hear it is their turn, no Discord.

The bot asks :meth:`PingPreferences.mode` before it pings a player, and ``/ping`` sets it. No
choice means ``channel``: a player who never heard of ``/ping`` is still told.
"""

from __future__ import annotations

from enum import StrEnum

from storage import Database
from storage.pings import get_ping_mode, set_ping_mode


class PingMode(StrEnum):
    CHANNEL = "channel"
    """A short message in the table's channel that mentions only them."""
    DM = "dm"
    OFF = "off"


class PingPreferences:
    """Each person's :class:`PingMode` (one per bot: ``bot.pings``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def mode(self, user: int) -> PingMode:
        async with self.db.read() as conn:
            chosen = await get_ping_mode(conn, user)
        return PingMode(chosen) if chosen is not None else PingMode.CHANNEL

    async def set_mode(self, user: int, mode: PingMode) -> None:
        async with self.db.transaction() as tx:
            await set_ping_mode(tx, user, mode.value)
