"""How many tables may be open at once: per host and per server (issue 18: one user opened 40
tables in 40 channels in 0.17 s, each holding a channel, a timer and a message to keep fresh).

The limits are server settings (``max_tables_per_user``, ``max_tables_per_server``) with
defaults a normal server never meets; an opening beyond either is refused before anything is
written. The count is read from the database in the same step that reads the settings, under
the service's opening lock, so racing openings cannot both pass the last free place.
"""

from __future__ import annotations

from services.tables.errors import TableError
from storage import Conn, GuildSettings, tables


class TooManyTables(TableError):
    """``max``: the limit reached; the default variant is the host's own limit, ``server``
    the server's."""

    code = "too_many_tables"
    variants = frozenset({"server"})


async def check_open(conn: Conn, guild: int, host: int, server: GuildSettings) -> None:
    """Refuse an opening by ``host`` that would pass either limit (nothing written)."""
    everyone, theirs = await tables.count_open(conn, guild, host)
    if everyone >= server.max_tables_per_server:
        raise TooManyTables("server", max=server.max_tables_per_server)
    if theirs >= server.max_tables_per_user:
        raise TooManyTables(max=server.max_tables_per_user)
