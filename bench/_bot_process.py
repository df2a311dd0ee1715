"""The bot under a bench, seen from the bench's side: :class:`BotProcess` starts
``bench/_botproc.py`` (the bot's own entry point) on a checkout's code against the fake Discord
of the bench's process, asks it for its stats, reads its CPU, bytes written and memory from
``/proc``, and stops or kills it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from sandbox.fake import FakeDiscord
from sandbox.guilds import Channel, Guild, User

ROOT = Path(__file__).resolve().parent.parent
BOTPROC = Path(__file__).resolve().parent / "_botproc.py"


class BotProcess:
    """``python bench/_botproc.py`` against ``fake``: start, stats, stop, kill."""

    def __init__(
        self,
        fake: FakeDiscord,
        folder: Path,
        guild: Guild,
        *,
        src: Path = ROOT,
        pictures: bool = False,
        profile: Path | None = None,
        trace_memory: bool = False,
        garbage: bool = False,
    ) -> None:
        self.fake, self.folder, self.guild = fake, folder, guild
        self.src, self.pictures, self.profile = src, pictures, profile
        self.trace_memory = trace_memory
        self.garbage = garbage
        self.database = folder / "bench.db"
        self.stats_file = folder / "stats.json"
        self.log_file = folder / "bot.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.started = 0.0

    def start(self) -> None:
        # a checkout with its own .venv runs with its own dependencies (orjson or not)
        own = self.src / ".venv" / "bin" / "python"
        command = [
            str(own) if self.src != ROOT and own.exists() else sys.executable,
            str(BOTPROC),
            "--base",
            self.fake.base_url,
            "--gateway",
            self.fake.gateway_url,
            "--token",
            self.fake.token,
            "--database",
            str(self.database),
            "--guild",
            str(self.guild.id),
            "--stats",
            str(self.stats_file),
        ]
        if self.pictures:
            command.append("--pictures")
        if self.profile is not None:
            command += ["--profile", str(self.profile)]
        if self.trace_memory:
            command.append("--trace-memory")
        if self.garbage:
            command.append("--garbage")
        env = {**os.environ, "PYTHONPATH": str(self.src), "DISCORD_TOKEN": ""}
        self.started = time.monotonic()
        with self.log_file.open("ab") as out:
            # our own interpreter running our own script: no untrusted input
            self.proc = subprocess.Popen(  # noqa: S603
                command, env=env, stdout=out, stderr=out, cwd=self.folder
            )

    @property
    def running(self) -> subprocess.Popen[bytes]:
        if self.proc is None:
            raise RuntimeError("the bot process was not started")
        return self.proc

    @property
    def pid(self) -> int:
        return self.running.pid

    def cpu(self) -> float:
        """User + system CPU seconds of the bot process so far (from /proc)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def written(self) -> int:
        """Bytes the bot process has handed to ``write()`` so far (``wchar``: SQLite's WAL
        and checkpoints, and its log; socket sends are not counted)."""
        for line in Path(f"/proc/{self.pid}/io").read_text().splitlines():
            if line.startswith("wchar:"):
                return int(line.split()[1])
        return 0

    def rss_mib(self) -> float:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    async def stats(self, within: float = 2.0, *, light: bool = False) -> dict[str, Any]:
        """What the process says about itself (GC pauses, tasks, views); ``light``: only
        what is cheap to tell (CPU by thread, budgets, tables behind), for a poll."""
        marker = self.stats_file.with_suffix(".light")
        if light:
            marker.touch()
        try:
            self.stats_file.unlink(missing_ok=True)
            os.kill(self.pid, signal.SIGUSR1)
            for _ in range(int(within * 100)):
                await asyncio.sleep(0.01)
                if self.stats_file.exists():
                    return dict(json.loads(self.stats_file.read_text()))
            return {}
        finally:
            marker.unlink(missing_ok=True)

    def reset_gc(self) -> None:
        os.kill(self.pid, signal.SIGUSR2)

    async def ready(self, probe: User, channel: Channel, within: float = 60.0) -> float:
        """Wait until the bot answers a command; seconds since the process started. The
        bot syncs its commands to one server: they are made global here, as a release is."""
        end = time.monotonic() + within
        while self.guild.id not in self.fake.world.commands:
            self.check()
            if time.monotonic() > end:
                raise TimeoutError("the bot never synced its commands")
            await asyncio.sleep(0.02)
        self.fake.world.commands[None] = self.fake.world.commands[self.guild.id]
        while time.monotonic() < end:
            self.check()
            if self.fake.gateway.sockets:
                with contextlib.suppress(TimeoutError):
                    await self.fake.slash(probe, "help", channel, within=2.0)
                    return time.monotonic() - self.started
            await asyncio.sleep(0.05)
        raise TimeoutError("the bot never answered")

    def check(self) -> None:
        if self.proc is not None and self.proc.poll() is not None:
            tail = self.log_file.read_text(errors="replace")[-3000:]
            raise RuntimeError(f"the bot process ended ({self.proc.returncode}):\n{tail}")

    async def stop(self, within: float = 30.0) -> int:
        """SIGTERM, and wait for the clean stop."""
        proc = self.running
        proc.send_signal(signal.SIGTERM)
        try:
            code = await asyncio.to_thread(proc.wait, within)
        except subprocess.TimeoutExpired:
            proc.kill()
            code = proc.wait()
        await self.fake.gateway.close()
        return code

    async def kill(self) -> None:
        """SIGKILL: no goodbye."""
        self.running.kill()
        self.running.wait()
        await self.fake.gateway.close()
