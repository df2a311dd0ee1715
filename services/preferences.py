"""People's and servers' languages, with no Discord: a person's ``/language`` choice and the
server's language (a ``GuildSettings`` field), both read on every table update and reply, so
the person's choice is cached here, the server's in the one settings cache
(:mod:`services.guild_settings`) that ``/admin settings`` writes through too."""

from __future__ import annotations

from services.guild_settings import guild_settings
from storage import Database, preferences


class PreferencesService:
    """Languages of one database (one per bot: ``bot.preferences``)."""

    def __init__(self, db: Database, *, shared: bool = False) -> None:
        """``shared``: other processes serve the same people (a sharded bot), and a person's
        ``/language`` in a server of theirs must reach this one's replies at once, so a
        person's choice is read each time (a server's language is only ever changed by the
        process that serves the server, so it stays cached)."""
        self.db = db
        self._shared = shared
        self._chosen: dict[int, str | None] = {}

    async def language(self, user: int) -> str | None:
        """The language ``user`` chose (``None``: no choice)."""
        if user not in self._chosen or self._shared:
            async with self.db.read() as conn:
                self._chosen[user] = await preferences.get_language(conn, user)
        return self._chosen[user]

    async def choose(self, user: int, language: str | None) -> None:
        """``user`` reads ``language`` from now on (``None``: their client's, else the
        server's)."""
        async with self.db.transaction() as tx:
            await preferences.set_language(tx, user, language)
        self._chosen[user] = language

    async def server_language(self, guild: int) -> str:
        """The language of the server's public messages."""
        return (await guild_settings(self.db).get(guild)).language

    def forget_server(self, guild: int) -> None:
        """The server's settings changed elsewhere: read them again."""
        guild_settings(self.db).forget(guild)
