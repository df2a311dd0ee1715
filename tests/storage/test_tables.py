"""Tables: one per channel, buy-ins and cash-outs, actions booked with their snapshot, the
refund rule on close, and resuming open tables."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import (
    ChannelBusy,
    ChipsNotConserved,
    Database,
    InsufficientChips,
    Reason,
    SeatNotFound,
    StaleAction,
    TableNotFound,
    accounts,
    tables,
)
from storage.db import fetch_all, scalar

from .conftest import GUILD, INTEGRITY_ERRORS, checked

A, B, C = 101, 102, 103


async def _table(db: Database, *buy_ins: tuple[int, int], channel: int = 9) -> int:
    async with db.transaction() as tx:
        table_id = await tables.open_table(
            tx, guild_id=GUILD, channel_id=channel, game="palace", options={"ante": 5}, host_id=A
        )
        for user, amount in buy_ins:
            await tables.buy_in(tx, table_id, user, amount, ref=f"t{table_id}:buy:{user}")
    return table_id


async def _act(db: Database, table_id: int, deal: int, k: int, **kw) -> bool:
    kw.setdefault("snapshot", f'{{"deal": {deal}, "k": {k}}}')
    async with db.transaction() as tx:
        return await tables.save_action(
            tx,
            table_id,
            ref=f"table:{table_id}:deal:{deal}:action:{k}",
            deal_number=deal,
            action_counter=k,
            **kw,
        )


async def _get(db: Database, table_id: int) -> tables.Table:
    async with db.read() as conn:
        table = await tables.get(conn, table_id)
    assert table is not None
    return table


async def _balance(db: Database, user: int) -> int | None:
    async with db.read() as conn:
        return await accounts.peek_balance(conn, GUILD, user)


async def test_one_open_table_per_channel(db: Database):
    first = await _table(db)
    async with db.transaction() as tx:
        with pytest.raises(ChannelBusy) as busy:
            await tables.open_table(tx, guild_id=GUILD, channel_id=9, game="paiute")
    assert busy.value.table_id == first
    async with db.transaction() as tx:
        await tables.close(tx, first, ref="close:1")
        second = await tables.open_table(tx, guild_id=GUILD, channel_id=9, game="paiute")
    assert second != first


async def test_the_partial_unique_index_itself_refuses_a_second_open_table(db: Database):
    await _table(db)
    with pytest.raises(INTEGRITY_ERRORS, match=r"(?i)unique"):
        async with db.transaction() as tx:
            await tx.execute(
                "INSERT INTO tables (guild_id, channel_id, game) VALUES (?, ?, ?)",
                (GUILD, 9, "pontoon"),
            )


async def test_buy_in_moves_balance_to_stack_and_seats_in_order(db: Database):
    table_id = await _table(db, (A, 300), (B, 200))
    table = await _get(db, table_id)
    assert table.stacks == {str(A): 300, str(B): 200}
    assert [s.seat_no for s in table.seats] == [0, 1]
    assert table.options == {"ante": 5}
    assert table.host_id == A
    assert await _balance(db, A) == 700
    async with db.transaction() as tx:  # top up keeps the seat
        await tables.buy_in(tx, table_id, A, 50, ref="top:A")
    assert (await _get(db, table_id)).stacks[str(A)] == 350
    await checked(db)


async def test_buy_in_beyond_the_balance_is_refused_and_changes_nothing(db: Database):
    table_id = await _table(db)
    async with db.transaction() as tx:
        with pytest.raises(InsufficientChips):
            await tables.buy_in(tx, table_id, A, 1001, ref="buy:big")
    assert (await _get(db, table_id)).seats == ()
    assert await _balance(db, A) is None  # not even the account's creation was kept
    await checked(db)


async def test_cash_out_part_or_all_and_leave(db: Database):
    table_id = await _table(db, (A, 300))
    async with db.transaction() as tx:
        assert await tables.cash_out(tx, table_id, A, 100, ref="out:1") == 100
        assert await tables.cash_out(tx, table_id, A, 100, ref="out:1") == 0  # repeated ref
        with pytest.raises(InsufficientChips):
            await tables.cash_out(tx, table_id, A, 500, ref="out:2")
        assert await tables.cash_out(tx, table_id, A, ref="out:3", leave=True) == 200
        with pytest.raises(SeatNotFound):
            await tables.cash_out(tx, table_id, B, ref="out:4")
    table = await _get(db, table_id)
    assert table.stacks == {}
    assert table.seats[0].stack == 0
    assert await _balance(db, A) == 1000
    await checked(db)


async def test_save_action_writes_snapshot_counter_deadline_stacks_and_contributions(db: Database):
    table_id = await _table(db, (A, 300), (B, 300))
    deadline = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
    done = await _act(
        db, table_id, 1, 1, stack_deltas={str(A): -5, str(B): -5}, pot=10, deadline=deadline
    )
    assert done
    await _act(db, table_id, 1, 2, stack_deltas={str(A): -20}, pot=30)
    table = await _get(db, table_id)
    assert table.snapshot == '{"deal": 1, "k": 2}'
    assert (table.deal_number, table.action_counter, table.pot) == (1, 2, 30)
    assert table.deadline is None  # each action sets (here: clears) the turn timer
    assert table.deal_open
    assert table.stacks == {str(A): 275, str(B): 295}
    assert {s.pid: s.contributed for s in table.seats} == {str(A): 25, str(B): 5}
    async with db.read() as conn:
        rows = await fetch_all(
            conn, "SELECT ref, stack_delta, pot_delta FROM ledger WHERE reason = 'action'"
        )
    assert [tuple(r) for r in rows] == [
        (f"table:{table_id}:deal:1:action:1", 0, 10),
        (f"table:{table_id}:deal:1:action:1:{A}", -5, 0),
        (f"table:{table_id}:deal:1:action:1:{B}", -5, 0),
        (f"table:{table_id}:deal:1:action:2", 0, 20),
        (f"table:{table_id}:deal:1:action:2:{A}", -20, 0),
    ]
    await checked(db)


async def test_the_deadline_survives_a_reload(tmp_path: Path):
    path = tmp_path / "t.db"
    deadline = datetime(2030, 1, 1, 12, 0, 30, tzinfo=UTC)
    async with Database.open(path) as db:
        table_id = await _table(db, (A, 100))
        await _act(db, table_id, 1, 1, stack_deltas={str(A): -10}, pot=10, deadline=deadline)
    async with Database.open(path) as db, db.read() as conn:
        [table] = await tables.load_open(conn)
    assert table.id == table_id
    assert table.deadline == deadline
    assert table.snapshot == '{"deal": 1, "k": 1}'
    assert table.action_counter == 1


async def test_a_repeated_action_ref_applies_once(db: Database):
    table_id = await _table(db, (A, 300), (B, 300))
    assert await _act(db, table_id, 1, 1, stack_deltas={str(A): -10}, pot=10)
    assert not await _act(db, table_id, 1, 1, stack_deltas={str(A): -10}, pot=10)
    table = await _get(db, table_id)
    assert table.pot == 10
    assert table.stacks[str(A)] == 290
    await checked(db)


async def test_a_stale_action_counter_is_refused(db: Database):
    table_id = await _table(db, (A, 300))
    await _act(db, table_id, 1, 3, stack_deltas={str(A): -10}, pot=10)
    async with db.transaction() as tx:
        with pytest.raises(StaleAction):
            await tables.save_action(
                tx, table_id, ref="other", snapshot="{}", deal_number=1, action_counter=3,
                stack_deltas={str(A): -10}, pot=20,
            )  # fmt: skip
    assert (await _get(db, table_id)).pot == 10


async def test_chip_changes_that_do_not_add_up_are_refused(db: Database):
    table_id = await _table(db, (A, 300))
    with pytest.raises(ChipsNotConserved):
        await _act(db, table_id, 1, 1, stack_deltas={str(A): -10}, pot=11)
    table = await _get(db, table_id)
    assert (table.pot, table.action_counter, table.snapshot) == (0, 0, None)


async def test_a_stack_cannot_go_negative_nor_move_for_an_unseated_player(db: Database):
    table_id = await _table(db, (A, 30), (B, 30))
    with pytest.raises(InsufficientChips) as short:
        await _act(db, table_id, 1, 1, stack_deltas={str(A): -20, str(B): -40}, pot=60)
    assert short.value.user_id == B
    assert short.value.where == "stack"
    with pytest.raises(SeatNotFound):
        await _act(db, table_id, 1, 1, stack_deltas={str(A): -20, str(C): -5}, pot=25)
    table = await _get(db, table_id)
    assert table.stacks == {str(A): 30, str(B): 30}
    assert table.action_counter == 0
    await checked(db)


async def test_settlement_pays_the_pot_and_ends_the_deal(db: Database):
    table_id = await _table(db, (A, 300), (B, 300))
    await _act(db, table_id, 1, 1, stack_deltas={str(A): -50, str(B): -50}, pot=100)
    await _act(
        db, table_id, 1, 2, stack_deltas={str(A): 100}, pot=0, deal_over=True,
        reason=Reason.SETTLEMENT,
    )  # fmt: skip
    table = await _get(db, table_id)
    assert table.stacks == {str(A): 350, str(B): 250}
    assert not table.deal_open
    assert all(s.contributed == 0 for s in table.seats)
    async with db.transaction() as tx:  # closing now refunds nothing: the deal was settled
        closed = await tables.close(tx, table_id, ref="close")
    assert closed is not None
    assert closed.refunded == {}
    assert await _balance(db, A) == 1050
    assert await _balance(db, B) == 950
    await checked(db)


async def test_close_voids_an_unfinished_deal_then_pays_out_the_stacks(db: Database):
    table_id = await _table(db, (A, 300), (B, 300), (C, 300))
    await _act(db, table_id, 1, 1, stack_deltas={str(A): -5, str(B): -5, str(C): -5}, pot=15)
    await _act(db, table_id, 1, 2, stack_deltas={str(A): -100}, pot=115)
    async with db.transaction() as tx:
        closed = await tables.close(tx, table_id, ref="close:admin", reason="admin")
        assert await tables.close(tx, table_id, ref="close:admin") is None  # applied once
    assert closed is not None
    assert closed.refunded == {str(A): 105, str(B): 5, str(C): 5}
    assert closed.paid_out == {str(A): 300, str(B): 300, str(C): 300}
    assert [await _balance(db, u) for u in (A, B, C)] == [1000, 1000, 1000]
    table = await _get(db, table_id)
    assert table.status == "closed"
    assert table.pot == 0
    assert table.chips == 0
    async with db.read() as conn:
        assert await tables.load_open(conn) == []
        assert await tables.in_channel(conn, 9) is None
    async with db.transaction() as tx:
        with pytest.raises(TableNotFound):
            await tables.buy_in(tx, table_id, A, 10, ref="late")
    await checked(db)


async def test_a_new_deal_starts_fresh_contributions(db: Database):
    table_id = await _table(db, (A, 300), (B, 300))
    await _act(db, table_id, 1, 1, stack_deltas={str(A): -10, str(B): -10}, pot=20)
    # the service forgot deal_over; the next deal's first action still resets the refund base
    await _act(db, table_id, 2, 2, stack_deltas={str(A): -5}, pot=25)
    table = await _get(db, table_id)
    assert {s.pid: s.contributed for s in table.seats} == {str(A): 5, str(B): 0}
    async with db.transaction() as tx:
        closed = await tables.close(tx, table_id, ref="c")
    assert closed is not None
    assert closed.refunded == {str(A): 5}
    assert closed.remainder == {str(A): 10, str(B): 10}  # the old pot, split in seat order
    await checked(db)


async def test_house_bank_results_are_mints_and_removals_and_a_void_reverses_them(db: Database):
    table_id = await _table(db, (A, 300), (B, 300))
    await _act(db, table_id, 1, 1, stack_deltas={str(A): -20, str(B): -20}, pot=40)
    # the house pays A double (mint 20) and takes B's stake (removal 20)
    await _act(
        db, table_id, 1, 2, stack_deltas={str(A): 40}, pot=20, house_delta=-20,
    )  # fmt: skip
    await _act(db, table_id, 1, 3, stack_deltas={}, pot=0, house_delta=20)
    audit = await checked(db)
    assert (audit.minted, audit.removed) == (2000 + 20, 20)
    async with db.transaction() as tx:  # void: A gives back the 20 won, B gets the 20 back
        closed = await tables.close(tx, table_id, ref="c")
    assert closed is not None
    assert closed.refunded == {str(A): -20, str(B): 20}
    assert await _balance(db, A) == 1000
    assert await _balance(db, B) == 1000
    audit = await checked(db)
    assert audit.balances == 2000


async def test_a_settled_house_deal_keeps_its_results(db: Database):
    table_id = await _table(db, (A, 300))
    await _act(db, table_id, 1, 1, stack_deltas={str(A): -50}, pot=50)
    await _act(
        db, table_id, 1, 2, stack_deltas={str(A): 100}, pot=0, house_delta=-50, deal_over=True,
        reason=Reason.SETTLEMENT,
    )  # fmt: skip
    async with db.transaction() as tx:
        closed = await tables.close(tx, table_id, ref="c")
    assert closed is not None
    assert closed.house_reversed == 0
    assert await _balance(db, A) == 1050
    async with db.read() as conn:
        assert await scalar(conn, "SELECT reason FROM ledger WHERE minted = 50") == "house_result"
    await checked(db)


async def test_the_kitty_is_counted_and_goes_to_the_banker_on_close(db: Database):
    table_id = await _table(db, (A, 300), (B, 300))
    # deal 1: banker A puts up a kitty of 50, B's shoot bet of 30 goes into it; settled
    await _act(db, table_id, 1, 1, stack_deltas={str(A): -50}, pot=0, kitty=50)
    await _act(db, table_id, 1, 2, stack_deltas={str(B): -30}, pot=0, kitty=80, deal_over=True)
    # deal 2 begins: B bets 10 into the kitty, then the table is closed mid-deal
    await _act(db, table_id, 2, 3, stack_deltas={str(B): -10}, pot=0, kitty=90)
    assert (await checked(db)).kitties == 90
    async with db.transaction() as tx:
        closed = await tables.close(tx, table_id, ref="c", remainder_to=str(A))
    assert closed is not None
    assert closed.refunded == {str(B): 10}
    assert closed.remainder == {str(A): 80}
    assert await _balance(db, A) == 1030
    assert await _balance(db, B) == 970
    await checked(db)


async def test_a_banker_who_left_takes_the_kitty_and_a_house_kitty_is_removed(db: Database):
    table_id = await _table(db, (A, 300), (B, 300))
    await _act(db, table_id, 1, 1, stack_deltas={str(A): -50}, pot=0, kitty=50, deal_over=True)
    async with db.transaction() as tx:  # A leaves the table; the kitty stays until the close
        await tables.cash_out(tx, table_id, A, ref="out:a", leave=True)
        closed = await tables.close(tx, table_id, ref="c", remainder_to=str(A))
    assert closed is not None
    assert closed.remainder == {str(A): 50}
    assert await _balance(db, A) == 1000
    house = await _table(db, (B, 100), channel=10)
    await _act(db, house, 1, 1, stack_deltas={}, pot=0, kitty=40, house_delta=-40, deal_over=True)
    async with db.transaction() as tx:
        closed = await tables.close(tx, house, ref="c2", remainder_to=tables.HOUSE)
    assert closed is not None
    assert closed.remainder == {}
    assert (await checked(db)).kitties == 0


async def test_load_open_returns_every_open_table_with_its_seats(tmp_path: Path):
    path = tmp_path / "resume.db"
    async with Database.open(path) as db:
        one = await _table(db, (A, 100), channel=1)
        two = await _table(db, (B, 200), (C, 50), channel=2)
        three = await _table(db, channel=3)
        async with db.transaction() as tx:
            await tables.close(tx, three, ref="c3")
            await tables.set_message(tx, one, 555)
    async with Database.open(path) as db, db.read() as conn:
        loaded = await tables.load_open(conn)
    assert [t.id for t in loaded] == [one, two]
    assert loaded[0].message_id == 555
    assert loaded[1].stacks == {str(B): 200, str(C): 50}


async def test_idle_tables_are_found_by_their_last_action(db: Database):
    table_id = await _table(db)
    async with db.read() as conn:
        soon = datetime.now(UTC) + timedelta(seconds=5)
        assert await tables.idle(conn, soon) == [table_id]
        assert await tables.idle(conn, soon - timedelta(minutes=5)) == []


async def test_sitting_out_keeps_the_stack(db: Database):
    table_id = await _table(db, (A, 100), (B, 100))
    async with db.transaction() as tx:
        await tables.set_seated(tx, table_id, B, False)
        with pytest.raises(SeatNotFound):
            await tables.set_seated(tx, table_id, C, False)
    table = await _get(db, table_id)
    assert table.stacks == {str(A): 100}
    assert table.chips == 200


async def test_the_away_seats_are_stored_and_a_new_buy_in_clears_them(db: Database):
    table_id = await _table(db, (A, 100), (B, 100), (C, 100))
    async with db.transaction() as tx:
        await tables.set_away(tx, table_id, {str(A), str(C)})
    assert [s.away for s in (await _get(db, table_id)).seats] == [True, False, True]
    async with db.transaction() as tx:
        await tables.set_away(tx, table_id, [str(C)])  # exactly these: A is back
        await tables.cash_out(tx, table_id, C, ref="c:out", leave=True)
        await tables.buy_in(tx, table_id, C, 50, ref="c:again")  # sits down again, present
    assert [s.away for s in (await _get(db, table_id)).seats] == [False, False, False]
    await checked(db)


async def test_chips_won_in_an_unfinished_deal_cannot_be_cashed_out(db: Database):
    table_id = await _table(db, (A, 100), (B, 100))
    await _act(db, table_id, 1, 1, stack_deltas={str(A): -50}, pot=50)
    await _act(db, table_id, 1, 2, stack_deltas={str(B): 50}, pot=0)  # B won, deal not over
    async with db.transaction() as tx:
        with pytest.raises(InsufficientChips):
            await tables.cash_out(tx, table_id, B, ref="out:all")
        assert await tables.cash_out(tx, table_id, B, 100, ref="out:own") == 100
        closed = await tables.close(tx, table_id, ref="c")  # the void takes the 50 back
    assert closed is not None
    assert closed.refunded == {str(A): 50, str(B): -50}
    assert await _balance(db, A) == 1000
    assert await _balance(db, B) == 1000
    await checked(db)


async def test_the_remainder_goes_to_a_banker_who_sat_out_and_never_to_a_stranger(db: Database):
    table_id = await _table(db, (A, 300), (B, 300))
    await _act(db, table_id, 1, 1, stack_deltas={str(A): -60}, pot=0, kitty=60, deal_over=True)
    async with db.transaction() as tx:
        await tables.set_seated(tx, table_id, A, False)
        with pytest.raises(SeatNotFound):
            await tables.close(tx, table_id, ref="c1", remainder_to=str(C))
        closed = await tables.close(tx, table_id, ref="c2", remainder_to=str(A))
    assert closed is not None
    assert closed.remainder == {str(A): 60}
    assert await _balance(db, A) == 1000
    await checked(db)


async def test_an_odd_remainder_is_split_in_seat_order(db: Database):
    table_id = await _table(db, (A, 300), (B, 300), (C, 300))
    await _act(db, table_id, 1, 1, stack_deltas={str(A): -50}, pot=50)
    await _act(db, table_id, 2, 2, stack_deltas={str(B): -10}, pot=60)  # deal 1 never ended
    async with db.transaction() as tx:
        closed = await tables.close(tx, table_id, ref="c")
    assert closed is not None
    assert closed.refunded == {str(B): 10}
    assert closed.remainder == {str(A): 17, str(B): 17, str(C): 16}
    await checked(db)
