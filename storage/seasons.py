"""Seasons: a server's results counted afresh every ``season_days``, balances untouched.

A season is a stored row, numbered from 1 per server, ``[starts_at, ends_at)`` in unix seconds.
An admin starts the first (``start``); afterwards each season follows the last one by the
server's ``season_days``, created when it is first needed (the booking of a deal that ends in
it, or the bot's check for ended seasons), so numbers stay contiguous and a quiet month is
still a season. A finished deal adds its players' results to ``season_stats`` in its own
booking, for the season it ended in (the table service's clock says when). Once a season has
ended its podium (the top three by chips won) is stored with it, and ``posted`` says whether
the bot has told the server: a restart neither forgets it nor tells it twice.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from storage import settings
from storage._thread import Tx, in_one_hop
from storage.db import Conn, changes, fetch_all, fetch_one, scalar
from storage.players import is_computer_pid, user_id
from storage.stats import Board, Leaderboard, Ranked

PODIUM = 3
"""Places on a season's podium."""

MAX_SKIPPED = 1000
"""The most seasons created at once for a server whose tables were quiet for a long time."""

_NOT_PLAYERS = frozenset({"house", "kitty"})


@dataclass(frozen=True, slots=True)
class Season:
    """One season of a server (``podium``: its top three by chips won, once it has ended)."""

    number: int
    starts_at: float
    ends_at: float
    channel_id: int | None = None
    podium: tuple[Ranked, ...] | None = None
    posted: bool = False


def _season(row: Any) -> Season:
    podium = None
    if row["podium"] is not None:
        podium = tuple(Ranked(r, u, v) for r, u, v in json.loads(row["podium"]))
    channel = row["channel_id"]
    return Season(
        int(row["number"]),
        float(row["starts_at"]),
        float(row["ends_at"]),
        None if channel is None else int(channel),
        podium,
        bool(row["posted"]),
    )


_COLUMNS = "number, starts_at, ends_at, channel_id, podium, posted"


def _season_at_sync(tx: Tx, guild_id: int, at: float) -> int | None:
    """The number of the server's season at ``at`` (``None``: no season then), creating the
    seasons that followed the last stored one up to ``at`` while the server has seasons on."""
    found = tx.one(
        "SELECT number FROM seasons WHERE guild_id = ? AND starts_at <= ? AND ? < ends_at",
        (guild_id, at, at),
    )
    if found is not None:
        return int(found["number"])
    latest = tx.one(
        "SELECT number, ends_at, channel_id FROM seasons WHERE guild_id = ? "
        "ORDER BY number DESC LIMIT 1",
        (guild_id,),
    )
    if latest is None or at < float(latest["ends_at"]):
        return None
    row = tx.one("SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,))
    days = settings.tolerant(json.loads(row["data"])).season_days if row else 0
    if not days:
        return None
    length = days * settings.DAY
    number, end = int(latest["number"]), float(latest["ends_at"])
    for _ in range(MAX_SKIPPED):
        number, start, end = number + 1, end, end + length
        tx.changes(
            "INSERT INTO seasons (guild_id, number, starts_at, ends_at, channel_id) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, number) DO NOTHING",
            (guild_id, number, start, end, latest["channel_id"]),
        )
        if at < end:
            return number
    return None


season_at = in_one_hop(_season_at_sync)
"""The async form of :func:`_season_at_sync`, inside ``db.transaction()``."""

_ADD = (
    "INSERT INTO season_stats (guild_id, season, user_id, played, won, net) "
    "VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, season, user_id) DO UPDATE SET "
    "played = season_stats.played + 1, won = season_stats.won + excluded.won, "
    "net = season_stats.net + excluded.net"
)


def _record_sync(
    tx: Tx,
    guild_id: int,
    at: float,
    settlement: Mapping[str, int],
    players: Sequence[str],
    winners: Sequence[str] | None,
) -> int | None:
    """Add a finished deal to the season it ended in (people only, as ``stats`` counts
    them); the season's number, ``None`` when the server has none then. Called once per
    deal: by the booking that recorded the deal's result for the first time."""
    season = _season_at_sync(tx, guild_id, at)
    if season is None:
        return None
    seated = [p for p in players if p not in _NOT_PLAYERS and not is_computer_pid(p)]
    won_by = [p for p in seated if settlement.get(p, 0) > 0] if winners is None else winners
    rows = [(guild_id, season, user_id(p), int(p in won_by), settlement.get(p, 0)) for p in seated]
    if rows:
        tx.executemany(_ADD, rows)
    return season


record = in_one_hop(_record_sync)
"""The async form of :func:`_record_sync`, inside ``db.transaction()``."""


async def start(
    conn: Conn, guild_id: int, days: int, now: float, channel_id: int | None
) -> Season | None:
    """An admin sets the season length: with no season running, season (last + 1) starts
    now; a running season now ends ``days`` after it began (at once if that has passed);
    ``days`` 0 ends it now and starts none. The season's announcements go to
    ``channel_id``. Returns the season running afterwards."""
    current = await _current(conn, guild_id, now)
    if current is None:
        if not days:
            return None
        last = await scalar(conn, "SELECT MAX(number) FROM seasons WHERE guild_id = ?", (guild_id,))
        await changes(
            conn,
            "INSERT INTO seasons (guild_id, number, starts_at, ends_at, channel_id) "
            "VALUES (?, ?, ?, ?, ?)",
            (guild_id, int(last or 0) + 1, now, now + days * settings.DAY, channel_id),
        )
    else:
        end = max(now, current.starts_at + days * settings.DAY) if days else now
        await changes(
            conn,
            "UPDATE seasons SET ends_at = ?, channel_id = ? WHERE guild_id = ? AND number = ?",
            (end, channel_id, guild_id, current.number),
        )
    return await _current(conn, guild_id, now)


async def _current(conn: Conn, guild_id: int, now: float) -> Season | None:
    row = await fetch_one(
        conn,
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND starts_at <= ? AND ? < ends_at",  # noqa: S608 - constant columns
        (guild_id, now, now),
    )
    return None if row is None else _season(row)


current = _current
"""The server's season running at ``now`` (a read: creates none)."""


async def listing(conn: Conn, guild_id: int) -> list[Season]:
    """Every season of the server, newest first."""
    rows = await fetch_all(
        conn,
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY number DESC",  # noqa: S608 - constant columns
        (guild_id,),
    )
    return [_season(r) for r in rows]


async def guilds(conn: Conn) -> list[int]:
    """The servers that have had a season."""
    rows = await fetch_all(conn, "SELECT DISTINCT guild_id FROM seasons")
    return [int(r["guild_id"]) for r in rows]


async def ended(conn: Conn, guild_id: int, now: float) -> list[Season]:
    """The server's seasons that ended by ``now`` and were not told yet, oldest first, each
    with its podium (computed and stored the first time; inside ``db.transaction()``).
    Creates the seasons that followed the last one up to ``now`` first."""
    await season_at(conn, guild_id, now)
    rows = await fetch_all(
        conn,
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND ends_at <= ? AND posted = 0 "  # noqa: S608 - constant columns
        "ORDER BY number",
        (guild_id, now),
    )
    out = []
    for row in rows:
        season = _season(row)
        if season.podium is None:
            top = (await board(conn, guild_id, season.number, Board.NET, limit=PODIUM)).top
            podium = [(r.rank, r.user_id, r.value) for r in top if r.value > 0]
            await changes(
                conn,
                "UPDATE seasons SET podium = ? WHERE guild_id = ? AND number = ? "
                "AND podium IS NULL",
                (json.dumps(podium), guild_id, season.number),
            )
            season = _season(
                await fetch_one(
                    conn,
                    f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND number = ?",  # noqa: S608 - constant columns
                    (guild_id, season.number),
                )
            )
        out.append(season)
    return out


async def mark_posted(conn: Conn, guild_id: int, number: int) -> bool:
    """Record that the server was told of the season's end; ``False`` when it already was
    (a second process or a repeated call tells nothing more)."""
    done = await changes(
        conn,
        "UPDATE seasons SET posted = 1 WHERE guild_id = ? AND number = ? AND posted = 0",
        (guild_id, number),
    )
    return bool(done)


_TOP = {
    Board.NET: "SELECT user_id, net AS v FROM season_stats WHERE guild_id = ? AND season = ? "
    "ORDER BY net DESC, user_id LIMIT ?",
    Board.WINS: "SELECT user_id, won AS v FROM season_stats WHERE guild_id = ? AND season = ? "
    "ORDER BY won DESC, user_id LIMIT ?",
}
_MINE = {
    Board.NET: "SELECT net FROM season_stats WHERE guild_id = ? AND season = ? AND user_id = ?",
    Board.WINS: "SELECT won FROM season_stats WHERE guild_id = ? AND season = ? AND user_id = ?",
}
_AHEAD = {
    Board.NET: "SELECT COUNT(*) FROM season_stats WHERE guild_id = ? AND season = ? AND net > ?",
    Board.WINS: "SELECT COUNT(*) FROM season_stats WHERE guild_id = ? AND season = ? AND won > ?",
}


async def board(
    conn: Conn,
    guild_id: int,
    season: int,
    by: Board,
    *,
    limit: int = 10,
    asker: int | None = None,
) -> Leaderboard:
    """One season's board by chips won (``Board.NET``) or deals won (``Board.WINS``), with
    the asker's rank; competition ranks as ``stats.leaderboard``."""
    if by not in _TOP:
        raise ValueError("a season ranks chips won or deals won")
    rows = await fetch_all(conn, _TOP[by], (guild_id, season, limit))
    top: list[Ranked] = []
    for i, r in enumerate(rows):
        value = int(r["v"])
        same = bool(top) and top[-1].value == value
        top.append(Ranked(top[-1].rank if same else i + 1, int(r["user_id"]), value))
    mine = None
    if asker is not None:
        value = await scalar(conn, _MINE[by], (guild_id, season, asker))
        if value is not None:
            ahead = await scalar(conn, _AHEAD[by], (guild_id, season, value))
            mine = Ranked(int(ahead) + 1, asker, int(value))
    return Leaderboard(by, None, top, mine, season=season)
