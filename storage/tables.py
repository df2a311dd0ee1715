"""Open tables, their seats and stacks, and the booking of each game action.

The engine holds the chip truth during a deal; after each accepted action the table service
calls :func:`save_action` with the engine's snapshot and the action's chip changes (each seat's
stack delta, the new pot and kitty, the house bank's gain). That one call, inside one
transaction, writes the snapshot, the action counter and the deadline, moves the stacks, records
each seat's contribution to the current deal and writes the ledger rows; so after a crash the
stored game and the stored chips always agree.

Contributions are derived here, not passed in: a seat's ``contributed`` is minus the sum of its
stack deltas since the deal began (a new ``deal_number`` starts a deal; ``deal_over=True`` ends
it). The table also remembers the pot and kitty at the deal's start and the house bank's gain
in the deal, which is all :func:`close` needs to void an unfinished deal (the refund rule).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from storage import accounts
from storage.db import Conn, atomic, changes, fetch_all, fetch_one, scalar
from storage.errors import (
    ChannelBusy,
    ChipsNotConserved,
    InsufficientChips,
    SeatNotFound,
    StaleAction,
    TableNotFound,
)
from storage.ledger import Entry, Reason, applied, change_balance, write

HOUSE = "house"
"""The engines' id for the Pontoon house bank (``games.engine.HOUSE``; storage imports no
``games``): never a seat, its gains are removals and its losses mints."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at a table: their stack and what they put into the current deal."""

    user_id: int
    seat_no: int
    stack: int
    contributed: int
    seated: bool

    @property
    def pid(self) -> str:
        """The engine's player id."""
        return str(self.user_id)


@dataclass(frozen=True, slots=True)
class Table:
    """An open (or closed) table as stored."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    host_id: int | None
    message_id: int | None
    status: str
    snapshot: str | None
    deal_number: int
    deal_open: bool
    action_counter: int
    deadline: datetime | None
    pot: int
    kitty: int
    last_action_at: datetime
    seats: tuple[Seat, ...] = ()

    @property
    def stacks(self) -> dict[str, int]:
        """Stacks of the seated players by engine player id, in seat order."""
        return {s.pid: s.stack for s in self.seats if s.seated}

    @property
    def chips(self) -> int:
        """Every chip on the table: stacks (seated or not), pot and kitty."""
        return sum(s.stack for s in self.seats) + self.pot + self.kitty


@dataclass(frozen=True, slots=True)
class Closed:
    """What :func:`close` did, per engine player id."""

    table_id: int
    refunded: dict[str, int] = field(default_factory=dict)
    remainder: dict[str, int] = field(default_factory=dict)
    paid_out: dict[str, int] = field(default_factory=dict)
    house_reversed: int = 0


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    if moment.tzinfo is None:
        raise ValueError("deadlines must be timezone-aware")
    return moment.isoformat()


def _when(text: str | None) -> datetime | None:
    if text is None:
        return None
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _table(row: Any, seats: tuple[Seat, ...]) -> Table:
    last = _when(row["last_action_at"])
    assert last is not None  # noqa: S101 - NOT NULL column
    return Table(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        options=json.loads(row["options"]),
        host_id=row["host_id"],
        message_id=row["message_id"],
        status=row["status"],
        snapshot=row["snapshot"],
        deal_number=row["deal_number"],
        deal_open=bool(row["deal_open"]),
        action_counter=row["action_counter"],
        deadline=_when(row["deadline"]),
        pot=row["pot"],
        kitty=row["kitty"],
        last_action_at=last,
        seats=seats,
    )


async def _seats(conn: Conn, table_id: int) -> tuple[Seat, ...]:
    rows = await fetch_all(
        conn,
        "SELECT user_id, seat_no, stack, contributed, seated FROM seats "
        "WHERE table_id = ? ORDER BY seat_no",
        (table_id,),
    )
    return tuple(
        Seat(r["user_id"], r["seat_no"], r["stack"], r["contributed"], bool(r["seated"]))
        for r in rows
    )


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
    async with conn.execute(
        "INSERT INTO tables (guild_id, channel_id, game, options, host_id) VALUES (?, ?, ?, ?, ?)",
        (guild_id, channel_id, game, json.dumps(dict(options or {})), host_id),
    ) as cur:
        new_id = cur.lastrowid
    assert new_id is not None  # noqa: S101 - an INSERT has a rowid
    return int(new_id)


async def get(conn: Conn, table_id: int) -> Table | None:
    """The table with its seats, open or closed."""
    row = await fetch_one(conn, "SELECT * FROM tables WHERE id = ?", (table_id,))
    if row is None:
        return None
    return _table(row, await _seats(conn, table_id))


async def in_channel(conn: Conn, channel_id: int) -> Table | None:
    """The channel's open table, if any."""
    row = await fetch_one(
        conn, "SELECT * FROM tables WHERE channel_id = ? AND status = 'open'", (channel_id,)
    )
    if row is None:
        return None
    return _table(row, await _seats(conn, row["id"]))


async def load_open(conn: Conn) -> list[Table]:
    """Every open table with its seats (the service resumes them at start)."""
    rows = await fetch_all(conn, "SELECT * FROM tables WHERE status = 'open' ORDER BY id")
    return [_table(row, await _seats(conn, row["id"])) for row in rows]


async def _open_row(conn: Conn, table_id: int) -> Any:
    row = await fetch_one(conn, "SELECT * FROM tables WHERE id = ?", (table_id,))
    if row is None or row["status"] != "open":
        raise TableNotFound(f"table {table_id} is not open")
    return row


async def set_message(conn: Conn, table_id: int, message_id: int | None) -> None:
    """Remember the Discord message that shows the table."""
    await conn.execute("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))


async def set_deadline(conn: Conn, table_id: int, deadline: datetime | None) -> None:
    """Set or clear the turn timer without an action (e.g. a deal opened by the service)."""
    await conn.execute("UPDATE tables SET deadline = ? WHERE id = ?", (_iso(deadline), table_id))


async def set_seated(conn: Conn, table_id: int, user_id: int, seated: bool) -> None:
    """Sit a player out of (or back into) the next deals; their stack stays on the table."""
    sql = "UPDATE seats SET seated = ? WHERE table_id = ? AND user_id = ?"
    if await changes(conn, sql, (int(seated), table_id, user_id)) != 1:
        raise SeatNotFound(f"user {user_id} has no seat at table {table_id}")


async def buy_in(conn: Conn, table_id: int, user_id: int, amount: int, *, ref: str) -> bool:
    """Move ``amount`` chips from the balance to the user's stack at the table, seating them
    (next free seat number) if needed. ``InsufficientChips`` when the balance is short;
    ``False`` when ``ref`` was already applied."""
    if amount <= 0:
        raise ValueError("a buy-in must be positive")
    async with atomic(conn):
        if await applied(conn, ref):
            return False
        row = await _open_row(conn, table_id)
        guild_id = row["guild_id"]
        await accounts.ensure(conn, guild_id, user_id)
        await change_balance(conn, guild_id, user_id, -amount)
        await conn.execute(
            "INSERT INTO seats (table_id, user_id, seat_no, stack) VALUES (?, ?, "
            "(SELECT COALESCE(MAX(seat_no) + 1, 0) FROM seats WHERE table_id = ?), ?) "
            "ON CONFLICT (table_id, user_id) DO UPDATE SET stack = stack + excluded.stack, "
            "seated = 1",
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


async def cash_out(
    conn: Conn,
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
    async with atomic(conn):
        if await applied(conn, ref):
            return 0
        row = await _open_row(conn, table_id)
        guild_id = row["guild_id"]
        stack = await scalar(
            conn,
            "SELECT stack FROM seats WHERE table_id = ? AND user_id = ?",
            (table_id, user_id),
        )
        if stack is None:
            raise SeatNotFound(f"user {user_id} has no seat at table {table_id}")
        take = int(stack) if amount is None else amount
        if take < 0:
            raise ValueError("a cash-out cannot be negative")
        if take:
            done = await changes(
                conn,
                "UPDATE seats SET stack = stack - ? "
                "WHERE table_id = ? AND user_id = ? AND stack >= ?",
                (take, table_id, user_id, take),
            )
            if done != 1:
                raise InsufficientChips(
                    guild_id=guild_id, user_id=user_id, needed=take, where="stack"
                )
            await change_balance(conn, guild_id, user_id, take)
        if leave:
            await set_seated(conn, table_id, user_id, False)
        entry = Entry(
            ref, Reason.CASH_OUT, guild_id, user_id, table_id, balance_delta=take, stack_delta=-take
        )
        await write(conn, [entry])
    return take


async def save_action(
    conn: Conn,
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
    ``deal_number`` above the stored one starts a new deal (contributions reset first);
    ``deal_over=True`` ends the deal (use ``reason=Reason.SETTLEMENT``): nothing is left to
    refund. Idempotent by ``ref`` (say ``table:{id}:deal:{n}:action:{k}``): a repeat returns
    ``False`` and changes nothing. A stack that would go negative raises ``InsufficientChips``.
    """
    deltas = {p: d for p, d in stack_deltas.items() if d}
    if HOUSE in deltas:
        raise ValueError("pass the house bank's change as house_delta, not as a stack")
    if pot < 0 or kitty < 0:
        raise ValueError("pot and kitty cannot be negative")
    async with atomic(conn):
        row = await fetch_one(
            conn,
            "SELECT t.*, EXISTS (SELECT 1 FROM ledger WHERE ref = ?) AS done, "
            "(SELECT json_group_object(user_id, stack) FROM seats WHERE table_id = t.id) AS st "
            "FROM tables t WHERE t.id = ?",
            (ref, table_id),
        )
        if row is not None and row["done"]:
            return False
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
        pot0, kitty0, house = row["deal_pot0"], row["deal_kitty0"], row["deal_house"]
        if deal_number != row["deal_number"]:  # a new deal: nothing of the old one to refund
            await conn.execute("UPDATE seats SET contributed = 0 WHERE table_id = ?", (table_id,))
            pot0, kitty0, house = row["pot"], row["kitty"], 0
        if deltas:
            await _move_stacks(conn, table_id, guild_id, deltas, json.loads(row["st"]))
        if deal_over:
            await conn.execute("UPDATE seats SET contributed = 0 WHERE table_id = ?", (table_id,))
            pot0, kitty0, house = pot, kitty, 0
        else:
            house += house_delta
        await conn.execute(
            "UPDATE tables SET snapshot = ?, deal_number = ?, action_counter = ?, deadline = ?, "
            "pot = ?, kitty = ?, deal_open = ?, deal_pot0 = ?, deal_kitty0 = ?, deal_house = ?, "
            "last_action_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
            (
                snapshot,
                deal_number,
                action_counter,
                _iso(deadline),
                pot,
                kitty,
                int(not deal_over),
                pot0,
                kitty0,
                house,
                table_id,
            ),
        )
        entries = [Entry(ref, reason, guild_id, None, table_id, pot_delta=pot_delta)]
        if kitty_delta:
            entries[0] = Entry(
                ref, reason, guild_id, None, table_id, pot_delta=pot_delta, kitty_delta=kitty_delta
            )
        entries += [
            Entry(f"{ref}:{p}", reason, guild_id, int(p), table_id, stack_delta=d)
            for p, d in deltas.items()
        ]
        if house_delta:
            entries.append(
                Entry(
                    f"{ref}:house",
                    Reason.HOUSE_RESULT,
                    guild_id,
                    None,
                    table_id,
                    minted=-house_delta,
                )
            )
        await write(conn, entries)
    return True


async def _move_stacks(
    conn: Conn, table_id: int, guild_id: int, deltas: Mapping[str, int], before: dict[str, int]
) -> None:
    """Apply stack deltas with a guard per seat (the contribution moves the other way);
    ``before`` (the stacks read in this transaction) only names the culprit of a failure."""
    params = [(d, d, table_id, int(p), -d) for p, d in deltas.items()]
    async with conn.executemany(
        "UPDATE seats SET stack = stack + ?, contributed = contributed - ? "
        "WHERE table_id = ? AND user_id = ? AND stack >= ?",
        params,
    ) as cur:
        moved = cur.rowcount
    if moved == len(params):
        return
    for p, d in deltas.items():  # name the culprit (the savepoint undoes the rest)
        if p not in before:
            raise SeatNotFound(f"player {p} has no seat at table {table_id}")
        if before[p] + d < 0:
            raise InsufficientChips(guild_id=guild_id, user_id=int(p), needed=-d, where="stack")
    raise RuntimeError("a stack update failed for no visible reason")  # pragma: no cover


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
        row = await _open_row(conn, table_id)
        guild_id = row["guild_id"]
        seats = await _seats(conn, table_id)
        entries: list[Entry] = []
        refunded = {s.pid: s.contributed for s in seats if s.contributed}
        stacks = {s.pid: s.stack + s.contributed for s in seats}
        for p, amount in refunded.items():
            entries.append(
                Entry(
                    f"{ref}:refund:{p}",
                    Reason.REFUND,
                    guild_id,
                    int(p),
                    table_id,
                    stack_delta=amount,
                )
            )
        left = row["deal_pot0"] + row["deal_kitty0"]
        takers = [s.pid for s in seats if s.seated] or [s.pid for s in seats]
        if remainder_to is not None and remainder_to != HOUSE:
            if remainder_to not in {s.pid for s in seats}:
                raise SeatNotFound(f"player {remainder_to} has no seat to take the remainder")
            takers = [remainder_to]
        remainder = {} if remainder_to == HOUSE else _share(left, takers, remainder_to)
        for p, amount in remainder.items():
            stacks[p] += amount
            entries.append(
                Entry(
                    f"{ref}:remainder:{p}",
                    Reason.REFUND,
                    guild_id,
                    int(p),
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
            await change_balance(conn, guild_id, int(p), amount)
            entries.append(
                Entry(
                    f"{ref}:cash_out:{p}",
                    Reason.CASH_OUT,
                    guild_id,
                    int(p),
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
            "closed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
            (reason, table_id),
        )
        await write(conn, entries)
    return Closed(table_id, refunded, remainder, paid, house_back)


def _share(amount: int, pids: list[str], to: str | None) -> dict[str, int]:
    if amount <= 0 or not pids:
        return {}
    if to is not None:
        if to not in pids:
            raise SeatNotFound(f"player {to} has no seat to take the remainder")
        return {to: amount}
    each, extra = divmod(amount, len(pids))
    shares = {p: each + (1 if i < extra else 0) for i, p in enumerate(pids)}
    return {p: a for p, a in shares.items() if a}


async def idle(conn: Conn, older_than: datetime) -> list[int]:
    """Ids of open tables with no action since ``older_than`` (for the idle close)."""
    rows = await fetch_all(
        conn,
        "SELECT id FROM tables WHERE status = 'open' AND last_action_at < ? ORDER BY id",
        (older_than.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z",),
    )
    return [int(r["id"]) for r in rows]
