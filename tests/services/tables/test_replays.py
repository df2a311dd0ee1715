"""Replays (issue 29): every step of a stored deal's replay is the deal as its reader saw it at
that moment (the same views and the events of their audience, compared with the live deal),
so no replay shows a card its reader could not see (a property over random deals of every
game); through the table service and storage, a player steps through a deal of theirs."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.seen import NOT_FROM_THE_ORDER, cards_in
from games.events import OrderCommitted
from games.registry import PAIUTE, PALACE, PONTOON
from services.histories import (
    DealNotYours,
    HistoryService,
    NoReplay,
    replay_step,
    visible_cards,
)
from services.tables import TableService
from storage import Database

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, play_deal
from .test_histories import reshuffling_action, seat_three, stored_record

GAMES = [PALACE, PAIUTE, PONTOON]


def step_cards(step: Any) -> set[str]:
    """Every card code of the deal a replay step would show its reader (the cut for the
    dealer turns cards of a deck of its own, public, not of the deal: left out)."""
    dealt = [e for e in step.events if e.kind not in NOT_FROM_THE_ORDER]
    return {*cards_in(step.table), *cards_in(step.mine), *cards_in(dealt)}


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(2, 5), deals=st.integers(1, 2))
def test_no_replay_shows_a_card_its_reader_could_not_see(info, seed, size, deals):
    rng = random.Random(seed)
    players = [str(100 + i) for i in range(size)]
    game = info.engine.new(players, dict.fromkeys(players, 1000), seed=seed)
    for number in range(deals):
        game.commit(rng.randbytes(16))
        live: list[dict[str | None, Any]] = []
        told: list[list[Any]] = [game.opening_events()]
        while True:
            live.append({reader: game.view(reader) for reader in [None, *players]})
            if game.is_over:
                break
            pid = game.to_act
            assert pid is not None
            told.append(game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng)))
        record = stored_record(game, info.id, number + 1)
        for reader in record["players"]:
            could = visible_cards(record, reader)
            picks = {0, len(live) - 1, rng.randrange(len(live))}
            for index in sorted(picks):
                step = replay_step(record, reader, index)
                assert (step.index, step.last) == (index, len(live) - 1)
                assert step.table == live[index][None]
                assert step.mine == live[index][reader]
                assert step.events == [e for e in told[index] if e.to in (None, reader)]
                assert step_cards(step) <= could, step_cards(step) - could
        game = game.next_deal()


@pytest.mark.parametrize(("info", "rule"), [(PALACE, "PP-8"), (PAIUTE, "PA-7")], ids=["pp8", "pa7"])
def test_a_replay_goes_on_across_reshuffles_and_shows_each_committed_order(info, rule):
    """A deal whose pile ran dry: each step of every reader's replay is the live step (the
    reshuffle's fingerprint line included, the same root), and the cards drawn after it are
    shown to the readers who saw them, proved in the reshuffle's commitment."""
    rng = random.Random(3)
    players = ["101", "102", "103", "104", "105"]
    game = info.engine.new(players, dict.fromkeys(players, 100_000), seed=3)
    game.commit(rng.randbytes(16))
    told: list[list[Any]] = [game.opening_events()]
    live: list[dict[str | None, Any]] = []
    while True:
        live.append({reader: game.view(reader) for reader in [None, *players]})
        if game.is_over:
            break
        pid = game.to_act
        assert pid is not None
        told.append(game.act(pid, reshuffling_action(info, game, pid, rng)))
    steps = [i for i, events in enumerate(told) if any(e.kind == "order_committed" for e in events)]
    mid_deal = [i for i in steps if i > 0]
    assert len(mid_deal) >= 2  # reshuffled more than once, after the opening
    record = stored_record(game, info.id, 1)
    for reader in players:
        for index in [*mid_deal, mid_deal[-1] + 1, len(live) - 1]:
            step = replay_step(record, reader, index)
            assert step.table == live[index][None]
            assert step.mine == live[index][reader]
            assert step.events == [e for e in told[index] if e.to in (None, reader)]
        assert step_cards(step) <= visible_cards(record, reader)
    committed = [e for i in mid_deal for e in told[i] if isinstance(e, OrderCommitted)]
    assert {e.rule for e in committed} == {rule}
    assert [e.fingerprint for e in committed] == [
        r.fingerprint for r in game.state.reshuffles if r.rule == rule
    ]


def test_a_step_past_the_end_is_the_last_and_a_record_without_a_readable_opening_has_none():
    game = PONTOON.engine.new(["11", "12"], {"11": 500, "12": 500}, seed=3)
    game.commit(bytes(16))
    rng = random.Random(3)
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
    record = stored_record(game, "pontoon", 7)
    last = replay_step(record, "11", 10_000)
    assert last.index == last.last > 0
    assert replay_step(record, "11", -5).index == 0
    assert last.fingerprint == game.fingerprint
    old = dict(record, history=[r for r in record["history"] if r["kind"] != "replay"])
    with pytest.raises(NoReplay):
        replay_step(old, "11", 0)
    broken = [{**r, "opening": "AAAA"} if r["kind"] == "replay" else r for r in record["history"]]
    with pytest.raises(NoReplay):  # an opening this engine cannot read: no replay, no crash
        replay_step(dict(record, history=broken), "11", 0)


def test_pp11_no_step_of_a_replay_shows_a_folded_players_palace_cards_to_anyone_else():
    rng = random.Random(5)
    players = ["21", "22", "23"]
    game = PALACE.engine.new(players, dict.fromkeys(players, 500), seed=11)
    game.commit(rng.randbytes(16))
    folded = None
    palace: set[str] = set()
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        kinds = {s.kind: s for s in game.legal_actions(pid)}
        if folded is None and "fold" in kinds:
            folded = pid
            palace = {c.code for c in game.state.seat[pid].palace}
            game.act(pid, {"kind": "fold"})
        else:
            spec = kinds.get("check") or kinds.get("call") or next(iter(kinds.values()))
            game.act(pid, spec.sample(rng))
    assert folded is not None
    assert len(palace) == 3
    record = stored_record(game, "palace", 3)
    last = replay_step(record, folded, 0).last
    for reader in players:
        shown = set().union(*(step_cards(replay_step(record, reader, i)) for i in range(last + 1)))
        if reader == folded:
            assert palace <= shown  # their own cards, in their own replay
        else:
            assert not (shown & palace)


async def test_a_player_steps_through_a_deal_of_theirs_and_nobody_else_can(
    service: TableService, db: Database
):
    await seat_three(service, "palace")
    started = await service.start(GUILD, CHANNEL, HOST)
    assert started.table.deal_open
    await play_deal(service, db, random.Random(5))
    histories = HistoryService(db)
    (line,), _ = await histories.page(GUILD, str(CAT), "palace")
    first = await histories.replay(GUILD, str(CAT), line.deal_id, 0)
    assert (first.index, first.player) == (0, None)
    assert first.last > 0
    assert first.fingerprint is not None
    end = await histories.replay(GUILD, str(CAT), line.deal_id, first.last)
    assert end.player is not None
    assert end.action is not None
    assert sum(end.stacks.values()) + end.pot == sum(first.stacks.values()) + first.pot
    with pytest.raises(DealNotYours):
        await histories.replay(GUILD, "999", line.deal_id, 0)
    with pytest.raises(DealNotYours):
        await histories.replay(GUILD + 1, str(CAT), line.deal_id, 0)
    # the Replay button of a table message names its deal by table and deal number
    assert await histories.deal_of_table(GUILD, line.table_id, line.deal_number) == line.deal_id
    with pytest.raises(DealNotYours):  # a deal still running (or voided) has no record
        await histories.deal_of_table(GUILD, line.table_id, line.deal_number + 1)
    assert BOB  # seated too: the deal is theirs as much as CAT's
