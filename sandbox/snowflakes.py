"""Ids and timestamps of the fake Discord: snowflakes (fixed ones for the world's entities, so a
sandbox run creates the same ids every time) and Discord's timestamp format."""

from __future__ import annotations

import datetime as dt
import itertools
import time

DISCORD_EPOCH_MS = 1420070400000
# Ids of the world's fixed entities (bot, users, guilds, channels) count up from here, so a
# sandbox run creates the same ids every time and a kept database still matches its users.
FIXED_ID_BASE = 1_100_000_000_000_000_000


def now_iso() -> str:
    """Discord's timestamp format (ISO 8601, UTC)."""
    return dt.datetime.now(dt.UTC).isoformat()


class Snowflakes:
    """Id source: fixed ids for world entities, time-ordered ids for everything else.

    Time-ordered ids matter because discord.py (and Discord clients) sort messages by id.
    """

    def __init__(self) -> None:
        self._fixed = itertools.count(FIXED_ID_BASE)
        self._increment = itertools.count()

    def fixed(self) -> int:
        """The next id of the deterministic series (same creation order -> same ids)."""
        return next(self._fixed)

    def new(self) -> int:
        """A fresh snowflake carrying the current time, like Discord's."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._increment) & 0x3FFFFF)
