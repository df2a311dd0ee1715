"""One table step booked whole: ``await storage.book(db, Booking(...))``.

A step is what the table service does under a table's lock between two answers: a player's
action with whatever played itself after it, or a new deal. Its booking writes the snapshot,
counter and deadline, moves the stacks, pot and kitty, keeps who is away, notes whose private
cards it changed (the outbox), and when the deal is over records its result and pays out the
players who left during it, all in one transaction, so after a crash the stored game and the
stored chips agree.

The values in and out are plain (``storage.booking_values``): :class:`Booking` and
:class:`DealResult` in, :class:`Booked` (the stored :class:`~storage.tables.Table`) out. How the
step reaches the database is this backend's business; on SQLite it is one synchronous function
run in one hop on the connection's thread, committed together with the bookings of other tables
that arrive meanwhile (group commit); on PostgreSQL the same step is one server-side call
(``storage._pg_book``), and the calls that arrive meanwhile go in one statement (one round
trip, one transaction).
"""

from __future__ import annotations

from dataclasses import replace

from storage import _pg_book
from storage._records import Table
from storage._table_step import _step_sync
from storage._thread import Tx
from storage.achievements import Earned, _announces_sync, _grant_sync
from storage.booking_values import Booked, Booking
from storage.db import Database
from storage.errors import TableNotFound
from storage.fence import Fence, LeaseLost, check_sync
from storage.outbox import _clear_sync, _record_sync
from storage.seasons import _record_sync as _season_sync
from storage.stats import _record_result_sync
from storage.tables import _cash_out_sync, _get_sync, _set_away_sync


async def book(db: Database, booking: Booking) -> Booked:
    """Book ``booking`` in one transaction; return once it has committed (the caller may
    then move its engine on).

    Raises what ``tables.save_action`` raises (``StaleAction``, ``ChipsNotConserved``,
    ``InsufficientChips``, ``SeatNotFound``, ``TableNotFound``) with nothing written; and
    ``storage.fence.LeaseLost`` when ``db.fence`` is set and this process no longer holds the
    lease on the table's shard (``db.fence.refused`` hears it first)."""
    fence = db.fence
    try:
        if db.dialect == "postgres" and _pg_book.covers(booking):
            step, snapshot = _pg_book.payload(booking, fence)
            out = await db._call_batched(
                _pg_book.MANY, _pg_book.ONE, step, snapshot, rows=_pg_book.shared_rows(booking)
            )
            return Booked(*_pg_book.outcome(booking, fence, out))
        return await db._run_in_transaction(lambda tx: _book(tx, booking, fence))
    except LeaseLost as lost:
        if fence is not None and fence.refused is not None:
            fence.refused(lost)
        raise


def _book(tx: Tx, b: Booking, fence: Fence | None = None) -> Booked:
    """The booking on the database thread, no event loop: every step on SQLite, and on
    PostgreSQL the steps ``parlour_book`` does not cover (``_pg_book.covers``). The table
    comes back from the step's own read and writes; it is read again only after cash-outs.
    The fence is checked first, in the same transaction: a refused step writes nothing."""
    if fence is not None:
        check_sync(tx, fence, b.table_id)
    table = _step_sync(
        tx,
        b.table_id,
        ref=b.ref,
        snapshot=b.snapshot,
        deal_number=b.deal_number,
        action_counter=b.action_counter,
        stack_deltas=b.stack_deltas,
        pot=b.pot,
        kitty=b.kitty,
        house_delta=b.house_delta,
        deadline=b.deadline,
        deal_over=b.deal_over,
        reason=b.reason,
    )
    applied = table is not None
    earned: tuple[Earned, ...] = ()
    announce = False
    if b.delivered:
        _clear_sync(tx, b.table_id, b.delivered)
    if applied:
        _record_sync(tx, b.table_id, b.private, b.action_counter)
        if b.achieving:
            earned = _grant_sync(tx, b.achieving, b.table_id, b.deal_number)
            announce = bool(earned) and _announces_sync(tx, b.achieving.guild_id)
    if b.away is not None:
        _set_away_sync(tx, b.table_id, b.away)
        if table is not None:
            seats = tuple(replace(s, away=s.pid in b.away) for s in table.seats)
            table = replace(table, seats=seats)
    if b.result is not None:
        r = b.result
        recorded = _record_result_sync(
            tx,
            guild_id=r.guild_id,
            table_id=b.table_id,
            game=r.game,
            deal_number=b.deal_number,
            pot=r.pot,
            settlement=r.settlement,
            players=r.players,
            winners=r.winners,
            hand_names=r.hand_names,
            deck=r.deck,
            history=r.history,
            counted=r.counted,
        )
        if recorded and r.at is not None and r.counted:  # the deal's first booking: once
            _season_sync(tx, r.guild_id, r.at, r.settlement, r.players, r.winners)
    if b.pay_out_ref is not None:
        leavers = [s for s in (table or _stored(tx, b.table_id)).seats if not s.seated and s.stack]
        for s in leavers:  # players who left are paid out now
            _cash_out_sync(tx, b.table_id, s.user_id, ref=f"{b.pay_out_ref}:{s.pid}")
        if leavers:
            table = None
    return Booked(table or _stored(tx, b.table_id), applied, earned, announce)


def _stored(tx: Tx, table_id: int) -> Table:
    row = _get_sync(tx, table_id)
    if row is None:
        raise TableNotFound(f"table {table_id} does not exist")
    return row
