"""Seasons through the real bot (issue 31, item 3): an admin sets their length, the
leaderboard counts the current season by default (``season:all`` for all time, a number for a
past one), and a season that ended is told once in the channel, with its podium, however often
the bot restarts."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from sandbox.actors import Actor
from sandbox.harness import Session
from storage import Database, seasons, stats, tables
from tests.e2e.economy_helpers import embed_text, refused
from tests.e2e.table_helpers import until

pytestmark = pytest.mark.usefixtures("chips_add_up")

DAY = 86_400


@pytest.mark.shared_fake
async def test_the_leaderboard_counts_the_current_season_by_default(session, alice, bob):
    shown = embed_text(await alice.slash("admin settings", season_days=30))
    assert "Season length: **30 d** ✏️" in shown
    current = embed_text(await bob.slash("leaderboard"))
    assert "Leaderboard: net winnings (season 1)" in current
    assert "Leaderboard: chips (balances)" in embed_text(
        await bob.slash("leaderboard", season="all")
    )
    refused(await bob.slash("leaderboard", season="last"), "A season is its number, or `all`")
    refused(await bob.slash("leaderboard", season="5"), "There is no season 5 on this server.")
    refused(
        await bob.slash("leaderboard", season="1", game="palace"),
        "A season counts chips won and deals won over every game",
    )
    off = embed_text(await alice.slash("admin settings", season_days=0))
    assert "Season length: **off** ✏️" in off
    assert "Leaderboard: chips (balances)" in embed_text(await bob.slash("leaderboard"))


async def end_season_one(session: Session, alice: Actor, bob: Actor, where: Path) -> None:
    """Season 1 of the session's server, with bob on top, ended ten days ago (as if the bot
    had been down meanwhile): the next bot to start tells it."""
    await alice.slash("admin settings", season_days=30)
    now = time.time()
    async with Database.open(where) as db, db.transaction() as tx:
        table = await tables.open_table(
            tx, guild_id=session.guild.id, channel_id=session.channel.id, game="palace"
        )
        for n, (won, lost) in enumerate([(bob, alice), (bob, alice), (alice, bob)], start=1):
            changes = {str(won.id): 40, str(lost.id): -40}  # bob +40, alice -40
            await stats.record_result(
                tx,
                guild_id=session.guild.id,
                table_id=table,
                game="palace",
                deal_number=n,
                pot=40,
                settlement=changes,
                players=list(changes),
            )
            await seasons.record(tx, session.guild.id, now, changes, list(changes), None)
        await tables.close(tx, table, ref=f"test-close:{table}")
        # season 1 ended ten days ago (as if the bot had been down meanwhile)
        await tx.execute(
            "UPDATE seasons SET starts_at = starts_at - ?, ends_at = ends_at - ?",
            (40 * DAY, 40 * DAY),
        )


async def test_an_ended_season_is_told_once_across_restarts(session, alice, bob, tmp_path):
    await end_season_one(session, alice, bob, tmp_path / "parlour.db")

    def told() -> list[str]:
        return [m.content for m in session.messages() if "Season 1 is over" in m.content]

    await session.restart_bot()
    await until(lambda: len(told()) == 1, what="season 1's end told")
    assert told() == [
        "🏆 **Season 1 is over.**\n"
        f"🥇 {bob.mention} — +40 chips won\n"
        "Balances stay as they are; the season's board stays too: `/leaderboard season:1`."
    ]
    await session.restart_bot()
    await session.fake.settle(quiet=0.2)
    assert len(told()) == 1
    assert "Leaderboard: net winnings (season 2)" in embed_text(await bob.slash("leaderboard"))
    past = embed_text(await bob.slash("leaderboard", season="1"))
    assert "Leaderboard: net winnings (season 1)" in past
    assert f"**#1** {bob.mention} — +40 chips" in past


async def test_a_podium_being_posted_when_the_bot_stops_is_posted_once(
    session, alice, bob, tmp_path
):
    """The podium appeared twice: the bot stopped after posting it and before storing that it
    had, and the next bot posted it again. A stop now finishes the post and its mark."""
    await end_season_one(session, alice, bob, tmp_path / "parlour.db")

    def told() -> list[str]:
        return [m.content for m in session.messages() if "Season 1 is over" in m.content]

    posts = session.fake.faults.hold("POST", "/channels/{channel_id}/messages")
    await session.restart_bot()  # the new bot's post is on its way, held by Discord
    await asyncio.wait_for(posts.reached.wait(), 10)
    restarting = asyncio.create_task(session.restart_bot())  # it stops meanwhile
    await asyncio.sleep(0.2)
    posts.release()
    await restarting
    await session.fake.settle(quiet=0.2)
    assert len(told()) == 1
