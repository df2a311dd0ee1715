"""A person's own preferences (``user_preferences``, keyed by user in every guild): the
language they chose with ``/language`` (``None``: none chosen)."""

from __future__ import annotations

from storage._records import now_stamp
from storage.db import Conn, fetch_one


async def get_language(conn: Conn, user_id: int) -> str | None:
    """The language ``user_id`` chose, or ``None``."""
    row = await fetch_one(
        conn, "SELECT language FROM user_preferences WHERE user_id = ?", (user_id,)
    )
    return None if row is None else row["language"]


async def set_language(conn: Conn, user_id: int, language: str | None) -> None:
    """Choose ``language`` (``None`` forgets the choice)."""
    await conn.execute(
        "INSERT INTO user_preferences (user_id, language, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, "
        "updated_at = excluded.updated_at",
        (user_id, language, now_stamp()[1]),
    )
