"""One table serializes its actions and refuses stale ones; different tables do not wait."""

from __future__ import annotations

import asyncio

from services.tables import StaleAction, TableService
from storage import Database

from .conftest import BOB, CHANNEL, GUILD, HOST, checked


async def _paiute(service: TableService, channel: int = CHANNEL) -> int:
    await service.open(GUILD, channel, HOST, "paiute", {"seats": 2}, buy_in=200)
    await service.join(GUILD, channel, BOB, 200)
    started = await service.start(GUILD, channel, HOST)
    assert started.table.to_act is not None
    return started.table.to_act


async def test_fifty_clicks_for_the_same_counter_apply_once(service: TableService, db: Database):
    player = await _paiute(service)
    before = service.status(GUILD, CHANNEL)
    draw = {"kind": "draw", "source": "stock"}
    outcomes = await asyncio.gather(
        *(service.act(GUILD, CHANNEL, player, draw, before.expected) for _ in range(50)),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    stale = [o for o in outcomes if isinstance(o, StaleAction)]
    assert len(applied) == 1
    assert len(stale) == 49
    after = service.status(GUILD, CHANNEL)
    assert after.action_counter == before.action_counter + 1
    assert after.view is not None
    assert after.view.model_dump()["phase"] == "discard"  # one draw, not fifty
    await checked(db)


async def test_a_double_click_applies_once(service: TableService, db: Database):
    player = await _paiute(service)
    expected = service.status(GUILD, CHANNEL).expected
    draw = {"kind": "draw", "source": "stock"}
    first, second = await asyncio.gather(
        service.act(GUILD, CHANNEL, player, draw, expected),
        service.act(GUILD, CHANNEL, player, draw, expected),
        return_exceptions=True,
    )
    assert [isinstance(first, StaleAction), isinstance(second, StaleAction)].count(True) == 1
    assert service.status(GUILD, CHANNEL).action_counter == expected.action_counter + 1
    await checked(db)


async def test_two_actions_at_once_are_applied_one_after_the_other(
    service: TableService, db: Database
):
    player = await _paiute(service)
    before = service.status(GUILD, CHANNEL)
    own = service.status(GUILD, CHANNEL, player).view
    assert own is not None
    card = own.model_dump(mode="json")["hand"][0]
    draw, discard = await asyncio.gather(
        service.act(GUILD, CHANNEL, player, {"kind": "draw", "source": "stock"}),
        service.act(GUILD, CHANNEL, player, {"kind": "discard", "card": card}),
    )
    assert draw.table.action_counter == before.action_counter + 1
    assert discard.table.action_counter == before.action_counter + 2
    assert discard.table.to_act != player
    await checked(db)


async def test_actions_on_different_tables_do_not_wait_for_each_other(
    service: TableService, db: Database
):
    one = await _paiute(service, CHANNEL)
    two = await _paiute(service, CHANNEL + 1)
    draw = {"kind": "draw", "source": "stock"}
    busy = service.house.get(GUILD, CHANNEL)  # hold table one's lock as a slow action would
    async with busy.lock:
        waiting = asyncio.create_task(service.act(GUILD, CHANNEL, one, draw))
        done = await asyncio.wait_for(service.act(GUILD, CHANNEL + 1, two, draw), timeout=5)
        assert done.table.channel_id == CHANNEL + 1
        await asyncio.sleep(0.01)
        assert not waiting.done()  # table one waits for its own lock only
    assert (await waiting).table.channel_id == CHANNEL
    await checked(db)
