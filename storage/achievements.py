"""Achievements as stored: who earned which, once per server, and the streaks that lead to some.

Which step earns what is the table service's rule (``services.achievements``); storage only
keeps the promise that matters to a player: an achievement is granted in the transaction of
the step that earned it (``Booking.achieving``), once (the primary key ``(guild, user,
code)``: racing steps and a step booked again grant one row), and never lost by a kill (it
commits with the step, or neither does). A streak's length moves in the same transaction as
the deal that moves it, and only when that step is new (a step booked again counts nothing).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from storage import settings
from storage._thread import Tx
from storage.db import Conn, fetch_all


@dataclass(frozen=True, slots=True)
class Streak:
    """One player's deal for a streak: ``kept`` (it goes on: one longer) or broken (back to
    0). Reaching ``length`` earns ``code``."""

    user_id: int
    code: str
    kept: bool
    length: int


@dataclass(frozen=True, slots=True)
class Achieving:
    """What one step may earn: achievements by ``(user_id, code)`` and the streaks it moves
    (people only: the service leaves computer players out)."""

    guild_id: int
    earned: tuple[tuple[int, str], ...] = ()
    streaks: tuple[Streak, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.earned or self.streaks)


@dataclass(frozen=True, slots=True)
class Earned:
    """An achievement a player holds (``earned_at``: ISO 8601 UTC)."""

    user_id: int
    code: str
    earned_at: str = ""


_GRANT = (
    "INSERT INTO achievements (guild_id, user_id, code, table_id, deal_number) "
    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id, code) DO NOTHING"
)
_LONGER = (
    "INSERT INTO achievement_streaks (guild_id, user_id, code, length) VALUES (?, ?, ?, 1) "
    "ON CONFLICT (guild_id, user_id, code) DO UPDATE "
    "SET length = achievement_streaks.length + 1"
)
_LENGTH = "SELECT length FROM achievement_streaks WHERE guild_id = ? AND user_id = ? AND code = ?"
_BROKEN = (
    "UPDATE achievement_streaks SET length = 0 "
    "WHERE guild_id = ? AND user_id = ? AND code = ? AND length > 0"
)


def _grant_sync(tx: Tx, a: Achieving, table_id: int, deal_number: int) -> tuple[Earned, ...]:
    """Write what a (new) step earned; return the achievements that are new to their players
    (what the table announces: a racing step that lost the insert announces nothing)."""
    wanted = list(a.earned)
    for s in a.streaks:
        key = (a.guild_id, s.user_id, s.code)
        if not s.kept:
            tx.changes(_BROKEN, key)
            continue
        tx.changes(_LONGER, key)
        row = tx.one(_LENGTH, key)
        if row is not None and int(row["length"]) >= s.length:
            wanted.append((s.user_id, s.code))
    new: list[Earned] = []
    for user, code in dict.fromkeys(wanted):
        if tx.changes(_GRANT, (a.guild_id, user, code, table_id, deal_number)):
            new.append(Earned(user, code))
    return tuple(new)


def _announces_sync(tx: Tx, guild_id: int) -> bool:
    """Whether the guild's tables announce achievements (``announce_achievements``), read in
    the booking's own hop: only a step that earned something asks."""
    row = tx.one("SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,))
    if row is None:
        return settings.GuildSettings().announce_achievements
    return settings.tolerant(json.loads(row["data"])).announce_achievements


async def earned(conn: Conn, guild_id: int, user_id: int) -> list[Earned]:
    """The achievements ``user_id`` holds in ``guild_id``, oldest first."""
    rows = await fetch_all(
        conn,
        "SELECT user_id, code, earned_at FROM achievements WHERE guild_id = ? AND user_id = ? "
        "ORDER BY earned_at, code",
        (guild_id, user_id),
    )
    return [Earned(int(r["user_id"]), str(r["code"]), str(r["earned_at"])) for r in rows]


async def streaks(conn: Conn, guild_id: int, user_id: int) -> dict[str, int]:
    """The current length of each of the player's streaks."""
    rows = await fetch_all(
        conn,
        "SELECT code, length FROM achievement_streaks WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    )
    return {str(r["code"]): int(r["length"]) for r in rows}
