"""How a person wants to be told it is their turn (``user_preferences.ping_mode``, migration
5): ``channel``, ``dm`` or ``off``; ``None`` when they never chose."""

from __future__ import annotations

from storage._records import now_stamp
from storage.db import Conn, fetch_one

PING_MODES = ("channel", "dm", "off")


async def get_ping_mode(conn: Conn, user_id: int) -> str | None:
    """The mode ``user_id`` chose, or ``None``."""
    row = await fetch_one(
        conn, "SELECT ping_mode FROM user_preferences WHERE user_id = ?", (user_id,)
    )
    return None if row is None else row["ping_mode"]


async def set_ping_mode(conn: Conn, user_id: int, mode: str) -> None:
    """Choose ``mode`` (one of :data:`PING_MODES`; the column's CHECK refuses others)."""
    if mode not in PING_MODES:
        raise ValueError(f"unknown ping mode {mode!r}")
    await conn.execute(
        "INSERT INTO user_preferences (user_id, ping_mode, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET ping_mode = excluded.ping_mode, "
        "updated_at = excluded.updated_at",
        (user_id, mode, now_stamp()[1]),
    )
