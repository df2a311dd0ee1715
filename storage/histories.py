"""A player's finished deals, for hand histories and replays (issue 29): the list of their
last deals and one deal's whole record. Reads only; the records are written with each deal's
result (``stats.record_result``).

A deal's players are in the result's ``players`` JSON list, so "my deals" is a ``LIKE`` on
that column, read newest first through the ``results_by_guild`` index (guild, game, id): a
scan of the guild's results until a page is full. Fine for a server's history; an index table
of (player, result) would be the next step if a guild's results grow into the millions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from storage.db import Conn, fetch_all, fetch_one

_JSON = ("players", "settlement", "winners", "hand_names", "deck", "history")


@dataclass(frozen=True, slots=True)
class DealLine:
    """One finished deal in a player's list."""

    deal_id: int
    game: str
    table_id: int
    deal_number: int
    created_at: str
    change: int
    """The player's result of play in that deal."""


def _pattern(pid: str) -> str:
    """``LIKE`` pattern of one element of a JSON list of ids (wildcards escaped)."""
    quoted = json.dumps(pid)
    return "%" + quoted.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


async def deals_of(
    conn: Conn, guild_id: int, pid: str, game: str | None, *, limit: int, offset: int = 0
) -> list[DealLine]:
    """``pid``'s finished deals in a guild (one game, or all), newest first."""
    select = (
        "SELECT id, game, table_id, deal_number, created_at, settlement FROM results "
        "WHERE guild_id = ? "
    )
    like = "AND players LIKE ? ESCAPE '\\' ORDER BY id DESC LIMIT ? OFFSET ?"
    if game is None:
        rows = await fetch_all(conn, select + like, (guild_id, _pattern(pid), limit, offset))
    else:
        rows = await fetch_all(
            conn, select + "AND game = ? " + like, (guild_id, game, _pattern(pid), limit, offset)
        )
    return [
        DealLine(
            deal_id=r["id"],
            game=r["game"],
            table_id=r["table_id"],
            deal_number=r["deal_number"],
            created_at=str(r["created_at"]),
            change=int(json.loads(r["settlement"]).get(pid, 0)),
        )
        for r in rows
    ]


async def deal_record(conn: Conn, guild_id: int, deal_id: int) -> dict[str, Any] | None:
    """One finished deal's whole record (JSON columns decoded), or ``None`` when the guild
    has no such deal. The caller decides what of it a reader may see."""
    row = await fetch_one(
        conn, "SELECT * FROM results WHERE id = ? AND guild_id = ?", (deal_id, guild_id)
    )
    if row is None:
        return None
    out = dict(row)
    for key in _JSON:
        out[key] = json.loads(out[key])
    return out


async def deal_id_of(conn: Conn, guild_id: int, table_id: int, deal_number: int) -> int | None:
    """The finished deal ``deal_number`` of table ``table_id`` (the replay button on a table
    message names its deal so), or ``None`` (a voided deal has no record). Read through the
    guild's index: a scan of that guild's results, as ``deals_of``."""
    row = await fetch_one(
        conn,
        "SELECT id FROM results WHERE guild_id = ? AND table_id = ? AND deal_number = ? "
        "ORDER BY id DESC LIMIT 1",
        (guild_id, table_id, deal_number),
    )
    return None if row is None else int(row["id"])
