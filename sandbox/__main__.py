"""``python -m sandbox`` (what ``python3 dev.py run`` starts): the local sandbox, or Discord.

Without ``DISCORD_TOKEN`` (or with ``--sandbox``) it starts the fake Discord on 127.0.0.1, the
real bot and a terminal client to play as several users (``--script FILE`` plays a file of
lines, ``--fresh`` empties the sandbox's database). With a token it hands over to the production
entry point, ``python -m bot``, so one README command serves both. The dependency only points
this way: the production bot never imports the sandbox.
"""

from __future__ import annotations

import argparse
import sys

from bot import __main__ as production
from bot.log import setup_logging
from sandbox.runner import main as sandbox_main
from sandbox.runner import sandbox_arguments

SANDBOX_ONLY = ("--script", "--fresh", "--database", "--answer-limit", "--attachments")


def main(argv: list[str]) -> int:
    """Read the settings, then choose Discord or the sandbox."""
    parser = argparse.ArgumentParser(prog="python -m sandbox", description=__doc__)
    parser.add_argument("--sandbox", action="store_true", help="run the sandbox even with a token")
    production.add_arguments(parser)
    sandbox_arguments(parser)
    args = parser.parse_args(argv)
    settings = production.read_settings(parser)
    token = settings.token
    if token and not args.sandbox:
        if any(a.split("=")[0] in SANDBOX_ONLY for a in argv):
            parser.error("--script, --fresh and --database are sandbox options: add --sandbox")
        return production.connect(settings, token, sync_global=args.sync_global)
    if args.sync_global:
        parser.error("--sync-global needs DISCORD_TOKEN (the sandbox syncs its own guild)")
    # The transcript shows the bot's errors; the log only adds warnings unless asked for more.
    setup_logging("WARNING" if settings.log_level == "INFO" else settings.log_level)
    sandbox_args = [a for a in argv if a != "--sandbox"]
    return sandbox_main(sandbox_args, production.BOT_FACTORY)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
