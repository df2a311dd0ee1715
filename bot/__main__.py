"""``python -m bot``: start Parlour.

The full composition root (settings, database, services, cogs) arrives with the Discord bot;
until the local sandbox exists, a run without ``DISCORD_TOKEN`` says what to set and stops.
"""

from __future__ import annotations

import os
import sys


def main() -> int:
    """Start the bot, or explain what is missing."""
    if not os.environ.get("DISCORD_TOKEN", "").strip():
        sys.stderr.write(
            "Parlour needs a bot token to connect to Discord.\n"
            "Set DISCORD_TOKEN in the environment or in a .env file (see .env.example).\n"
            "The local sandbox, which needs no token, is not built yet.\n"
        )
        return 2
    sys.stderr.write("The Discord client is not built yet; see the open issues.\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
