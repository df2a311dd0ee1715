"""Leaderboards through the real bot: ordering, the caller's rank, pages by buttons, and a
page button that still works after the bot restarted on the same database."""

from __future__ import annotations

import re

import pytest

from tests.e2e.economy_helpers import add_members, embed_text, record_deals

pytestmark = pytest.mark.usefixtures("chips_add_up")


def ranked(text: str) -> list[tuple[int, int]]:
    """(rank, user id) of each line of a leaderboard page, top first."""
    return [(int(r), int(u)) for r, u in re.findall(r"^\*\*#(\d+)\*\* <@(\d+)>", text, re.M)]


async def grant(admin, member, amount: int) -> None:
    answer = await admin.slash("admin grant", user=member, amount=amount, reason="seed")
    assert not answer.ephemeral
    await answer.followup()  # the grant is told once it is booked


@pytest.mark.shared_fake
async def test_chips_board_orders_by_balance_and_shows_the_callers_rank(alice, bob, carol, dave):
    await grant(alice, bob, 500)
    await grant(alice, carol, 100)
    await alice.slash("balance")  # an account starts with 1,000 chips on first use
    await dave.slash("balance")
    answer = await dave.slash("leaderboard")
    assert not answer.ephemeral
    text = embed_text(answer)
    assert ranked(text) == [(1, bob.id), (2, carol.id), (3, alice.id), (3, dave.id)]
    assert f"Rank of {dave.mention}: **#3** {dave.mention} — 1,000 chips" in text
    assert "Leaderboard: chips (balances)" in text


@pytest.mark.shared_fake
async def test_leaderboard_by_chips_for_one_game_is_refused_and_one_game_ranks_net(alice, dave):
    await dave.slash("balance")
    refused = await dave.slash("leaderboard", game="paiute", by="chips")
    assert refused.ephemeral
    assert refused.message is not None
    assert "Chips are shared by every game" in refused.message.content
    one_game = embed_text(await dave.slash("leaderboard", game="paiute"))
    assert "chips (balances)" not in one_game


@pytest.mark.shared_fake
async def test_net_and_wins_boards_per_game_and_for_all_games(session, alice, bob, carol):
    db = session.config.database_path
    where = (session.guild.id, session.channel.id)
    await record_deals(
        db, *where, "palace", [{alice.id: 50, bob.id: -50}, {alice.id: 20, bob.id: -20}]
    )
    await record_deals(db, *where, "paiute", [{bob.id: 90, carol.id: -90}])
    palace_net = embed_text(await carol.slash("leaderboard", game="palace", by="net"))
    assert ranked(palace_net) == [(1, alice.id), (2, bob.id)]
    assert "+70 chips" in palace_net
    assert "-70 chips" in palace_net
    assert f"Rank of {carol.mention}: not on this board yet." in palace_net
    all_net = embed_text(await carol.slash("leaderboard", by="net"))
    assert ranked(all_net) == [(1, alice.id), (2, bob.id), (3, carol.id)]
    assert f"Rank of {carol.mention}: **#3**" in all_net
    wins = embed_text(await bob.slash("leaderboard", by="wins"))
    assert ranked(wins) == [(1, alice.id), (2, bob.id), (3, carol.id)]
    assert "2 won" in wins
    assert "Leaderboard: deals won (all games)" in wins
    paiute_wins = embed_text(await bob.slash("leaderboard", game="paiute", by="wins"))
    assert ranked(paiute_wins) == [(1, bob.id), (2, carol.id)]


async def fill_board(session, alice) -> list[int]:
    """Thirteen ranked members with distinct balances; their ids top first."""
    members = add_members(session, [f"m{i:02d}" for i in range(12)])
    for i, member in enumerate(members):
        await grant(alice, member, 100 * (i + 1))
    await alice.slash("balance")
    return [m.id for m in reversed(members)] + [alice.id]


@pytest.mark.shared_fake
async def test_pages_turn_by_buttons_with_the_clickers_rank(session, alice, bob):
    order = await fill_board(session, alice)
    answer = await alice.slash("leaderboard")
    board = answer.message
    assert [u for _, u in ranked(embed_text(answer))] == order[:10]
    assert "Page 1" in embed_text(answer)
    assert board.component("◀ Previous")["disabled"] is True
    turned = await bob.click(board, "Next ▶")
    assert turned.message is board  # the page is edited in place, in one call
    page2 = embed_text(turned)
    assert ranked(page2) == [(11, order[10]), (12, order[11]), (13, order[12])]
    assert "Page 2 (last)" in page2
    assert f"Rank of {bob.mention}: not on this board yet." in page2
    assert board.component("Next ▶")["disabled"] is True
    back = await alice.click(board, "◀ Previous")
    assert [u for _, u in ranked(embed_text(back))] == order[:10]


async def test_a_page_button_still_works_after_the_bot_restarts(session, alice, bob):
    order = await fill_board(session, alice)
    board = (await alice.slash("leaderboard")).message
    await session.restart_bot()
    turned = await bob.click(board, "Next ▶")
    assert [u for _, u in ranked(embed_text(turned))] == order[10:]


@pytest.mark.shared_fake
async def test_an_empty_board_says_so(bob):
    text = embed_text(await bob.slash("leaderboard", by="wins"))
    assert "Nobody here yet." in text
    assert "not on this board yet" in text
