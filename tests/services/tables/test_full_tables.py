"""A whole table of each game through the service, from open to close, audited at each step."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from services.tables import TableService
from storage import Database, stats
from storage.audit import audit_target

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, START, balance, checked, play_deal

CASES: list[tuple[str, dict[str, Any]]] = [
    ("palace", {"small_bet": 10}),
    ("paiute", {"stake": 10}),
    ("pontoon", {"min_bet": 10, "max_bet": 50}),
    ("pontoon", {"min_bet": 10, "max_bet": 50, "banker": "house", "shoot": True}),
]


@pytest.mark.parametrize(("game", "options"), CASES, ids=["palace", "paiute", "pontoon", "house"])
async def test_a_full_table_from_open_to_close(
    service: TableService, db: Database, path: Path, game: str, options: dict[str, Any]
):
    rng = random.Random(f"{game}{options}")
    opened = await service.open(GUILD, CHANNEL, HOST, game, {**options, "seats": 3}, buy_in=300)
    assert opened.game == game
    await service.join(GUILD, CHANNEL, BOB, 300)
    await checked(db)
    await service.join(GUILD, CHANNEL, CAT, 200)
    started = await service.start(GUILD, CHANNEL, HOST)
    assert started.table.deal_open or started.table.deal_number == 1
    assert started.events, "a new deal announces itself"
    await checked(db)

    over = started if not started.table.deal_open else await play_deal(service, db, rng)
    assert over.settlement is not None
    assert sum(over.settlement.values()) == 0
    async with db.read() as conn:
        recorded = await stats.result(conn, over.table.table_id, 1)
    assert recorded is not None
    assert recorded["settlement"] == over.settlement
    # every card of the deal's start (Pontoon: only those it used; its pack goes on)
    assert len(recorded["deck"]) == 52 or (game == "pontoon" and 0 < len(recorded["deck"]) < 52)

    # between deals: a top-up, a leaver cashing out, then the next deal
    await service.top_up(GUILD, CHANNEL, HOST, 10)
    leaving_stack = next(s.stack for s in service.status(GUILD, CHANNEL).seats if s.user_id == CAT)
    before = await balance(db, CAT)
    await service.leave(GUILD, CHANNEL, CAT)
    assert await balance(db, CAT) == (before or 0) + leaving_stack
    await checked(db)
    second = await service.start(GUILD, CHANNEL, BOB)
    assert second.table.deal_number == 2
    await checked(db)
    if second.table.deal_open:  # a few actions, then the host closes mid-deal: refund rule
        for _ in range(3):
            status = service.status(GUILD, CHANNEL)
            if not status.deal_open:
                break
            spec = rng.choice(service.legal_actions(GUILD, CHANNEL, status.to_act or 0))
            await service.act(GUILD, CHANNEL, status.to_act or 0, spec.sample(rng))
            await checked(db)
    closed = await service.close(GUILD, CHANNEL, HOST)
    assert closed.table_id == opened.table_id
    result = await checked(db)
    assert result.stacks == result.pots == result.kitties == 0
    # what `python -m storage audit` runs (a process of its own: its own event loop)
    assert (await asyncio.to_thread(audit_target, db.url or path)).ok
    assert service.tables() == []
    if options.get("banker") != "house":  # no chips made or lost: they only moved
        total = sum([await balance(db, u) or 0 for u in (HOST, BOB, CAT)])
        assert total == 3 * START


async def test_a_player_sits_at_tables_in_several_channels(service: TableService, db: Database):
    await service.open(GUILD, CHANNEL, HOST, "palace", buy_in=200)
    await service.open(GUILD, CHANNEL + 1, BOB, "paiute", buy_in=100)
    await service.join(GUILD, CHANNEL + 1, HOST, 300)
    assert await balance(db, HOST) == START - 200 - 300
    one = service.status(GUILD, CHANNEL).seats
    two = service.status(GUILD, CHANNEL + 1).seats
    assert [s.stack for s in one if s.user_id == HOST] == [200]
    assert [s.stack for s in two if s.user_id == HOST] == [300]
    await service.close(GUILD, CHANNEL, HOST)
    assert await balance(db, HOST) == START - 300
    await checked(db)


async def test_the_public_sees_no_hand_and_each_player_sees_their_own(service: TableService):
    await service.open(GUILD, CHANNEL, HOST, "paiute", {"seats": 2}, buy_in=200)
    await service.join(GUILD, CHANNEL, BOB, 200)
    started = await service.start(GUILD, CHANNEL, HOST)
    to_act = started.table.to_act
    waiting = BOB if to_act == HOST else HOST
    public = service.status(GUILD, CHANNEL).view
    mine = service.status(GUILD, CHANNEL, HOST).view
    assert public is not None
    assert mine is not None
    assert public.model_dump()["hand"] is None
    assert len(mine.model_dump()["hand"]) == 5
    assert service.legal_actions(GUILD, CHANNEL, waiting) == []
    assert service.legal_actions(GUILD, CHANNEL, CAT) == []
    assert [spec.kind for spec in service.legal_actions(GUILD, CHANNEL, to_act or 0)] == ["draw"]


async def test_closing_between_deals_gives_the_banker_their_kitty(
    service: TableService, db: Database
):
    rng = random.Random(4)
    options = {"seats": 2, "shoot": True, "min_bet": 10, "max_bet": 50}
    await service.open(GUILD, CHANNEL, HOST, "pontoon", options, buy_in=300)
    await service.join(GUILD, CHANNEL, BOB, 300)
    await service.start(GUILD, CHANNEL, HOST)
    over = await play_deal(service, db, rng)
    assert over.table.view is not None
    banker = int(over.table.view.model_dump()["banker"])
    kitty = over.table.kitty
    assert kitty > 0, "the scenario needs a kitty"
    stack = next(s.stack for s in over.table.seats if s.user_id == banker)
    closed = await service.close(GUILD, CHANNEL, HOST)
    assert closed.remainder == {str(banker): kitty}
    assert await balance(db, banker) == START - 300 + stack + kitty
    assert sum([await balance(db, u) or 0 for u in (HOST, BOB)]) == 2 * START
    await checked(db)
