"""One table step booked whole: ``await storage.book(db, Booking(...))``.

A step is what the table service does under a table's lock between two answers: a player's
action with whatever played itself after it, or a new deal. Its booking writes the snapshot,
counter and deadline, moves the stacks, pot and kitty, keeps who is away, notes whose private
cards it changed (the outbox), and when the deal is over records its result and pays out the
players who left during it, all in one transaction, so after a crash the stored game and the
stored chips agree.

The values in and out are plain: :class:`Booking` and :class:`DealResult` in, :class:`Booked` (the
stored :class:`~storage.tables.Table`) out. How the step reaches the database is this backend's
business; on SQLite it is one synchronous function run in one hop on the connection's thread,
committed together with the bookings of other tables that arrive meanwhile (group commit).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from storage._records import Table
from storage._thread import Tx
from storage.achievements import Achieving, Earned, _announces_sync, _grant_sync
from storage.db import Database
from storage.errors import TableNotFound
from storage.ledger import Reason
from storage.outbox import _record_sync
from storage.seasons import _record_sync as _season_sync
from storage.stats import _record_result_sync
from storage.tables import _cash_out_sync, _get_sync, _set_away_sync, _step_sync


@dataclass(frozen=True, slots=True)
class DealResult:
    """A finished deal as ``stats`` records it (see ``stats.record_result``)."""

    guild_id: int
    game: str
    pot: int
    settlement: Mapping[str, int]
    players: Sequence[str]
    winners: Sequence[str] | None = None
    hand_names: Mapping[str, str] = field(default_factory=dict)
    deck: Sequence[str] = ()
    history: Any = ()
    at: float | None = None
    """When the deal ended (unix seconds, the table service's clock): the season it counts
    for (``storage.seasons``); ``None``: no season."""


@dataclass(frozen=True, slots=True)
class Booking:
    """One step of a table (the arguments of ``tables.save_action``, and what goes with it).

    ``away``: the seats whose turns play themselves, stored only when it differs from what is
    stored (``None``: unchanged). ``result``: the deal ended in this step (``deal_over``).
    ``pay_out_ref``: with it, every seat that left (unseated) with chips is cashed out after
    the result, each under ref ``f"{pay_out_ref}:{pid}"``.
    """

    table_id: int
    ref: str
    snapshot: str
    deal_number: int
    action_counter: int
    stack_deltas: Mapping[str, int]
    pot: int
    kitty: int = 0
    house_delta: int = 0
    deadline: datetime | None = None
    deal_over: bool = False
    away: frozenset[str] | None = None
    result: DealResult | None = None
    pay_out_ref: str | None = None
    private: frozenset[int] = frozenset()
    """The users whose private view this step changed: recorded in the private outbox
    (``storage.outbox``) with the step, so their update is owed until it is delivered."""
    achieving: Achieving | None = None
    """What the step earned (``storage.achievements``): granted with it, once, only when the
    step is new."""

    @property
    def reason(self) -> Reason:
        """The ledger reason of the step's rows: the step that ends a deal settles it."""
        return Reason.SETTLEMENT if self.deal_over else Reason.ACTION


@dataclass(frozen=True, slots=True)
class Booked:
    """What :func:`book` did: the table as committed, and whether the step was new
    (``False``: its ref was already booked, so only what goes with it was brought up to
    date)."""

    table: Table
    applied: bool
    earned: tuple[Earned, ...] = ()
    """The achievements this step granted that their players did not hold yet."""
    announce: bool = False
    """Whether the table says so (the server's ``announce_achievements``; read only when
    something was earned, in the same transaction)."""


async def book(db: Database, booking: Booking) -> Booked:
    """Book ``booking`` in one transaction; return once it has committed (the caller may
    then move its engine on).

    Raises what ``tables.save_action`` raises (``StaleAction``, ``ChipsNotConserved``,
    ``InsufficientChips``, ``SeatNotFound``, ``TableNotFound``) with nothing written."""
    return await db._run_in_transaction(lambda tx: _book(tx, booking))


def _book(tx: Tx, b: Booking) -> Booked:
    """The booking on the database thread: SQLite only, no event loop. The table comes back
    from the step's own read and writes; it is read again only after cash-outs."""
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
        )
        if recorded and r.at is not None:  # the deal's first booking: counted once
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
