"""``python -m bot``: Parlour's composition root.

Settings (environment / ``.env``, see ``.env.example``) -> logging -> the bot from
``BOT_FACTORY`` (which opens the database and loads the cogs in its ``setup_hook``). With
``DISCORD_TOKEN`` set the bot connects to Discord until SIGINT/SIGTERM, then closes cleanly
(gateway, background tasks, database). Without a token (or with ``--sandbox``) the local sandbox
starts: a fake Discord on 127.0.0.1, the same bot, and a terminal client to play as several
users (``--script FILE`` plays a file of lines, ``--fresh`` empties the sandbox's database).
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
from bot.sandbox.runner import main as sandbox_main
from bot.sandbox.runner import sandbox_arguments
from bot.settings import Settings

BOT_FACTORY: BotFactory = build_bot

log = logging.getLogger("bot")

SANDBOX_ONLY = ("--script", "--fresh", "--database", "--answer-limit")


async def _connect(token: str, config: BotConfig) -> int:
    """Run the bot against the real Discord until it stops or is told to stop."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = (signal.SIGINT, signal.SIGTERM)
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    try:
        await serve(BOT_FACTORY(config), token, stop)
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)
    log.info("Stopped cleanly")
    return 0


def main(argv: list[str]) -> int:
    """Read the settings, then choose Discord or the sandbox."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--sandbox", action="store_true", help="run the sandbox even with a token")
    parser.add_argument(
        "--sync-global",
        action="store_true",
        help="also sync the slash commands globally at start (once per release, not every start)",
    )
    sandbox_arguments(parser)
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        parser.error(f"bad settings in the environment or .env:\n{error}")
    token = settings.token
    if token and not args.sandbox:
        if any(a.split("=")[0] in SANDBOX_ONLY for a in argv):
            parser.error("--script, --fresh and --database are sandbox options: add --sandbox")
        setup_logging(settings.log_level)
        config = BotConfig(
            database_path=settings.database_path,
            dev_guild_id=settings.dev_guild_id,
            sync_global=args.sync_global,
        )
        return asyncio.run(_connect(token, config))
    if args.sync_global:
        parser.error("--sync-global needs DISCORD_TOKEN (the sandbox syncs its own guild)")
    # The transcript shows the bot's errors; the log only adds warnings unless asked for more.
    setup_logging("WARNING" if settings.log_level == "INFO" else settings.log_level)
    sandbox_args = [a for a in argv if a != "--sandbox"]
    return sandbox_main(sandbox_args, BOT_FACTORY)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
