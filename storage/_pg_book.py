"""``storage.book`` on PostgreSQL: the whole step as one server-side call (``parlour_book``,
migration_pg 0006; 6 statements a step since 0011), group-committed with the steps that queue
meanwhile in one statement (``parlour_book_many``): one round trip per batch instead of one per
statement; a lone step is sent as ``parlour_book`` itself. Since 0012 a batch of 4 or more
independent steps (no table, ref or stats row shared, no pay-out) is booked one statement per
kind for the whole batch, not ~6 per step; the others step by step, as before. Since 0014 a
step's snapshot is sent beside its JSON, not inside it (:func:`payload`): the batch's snapshots
as a text array, read by the server only where it writes them.

The step's SQL does what SQLite's synchronous code (``storage.booking._book``) does, check for
check and row for row (in fewer statements: on the server each costs more than its rows);
what needs Python is done here, once for both: the refs and player ids, the stats rows
(``stats._stat_rows``), the timestamps, and the refusals, which come back as
``{"error": ...}`` and are raised as the same errors, with the same words, as on SQLite. The
storage tests run every booking test on both backends, so the two stay one behaviour.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from storage import players
from storage._records import HOUSE, Seat, Table, iso, now_stamp, to_table
from storage.errors import (
    ChipsNotConserved,
    InsufficientChips,
    SeatNotFound,
    StaleAction,
    TableNotFound,
)
from storage.fence import Fence, refusal
from storage.stats import _stat_rows

if TYPE_CHECKING:
    from storage.booking_values import Booking

MANY = "SELECT parlour_book_many($1::jsonb, $2::text[])::text"
"""``$1``: the steps' JSON array; ``$2``: their snapshots, in the same order."""
ONE = "SELECT parlour_book($1::jsonb || jsonb_build_object('snapshot', $2::text))::text"
"""``$1``: the step's JSON; ``$2``: its snapshot, which ``parlour_book`` reads in the step."""


def covers(b: Booking) -> bool:
    """Whether ``parlour_book`` does all of ``b``: not what a step earned (achievements,
    streaks) nor a finished deal's season, which are the Python step's (``booking._book``,
    run on PostgreSQL as on SQLite, one transaction either way). Those come with a deal's end
    or a player's milestone, a small share of the steps, so the hot path stays one call."""
    return not b.achieving and (b.result is None or b.result.at is None)


def shared_rows(b: Booking) -> frozenset[str] | None:
    """What ``b`` writes that another step may also write: its table's rows (the table, its
    seats, its outbox entries: another step of the table, which must commit in order) and a
    finished deal's stats rows (each player's, in the guild: named by player, which covers
    every game's row; a player's deals at other tables write them too). The ledger rows are
    new. ``None`` (not known) for a pay-out: it moves balances, which claims and other
    transactions lock too. ``storage.db`` books steps whose rows do not meet on its two
    connections at once, and steps that meet in one of them, in order."""
    if b.pay_out_ref is not None:
        return None
    table = f"table:{b.table_id}"
    if b.result is None:
        return frozenset((table,))
    return frozenset((table, *(f"stats:{b.result.guild_id}:{p}" for p in b.result.players)))


def payload(b: Booking, fence: Fence | None) -> tuple[str, str]:
    """The step as ``parlour_book`` reads it (JSON text) without its snapshot, and the
    snapshot, sent beside it (:data:`MANY`, :data:`ONE`): inside the JSON the server parsed
    it and carried it through every read of a batch, ~55 us a step (migration_pg 0014).
    Raises what the step refuses before reading anything (a house bank passed as a stack, a
    negative pot or kitty)."""
    deltas = {p: d for p, d in b.stack_deltas.items() if d}
    if HOUSE in deltas:
        raise ValueError("pass the house bank's change as house_delta, not as a stack")
    if b.pot < 0 or b.kitty < 0:
        raise ValueError("pot and kitty cannot be negative")
    result: dict[str, Any] | None = None
    if b.result is not None:
        r = b.result
        won_by, won, played = _stat_rows(
            r.guild_id, r.game, r.pot, r.settlement, r.players, r.winners
        )
        if not r.counted:  # a tournament's deal: recorded, in nobody's stats
            won, played = [], []
        result = {
            "guild_id": r.guild_id,
            "game": r.game,
            "pot": r.pot,
            "players": json.dumps(list(r.players)),
            "settlement": json.dumps(dict(r.settlement)),
            "winners": json.dumps(won_by),
            "hand_names": json.dumps(dict(r.hand_names or {})),
            "deck": json.dumps(list(r.deck)),
            "history": json.dumps(r.history),
            "won": won,
            "played": played,
        }
    step = {
        "table_id": b.table_id,
        "ref": b.ref,
        "deal_number": b.deal_number,
        "action_counter": b.action_counter,
        "deltas": [[players.user_id(p), d, p] for p, d in deltas.items()],
        "pot": b.pot,
        "kitty": b.kitty,
        "house_delta": b.house_delta,
        "deadline": iso(b.deadline),
        "deal_over": b.deal_over,
        "reason": b.reason.value,
        "stamp": now_stamp()[1],
        "private": sorted(b.private),
        "delivered": {str(u): c for u, c in sorted(b.delivered.items())},
        "away": None if b.away is None else sorted(players.user_id(p) for p in b.away),
        "result": result,
        "pay_out_ref": b.pay_out_ref,
        "fence": None
        if fence is None
        else {
            "holder": fence.holder,
            "shard_count": fence.shard_count,
            "epochs": {str(s): e for s, e in fence.epochs.items()},
        },
    }
    return json.dumps(step), b.snapshot


def outcome(b: Booking, fence: Fence | None, out: dict[str, Any]) -> tuple[Table, bool]:
    """The table as committed and whether the step was new; or the refusal, raised."""
    error = out.get("error")
    if error is not None:
        raise _refusal(b, fence, str(error), out)
    seats = tuple(
        Seat(int(u), int(n), int(stack), int(c), bool(seated), bool(away))
        for u, n, stack, c, seated, away in out["seats"]
    )
    row, applied = out["table"], bool(out["applied"])
    if applied:  # the stored snapshot is the step's (not sent back)
        row["snapshot"] = b.snapshot
    return to_table(row, seats), applied


def _refusal(b: Booking, fence: Fence | None, error: str, out: dict[str, Any]) -> Exception:
    tid = b.table_id
    if error == "LeaseLost" and fence is not None:
        return refusal(fence, tid, int(out["shard"]), out.get("holder"), out.get("epoch"))
    if error == "TableNotFound":
        return TableNotFound(f"table {tid} is not open")
    if error == "StaleAction":
        return StaleAction(
            f"table {tid} is at action {out['action_counter']} of deal "
            f"{out['deal_number']}; got action {b.action_counter} of deal {b.deal_number}"
        )
    if error == "ChipsNotConserved":
        return ChipsNotConserved(
            f"table {tid}: stacks {out['stacks']:+}, pot {out['pot']:+}, "
            f"kitty {out['kitty']:+}, house {b.house_delta:+} do not sum to 0"
        )
    if error == "SeatNotFound":
        return SeatNotFound(f"player {out['pid']} has no seat at table {tid}")
    if error == "InsufficientChips":
        return InsufficientChips(
            guild_id=int(out["guild_id"]),
            user_id=int(out["user_id"]),
            needed=int(out["needed"]),
            where="stack",
        )
    return RuntimeError(f"table {tid}: parlour_book answered {out!r}")
