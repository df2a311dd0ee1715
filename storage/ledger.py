"""The chip ledger: every movement of chips is a row, keyed by a unique ``ref``.

A row says where chips went: ``balance_delta`` (a user's account), ``stack_delta`` (their stack
at a table), ``pot_delta`` / ``kitty_delta`` (a table's pot and kitty) and ``minted`` (chips
created, or removed when negative). Over one booking (one transaction) the deltas add up to
``minted``, so at every commit::

    SUM(balances) + SUM(stacks) + SUM(pots) + SUM(kitties) == minted - removed

which :func:`storage.audit.audit` checks with one query. Balances change only through
:func:`change_balance` (``balance = balance - ? WHERE balance >= ?`` with a row-count check,
plus ``CHECK (balance >= 0)``), never by reading a balance into Python and writing it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from storage._thread import Tx, in_one_hop
from storage.db import Conn, fetch_all
from storage.errors import InsufficientChips


class Reason(StrEnum):
    """Why chips moved; the migration's ``CHECK`` lists the same values."""

    STARTING_GRANT = "starting_grant"  # mint: a new account's first chips
    DAILY = "daily"  # mint: /daily
    REFILL = "refill"  # mint: a player with no chips anywhere
    ADMIN_GRANT = "admin_grant"  # mint
    ADMIN_REMOVAL = "admin_removal"  # removal
    BUY_IN = "buy_in"  # balance -> table stack
    CASH_OUT = "cash_out"  # table stack -> balance
    ACTION = "action"  # stacks <-> pot/kitty during a deal
    SETTLEMENT = "settlement"  # the action that ends a deal: pot -> stacks
    HOUSE_RESULT = "house_result"  # Pontoon house bank: its losses mint, its wins remove
    REFUND = "refund"  # a voided deal's contributions back to the stacks
    TABLE_CLOSE = "table_close"  # marker row of a table's close (pot/kitty remainder)


MINT_REASONS = frozenset(
    {Reason.STARTING_GRANT, Reason.DAILY, Reason.REFILL, Reason.ADMIN_GRANT, Reason.HOUSE_RESULT}
)


@dataclass(frozen=True, slots=True)
class Entry:
    """One ledger row as written."""

    ref: str
    reason: Reason
    guild_id: int
    user_id: int | None = None
    table_id: int | None = None
    balance_delta: int = 0
    stack_delta: int = 0
    pot_delta: int = 0
    kitty_delta: int = 0
    minted: int = 0
    id: int | None = None
    created_at: str | None = None


INSERT = (
    "INSERT INTO ledger (ref, reason, guild_id, user_id, table_id, balance_delta, stack_delta,"
    " pot_delta, kitty_delta, minted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def params(e: Entry) -> tuple[object, ...]:
    """The parameters of :data:`INSERT` for one row."""
    return (
        e.ref,
        e.reason.value,
        e.guild_id,
        e.user_id,
        e.table_id,
        e.balance_delta,
        e.stack_delta,
        e.pot_delta,
        e.kitty_delta,
        e.minted,
    )


def _applied_sync(tx: Tx, ref: str) -> bool:
    """Whether a booking keyed ``ref`` was already written (then it must not apply again).

    Operations check this first, then make their guarded updates, then write their rows, so a
    refused operation has written nothing even when the caller catches the error and commits.
    """
    return tx.scalar("SELECT 1 FROM ledger WHERE ref = ?", (ref,)) is not None


def _write_sync(tx: Tx, entries: Sequence[Entry]) -> None:
    """Write rows whose refs derive from a ref already claimed (a clash is a bug: it raises)."""
    if entries:
        tx.write_many(INSERT, [params(e) for e in entries])


def _change_balance_sync(tx: Tx, guild_id: int, user_id: int, delta: int) -> None:
    """Add ``delta`` to an existing account; a debit needs the chips (``InsufficientChips``)."""
    if delta >= 0:
        sql = "UPDATE accounts SET balance = balance + ? WHERE guild_id = ? AND user_id = ?"
        if tx.changes(sql, (delta, guild_id, user_id)) != 1:
            raise LookupError(f"no account for user {user_id} in guild {guild_id}")
        return
    sql = (
        "UPDATE accounts SET balance = balance - ? "
        "WHERE guild_id = ? AND user_id = ? AND balance >= ?"
    )
    if tx.changes(sql, (-delta, guild_id, user_id, -delta)) != 1:
        raise InsufficientChips(guild_id=guild_id, user_id=user_id, needed=-delta)


# The async forms (inside ``db.transaction()``): one hop each.
applied = in_one_hop(_applied_sync)
write = in_one_hop(_write_sync)
change_balance = in_one_hop(_change_balance_sync)


async def history(conn: Conn, guild_id: int, user_id: int, limit: int = 20) -> list[Entry]:
    """A user's account statement: the latest rows that moved their balance, newest first
    (buy-ins and cash-outs included; the stack moves inside a table are the table's)."""
    rows = await fetch_all(
        conn,
        "SELECT * FROM ledger WHERE guild_id = ? AND user_id = ? AND balance_delta != 0 "
        "ORDER BY id DESC LIMIT ?",
        (guild_id, user_id, limit),
    )
    return [
        Entry(
            ref=r["ref"],
            reason=Reason(r["reason"]),
            guild_id=r["guild_id"],
            user_id=r["user_id"],
            table_id=r["table_id"],
            balance_delta=r["balance_delta"],
            stack_delta=r["stack_delta"],
            pot_delta=r["pot_delta"],
            kitty_delta=r["kitty_delta"],
            minted=r["minted"],
            id=r["id"],
            created_at=r["created_at"],
        )
        for r in rows
    ]
