"""A SIGTERM while interactions are in flight (issue 18.7): ``python -m bot``'s token path stops
taking interactions, finishes the ones in flight (the table update and the hand DMs), then
closes; nothing is lost and no ERROR is logged (it was ``RuntimeError: Session is closed``)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

import bot.__main__ as entry
from bot.factory import BotConfig
from sandbox.actors import Actor
from tests.e2e.table_helpers import texts
from tests.e2e.test_run import assert_stopped_cleanly, prod_fake

DM_OR_POST = "/channels/{channel_id}/messages"
EDIT = "/channels/{channel_id}/messages/{message_id}"
WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"


async def test_sigterm_mid_deal_start_still_delivers_the_hands_and_the_table(tmp_path, caplog):
    async with prod_fake() as (fake, guild):
        channel = guild.channels[0]
        alice, bob, carol = (fake.world.add_user(name) for name in ("alice", "bob", "carol"))
        for user in (alice, bob, carol):
            fake.world.join(guild, user)
        host, guest, late = (Actor(fake, u, channel) for u in (alice, bob, carol))
        config = BotConfig(tmp_path / "prod.db", dev_guild_id=guild.id, guild_ready_timeout=0.02)
        caplog.set_level(logging.INFO)
        running = asyncio.create_task(entry._connect(fake.token, config))
        while guild.id not in fake.world.commands:
            assert not running.done(), running
            await asyncio.sleep(0.01)
        await asyncio.wait_for(fake.gateway.identified.wait(), 10)
        await host.slash("paiute open", buy_in=100, within=10)
        await fake.settle(quiet=0.05, within=5)
        # a server's default: the table has its own thread, where its players act
        (thread,) = guild.threads
        host, guest, late = (Actor(fake, u, thread) for u in (alice, bob, carol))
        await guest.slash("paiute join", buy_in=100, within=10)
        await fake.settle(quiet=0.05, within=5)
        before = len(fake.log.calls)
        # the guest's join token is past Discord's 15 minutes: his hand must go by DM (the
        # bot tries the followup first); the host's hand is the answer to her start
        fake.clock.advance(15 * 60 + 1)

        # the table's write through the channel is held: its edit in place, or, when it moves
        # to the start's public followup (bot/table/_moved.py; which of the two depends on
        # when the start's token is seen, so on the machine's load), the old message's delete
        dms = fake.faults.hold("POST", DM_OR_POST)
        updates = [fake.faults.hold("PATCH", EDIT), fake.faults.hold("DELETE", EDIT)]
        started = await host.slash("paiute start", within=10)  # answered, then the table
        reached = [asyncio.ensure_future(hold.reached.wait()) for hold in updates]
        _, waiting = await asyncio.wait(reached, timeout=10, return_when=asyncio.FIRST_COMPLETED)
        for wait in waiting:
            wait.cancel()
        assert len(waiting) == 1, "the table's write (held), then the hand DMs"
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.sleep(0.3)
        assert not running.done()  # finishing what is in flight
        ignored = await late.slash("balance", wait=False)  # too late: left to the next process
        await asyncio.sleep(0.2)
        dms.release()
        for hold in updates:
            hold.release()
        await assert_stopped_cleanly(running, config.database_path, caplog)

        assert started.ephemeral
        assert started.message is not None  # the host's new hand (a V2 layout: pictures)
        assert "New deal" in "\n".join([started.content, *texts(started.message)])
        assert not ignored.answered.is_set()
        assert len([m for m in guest.dms() if m.author.bot]) == 1  # the guest's new hand
        assert [m for m in host.dms() if m.author.bot] == []
        # the table shows the deal: edited in place, or posted under the start, old one deleted
        calls = fake.log.calls[before:]
        edits = [c.status for c in calls if (c.method, c.route) == ("PATCH", EDIT)]
        deletes = [c.status for c in calls if (c.method, c.route) == ("DELETE", EDIT)]
        moves = [c for c in calls if (c.method, c.route, c.status) == ("POST", WEBHOOK, 200)]
        assert (edits != [] and edits == [200] * len(edits)) or (deletes == [204] and moves)
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert errors == []
