"""Which card style each reader's cards are drawn in, with no Discord: a person's ``/cards``
choice for their own (private) pictures, else their server's ``card_style`` setting, which is
also what every table picture of the server uses (a channel has many readers, one picture)."""

from __future__ import annotations

from services.guild_settings import guild_settings
from storage import Database
from storage.card_styles import get_card_style, set_card_style


class CardStyles:
    """Card styles of one database (one per bot: ``bot.card_styles``)."""

    def __init__(self, db: Database, *, shared: bool = False) -> None:
        """``shared``: other processes serve the same people (a sharded bot), so a person's
        choice is read each time (see ``PreferencesService``); else it is cached: every
        private picture asks (a database hop per private update)."""
        self.db = db
        self._shared = shared
        self._chosen: dict[int, str | None] = {}

    async def chosen(self, user: int) -> str | None:
        """The style ``user`` chose (``None``: none)."""
        if user not in self._chosen or self._shared:
            async with self.db.read() as conn:
                self._chosen[user] = await get_card_style(conn, user)
        return self._chosen[user]

    async def choose(self, user: int, style: str | None) -> None:
        """``user``'s own cards are drawn in ``style`` from now on (``None``: the server's)."""
        async with self.db.transaction() as tx:
            await set_card_style(tx, user, style)
        self._chosen[user] = style

    async def server(self, guild: int) -> str:
        """The style of the server's table pictures (cached with its other settings)."""
        return (await guild_settings(self.db).get(guild)).card_style

    async def for_reader(self, user: int, guild: int) -> str:
        """The style of ``user``'s own cards at a table of ``guild``."""
        return await self.chosen(user) or await self.server(guild)
