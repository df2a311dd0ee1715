"""A person's tournament record for ``/stats`` (issue 32): finished tournaments of one server
only, counted from the stored places and prizes; a cancelled tournament, another server's and
a computer player's entry count for nobody; someone who never finished one has no record."""

from __future__ import annotations

from collections.abc import Mapping

from storage import Database, tables, tournaments
from storage.tournaments import Record

from .conftest import GUILD, checked

A, B, C = 101, 102, 103
CPU = -1
BUY_IN = 100
OTHER_GUILD = 2

_channels = iter(range(100, 1000))


async def _tournament(
    db: Database,
    places: Mapping[int, int],
    prizes: Mapping[int, int],
    *,
    game: str = "paiute",
    guild: int = GUILD,
    state: str = "finished",
) -> int:
    """A tournament of ``places`` (user id -> place) stored as the service stores one: buy-ins
    at its table, entries, places, the table's close, then the settlement of the prizes (or,
    cancelled, of every buy-in back)."""
    async with db.transaction() as tx:
        table_id = await tables.open_table(
            tx, guild_id=guild, channel_id=next(_channels), game=game
        )
        t_id = await tournaments.create(
            tx,
            table_id=table_id,
            guild_id=guild,
            game=game,
            seats=len(places),
            buy_in=BUY_IN,
            speed="turbo",
            payouts="top2",
        )
        for user in places:
            ref = f"t{t_id}:in:{user}"
            if user < 0:
                assert await tables.seat_computer(tx, table_id, user, BUY_IN, ref=ref)
            else:
                assert await tables.buy_in(tx, table_id, user, BUY_IN, ref=ref)
            await tournaments.enter(tx, t_id, user, BUY_IN)
        await tournaments.set_level(tx, t_id, 1, 1_000.0, 0)
        if state == "finished":
            for user, place in places.items():
                await tournaments.place(tx, t_id, user, place)
    async with db.transaction() as tx:
        t = await tournaments.get(tx, t_id)
        assert t is not None
        closed = await tables.close(tx, table_id, ref=f"t{t_id}:close")
        assert closed is not None
        owed = dict(prizes) if state == "finished" else dict.fromkeys(places, BUY_IN)
        await tournaments.settle(
            tx, t, closed.paid_out, owed, ref=f"tournament:{t_id}:settle", state=state
        )
    return t_id


async def _record(db: Database, user: int, game: str | None = None) -> Record | None:
    async with db.read() as conn:
        return await tournaments.record(conn, GUILD, user, game)


async def test_a_record_counts_played_won_in_the_money_prizes_and_best_place(db: Database):
    # three players, top 2 paid: A wins, B second, C out first
    await _tournament(db, {A: 1, B: 2, C: 3}, {A: 195, B: 105})
    # B wins a heads-up against A; C is not in it
    await _tournament(db, {A: 2, B: 1}, {B: 200}, game="palace")
    await checked(db)
    assert await _record(db, A) == Record(played=2, won=1, in_the_money=1, prizes=195, best_place=1)
    assert await _record(db, B) == Record(played=2, won=1, in_the_money=2, prizes=305, best_place=1)
    assert await _record(db, C) == Record(played=1, won=0, in_the_money=0, prizes=0, best_place=3)


async def test_a_record_of_one_game_counts_only_that_games_tournaments(db: Database):
    await _tournament(db, {A: 1, B: 2, C: 3}, {A: 195, B: 105})
    await _tournament(db, {A: 2, B: 1}, {B: 200}, game="palace")
    assert await _record(db, A, "palace") == Record(
        played=1, won=0, in_the_money=0, prizes=0, best_place=2
    )
    assert await _record(db, C, "paiute") == Record(
        played=1, won=0, in_the_money=0, prizes=0, best_place=3
    )
    assert await _record(db, C, "palace") is None
    assert await _record(db, A, "pontoon") is None


async def test_no_finished_tournament_is_no_record(db: Database):
    assert await _record(db, A) is None
    # a cancelled tournament paid every buy-in back: no places, no result
    await _tournament(db, {A: 1, B: 2}, {}, state="cancelled")
    # another server's tournament is that server's record
    await _tournament(db, {A: 1, B: 2}, {A: 200}, guild=OTHER_GUILD)
    await checked(db)
    assert await _record(db, A) is None
    assert await _record(db, B) is None
    async with db.read() as conn:
        there = await tournaments.record(conn, OTHER_GUILD, A)
    assert there == Record(played=1, won=1, in_the_money=1, prizes=200, best_place=1)


async def test_a_computer_player_is_nobodys_record(db: Database):
    # the computer won the pool; it is the house's, and no one's stats
    await _tournament(db, {A: 2, CPU: 1}, {CPU: 200})
    await checked(db)
    assert await _record(db, CPU) is None
    assert await _record(db, A) == Record(played=1, won=0, in_the_money=0, prizes=0, best_place=2)
