"""``python -m bot``: start Parlour.

With ``DISCORD_TOKEN`` set, the bot connects to Discord. Without it (or with ``--sandbox``),
the local sandbox starts: a fake Discord on 127.0.0.1, the same bot, and a terminal client to
play as several users (``--script FILE`` plays a file of lines, ``--fresh`` empties the
database). The bot itself comes from one factory (``BOT_FACTORY``); the placeholder stands in
until the Discord bot's composition root replaces it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from bot.factory import BotConfig, BotFactory
from bot.placeholder import build_placeholder_bot
from bot.sandbox.runner import main as sandbox_main
from bot.sandbox.runner import sandbox_arguments

BOT_FACTORY: BotFactory = build_placeholder_bot


def _connect(token: str, database: Path) -> int:
    """Run the bot against the real Discord until it is stopped."""
    guild = os.environ.get("DEV_GUILD_ID", "").strip()
    config = BotConfig(database_path=database, dev_guild_id=int(guild) if guild else None)
    BOT_FACTORY(config).run(token)
    return 0


def main(argv: list[str]) -> int:
    """Choose Discord or the sandbox."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--sandbox", action="store_true", help="run the sandbox even with a token")
    sandbox_arguments(parser)
    args = parser.parse_args(argv)
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if token and not args.sandbox:
        if args.script or args.fresh:
            parser.error("--script and --fresh are sandbox options: add --sandbox")
        return _connect(token, args.database)
    sandbox_args = [a for a in argv if a != "--sandbox"]
    return sandbox_main(sandbox_args, BOT_FACTORY)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
