"""``python -m sandbox`` without a token: the fake Discord, the bot and a terminal client in one
process.

The bot comes from a ``BotFactory`` (``run_sandbox(build_bot, ...)``): the sandbox does not know
which bot it runs. Its database is a real SQLite file, kept between runs unless ``--fresh``.
With ``--script FILE`` the lines of FILE are played and the transcript printed; otherwise lines
are read from the terminal.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import sys
import threading
from pathlib import Path
from typing import TextIO

from bot.factory import BotFactory
from sandbox.client import TerminalClient
from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session, open_session
from sandbox.log import BotErrors
from sandbox.state import World

DEFAULT_DATABASE = Path("parlour-sandbox.db")
PROMPT = "sandbox> "


def sandbox_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the sandbox's options to ``python -m bot``'s parser."""
    parser.add_argument(
        "--script", type=Path, metavar="FILE", help="play the lines of FILE, print the transcript"
    )
    parser.add_argument("--fresh", action="store_true", help="start with an empty database")
    parser.add_argument(
        "--answer-limit",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="Discord's time limit to answer an interaction (default 3; 0 turns it off)",
    )
    parser.add_argument(
        "--attachments",
        type=Path,
        metavar="DIR",
        help="write every file the bot sends (table and hand pictures) into DIR",
    )
    # Not $DATABASE_PATH: the sandbox's fake guild and users must never land in the database
    # of the bot that serves real Discord.
    parser.add_argument(
        "--database",
        type=Path,
        default=DEFAULT_DATABASE,
        help=f"SQLite file of the sandbox (default: {DEFAULT_DATABASE}; never $DATABASE_PATH)",
    )


def remove_database(path: Path) -> None:
    """Delete a SQLite file and its WAL/SHM companions."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


class TerminalReader:
    """Reads the terminal in a daemon thread, one prompt per line, after the previous line's
    output is printed.

    A daemon thread, not ``asyncio.to_thread``: at Ctrl-C the event loop must not wait for a
    thread blocked in ``input()``.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        self._prompt_again = threading.Event()
        with contextlib.suppress(ImportError):
            importlib.import_module("readline")  # line editing and history for input()
        threading.Thread(target=self._read, name="sandbox-terminal", daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                line: str | None = input(PROMPT)
            except (EOFError, KeyboardInterrupt):
                line = None
            self._loop.call_soon_threadsafe(self._lines.put_nowait, line)
            if line is None:
                return
            self._prompt_again.wait()
            self._prompt_again.clear()

    async def next_line(self) -> str | None:
        """The next line typed (None at end of input); call ``done`` after handling it."""
        return await self._lines.get()

    def done(self) -> None:
        """The line was handled: show the prompt again."""
        self._prompt_again.set()


async def _read_lines(script: Path | None) -> list[str] | None:
    if script is None:
        return None
    text = await asyncio.to_thread(script.read_text, encoding="utf-8")
    return text.splitlines()


def save_attachments(world: World, folder: Path) -> list[Path]:
    """Write the files of every message into ``folder`` as ``<channel or dm-user>-<message
    id>-<file name>`` (those already written are kept); returns the new ones."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for message in world.messages.values():
        channel = message.channel
        where = f"dm-{channel.recipient.name}" if channel.recipient else channel.name
        for name, data in message.files.items():
            path = folder / f"{where}-{message.id}-{name}"
            if not path.exists():
                path.write_bytes(data)
                written.append(path)
    return written


async def _quiet(session: Session, spell: float = 0.4, within: float = 10.0) -> None:
    """Wait until the bot made no call for ``spell`` seconds: a picture is drawn in a worker
    thread, which the fake's ``settle`` cannot see."""
    calls = -1
    deadline = asyncio.get_running_loop().time() + within
    while calls != len(session.fake.log.calls) and asyncio.get_running_loop().time() < deadline:
        calls = len(session.fake.log.calls)
        await asyncio.sleep(spell)
        await session.fake.settle(quiet=0.05, within=within)


async def run_sandbox(
    build_bot: BotFactory,
    *,
    database: Path,
    script: Path | None = None,
    fresh: bool = False,
    answer_limit: float | None = 3.0,
    out: TextIO | None = None,
    attachments: Path | None = None,
) -> int:
    """Run the sandbox until the script ends, ``quit``, or end of input; returns an exit code
    (1 if the bot logged an error during a script, so demos in CI catch regressions)."""
    if fresh:
        remove_database(database)
    lines = await _read_lines(script)
    errors = BotErrors().attach()
    try:
        async with open_session(
            build_bot, database_path=database, answer_limit=answer_limit
        ) as session:
            for actor in session.actors.values():  # alice is the server's admin
                if actor.name != "alice":
                    session.guild.deny(actor.user, MANAGE_GUILD)
            client = TerminalClient(session, out or sys.stdout, errors)
            client.banner()
            if lines is not None:
                for line in lines:
                    client.write(f"> {line}")
                    going = await client.run(line)
                    if attachments is not None:
                        await _quiet(session)
                        for path in save_attachments(session.fake.world, attachments):
                            client.write(f"  (saved {path})")
                    if not going:
                        break
                return 1 if errors.records else 0
            terminal = TerminalReader(asyncio.get_running_loop())
            watcher = asyncio.create_task(client.watch())  # timers print as they happen
            try:
                while (typed := await terminal.next_line()) is not None:
                    going = await client.run(typed)
                    if attachments is not None:
                        save_attachments(session.fake.world, attachments)
                    if not going:
                        break
                    terminal.done()
            finally:
                watcher.cancel()
            return 0
    finally:
        errors.detach()


def main(argv: list[str], build_bot: BotFactory) -> int:
    """Parse the sandbox's options and run it."""
    parser = argparse.ArgumentParser(prog="python -m sandbox", description=__doc__)
    sandbox_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return asyncio.run(
            run_sandbox(
                build_bot,
                database=args.database,
                script=args.script,
                fresh=args.fresh,
                answer_limit=args.answer_limit or None,
                attachments=args.attachments,
            )
        )
    except KeyboardInterrupt:
        return 130
