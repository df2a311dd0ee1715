"""An honest leaderboard and economy through the real bot (issue 31, item 4): the win-rate
board lists only players with the server's minimum of finished deals, and ``/daily`` and
``/refill`` wait until a Discord account is a week old (the server may change the age)."""

from __future__ import annotations

import re
import time

import pytest

from sandbox.actors import Actor
from sandbox.harness import Session
from tests.e2e.economy_helpers import embed_text, record_deals, refused

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


def newcomer(session: Session, name: str = "newbie") -> Actor:
    """A member whose Discord account was made a moment ago (its id says so)."""
    user = session.fake.world.add_user(name, made_now=True)
    session.fake.world.join(session.guild, user)
    return Actor(session.fake, user, session.channel)


async def test_a_fresh_account_is_told_privately_when_it_may_claim_daily_and_refill(session, alice):
    fresh = newcomer(session)
    for command in ("daily", "refill"):
        message = refused(await fresh.slash(command), "only to Discord accounts older")
        stamp = int(re.search(r"<t:(\d+):R>", message).group(1))  # type: ignore[union-attr]
        assert abs(stamp - (time.time() + 7 * 86_400)) < 60
        assert f"<t:{stamp}:f>" in message
    assert "has no chips yet" in embed_text(await alice.slash("balance", user=fresh))


async def test_the_server_sets_the_account_age_and_zero_lets_any_account_claim(session, alice):
    fresh = newcomer(session)
    shown = embed_text(await alice.slash("admin settings"))
    assert "Account age for /daily and /refill: **7 d**" in shown
    assert "Deals to appear on the win-rate board: **20 deals**" in shown
    changed = await alice.slash("admin settings", claim_account_age_days=0, board_min_deals=1)
    text = embed_text(changed)
    assert "Account age for /daily and /refill: **0 d**" in text
    assert "Deals to appear on the win-rate board: **1 deal**" in text
    granted = await fresh.slash("daily")
    assert "You claimed **200 chips**" in embed_text(granted)


async def test_two_lucky_deals_do_not_top_the_win_rate_board(session, alice, bob, carol):
    """carol won both her deals (100 %), bob 3 of 4 (75 %), alice 1 of 6: with a minimum of 4
    deals only bob and alice are listed, and carol is told how far she is."""
    await alice.slash("admin settings", board_min_deals=4)
    deals = [
        {alice.id: -10, bob.id: 10},
        {alice.id: -10, bob.id: 10},
        {alice.id: -10, bob.id: 10},
        {alice.id: 10, bob.id: -10},
    ]
    where = (session.config.database_path, session.guild.id, session.channel.id)
    await record_deals(*where, "palace", deals)
    await record_deals(*where, "paiute", [{carol.id: 10, alice.id: -10}] * 2)
    text = embed_text(await carol.slash("leaderboard", by="rate"))
    assert "Leaderboard: win rate (all games)" in text
    assert "Only players with at least 4 finished deals are listed." in text
    found = re.findall(r"^\*\*#(\d+)\*\* <@(\d+)> — (\d+)% won", text, re.M)
    assert found == [("1", str(bob.id), "75"), ("2", str(alice.id), "16")]
    assert f"Rank of {carol.mention}: not on this board yet (2 of the 4 finished deals" in text
    mine = embed_text(await alice.slash("leaderboard", by="rate"))
    assert f"Rank of {alice.mention}: **#2** {alice.mention} — 16% won" in mine
    palace = embed_text(await bob.slash("leaderboard", game="palace", by="rate"))
    assert "Leaderboard: win rate (Palace Poker)" in palace
