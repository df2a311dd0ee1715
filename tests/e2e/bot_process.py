"""``python -m tests.e2e.bot_process BASE GATEWAY [ARGS]``: ``python -m bot`` itself (its
``main``: settings from the environment, logging, signals, exit status), with discord.py
pointed at a fake Discord that runs in the test's process; and :class:`BotProcess`, how a test
runs, kills and reads one."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """One ``python -m bot`` process; its log (stderr) goes to ``log_path``."""

    def __init__(self, name: str, log_path: Path, env: dict[str, str]) -> None:
        self.name = name
        self.log_path = log_path
        self.env = env
        self.process: asyncio.subprocess.Process | None = None

    @classmethod
    async def start(
        cls, name: str, folder: Path, base: str, gateway: str, env: dict[str, str], *args: str
    ) -> BotProcess:
        """Start it in ``folder`` (no ``.env`` of the developer's is read)."""
        started = cls(name, folder / f"{name}.log", env)
        full = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
            "LOG_LEVEL": "INFO",
            **env,
        }
        with started.log_path.open("wb") as log:
            started.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.e2e.bot_process",
                base,
                gateway,
                *args,
                cwd=folder,
                env=full,
                stdout=log,
                stderr=log,
            )
        return started

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def log(self) -> str:
        """Everything it logged so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    async def logged(self, text: str, within: float = 30.0) -> None:
        """Wait until its log has ``text``; fail if it ends first or takes too long."""
        deadline = time.monotonic() + within
        while text not in self.log():
            assert self.process is not None
            if self.process.returncode is not None:
                raise AssertionError(f"{self.name} ended without logging {text!r}:\n{self.log()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name} did not log {text!r}:\n{self.log()}")
            await asyncio.sleep(0.05)

    async def ended(self, within: float = 30.0) -> int:
        """Its exit status, once it has ended."""
        assert self.process is not None
        return await asyncio.wait_for(self.process.wait(), within)

    def send(self, sig: signal.Signals) -> None:
        """SIGTERM (a clean stop) or SIGKILL (a crash)."""
        assert self.process is not None
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):  # it has just ended by itself
                self.process.send_signal(sig)

    def errors(self) -> list[str]:
        """Its ERROR lines."""
        return [line for line in self.log().splitlines() if " ERROR " in line]


def _main(argv: list[str]) -> int:
    import discord.http
    import yarl
    from discord.gateway import DiscordWebSocket

    import bot.__main__ as entry

    base, gateway, *rest = argv
    discord.http.Route.BASE = base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    return entry.main(rest)


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
