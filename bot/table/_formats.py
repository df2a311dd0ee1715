"""Each table's message format, chosen once: the one place that decides embed or V2.

The desk asks for a table's format whenever it draws (the table message, a player's cards);
the first time it is chosen from the server's ``images`` setting and kept with the table, so
every later drawing and write goes through the same :class:`._message.MessageFormat`. It is
chosen again only when the server turns pictures on or off: a table leaving V2 hands its V2
messages to the embed format, which posts anew over them (Discord never turns a V2 message
back into an embed one).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.table._message import MessageFormat
from bot.table._message_embed import EmbedFormat
from bot.table._message_v2 import Sources, V2Format
from services.tables import TableStatus


class Formats:
    """The formats of one desk's tables."""

    def __init__(self, sources: Sources, images: Callable[[int], Awaitable[bool]]) -> None:
        self._sources = sources
        self._images = images
        """Whether a server's table messages show pictures (the desk's ``images``)."""
        self._tables: dict[int, EmbedFormat | V2Format] = {}

    async def of(self, status: TableStatus) -> MessageFormat:
        """The format of ``status``'s table (chosen now if it has none yet, or if its
        server's ``images`` setting no longer matches it)."""
        pictures = await self._images(status.guild_id)
        kept = self._tables.get(status.table_id)
        if kept is not None and kept.pictures == pictures:
            return kept
        chosen: EmbedFormat | V2Format
        if pictures:
            chosen = V2Format(self._sources)
        else:
            chosen = EmbedFormat(set(kept.sent) if isinstance(kept, V2Format) else set())
        self._tables[status.table_id] = chosen
        return chosen

    def forget(self, table_id: int) -> None:
        """A closed table: its format goes with it."""
        self._tables.pop(table_id, None)
