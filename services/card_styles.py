"""Which card style each reader's cards are drawn in, with no Discord: a person's ``/cards``
choice for their own (private) pictures, else their server's ``card_style`` setting, which is
also what every table picture of the server uses (a channel has many readers, one picture)."""

from __future__ import annotations

from services.guild_settings import guild_settings
from storage import Database
from storage.card_styles import get_card_style, set_card_style


class CardStyles:
    """Card styles of one database (one per bot: ``bot.card_styles``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def chosen(self, user: int) -> str | None:
        """The style ``user`` chose (``None``: none)."""
        async with self.db.read() as conn:
            return await get_card_style(conn, user)

    async def choose(self, user: int, style: str | None) -> None:
        """``user``'s own cards are drawn in ``style`` from now on (``None``: the server's)."""
        async with self.db.transaction() as tx:
            await set_card_style(tx, user, style)

    async def server(self, guild: int) -> str:
        """The style of the server's table pictures (cached with its other settings)."""
        return (await guild_settings(self.db).get(guild)).card_style

    async def for_reader(self, user: int, guild: int) -> str:
        """The style of ``user``'s own cards at a table of ``guild``."""
        return await self.chosen(user) or await self.server(guild)
