"""``python -m bot`` without a token: the fake Discord, the bot and a terminal client in one
process.

The bot comes from a ``BotFactory`` (``run_sandbox(build_bot, ...)``): the sandbox does not know
which bot it runs. Its database is a real SQLite file, kept between runs unless ``--fresh``.
With ``--script FILE`` the lines of FILE are played and the transcript printed; otherwise lines
are read from the terminal.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import TextIO

from bot.factory import BotFactory
from bot.sandbox.client import TerminalClient
from bot.sandbox.harness import open_session
from bot.sandbox.log import BotErrors

DEFAULT_DATABASE = Path("parlour-sandbox.db")
PROMPT = "sandbox> "


def sandbox_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the sandbox's options to ``python -m bot``'s parser."""
    parser.add_argument("--script", type=Path, help="play the lines of FILE, print the transcript")
    parser.add_argument("--fresh", action="store_true", help="start with an empty database")
    parser.add_argument(
        "--database",
        type=Path,
        default=Path(os.environ.get("DATABASE_PATH") or DEFAULT_DATABASE),
        help=f"SQLite file (default: $DATABASE_PATH or {DEFAULT_DATABASE})",
    )


def remove_database(path: Path) -> None:
    """Delete a SQLite file and its WAL/SHM companions."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


async def _read_lines(script: Path | None) -> list[str] | None:
    if script is None:
        return None
    text = await asyncio.to_thread(script.read_text, encoding="utf-8")
    return text.splitlines()


async def run_sandbox(
    build_bot: BotFactory,
    *,
    database: Path,
    script: Path | None = None,
    fresh: bool = False,
    out: TextIO = sys.stdout,
) -> int:
    """Run the sandbox until the script ends, ``quit``, or end of input; returns an exit code
    (1 if the bot logged an error during a script, so demos in CI catch regressions)."""
    if fresh:
        remove_database(database)
    lines = await _read_lines(script)
    errors = BotErrors().attach()
    try:
        async with open_session(build_bot, database_path=database) as session:
            client = TerminalClient(session, out, errors)
            client.banner()
            if lines is not None:
                for line in lines:
                    client.write(f"> {line}")
                    if not await client.run(line):
                        break
                return 1 if errors.records else 0
            while True:
                try:
                    line = await asyncio.to_thread(input, PROMPT)
                except EOFError:
                    return 0
                if not await client.run(line):
                    return 0
    finally:
        errors.detach()


def main(argv: list[str], build_bot: BotFactory) -> int:
    """Parse the sandbox's options and run it."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    sandbox_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return asyncio.run(
            run_sandbox(build_bot, database=args.database, script=args.script, fresh=args.fresh)
        )
    except KeyboardInterrupt:
        return 130
