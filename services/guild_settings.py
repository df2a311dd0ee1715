"""The servers' settings, read once and kept: one cache per database, owned here.

Every table update asks whether its server shows pictures and in which language it speaks;
reading the settings' JSON row for that made a database read (and a pydantic validation) per
publish. Every writer of the settings goes through :func:`update` (the economy service for
``/admin settings``, the preferences service for the server's language), so the cache is
never stale within a process; a second process writing the same database is refused at start.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from typing import Any

from storage import Database, GuildSettings, settings

KEPT = 50_000
"""Servers kept (least recently read goes first): ~1 KB each at most."""


class GuildSettingsCache:
    """The settings of one database's servers."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._kept: OrderedDict[int, GuildSettings] = OrderedDict()

    async def get(self, guild: int) -> GuildSettings:
        """The server's settings (the defaults when it never changed any)."""
        found = self._kept.get(guild)
        if found is not None:
            self._kept.move_to_end(guild)
            return found
        async with self.db.read() as conn:
            found = await settings.get(conn, guild)
        self._keep(guild, found)
        return found

    async def update(self, guild: int, **changes: Any) -> GuildSettings:
        """Change some settings, validated together (``pydantic.ValidationError``: none
        changed); the cache holds what was committed."""
        async with self.db.transaction() as tx:
            changed = await settings.update(tx, guild, **changes)
        self._keep(guild, changed)
        return changed

    def forget(self, guild: int) -> None:
        """Read the server's settings again next time."""
        self._kept.pop(guild, None)

    def _keep(self, guild: int, value: GuildSettings) -> None:
        self._kept[guild] = value
        self._kept.move_to_end(guild)
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)


_CACHES: weakref.WeakKeyDictionary[Database, GuildSettingsCache] = weakref.WeakKeyDictionary()


def guild_settings(db: Database) -> GuildSettingsCache:
    """The one settings cache of ``db`` (the services of one bot share it)."""
    found = _CACHES.get(db)
    if found is None:
        found = _CACHES[db] = GuildSettingsCache(db)
    return found
