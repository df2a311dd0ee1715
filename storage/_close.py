"""Closing a table by the refund rule of DESIGN.md (admin close, idle close, unloadable
snapshot): void the unfinished deal, hand out what is left in pot and kitty, pay every stack
back to its balance."""

from __future__ import annotations

from storage import players
from storage._records import HOUSE, Closed, now_stamp, open_row, seats_of
from storage.db import Conn, atomic
from storage.errors import ChipsNotConserved, SeatNotFound
from storage.ledger import Entry, Reason, applied, change_balance, write


async def close(
    conn: Conn,
    table_id: int,
    *,
    ref: str,
    reason: str = "closed",
    remainder_to: str | None = None,
) -> Closed | None:
    """Close a table by the refund rule and return what moved (``None``: ``ref`` applied).

    1. An unfinished deal is voided: every seat gets back its contribution (negative for a
       seat that had won chips in the deal), the pot and kitty return to what they held when
       the deal began, and the house bank's gain in the deal is reversed.
    2. What is left in the pot and kitty (a Pontoon banker's kitty) goes to ``remainder_to``
       (an engine player id, seated or not: a banker who left takes their kitty), back to the
       house bank when it is ``HOUSE`` (removed), or is split evenly in seat order when that
       is ``None``.
    3. Every stack returns to its owner's balance and the table is closed.
    """
    async with atomic(conn):
        if await applied(conn, ref):
            return None
        row = await open_row(conn, table_id)
        guild_id = row["guild_id"]
        seats = await seats_of(conn, table_id)
        entries: list[Entry] = []
        refunded = {s.pid: s.contributed for s in seats if s.contributed}
        stacks = {s.pid: s.stack + s.contributed for s in seats}
        for p, amount in refunded.items():
            entries.append(
                Entry(
                    f"{ref}:refund:{p}",
                    Reason.REFUND,
                    guild_id,
                    players.user_id(p),
                    table_id,
                    stack_delta=amount,
                )
            )
        left = row["deal_pot0"] + row["deal_kitty0"]
        if remainder_to not in (None, HOUSE) and remainder_to not in {s.pid for s in seats}:
            raise SeatNotFound(f"player {remainder_to} has no seat to take the remainder")
        takers = [s.pid for s in seats if s.seated] or [s.pid for s in seats]
        remainder = {} if remainder_to == HOUSE else _share(left, takers, remainder_to)
        for p, amount in remainder.items():
            stacks[p] += amount
            entries.append(
                Entry(
                    f"{ref}:remainder:{p}",
                    Reason.REFUND,
                    guild_id,
                    players.user_id(p),
                    table_id,
                    stack_delta=amount,
                )
            )
        house_back = row["deal_house"]
        minted = house_back - (left - sum(remainder.values()))  # no seats: leftovers removed
        entries.insert(
            0,
            Entry(
                ref,
                Reason.TABLE_CLOSE,
                guild_id,
                None,
                table_id,
                pot_delta=-row["pot"],
                kitty_delta=-row["kitty"],
                minted=minted,
            ),
        )
        paid = {p: amount for p, amount in stacks.items() if amount}
        for p, amount in paid.items():
            if amount < 0:
                raise ChipsNotConserved(f"table {table_id}: seat {p} would end at {amount}")
            user = players.user_id(p)
            if players.is_computer(user):  # a computer player's stack was the house's: removed
                entries.append(
                    Entry(
                        f"{ref}:cash_out:{p}",
                        Reason.HOUSE_RESULT,
                        guild_id,
                        user,
                        table_id,
                        stack_delta=-amount,
                        minted=-amount,
                    )
                )
                continue
            await change_balance(conn, guild_id, user, amount)
            entries.append(
                Entry(
                    f"{ref}:cash_out:{p}",
                    Reason.CASH_OUT,
                    guild_id,
                    user,
                    table_id,
                    balance_delta=amount,
                    stack_delta=-amount,
                )
            )
        await conn.execute(
            "UPDATE seats SET stack = 0, contributed = 0, seated = 0 WHERE table_id = ?",
            (table_id,),
        )
        await conn.execute(
            "UPDATE tables SET status = 'closed', close_reason = ?, pot = 0, kitty = 0, "
            "deal_open = 0, deal_pot0 = 0, deal_kitty0 = 0, deal_house = 0, deadline = NULL, "
            "closed_at = ? WHERE id = ?",
            (reason, now_stamp()[1], table_id),
        )
        await write(conn, entries)
    return Closed(table_id, refunded, remainder, paid, house_back)


def _share(amount: int, pids: list[str], to: str | None) -> dict[str, int]:
    """``amount`` to ``to``, or split evenly in seat order (the first seats get the odd chips)."""
    if amount <= 0 or not pids:
        return {}
    if to is not None:
        return {to: amount}
    each, extra = divmod(amount, len(pids))
    shares = {p: each + (1 if i < extra else 0) for i, p in enumerate(pids)}
    return {p: a for p, a in shares.items() if a}
