"""A stored deal keeps only the cards that deal used (issue 18.10): Pontoon's pack goes on
into the next deal, and the result of deal N held deal N+1's first cards, in order."""

from __future__ import annotations

import random

from games.pontoon import Pontoon
from services.tables import TableService
from storage import Database, stats, tables

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, checked, play_deal


async def test_the_stored_pontoon_result_of_a_deal_holds_none_of_the_next_deals_cards(
    service: TableService, db: Database
):
    await service.open(GUILD, CHANNEL, HOST, "pontoon", {"seats": 3}, buy_in=500)
    await service.join(GUILD, CHANNEL, BOB, 500)
    await service.join(GUILD, CHANNEL, CAT, 500)
    rng = random.Random(7)
    table_id = service.status(GUILD, CHANNEL).table_id
    for number in range(1, 7):
        started = await service.start(GUILD, CHANNEL, HOST)
        over = await play_deal(service, db, rng) if started.table.deal_open else started
        assert over.table.deal_number == number
        async with db.read() as conn:
            recorded = await stats.result(conn, table_id, number)
            row = await tables.get(conn, table_id)
        assert recorded is not None
        assert row is not None
        assert row.snapshot is not None
        pack = {c.code for c in Pontoon.restore(row.snapshot).state.pack}  # what comes next
        history_cards = next(e for e in recorded["history"] if e["kind"] == "cards")
        assert recorded["deck"], "the deal's own cards are kept"
        assert not set(recorded["deck"]) & pack, f"deal {number} tells the next deal's cards"
        assert history_cards["start_deck"] == recorded["deck"]
    await checked(db)
