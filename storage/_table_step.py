"""The booking of one game action: :func:`save_action` (re-exported by ``storage.tables``).

The engine holds the chip truth during a deal; after each accepted action the table service
calls :func:`save_action` with the engine's snapshot and the action's chip changes (each seat's
stack delta, the new pot and kitty, the house bank's gain). That one call, inside one
transaction, writes the snapshot, the action counter and the deadline, moves the stacks, records
each seat's contribution to the current deal and writes the ledger rows; so after a crash the
stored game and the stored chips always agree.

Contributions are derived here, not passed in: a seat's ``contributed`` is minus the sum of its
stack deltas since the deal began (a new ``deal_number`` starts a deal; ``deal_over=True`` ends
it). The table also remembers the pot and kitty at the deal's start and the house bank's gain
in the deal, which is all :func:`~storage.tables.close` needs to void an unfinished deal (the
refund rule). ``storage.book`` books a whole table step through :func:`_step_sync`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from operator import itemgetter

from storage import players
from storage._records import HOUSE, Seat, Table, iso, now_stamp, when
from storage._thread import Tx, in_one_hop
from storage.errors import (
    ChipsNotConserved,
    InsufficientChips,
    SeatNotFound,
    StaleAction,
    TableNotFound,
)
from storage.ledger import Entry, Reason, _write_sync

# How a seat's contribution moves with its stack delta: within a deal it goes the other way;
# the first action of a new deal starts it from zero; the deal's last action clears it.
_MOVE_WITHIN_DEAL = (
    "UPDATE seats SET stack = stack + ?1, contributed = contributed - ?1 "
    "WHERE table_id = ?2 AND user_id = ?3 AND stack + ?1 >= 0"
)
_MOVE_NEW_DEAL = (
    "UPDATE seats SET stack = stack + ?1, contributed = -?1 "
    "WHERE table_id = ?2 AND user_id = ?3 AND stack + ?1 >= 0"
)
_MOVE_DEAL_OVER = (
    "UPDATE seats SET stack = stack + ?1, contributed = 0 "
    "WHERE table_id = ?2 AND user_id = ?3 AND stack + ?1 >= 0"
)


# The one read a step's checks make: the table, whether the ref is booked, and its seats as a
# JSON list (the only statement whose SQL differs between the backends: their JSON functions).
_STEP_READ = {
    "sqlite": "SELECT t.*, EXISTS (SELECT 1 FROM ledger WHERE ref = ?) AS done, "
    "(SELECT json_group_array(json_array(user_id, seat_no, stack, contributed, seated, "
    "away)) FROM seats WHERE table_id = t.id) AS st "
    "FROM tables t WHERE t.id = ?",
    "postgres": "SELECT t.*, EXISTS (SELECT 1 FROM ledger WHERE ref = ?) AS done, "
    "(SELECT COALESCE(json_agg(json_build_array(user_id, seat_no, stack, contributed, "
    "seated, away)), '[]')::text FROM seats WHERE table_id = t.id) AS st "
    "FROM tables t WHERE t.id = ?",
}

_UPDATE_TABLE = (
    "UPDATE tables SET snapshot = ?, deal_number = ?, action_counter = ?, deadline = ?, "
    "pot = ?, kitty = ?, deal_open = ?, deal_pot0 = ?, deal_kitty0 = ?, deal_house = ?, "
    "last_action_at = ? WHERE id = ?"
)


def _save_action_sync(
    tx: Tx,
    table_id: int,
    *,
    ref: str,
    snapshot: str,
    deal_number: int,
    action_counter: int,
    stack_deltas: Mapping[str, int],
    pot: int,
    kitty: int = 0,
    house_delta: int = 0,
    deadline: datetime | None = None,
    deal_over: bool = False,
    reason: Reason = Reason.ACTION,
) -> bool:
    """Book one engine action: snapshot, counter, deadline and chips in one step.

    ``stack_deltas``: each seat's stack change by engine player id (zeros may be left out);
    ``pot`` / ``kitty``: the new totals; ``house_delta``: the house bank's gain in this action
    (booked as a removal, or a mint when negative). They must conserve chips:
    ``sum(stack_deltas) + (pot - old pot) + (kitty - old kitty) + house_delta == 0``, else
    ``ChipsNotConserved``. ``action_counter`` must exceed the stored one (``StaleAction``).
    ``deal_number`` above the stored one starts a new deal (contributions restart from zero);
    ``deal_over=True`` ends the deal (use ``reason=Reason.SETTLEMENT``): nothing is left to
    refund. Idempotent by ``ref`` (say ``table:{id}:deal:{n}:action:{k}``): a repeat returns
    ``False`` and changes nothing. A stack that would go negative raises ``InsufficientChips``.

    Every check runs on one read made under the write lock, before anything is written, so a
    refused action writes nothing (no savepoint needed). Synchronous, on the database thread
    (``storage.book`` runs it in one hop); :func:`save_action` is its async form.
    """
    booked = _step_sync(
        tx, table_id, ref=ref, snapshot=snapshot, deal_number=deal_number,
        action_counter=action_counter, stack_deltas=stack_deltas, pot=pot, kitty=kitty,
        house_delta=house_delta, deadline=deadline, deal_over=deal_over, reason=reason,
    )  # fmt: skip
    return booked is not None


def _step_sync(
    tx: Tx,
    table_id: int,
    *,
    ref: str,
    snapshot: str,
    deal_number: int,
    action_counter: int,
    stack_deltas: Mapping[str, int],
    pot: int,
    kitty: int = 0,
    house_delta: int = 0,
    deadline: datetime | None = None,
    deal_over: bool = False,
    reason: Reason = Reason.ACTION,
) -> Table | None:
    """:func:`_save_action_sync`, returning the table as it now is (``None``: ``ref`` was
    already booked), built from the one read the checks made and the changes written, so
    ``storage.book`` needs no second read of the table it just wrote."""
    deltas = {p: d for p, d in stack_deltas.items() if d}
    if HOUSE in deltas:
        raise ValueError("pass the house bank's change as house_delta, not as a stack")
    if pot < 0 or kitty < 0:
        raise ValueError("pot and kitty cannot be negative")
    row = tx.one(_STEP_READ[tx.dialect], (ref, table_id))
    if row is not None and row["done"]:
        return None
    if row is None or row["status"] != "open":
        raise TableNotFound(f"table {table_id} is not open")
    if action_counter <= row["action_counter"] or deal_number < row["deal_number"]:
        raise StaleAction(
            f"table {table_id} is at action {row['action_counter']} of deal "
            f"{row['deal_number']}; got action {action_counter} of deal {deal_number}"
        )
    pot_delta, kitty_delta = pot - row["pot"], kitty - row["kitty"]
    if sum(deltas.values()) + pot_delta + kitty_delta + house_delta != 0:
        raise ChipsNotConserved(
            f"table {table_id}: stacks {sum(deltas.values()):+}, pot {pot_delta:+}, "
            f"kitty {kitty_delta:+}, house {house_delta:+} do not sum to 0"
        )
    guild_id = row["guild_id"]
    seats = sorted(json.loads(row["st"]), key=itemgetter(1))  # (user, seat no, stack, ...)
    before = {players.pid(seat[0]): seat[2] for seat in seats}
    for p, d in deltas.items():
        if p not in before:
            raise SeatNotFound(f"player {p} has no seat at table {table_id}")
        if before[p] + d < 0:
            raise InsufficientChips(
                guild_id=guild_id, user_id=players.user_id(p), needed=-d, where="stack"
            )

    new_deal = deal_number != row["deal_number"]
    pot0, kitty0, house = row["deal_pot0"], row["deal_kitty0"], row["deal_house"] + house_delta
    if new_deal:
        pot0, kitty0, house = row["pot"], row["kitty"], house_delta
    if deal_over:
        pot0, kitty0, house = pot, kitty, 0
    if deal_over or new_deal:  # every seat's contribution is rewritten, movers or not
        sql = _MOVE_DEAL_OVER if deal_over else _MOVE_NEW_DEAL
        params = [(deltas.get(p, 0), table_id, players.user_id(p)) for p in before]
    else:
        sql, params = (
            _MOVE_WITHIN_DEAL,
            [(d, table_id, players.user_id(p)) for p, d in deltas.items()],
        )
    entries = [
        Entry(ref, reason, guild_id, None, table_id, pot_delta=pot_delta, kitty_delta=kitty_delta)
    ]
    entries += [
        Entry(f"{ref}:{p}", reason, guild_id, players.user_id(p), table_id, stack_delta=d)
        for p, d in deltas.items()
    ]
    if house_delta:
        house_ref = f"{ref}:house"
        entries.append(
            Entry(house_ref, Reason.HOUSE_RESULT, guild_id, None, table_id, minted=-house_delta)
        )
    now, stamp = now_stamp()
    table_update = (
        snapshot,
        deal_number,
        action_counter,
        iso(deadline),
        pot,
        kitty,
        int(not deal_over),
        pot0,
        kitty0,
        house,
        stamp,
        table_id,
    )
    # Checked above: a failure here is a bug, and raising rolls the transaction back.
    moved = tx.executemany(sql, params)
    tx.execute(_UPDATE_TABLE, table_update)
    _write_sync(tx, entries)
    if moved.rowcount != len(params):
        raise RuntimeError(f"table {table_id}: a checked stack change did not apply")
    # The table as the statements above left it, without reading it again: each seat's
    # contribution moves as the statement used moves it (within a deal only the movers').
    after = []
    for user, seat_no, stack, contributed, seated, away in seats:
        d = deltas.get(players.pid(user), 0)
        c = 0 if deal_over else -d if new_deal else contributed - d
        after.append(Seat(user, seat_no, stack + d, c, bool(seated), bool(away)))
    return Table(
        id=table_id,
        guild_id=guild_id,
        channel_id=row["channel_id"],
        game=row["game"],
        options=json.loads(row["options"]),
        host_id=row["host_id"],
        message_id=row["message_id"],
        status="open",
        snapshot=snapshot,
        deal_number=deal_number,
        deal_open=not deal_over,
        action_counter=action_counter,
        deadline=when(iso(deadline)),
        pot=pot,
        kitty=kitty,
        last_action_at=now,
        seats=tuple(after),
    )


save_action = in_one_hop(_save_action_sync)
"""The async form of :func:`_save_action_sync`, inside ``db.transaction()``: one hop."""
