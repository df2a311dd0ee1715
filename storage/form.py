"""What the ``/stats`` pictures draw beyond the stats rows (issue 31): a player's finished
deals of the last days (their result and the hand they showed, for the chips-over-time chart and
the best hands) and a server's own record (tables, deals per game and per day, players,
biggest pots).

Reads only, of what every deal's booking already writes (``results``, ``stats``, ``tables``):
no migration, and nothing for PostgreSQL's ``parlour_book`` to mirror. A player's deals are a
``LIKE`` on the result's ``players`` list through ``results_by_guild``, as ``storage.histories``
reads them, newest first and bounded by ``limit``; a server's day counts read the guild's
results since the cut-off. ``created_at`` is ISO 8601 UTC on both backends, so a cut-off is a
string comparison.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from storage.db import Conn, fetch_all, scalar
from storage.stats import ALL_GAMES

FORM_LIMIT = 500
"""At most this many of a player's latest deals are read for one picture."""


def _pattern(pid: str) -> str:
    """``LIKE`` pattern of one element of a JSON list of ids (wildcards escaped)."""
    quoted = json.dumps(pid)
    return "%" + quoted.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


@dataclass(frozen=True, slots=True)
class FormDeal:
    """One of a player's finished deals: when (ISO 8601 UTC), which game, their result of
    play and the hand they showed (its language-free code, ``None``: none shown)."""

    at: str
    game: str
    change: int
    hand: str | None


@dataclass(frozen=True, slots=True)
class ServerRecord:
    """A server's own record: ``deals`` and ``biggest_pot`` by game, ``per_day`` deals by
    UTC day (``YYYY-MM-DD``) since the cut-off."""

    tables: int
    open_tables: int
    players: int
    deals: dict[str, int]
    biggest_pot: dict[str, int]
    per_day: dict[str, int]


async def recent_deals(
    conn: Conn, guild_id: int, pid: str, since: str, *, limit: int = FORM_LIMIT
) -> list[FormDeal]:
    """``pid``'s finished deals in the guild since ``since`` (ISO 8601 UTC), oldest first,
    at most the ``limit`` latest."""
    rows = await fetch_all(
        conn,
        "SELECT created_at, game, settlement, hand_names FROM results "
        "WHERE guild_id = ? AND created_at >= ? AND players LIKE ? ESCAPE '\\' "
        "AND table_id NOT IN (SELECT table_id FROM tournaments) "  # tournament chips
        "ORDER BY id DESC LIMIT ?",
        (guild_id, since, _pattern(pid), limit),
    )
    deals = []
    for r in reversed(rows):
        hands = json.loads(r["hand_names"])
        deals.append(
            FormDeal(
                at=str(r["created_at"]),
                game=str(r["game"]),
                change=int(json.loads(r["settlement"]).get(pid, 0)),
                hand=hands.get(pid),
            )
        )
    return deals


async def server_record(conn: Conn, guild_id: int, since: str) -> ServerRecord:
    """The guild's tables, players (people with a finished deal), deals and biggest pot won
    per game, and its deals per day since ``since``."""
    tables = await scalar(conn, "SELECT COUNT(*) FROM tables WHERE guild_id = ?", (guild_id,))
    open_tables = await scalar(
        conn, "SELECT COUNT(*) FROM tables WHERE guild_id = ? AND status = 'open'", (guild_id,)
    )
    players = await scalar(
        conn, "SELECT COUNT(*) FROM stats WHERE guild_id = ? AND game = ?", (guild_id, ALL_GAMES)
    )
    deals = {
        str(r["game"]): int(r["n"])
        for r in await fetch_all(
            conn,
            "SELECT game, COUNT(*) AS n FROM results WHERE guild_id = ? GROUP BY game",
            (guild_id,),
        )
    }
    pots = {
        str(r["game"]): int(r["pot"])
        for r in await fetch_all(
            conn,
            "SELECT game, MAX(biggest_pot) AS pot FROM stats WHERE guild_id = ? AND game <> ? "
            "GROUP BY game",
            (guild_id, ALL_GAMES),
        )
    }
    per_day = {
        str(r["day"]): int(r["n"])
        for r in await fetch_all(
            conn,
            "SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n FROM results "
            "WHERE guild_id = ? AND created_at >= ? GROUP BY substr(created_at, 1, 10)",
            (guild_id, since),
        )
    }
    return ServerRecord(
        tables=int(tables or 0),
        open_tables=int(open_tables or 0),
        players=int(players or 0),
        deals=deals,
        biggest_pot=pots,
        per_day=per_day,
    )
