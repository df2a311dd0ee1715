"""How many tables one member and one server may open (issue 18.4), and who may void a deal
(issue 18.9); every refusal changes nothing."""

from __future__ import annotations

import random

import pytest

from games.limits import MAX_CHIPS
from services.economy import EconomyService
from services.limits import AmountOutOfRange
from services.tables import TableError, TableService
from services.tables.caps import TooManyTables
from services.tables.closing import NotAtTable
from storage import Database

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, checked, fingerprint, play_deal


async def test_one_member_opening_40_tables_in_40_channels_is_refused_past_the_limit(
    service: TableService, db: Database
):
    opened, refusal = [], None
    for channel in range(100, 140):
        try:
            await service.open(GUILD, channel, HOST, "paiute")
        except TooManyTables as error:
            refusal = error
            break
        opened.append(channel)
    assert len(opened) == 3  # the default max_tables_per_user
    assert refusal is not None
    assert (refusal.message_id, refusal.params) == ("table.refusal.too_many_tables", {"max": 3})
    before = await fingerprint(db)
    with pytest.raises(TooManyTables):
        await service.open(GUILD, 200, HOST, "palace", buy_in=300)
    assert await fingerprint(db) == before  # no table, no buy-in
    await service.open(GUILD, 201, BOB, "paiute")  # another member still may
    await service.open(GUILD + 1, 202, HOST, "paiute")  # and so may they in another server
    await service.close(GUILD, opened[0], HOST)
    await service.open(GUILD, 203, HOST, "paiute")  # a closed table frees its place
    await checked(db)


async def test_a_server_is_refused_past_its_own_limit(service: TableService, db: Database):
    await EconomyService(db).update_settings(GUILD, max_tables_per_server=2)
    await service.open(GUILD, 100, HOST, "paiute")
    await service.open(GUILD, 101, BOB, "paiute")
    with pytest.raises(TooManyTables) as refused:
        await service.open(GUILD, 102, CAT, "paiute")
    assert (refused.value.message_id, refused.value.params) == (
        "table.refusal.too_many_tables.server",
        {"max": 2},
    )
    assert len(service.tables()) == 2


async def test_the_options_said_before_opening_are_the_tables_and_refused_as_it_is(
    service: TableService, db: Database
):
    """A thread's lobby line says the stakes before its table opens: the preview resolves the
    server's defaults and the opener's choices as ``open`` does, refuses what it refuses,
    writes nothing."""
    await EconomyService(db).update_settings(GUILD, max_tables_per_server=1)
    before = await fingerprint(db)
    chosen = {"min_bet": 10, "max_bet": 50, "seats": 3, "computer_delay": 0.0}
    said = await service.opening_options(GUILD, HOST, "pontoon", chosen, buy_in=200)
    assert await fingerprint(db) == before
    opened = await service.open(GUILD, CHANNEL, HOST, "pontoon", chosen, buy_in=200)
    assert said == opened.options
    refusals = [
        ("pontoon", {"min_bet": 10, "max_bet": 50}, 100_000, "amount_out_of_bounds.buy_in"),
        ("pontoon", {"max_bet": 10_000_000}, None, "amount_out_of_bounds.stake_limit"),
        ("palace", {"seats": 40}, None, "bad_options.seats"),
    ]
    for game, options, buy_in, refusal in refusals:
        with pytest.raises(TableError) as preview:
            await service.opening_options(GUILD + 1, HOST, game, options, buy_in=buy_in)
        with pytest.raises(TableError) as opening:
            await service.open(GUILD + 1, CHANNEL, HOST, game, options, buy_in=buy_in)
        assert preview.value.message_id == opening.value.message_id == f"table.refusal.{refusal}"
        assert preview.value.params == opening.value.params
    with pytest.raises(TooManyTables):  # the server's one table is open
        await service.opening_options(GUILD, BOB, "paiute")
    await checked(db)


async def test_a_host_who_is_not_seated_cannot_close_the_table_mid_deal(
    service: TableService, db: Database
):
    await service.open(GUILD, CHANNEL, HOST, "paiute", {"seats": 3})  # hosts without sitting
    await service.join(GUILD, CHANNEL, BOB, 300)
    await service.join(GUILD, CHANNEL, CAT, 300)
    await service.start(GUILD, CHANNEL, BOB, admin=True)
    table_id = service.status(GUILD, CHANNEL).table_id
    before = await fingerprint(db)
    with pytest.raises(NotAtTable) as refused:
        await service.close(GUILD, CHANNEL, HOST)
    assert refused.value.message_id == "table.refusal.host_not_seated"
    assert await fingerprint(db) == before
    assert service.status(GUILD, CHANNEL).deal_open
    closed = await service.close(GUILD, CHANNEL, HOST, admin=True)  # an admin still may
    assert closed.table_id == table_id
    await checked(db)


async def test_a_host_who_left_mid_deal_cannot_close_it(service: TableService, db: Database):
    await service.open(GUILD, CHANNEL, HOST, "paiute", {"seats": 3}, buy_in=300)
    await service.join(GUILD, CHANNEL, BOB, 300)
    await service.join(GUILD, CHANNEL, CAT, 300)
    await service.start(GUILD, CHANNEL, HOST)
    await service.leave(GUILD, CHANNEL, HOST)
    before = await fingerprint(db)
    with pytest.raises(TableError) as refused:
        await service.close(GUILD, CHANNEL, HOST)
    assert refused.value.message_id == "table.refusal.not_host.close"  # BOB hosts now
    assert await fingerprint(db) == before
    assert service.status(GUILD, CHANNEL).deal_open


async def test_a_table_never_holds_more_chips_than_the_ceiling(service: TableService, db: Database):
    """Every stack, pot and kitty is bounded in the database; a table whose chips all fit
    under the ceiling can never make a booking that passes it, so buy-ins keep it there."""
    economy = EconomyService(db)
    await economy.update_settings(GUILD, max_buy_in=MAX_CHIPS)
    for user in (HOST, BOB):
        await economy.grant(GUILD, user, MAX_CHIPS - 1000, ref=f"rich:{user}")
    await service.open(GUILD, CHANNEL, HOST, "paiute", {"seats": 3}, buy_in=MAX_CHIPS - 100)
    before = await fingerprint(db)
    with pytest.raises(AmountOutOfRange) as refused:
        await service.join(GUILD, CHANNEL, BOB, 200)
    assert refused.value.params == {"min": 1, "max": 100}
    assert await fingerprint(db) == before
    await service.join(GUILD, CHANNEL, BOB, 100)
    with pytest.raises(AmountOutOfRange):
        await service.top_up(GUILD, CHANNEL, BOB, 1)
    started = await service.start(GUILD, CHANNEL, HOST)
    if started.table.deal_open:  # a whole deal at the ceiling books without a refusal
        await play_deal(service, db, random.Random(3))
    await checked(db)
