"""Chip accounts, one per (guild, user), created on first use with the guild's starting balance.

Guild and user ids are Discord snowflakes (``int``). The engines name players by the user id as a
string; :func:`pid` and :func:`user_id` convert.
"""

from __future__ import annotations

from storage import players, settings
from storage.db import Conn, changes, scalar
from storage.errors import InsufficientChips
from storage.ledger import Entry, Reason, applied, change_balance, write


def pid(user_id: int) -> str:
    """The engine's player id for a stored user (``cpu:N`` for a computer player)."""
    return players.pid(user_id)


def user_id(player_id: str) -> int:
    """The stored user behind an engine player id."""
    return players.user_id(player_id)


async def ensure(conn: Conn, guild_id: int, user_id: int) -> bool:
    """Create the account with the guild's starting balance (a ``starting_grant`` ledger row)
    unless it exists; ``True`` when it was created now. Needs a write transaction."""
    start = (await settings.get(conn, guild_id)).starting_balance
    created = await changes(
        conn,
        "INSERT INTO accounts (guild_id, user_id, balance) VALUES (?, ?, ?) "
        "ON CONFLICT (guild_id, user_id) DO NOTHING",
        (guild_id, user_id, start),
    )
    if created and start:
        ref = f"start:{guild_id}:{user_id}"
        entry = Entry(
            ref, Reason.STARTING_GRANT, guild_id, user_id, balance_delta=start, minted=start
        )
        await write(conn, [entry])
    return created == 1


async def exists(conn: Conn, guild_id: int, user_id: int) -> bool:
    """Whether the account was ever created (a read: creates nothing)."""
    sql = "SELECT 1 FROM accounts WHERE guild_id = ? AND user_id = ?"
    return await scalar(conn, sql, (guild_id, user_id)) is not None


async def balance(conn: Conn, guild_id: int, user_id: int) -> int:
    """The balance, creating the account on first use (so: inside a write transaction)."""
    await ensure(conn, guild_id, user_id)
    sql = "SELECT balance FROM accounts WHERE guild_id = ? AND user_id = ?"
    return int(await scalar(conn, sql, (guild_id, user_id)))


async def peek_balance(conn: Conn, guild_id: int, user_id: int) -> int | None:
    """The balance without creating the account (``None`` when there is none): for reads."""
    sql = "SELECT balance FROM accounts WHERE guild_id = ? AND user_id = ?"
    value = await scalar(conn, sql, (guild_id, user_id))
    return None if value is None else int(value)


async def on_tables(conn: Conn, guild_id: int, user_id: int) -> int:
    """Chips the user has on open tables of the guild: stacks plus unsettled contributions."""
    sql = (
        "SELECT COALESCE(SUM(s.stack + CASE WHEN s.contributed > 0 THEN s.contributed ELSE 0 END)"
        ", 0) FROM seats s "
        "JOIN tables t ON t.id = s.table_id "
        "WHERE t.guild_id = ? AND t.status = 'open' AND s.user_id = ?"
    )
    return int(await scalar(conn, sql, (guild_id, user_id)))


async def grant(
    conn: Conn,
    guild_id: int,
    user_id: int,
    amount: int,
    *,
    ref: str,
    reason: Reason = Reason.ADMIN_GRANT,
) -> bool:
    """Mint ``amount`` chips into the balance; ``False`` when ``ref`` was already applied."""
    if amount <= 0:
        raise ValueError("a grant must be positive")
    if reason not in {Reason.ADMIN_GRANT, Reason.DAILY, Reason.REFILL}:
        raise ValueError(f"{reason} is not a grant")
    await ensure(conn, guild_id, user_id)
    if await applied(conn, ref):
        return False
    await change_balance(conn, guild_id, user_id, amount)
    await write(conn, [Entry(ref, reason, guild_id, user_id, balance_delta=amount, minted=amount)])
    return True


async def remove(conn: Conn, guild_id: int, user_id: int, amount: int, *, ref: str) -> bool:
    """An admin takes ``amount`` chips out of existence from the balance; raises
    ``InsufficientChips`` (and changes nothing) when the balance is smaller."""
    if amount <= 0:
        raise ValueError("a removal must be positive")
    await ensure(conn, guild_id, user_id)
    if await applied(conn, ref):
        return False
    await change_balance(conn, guild_id, user_id, -amount)
    entry = Entry(
        ref, Reason.ADMIN_REMOVAL, guild_id, user_id, balance_delta=-amount, minted=-amount
    )
    await write(conn, [entry])
    return True


__all__ = [
    "InsufficientChips",
    "balance",
    "ensure",
    "exists",
    "grant",
    "on_tables",
    "peek_balance",
    "pid",
    "remove",
    "user_id",
]
