"""``python -m bot``: start Parlour.

With ``DISCORD_TOKEN`` set, the bot connects to Discord. Without it (or with ``--sandbox``),
the local sandbox starts: a fake Discord on 127.0.0.1, the same bot, and a terminal client to
play as several users (``--script FILE`` plays a file of lines, ``--fresh`` empties the
database). The bot itself comes from one factory (``BOT_FACTORY``); the placeholder stands in
until the Discord bot's composition root replaces it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.factory import BotConfig, BotFactory
from bot.placeholder import build_placeholder_bot
from bot.sandbox.runner import main as sandbox_main
from bot.sandbox.runner import sandbox_arguments

BOT_FACTORY: BotFactory = build_placeholder_bot


class LaunchSettings(BaseSettings):
    """What ``python -m bot`` reads from the environment or ``.env`` to choose how to run.

    The Discord bot's own settings (with the rest of ``.env.example``) replace this later.
    """

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = None
    database_path: Path = Path("parlour.db")
    dev_guild_id: int | None = None


def _connect(settings: LaunchSettings, token: str) -> int:
    """Run the bot against the real Discord until it is stopped."""
    config = BotConfig(database_path=settings.database_path, dev_guild_id=settings.dev_guild_id)
    BOT_FACTORY(config).run(token)
    return 0


def main(argv: list[str]) -> int:
    """Choose Discord or the sandbox."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--sandbox", action="store_true", help="run the sandbox even with a token")
    sandbox_arguments(parser)
    args = parser.parse_args(argv)
    settings = LaunchSettings()
    token = settings.discord_token.get_secret_value().strip() if settings.discord_token else ""
    if token and not args.sandbox:
        if args.script or args.fresh or {"--database", "--answer-limit"} & set(argv):
            parser.error("--script, --fresh and --database are sandbox options: add --sandbox")
        return _connect(settings, token)
    sandbox_args = [a for a in argv if a != "--sandbox"]
    return sandbox_main(sandbox_args, BOT_FACTORY)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
