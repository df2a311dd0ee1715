"""What the ``/stats`` pictures read (storage.form): a player's recent deals with their hands,
oldest first and bounded, and a server's own record; on both backends."""

from __future__ import annotations

from storage import Database, form, stats

from .conftest import GUILD

OTHER_GUILD = 2
LONG_AGO = "2000-01-01T00:00:00.000Z"


async def _table(db: Database, guild: int, status: str = "closed") -> int:
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO tables (guild_id, channel_id, game, status) VALUES (?, ?, 'palace', ?)",
            (guild, guild * 100 + (1 if status == "open" else 0), status),
        )
    async with db.read() as conn:
        rows = list(await conn.execute_fetchall("SELECT MAX(id) FROM tables", ()))
    return int(rows[0][0])


async def _deal(
    db: Database,
    table: int,
    n: int,
    game: str,
    settlement: dict[str, int],
    hands: dict[str, str],
    guild: int = GUILD,
) -> None:
    async with db.transaction() as tx:
        await stats.record_result(
            tx,
            guild_id=guild,
            table_id=table,
            game=game,
            deal_number=n,
            pot=sum(v for v in settlement.values() if v > 0),
            settlement=settlement,
            players=list(settlement),
            hand_names=hands,
        )


async def test_a_players_recent_deals_come_oldest_first_with_their_hands(db: Database):
    table = await _table(db, GUILD)
    await _deal(db, table, 1, "palace", {"10": 30, "20": -30}, {"10": "full_house:K,10"})
    await _deal(db, table, 2, "pontoon", {"20": 5, "10": -5}, {"20": "pontoon"})
    await _deal(db, table, 3, "palace", {"20": 8, "30": -8}, {})  # without player 10
    await _deal(db, table, 4, "palace", {"10": -12, "20": 12}, {})
    async with db.read() as conn:
        mine = await form.recent_deals(conn, GUILD, "10", LONG_AGO)
        latest = await form.recent_deals(conn, GUILD, "10", LONG_AGO, limit=2)
        none_since = await form.recent_deals(conn, GUILD, "10", "2999-01-01T00:00:00.000Z")
        one = await form.recent_deals(conn, GUILD, "1", LONG_AGO)  # "1" is no prefix of "10"
    assert [(d.game, d.change, d.hand) for d in mine] == [
        ("palace", 30, "full_house:K,10"),
        ("pontoon", -5, None),
        ("palace", -12, None),
    ]
    assert [d.change for d in latest] == [-5, -12]
    assert none_since == []
    assert one == []
    assert all(d.at.endswith("Z") and d.at[:2] == "20" for d in mine)


async def test_a_servers_record_counts_its_own_tables_deals_players_and_pots(db: Database):
    table = await _table(db, GUILD)
    await _table(db, GUILD, "open")
    elsewhere = await _table(db, OTHER_GUILD)
    await _deal(db, table, 1, "palace", {"10": 30, "20": -30}, {})
    await _deal(db, table, 2, "palace", {"10": -70, "20": 70}, {})
    await _deal(db, table, 3, "pontoon", {"30": 5, "10": -5}, {})
    await _deal(db, elsewhere, 1, "paiute", {"10": 900, "40": -900}, {}, guild=OTHER_GUILD)
    async with db.read() as conn:
        record = await form.server_record(conn, GUILD, LONG_AGO)
        empty = await form.server_record(conn, 3, LONG_AGO)
    assert (record.tables, record.open_tables, record.players) == (2, 1, 3)
    assert record.deals == {"palace": 2, "pontoon": 1}
    assert record.biggest_pot == {"palace": 70, "pontoon": 5}
    assert sum(record.per_day.values()) == 3
    assert all(len(day) == 10 and day[4] == "-" for day in record.per_day)
    assert (empty.tables, empty.players, empty.deals, empty.per_day) == (0, 0, {}, {})
