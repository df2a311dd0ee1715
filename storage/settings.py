"""Per-guild settings: defaults for new tables and the economy's amounts.

Stored as one JSON document per guild so a new setting needs no migration; a guild without a
row gets the defaults below.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from games.limits import MAX_CHIPS
from storage.db import Conn, fetch_one

DAY = 86_400
YEAR = 365 * DAY
"""The longest any cooldown or timer may be set to."""


class GuildSettings(BaseModel):
    """What a server admin may change (``/settings``); every amount is in chips, times in s."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    starting_balance: int = Field(1000, ge=0, le=MAX_CHIPS)
    daily_amount: int = Field(200, ge=0, le=MAX_CHIPS)
    daily_cooldown_s: int = Field(DAY, ge=0, le=YEAR)
    refill_amount: int = Field(100, ge=0, le=MAX_CHIPS)
    """Granted to a player with no chips anywhere (balance and stacks); 0 turns refills off."""
    refill_cooldown_s: int = Field(3600, ge=0, le=YEAR)
    turn_timeout_s: int = Field(60, ge=5, le=YEAR)
    idle_close_s: int = Field(1800, ge=60, le=YEAR)
    """A table with no action for this long is closed by the refund rule."""
    min_bet: int = Field(10, ge=1, le=MAX_CHIPS)
    max_bet: int = Field(100, ge=1, le=MAX_CHIPS)
    max_bet_limit: int = Field(10_000, ge=1, le=MAX_CHIPS)
    """The highest stake a table opener may choose."""
    min_buy_in: int = Field(100, ge=1, le=MAX_CHIPS)
    max_buy_in: int = Field(5_000, ge=1, le=MAX_CHIPS)
    max_tables_per_user: int = Field(3, ge=1, le=1000)
    """The most open tables one member may host at once in this server."""
    max_tables_per_server: int = Field(50, ge=1, le=10_000)
    """The most open tables this server may have at once."""
    language: str = Field("en", pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")
    """The server's language: its tables and announcements (a catalog code, ``/admin
    settings language:`` offers the bot's six)."""
    images: bool = True
    """Table messages show pictures (Components V2); off: the text-only embed table."""
    threads: bool = True
    """``/<game> open`` in a text channel starts a thread for the table (where the bot may);
    off: the table is posted in the channel itself."""
    claim_min_account_days: int = Field(7, ge=0, le=3650)
    """``/daily`` and ``/refill`` only for Discord accounts at least this many days old (the
    age is read from the user id's snowflake), so a farm of fresh alternate accounts gets
    nothing; 0: any account."""
    announce_achievements: bool = True
    """A table says when one of its players earns an achievement; off: only
    ``/achievements`` shows them."""
    season_days: int = Field(0, ge=0, le=3650)
    """How long a season lasts (``storage.seasons``): the leaderboard counts chips won in the
    current one by default and its podium is posted when it ends; 0: no seasons."""
    card_style: Literal["classic", "four-colour", "large"] = "four-colour"
    """The cards of the server's table pictures (``/admin settings card_style``), and of a
    player's own pictures until they choose theirs with ``/cards``: ``classic`` (two colours),
    ``four-colour`` (the poker standard, colour-blind safe) or ``large``."""
    board_min_deals: int = Field(20, ge=1, le=1_000_000)
    """Deals a player must have finished to appear on a rate board (win rate), so two lucky
    deals of a fresh account do not top it."""

    @model_validator(mode="after")
    def _ordered(self) -> GuildSettings:
        if not self.min_bet <= self.max_bet <= self.max_bet_limit:
            raise ValueError("need min_bet <= max_bet <= max_bet_limit")
        if self.min_buy_in > self.max_buy_in:
            raise ValueError("need min_buy_in <= max_buy_in")
        return self


async def get(conn: Conn, guild_id: int) -> GuildSettings:
    """The guild's settings (the defaults when it never changed any)."""
    row = await fetch_one(conn, "SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,))
    if row is None:
        return GuildSettings()
    return tolerant(json.loads(row["data"]))


def tolerant(data: dict[str, Any]) -> GuildSettings:
    """Stored settings, each one that no longer validates (written before its bound existed:
    a daily amount of 10^19) replaced by its default, so one bad value never locks a server
    out of every command; the next change stores the repaired whole."""
    data = dict(data)
    while True:
        try:
            return GuildSettings.model_validate(data)
        except ValidationError as error:
            bad = {str(e["loc"][0]) for e in error.errors() if e.get("loc")}
            if not bad & data.keys():  # the values disagree with each other: all defaults
                return GuildSettings()
            for name in bad:
                data.pop(name, None)


async def update(conn: Conn, guild_id: int, **changes: Any) -> GuildSettings:
    """Change some settings (validated as a whole; raises ``pydantic.ValidationError``)."""
    current = await get(conn, guild_id)
    new = GuildSettings.model_validate({**current.model_dump(), **changes})
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, data) VALUES (?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data",
        (guild_id, new.model_dump_json()),
    )
    return new
