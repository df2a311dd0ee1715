"""The card style a person reads their own cards in (``user_preferences.card_style``): one of
:data:`CARD_STYLES`, or ``None`` when they never chose (the server's style applies)."""

from __future__ import annotations

from storage._records import now_stamp
from storage.db import Conn, fetch_one

CARD_STYLES = ("classic", "four-colour", "large")


async def get_card_style(conn: Conn, user_id: int) -> str | None:
    """The style ``user_id`` chose, or ``None``."""
    row = await fetch_one(
        conn, "SELECT card_style FROM user_preferences WHERE user_id = ?", (user_id,)
    )
    return None if row is None else row["card_style"]


async def set_card_style(conn: Conn, user_id: int, style: str | None) -> None:
    """Choose ``style`` (``None`` forgets the choice; the column's CHECK refuses others)."""
    if style is not None and style not in CARD_STYLES:
        raise ValueError(f"unknown card style {style!r}")
    await conn.execute(
        "INSERT INTO user_preferences (user_id, card_style, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET card_style = excluded.card_style, "
        "updated_at = excluded.updated_at",
        (user_id, style, now_stamp()[1]),
    )
