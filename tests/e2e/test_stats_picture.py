"""``/stats`` as a picture and ``/stats server`` (issue 31) through the real bot and the fake
Discord: with pictures on, a Components V2 card (a PNG the fake kept, its words as alt text);
with ``images`` off, the text embeds; bad combinations refused privately."""

from __future__ import annotations

import pytest

from sandbox.harness import Session
from storage import Database, stats, tables
from tests.e2e.economy_helpers import embed_text, refused
from tests.e2e.table_helpers import V2_FLAG, TableSeed, alt_texts, texts
from tests.e2e.test_pictures import picture_of

pytestmark = pytest.mark.usefixtures("chips_add_up")


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed(pictures=True)


async def _record(
    session: Session,
    database: object,
    game: str,
    deals: list[tuple[dict[int, int], dict[int, str]]],
) -> None:
    """Finished deals ({user: change}, {user: hand code}) recorded as a table's bookings do,
    through a second connection on the bot's database file."""
    async with Database.open(database) as db, db.transaction() as tx:  # type: ignore[arg-type]
        guild, channel = session.guild.id, session.channel.id
        table = await tables.open_table(tx, guild_id=guild, channel_id=channel, game=game)
        for number, (deal, hands) in enumerate(deals, start=1):
            await stats.record_result(
                tx,
                guild_id=guild,
                table_id=table,
                game=game,
                deal_number=number,
                pot=sum(v for v in deal.values() if v > 0),
                settlement={str(u): v for u, v in deal.items()},
                players=[str(u) for u in deal],
                hand_names={str(u): h for u, h in hands.items()},
            )
        await tables.close(tx, table, ref=f"test-close:{table}")


async def _played(session, alice, bob, tmp_path) -> None:
    palace = [
        ({alice.id: 30, bob.id: -30}, {alice.id: "full_house:K,10", bob.id: "flush:Q"}),
        ({alice.id: -10, bob.id: 10}, {bob.id: "two_pair:9,4"}),
    ]
    pontoon = [({alice.id: 5, bob.id: -5}, {alice.id: "pontoon=21", bob.id: "total=19"})]
    await _record(session, tmp_path / "parlour.db", "palace", palace)
    await _record(session, tmp_path / "parlour.db", "pontoon", pontoon)


async def test_stats_with_pictures_on_show_a_card_whose_alt_text_holds_the_stats(
    session, alice, bob, tmp_path
):
    await _played(session, alice, bob, tmp_path)
    answer = await bob.slash("stats", user=alice)
    message = answer.message
    assert message is not None
    assert not answer.ephemeral
    assert message.flags & V2_FLAG
    assert message.embeds == []
    assert texts(message)[0] == f"## Stats: {alice.mention}"
    image = picture_of(message)
    assert image.format == "PNG"
    assert image.width == 800
    (alt,) = alt_texts(message)
    assert "Deals played: 3 · Deals won: 2 (67%) · Net (chips): +25 · Biggest pot won: 30" in alt
    assert "Chips won after each deal, last 30 days: 0 … +30" in alt
    assert "Per game: Palace Poker 2 played · 1 won · +20; Pontoon 1 played · 1 won · +5" in alt
    assert "Best hands made: Full house · Palace Poker ×1; Pontoon ×1" in alt
    assert "Achievements: 0 of 7" in alt
    one = await alice.slash("stats", game="pontoon")
    assert one.message is not None
    (alt,) = alt_texts(one.message)
    assert "Pontoon · 30 days of form" in alt
    assert "Best hands made: Pontoon ×1" in alt
    assert "Full house" not in alt


async def test_stats_of_a_member_without_deals_stay_text(alice, bob):
    answer = await alice.slash("stats", user=bob)
    assert "has not finished a deal yet" in embed_text(answer)


async def test_stats_with_images_off_are_the_text_embed(session, alice, bob, tmp_path):
    await _played(session, alice, bob, tmp_path)
    await alice.slash("admin settings", images="off")
    text = embed_text(await bob.slash("stats", user=alice))
    assert "Deals played: **3** · won: **2** (67%)" in text
    server = embed_text(await bob.slash("stats", server=True))
    assert "Tables opened: **2** (0 open now) · deals finished: **3** · players: **2**" in server
    assert "Busiest game: **Palace Poker** · deals finished: 2" in server
    assert "Biggest pot won: **30 chips** (Palace Poker)" in server
    assert f"🥇 {alice.mention} — +25 chips won" in server


async def test_server_stats_show_the_servers_card(session, alice, bob, tmp_path):
    empty = await alice.slash("stats", server=True)
    assert "Nobody has finished a deal here yet." in embed_text(empty)
    await _played(session, alice, bob, tmp_path)
    answer = await bob.slash("stats", server=True)
    message = answer.message
    assert message is not None
    assert message.flags & V2_FLAG
    assert texts(message)[0].startswith("## Server stats: ")
    assert picture_of(message).format == "PNG"
    (alt,) = alt_texts(message)
    assert "Tables opened: 2 · Deals finished: 3 · Players: 2 · Biggest pot won: 30" in alt
    assert "Deals per game: Palace Poker 2 · biggest pot 30; Pontoon 1 · biggest pot 5" in alt
    assert "Chips won, all time: #1 " in alt
    assert "+25; #2 " in alt
    assert "Busiest game: Palace Poker · deals finished: 2" in alt


async def test_server_stats_refuse_a_member_or_a_game_beside_them(alice, bob):
    refused(await alice.slash("stats", server=True, user=bob), "not both")
    refused(await alice.slash("stats", server=True, game="palace"), "leave out `game`")


async def test_with_seasons_the_cards_show_the_running_seasons_rank_and_leaders(
    session, alice, bob, tmp_path
):
    await _played(session, alice, bob, tmp_path)  # recorded outside any season's booking
    await alice.slash("admin settings", season_days=30)
    answer = await alice.slash("stats")
    assert answer.message is not None
    (alt,) = alt_texts(answer.message)
    assert alt.endswith("Achievements: 0 of 7\nSeason 1: no deal finished yet")
    server = await bob.slash("stats", server=True)
    assert server.message is not None
    (alt,) = alt_texts(server.message)
    assert "Season 1: chips won: Nothing yet." in alt
