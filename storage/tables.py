"""Open tables, their seats and stacks.

The booking of each game action, :func:`save_action`, is ``storage._table_step``'s (it says
how one transaction keeps the stored game and chips in agreement, and how contributions are
derived); the refund-rule :func:`close` is ``storage._close``'s. Both are re-exported here: this
module is the whole public table API.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from storage import accounts, players
from storage._close import close
from storage._records import (
    HOUSE,
    Closed,
    Seat,
    Table,
    open_row,
    open_row_sync,
    seats_of,
    seats_of_sync,
    to_table,
)
from storage._table_step import save_action
from storage._thread import Tx, in_one_hop
from storage.db import Conn, atomic, fetch_all, fetch_one, scalar
from storage.errors import ChannelBusy, InsufficientChips, SeatNotFound
from storage.ledger import (
    Entry,
    Reason,
    _applied_sync,
    _change_balance_sync,
    _write_sync,
    applied,
    change_balance,
    write,
)

__all__ = [
    "HOUSE",
    "Closed",
    "Seat",
    "Table",
    "buy_in",
    "cash_out",
    "close",
    "count_open",
    "get",
    "idle",
    "in_channel",
    "load_open",
    "open_table",
    "save_action",
    "seat_computer",
    "set_away",
    "set_host",
    "set_message",
    "set_seated",
]


async def open_table(
    conn: Conn,
    *,
    guild_id: int,
    channel_id: int,
    game: str,
    options: Mapping[str, Any] | None = None,
    host_id: int | None = None,
) -> int:
    """Create an open table in the channel and return its id; ``ChannelBusy`` when the channel
    already has one (the partial unique index decides, so two openers cannot both win)."""
    busy = await scalar(
        conn, "SELECT id FROM tables WHERE channel_id = ? AND status = 'open'", (channel_id,)
    )
    if busy is not None:
        raise ChannelBusy(channel_id, int(busy))
    new_id = await scalar(
        conn,
        "INSERT INTO tables (guild_id, channel_id, game, options, host_id) "
        "VALUES (?, ?, ?, ?, ?) RETURNING id",
        (guild_id, channel_id, game, json.dumps(dict(options or {})), host_id),
    )
    return int(new_id)


def _get_sync(tx: Tx, table_id: int) -> Table | None:
    """The table with its seats, open or closed."""
    row = tx.one("SELECT * FROM tables WHERE id = ?", (table_id,))
    if row is None:
        return None
    return to_table(row, seats_of_sync(tx, table_id))


get = in_one_hop(_get_sync)


async def in_channel(conn: Conn, channel_id: int) -> Table | None:
    """The channel's open table, if any."""
    row = await fetch_one(
        conn, "SELECT * FROM tables WHERE channel_id = ? AND status = 'open'", (channel_id,)
    )
    if row is None:
        return None
    return to_table(row, await seats_of(conn, row["id"]))


async def count_open(conn: Conn, guild_id: int, host_id: int) -> tuple[int, int]:
    """The guild's open tables: how many in all, and how many ``host_id`` hosts."""
    row = await fetch_one(
        conn,
        "SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN host_id = ? THEN 1 ELSE 0 END), 0) AS mine "
        "FROM tables WHERE status = 'open' AND guild_id = ?",
        (host_id, guild_id),
    )
    assert row is not None  # noqa: S101 - an aggregate always has a row
    return int(row["n"]), int(row["mine"])


async def load_open(conn: Conn) -> list[Table]:
    """Every open table with its seats (the service resumes them at start)."""
    rows = await fetch_all(conn, "SELECT * FROM tables WHERE status = 'open' ORDER BY id")
    return [to_table(row, await seats_of(conn, row["id"])) for row in rows]


async def set_message(conn: Conn, table_id: int, message_id: int | None) -> None:
    """Remember the Discord message that shows the table."""
    await conn.execute("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))


async def set_host(conn: Conn, table_id: int, host_id: int | None) -> None:
    """Hand the table to another host (the one who opened it stood up)."""
    await conn.execute("UPDATE tables SET host_id = ? WHERE id = ?", (host_id, table_id))


def _set_seated_sync(tx: Tx, table_id: int, user_id: int, seated: bool) -> None:
    """Sit a player out of (or back into) the next deals; their stack stays on the table."""
    sql = "UPDATE seats SET seated = ? WHERE table_id = ? AND user_id = ?"
    if tx.changes(sql, (int(seated), table_id, user_id)) != 1:
        raise SeatNotFound(f"user {user_id} has no seat at table {table_id}")


set_seated = in_one_hop(_set_seated_sync)


def _set_away_sync(tx: Tx, table_id: int, away: Iterable[str]) -> None:
    """Mark exactly the seats of ``away`` (engine player ids) away, and every other seat of
    the table not away: the table service's away set, kept so that it survives a restart."""
    tx.execute("UPDATE seats SET away = 0 WHERE table_id = ? AND away = 1", (table_id,))
    users = sorted(players.user_id(p) for p in away)
    if users:
        tx.write_many(
            "UPDATE seats SET away = 1 WHERE table_id = ? AND user_id = ?",
            [(table_id, u) for u in users],
        )


set_away = in_one_hop(_set_away_sync)


async def buy_in(conn: Conn, table_id: int, user_id: int, amount: int, *, ref: str) -> bool:
    """Move ``amount`` chips from the balance to the user's stack at the table, seating them
    (next free seat number) if needed. ``InsufficientChips`` when the balance is short;
    ``False`` when ``ref`` was already applied."""
    if amount <= 0:
        raise ValueError("a buy-in must be positive")
    async with atomic(conn):
        if await applied(conn, ref):
            return False
        row = await open_row(conn, table_id)
        guild_id = row["guild_id"]
        await accounts.ensure(conn, guild_id, user_id)
        await change_balance(conn, guild_id, user_id, -amount)
        await conn.execute(
            "INSERT INTO seats (table_id, user_id, seat_no, stack) VALUES (?, ?, "
            "(SELECT COALESCE(MAX(seat_no) + 1, 0) FROM seats WHERE table_id = ?), ?) "
            "ON CONFLICT (table_id, user_id) DO UPDATE SET stack = seats.stack + excluded.stack, "
            "seated = 1, away = 0",
            (table_id, user_id, table_id, amount),
        )
        entry = Entry(
            ref,
            Reason.BUY_IN,
            guild_id,
            user_id,
            table_id,
            balance_delta=-amount,
            stack_delta=amount,
        )
        await write(conn, [entry])
    return True


def _cash_out_sync(
    tx: Tx,
    table_id: int,
    user_id: int,
    amount: int | None = None,
    *,
    ref: str,
    leave: bool = False,
) -> int:
    """Move ``amount`` chips (``None``: the whole stack) from the stack back to the balance and
    return how many moved (0 when ``ref`` was already applied). ``leave`` also unseats the
    player. Only between deals: during a deal the engine holds the stack."""
    with tx.atomic():
        if _applied_sync(tx, ref):
            return 0
        guild_id = open_row_sync(tx, table_id)["guild_id"]
        stack = tx.scalar(
            "SELECT stack FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id)
        )
        if stack is None:
            raise SeatNotFound(f"user {user_id} has no seat at table {table_id}")
        take = int(stack) if amount is None else amount
        if take < 0:
            raise ValueError("a cash-out cannot be negative")
        if take:
            done = tx.changes(
                # chips won earlier in an unfinished deal stay until it ends (a void takes
                # them back)
                "UPDATE seats SET stack = stack - ? "
                "WHERE table_id = ? AND user_id = ? "
                "AND stack + CASE WHEN contributed < 0 THEN contributed ELSE 0 END >= ?",
                (take, table_id, user_id, take),
            )
            if done != 1:
                raise InsufficientChips(
                    guild_id=guild_id, user_id=user_id, needed=take, where="stack"
                )
            if not players.is_computer(user_id):
                _change_balance_sync(tx, guild_id, user_id, take)
        if leave:
            _set_seated_sync(tx, table_id, user_id, False)
        if players.is_computer(user_id):  # the house's chips go back to the house: removed
            entry = Entry(
                ref, Reason.HOUSE_RESULT, guild_id, user_id, table_id, stack_delta=-take,
                minted=-take,
            )  # fmt: skip
        else:
            entry = Entry(
                ref, Reason.CASH_OUT, guild_id, user_id, table_id, balance_delta=take,
                stack_delta=-take,
            )  # fmt: skip
        _write_sync(tx, [entry])
    return take


cash_out = in_one_hop(_cash_out_sync)


async def seat_computer(conn: Conn, table_id: int, user_id: int, amount: int, *, ref: str) -> bool:
    """Seat computer player ``user_id`` (negative, see ``storage.players``) with ``amount``
    chips minted by the house, as a house bank's loss is: no account pays for them, and
    :func:`cash_out` removes them again when it leaves. ``False`` when ``ref`` was applied."""
    if not players.is_computer(user_id):
        raise ValueError("only a computer player's stack comes from the house")
    if amount <= 0:
        raise ValueError("a computer player's stack must be positive")
    async with atomic(conn):
        if await applied(conn, ref):
            return False
        guild_id = (await open_row(conn, table_id))["guild_id"]
        await conn.execute(
            "INSERT INTO seats (table_id, user_id, seat_no, stack) VALUES (?, ?, "
            "(SELECT COALESCE(MAX(seat_no) + 1, 0) FROM seats WHERE table_id = ?), ?) "
            "ON CONFLICT (table_id, user_id) DO UPDATE SET stack = seats.stack + excluded.stack, "
            "seated = 1, away = 0",
            (table_id, user_id, table_id, amount),
        )
        entry = Entry(
            ref, Reason.HOUSE_RESULT, guild_id, user_id, table_id, stack_delta=amount,
            minted=amount,
        )  # fmt: skip
        await write(conn, [entry])
    return True


async def idle(conn: Conn, older_than: datetime) -> list[int]:
    """Ids of open tables with no action since ``older_than`` (for the idle close)."""
    rows = await fetch_all(
        conn,
        "SELECT id FROM tables WHERE status = 'open' AND last_action_at < ? ORDER BY id",
        (older_than.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z",),
    )
    return [int(r["id"]) for r in rows]
