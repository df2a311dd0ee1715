"""``python -m bot``: Parlour's production entry point and composition root.

Settings (environment / ``.env``, see ``.env.example``) -> logging -> the bot from
``BOT_FACTORY`` (which opens the database and loads the cogs in its ``setup_hook``). The bot
connects to Discord until SIGINT/SIGTERM, then closes cleanly (gateway, background tasks,
database). It needs ``DISCORD_TOKEN``; the local sandbox (a fake Discord on 127.0.0.1) is a
separate, development-only package, ``python -m sandbox``, which this module never imports, so
the fake cannot reach a production process.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

from pydantic import ValidationError

from bot.client import build_bot, serve
from bot.factory import BotConfig, BotFactory
from bot.log import setup_logging
from bot.settings import Settings
from storage.leases import LeaseHeld

BOT_FACTORY: BotFactory = build_bot

log = logging.getLogger("bot")

REFUSED = 3
"""The exit status when another running process serves this bot's shards."""

HOW_TO_CONNECT = (
    "DISCORD_TOKEN is not set (environment or .env). To play locally without Discord, run "
    "`python3 dev.py run` (the sandbox)."
)


async def _connect(token: str, config: BotConfig) -> int:
    """Run the bot against the real Discord until it stops or is told to stop."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = (signal.SIGINT, signal.SIGTERM)
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    bot = BOT_FACTORY(config)
    try:
        await serve(bot, token, stop)
    except LeaseHeld as held:
        # Two processes on one token and one database would both answer every click.
        log.error("Not starting: %s", held)
        return REFUSED
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)
    if getattr(bot, "lost_leases", False):
        log.error("Stopped: another process serves these shards now")
        return REFUSED
    log.info("Stopped cleanly")
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The production options (the sandbox's launcher accepts them too)."""
    parser.add_argument(
        "--sync-global",
        action="store_true",
        help="also sync the slash commands globally at start (once per release, not every start)",
    )


def read_settings(parser: argparse.ArgumentParser) -> Settings:
    """The operator's settings, or a usage error naming what is wrong."""
    try:
        return Settings()
    except ValidationError as error:
        parser.error(f"bad settings in the environment or .env:\n{error}")


def connect(settings: Settings, token: str, *, sync_global: bool) -> int:
    """Log as the operator asked, then serve Discord until stopped."""
    setup_logging(settings.log_level)
    config = BotConfig(
        database_path=settings.database_path,
        database_url=settings.database_url or None,
        dev_guild_id=settings.dev_guild_id,
        sync_global=sync_global,
        shard_count=settings.shard_count,
        shard_ids=settings.shards,
        lease_seconds=settings.shard_lease_seconds,
        freeze_heap=True,
    )
    return asyncio.run(_connect(token, config))


def main(argv: list[str]) -> int:
    """Read the settings and serve Discord."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    add_arguments(parser)
    args = parser.parse_args(argv)
    settings = read_settings(parser)
    token = settings.token
    if not token:
        parser.error(HOW_TO_CONNECT)
    return connect(settings, token, sync_global=args.sync_global)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
