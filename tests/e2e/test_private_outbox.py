"""A step's private cards reach the player even across a kill (issue 18.7): a SIGKILL after the
deal was committed but before its hand DMs went out lost them for good (the players were left
to find **My cards**). The booking now notes who is owed an update (the private outbox), and the
next process delivers it, once."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path

from sandbox.actors import Actor
from sandbox.fake import FakeDiscord
from sandbox.flags import CREATE_PUBLIC_THREADS
from sandbox.guilds import Channel
from sandbox.messages import Message
from tests.e2e.bot_process import BotProcess
from tests.e2e.table_helpers import texts, until

DM_OPEN = "/users/@me/channels"
LEASE = "2"  # seconds: short, so the process after a SIGKILL takes over quickly


def bot_dms(actor: Actor) -> list[str]:
    """The bot's DMs to ``actor``, as text (a picture DM's text is in its text displays)."""
    return ["\n".join([m.content, *texts(m)]) for m in actor.dms() if m.author.bot]


async def test_hands_dealt_just_before_a_kill_reach_the_players_after_the_restart(tmp_path: Path):
    async with FakeDiscord(answer_limit=10.0) as fake:
        guild = fake.world.add_guild("Prod", ("general",))
        guild.deny(
            fake.world.bot_user, CREATE_PUBLIC_THREADS
        )  # tables in the channels themselves: a bot without Create Public Threads
        channel = guild.channels[0]
        alice, bob = (fake.world.add_user(name) for name in ("alice", "bob"))
        for user in (alice, bob):
            fake.world.join(guild, user)
        host, guest = (Actor(fake, u, channel) for u in (alice, bob))
        env = {
            "DISCORD_TOKEN": fake.token,
            "DATABASE_PATH": str(tmp_path / "prod.db"),
            "DEV_GUILD_ID": str(guild.id),
            "SHARD_LEASE_SECONDS": LEASE,
        }

        started: list[BotProcess] = []

        async def start(name: str) -> BotProcess:
            process = await BotProcess.start(name, tmp_path, fake.base_url, fake.gateway_url, env)
            started.append(process)
            return process

        try:
            await _play(fake, channel, host, guest, start)
        finally:  # a failed test leaves no bot behind
            for process in started:
                process.send(signal.SIGKILL)
                await process.ended()


async def _play(
    fake: FakeDiscord,
    channel: Channel,
    host: Actor,
    guest: Actor,
    start: Callable[[str], Awaitable[BotProcess]],
) -> None:
    """Deal, kill before the hand DMs go, restart: the hands arrive; restart again: not twice."""
    first = await start("first")
    await first.logged("Resumed 0 open tables")
    await fake.gateway.identified.wait()
    await host.slash("paiute open", buy_in=100, within=10)
    await guest.slash("paiute join", buy_in=100, within=10)
    await fake.settle(quiet=0.2, within=10)

    # Discord holds the joins' tokens for expired: the guest's hand cannot ride on his join
    # (a followup) and needs a DM; the host's is her start's answer, and the outbox still owes
    # it until every update of the step went out (at least once, never lost)
    fake.clock.advance(15 * 60 + 1)
    dms = fake.faults.hold("POST", DM_OPEN)  # the deal commits; its hand DMs hang
    started = await host.slash("paiute start", within=10)
    await asyncio.wait_for(dms.reached.wait(), 10)
    first.send(signal.SIGKILL)  # committed, DMs not sent
    assert await first.ended() == -signal.SIGKILL
    fake.faults.holds.remove(dms)  # the next process's DMs go through
    dms.release()  # (the dead one's call now opens a DM channel: it sends nothing)
    assert started.ephemeral
    assert bot_dms(host) == bot_dms(guest) == []

    second = await start("second")
    await second.logged("Resumed 1 open tables")
    await until(lambda: len(bot_dms(host)) == len(bot_dms(guest)) == 1)
    # the table message shows the deal once the restarted bot's edit has room (its
    # channel counts as full for one window after a restart)
    await until(lambda: any(":@cards:" in c for c in _table_message(fake, channel).custom_ids))
    for actor in (host, guest):
        [dm] = bot_dms(actor)
        assert "Paiute" in dm, dm
        mine = await actor.click(_table_message(fake, channel), "My cards", within=10)
        assert mine.message is not None
        shown = "\n".join([mine.message.content, *texts(mine.message)])
        hand = [line for line in shown.splitlines() if line.startswith("Your hand")]
        assert hand != []
        assert hand[0] in dm, (hand, dm)  # the hand as it is now

    second.send(signal.SIGTERM)
    assert await second.ended() == 0
    third = await start("third")
    await third.logged("Resumed 1 open tables")
    await fake.settle(quiet=0.5, within=10)
    assert len(bot_dms(host)) == len(bot_dms(guest)) == 1  # delivered once, not again
    third.send(signal.SIGTERM)
    assert await third.ended() == 0
    for process in (second, third):
        assert process.errors() == [], process.log()


def _table_message(fake: FakeDiscord, channel: Channel) -> Message:
    messages = [
        m
        for m in fake.world.messages.values()
        if m.channel is channel and not m.deleted and m.visible_to is None and m.components
    ]
    return messages[-1]
