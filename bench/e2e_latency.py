"""Injected interaction -> the bot's answer, through the real discord.py and the fake Discord.

    python -m bench.e2e_latency [--n 500]

Prints median and p99 of the time from the fake creating and dispatching INTERACTION_CREATE to
the fake receiving the bot's interaction callback, for a trivial command that answers at once.
Everything runs in one process and event loop on 127.0.0.1, as in the e2e tests.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot.factory import BotConfig
from sandbox.harness import open_session


def build_trivial_bot(config: BotConfig) -> commands.Bot:
    """A bot with one command that answers immediately (no database, no work)."""
    bot = commands.Bot(
        command_prefix=commands.when_mentioned,
        intents=discord.Intents.default(),
        guild_ready_timeout=config.guild_ready_timeout,
    )

    @app_commands.command(name="noop", description="Answer at once")
    async def noop(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok")

    async def setup_hook() -> None:
        guild = discord.Object(config.dev_guild_id or 0)
        bot.tree.add_command(noop, guild=guild)
        await bot.tree.sync(guild=guild)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def measure(n: int, warmup: int) -> list[float]:
    """Latencies in seconds of ``n`` sequential /noop interactions."""
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.db"
        async with open_session(build_trivial_bot, database_path=database) as session:
            alice = session.actors["alice"]
            latencies = []
            for i in range(warmup + n):
                answer = await alice.slash("noop")
                if i >= warmup and answer.answered_at is not None:
                    latencies.append(answer.answered_at - answer.created)
            return latencies


def main() -> None:
    """Run and print the numbers."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()
    latencies = sorted(asyncio.run(measure(args.n, args.warmup)))
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"e2e interaction -> answer latency, trivial command, n={len(latencies)}")
    print(f"  median {statistics.median(latencies) * 1000:.2f} ms")
    print(f"  p99    {p99 * 1000:.2f} ms")
    print(f"  max    {latencies[-1] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
