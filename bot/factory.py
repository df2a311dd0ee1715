"""The seam between the bot and what runs it (Discord, the sandbox, the e2e tests).

Whoever starts the bot builds a ``BotConfig`` and calls a ``BotFactory``; the factory owns
everything inside the bot (cogs, services, database). The real one is ``bot.client.build_bot``;
the fake Discord's own tests run a probe bot through the same seam.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from discord.ext import commands

from services.tables import Clock, SystemClock


@dataclass(frozen=True)
class BotConfig:
    """What a runner decides for the bot.

    ``dev_guild_id``: sync the command tree to this guild at start (instant; the sandbox and
    tests always set it). ``guild_ready_timeout``: discord.py waits this long after the last
    GUILD_CREATE before ``on_ready`` (2 s by default; tests use a few ms). ``sync_global``:
    also sync the commands globally (``python -m bot --sync-global``; slow, rate limited).
    """

    database_path: Path
    dev_guild_id: int | None = None
    guild_ready_timeout: float = 2.0
    sync_global: bool = False
    database_url: str | None = None
    """A ``postgresql://`` URL: opened instead of ``database_path``."""
    shard_count: int = 1
    """Shards of the whole bot; above 1 the process connects only ``shard_ids``."""
    shard_ids: tuple[int, ...] = (0,)
    """The shards this process serves, leases them in the database, and loads tables of."""
    lease_seconds: float = 30.0
    """How long the shard leases outlive the last heartbeat (``SHARD_LEASE_SECONDS``)."""
    freeze_heap: bool = False
    """After start-up, freeze what it built out of the garbage collector (``bot.heap``): only
    for a process that runs this one bot to its end (``python -m bot``)."""
    clock: Clock = field(default_factory=SystemClock)
    """Every time the bot reads or waits for: turn timers, channel budgets, interaction token
    ages, pings, pacing. The sandbox hands it the fake's clock, so a test that advances the
    fake's time advances the bot's."""


BotFactory = Callable[[BotConfig], commands.Bot]
