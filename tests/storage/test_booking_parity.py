"""``storage.book`` writes the same rows on each backend: on PostgreSQL most steps are the
server-side ``parlour_book`` (migration_pg 0011 writes a step in fewer statements than SQLite's
``booking._book``), so the same steps are booked on the backend under test and on a SQLite
file beside it, and every row they wrote is compared, ledger rows in the order they were
written. Likewise steps of many tables booked at once (one batch: on PostgreSQL one
``parlour_book_many``, set-wise since migration_pg 0012 when its steps are independent, step by
step when they are not) against the same steps booked one by one."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import storage
from storage import Booking, Database, DealResult, StaleAction, StorageError, tables
from storage.db import fetch_all

from .conftest import GUILD, checked

PLAYERS = ["1", "2", "3", "4"]

ROWS = {
    "ledger": "SELECT ref, reason, guild_id, user_id, table_id, balance_delta, stack_delta, "
    "pot_delta, kitty_delta, minted FROM ledger ORDER BY id",
    "accounts": "SELECT guild_id, user_id, balance FROM accounts ORDER BY guild_id, user_id",
    "seats": "SELECT table_id, user_id, seat_no, stack, contributed, seated, away FROM seats "
    "ORDER BY table_id, user_id",
    "tables": "SELECT id, status, snapshot, deal_number, deal_open, action_counter, deadline, "
    "pot, kitty, deal_pot0, deal_kitty0, deal_house FROM tables ORDER BY id",
    "stats": "SELECT guild_id, user_id, game, played, won, net, biggest_pot FROM stats "
    "ORDER BY guild_id, user_id, game",
    "results": "SELECT guild_id, table_id, game, deal_number, pot, players, settlement, winners, "
    "hand_names, deck, history FROM results ORDER BY id",
    "private_outbox": "SELECT table_id, user_id, action_counter FROM private_outbox "
    "ORDER BY table_id, user_id",
}


async def rows(db: Database) -> dict[str, list[tuple[object, ...]]]:
    async with db.read() as conn:
        return {name: [tuple(r) for r in await fetch_all(conn, sql)] for name, sql in ROWS.items()}


async def open_table(db: Database) -> int:
    async with db.transaction() as tx:
        table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=5, game="palace")
        for p in PLAYERS:
            await tables.buy_in(tx, table_id, int(p), 500, ref=f"in:{p}")
    return table_id


LEAVES = 7
"""The step before which player 4 leaves: paid out with the next settlement."""


def steps(table_id: int) -> list[Booking]:
    """Bets, kitty and house moves, outbox entries, away sets, settlements with and without
    named winners, a player leaving mid-deal and being paid out: one seeded sequence."""
    rng = random.Random(11)
    stacks = dict.fromkeys(PLAYERS, 500)
    seated = set(PLAYERS)
    deal, pot, kitty, counter = 1, 0, 0, 0
    out: list[Booking] = []
    deadline = datetime(2026, 12, 3, 10, 0, tzinfo=UTC)
    while len(out) < 60:
        if len(out) == LEAVES:
            seated.discard("4")
        counter += 1
        over = pot > 0 and rng.random() < 0.3
        house = 0
        if over:
            winners = rng.sample([p for p in PLAYERS if p in seated], rng.randint(1, 2))
            share = pot // len(winners)
            deltas = dict.fromkeys(winners, share)
            deltas[winners[0]] += pot - share * len(winners)
            new_pot, new_kitty = 0, kitty
        else:
            deltas = {p: -rng.randint(0, min(stacks[p], 15)) for p in PLAYERS if p in seated}
            to_kitty = rng.choice([0, 0, 2])
            house = rng.choice([0, 0, 3])  # the house bank wins chips from the pot
            new_kitty = kitty + to_kitty
            new_pot = pot - sum(deltas.values()) - to_kitty - house
            if new_pot < 0:
                new_pot, house, new_kitty = pot - sum(deltas.values()), 0, kitty
        for p, d in deltas.items():
            stacks[p] += d
        result = None
        if over:
            settlement = {p: deltas.get(p, 0) for p in PLAYERS}
            result = DealResult(
                GUILD, "palace", pot, settlement, PLAYERS,
                winners=winners if rng.random() < 0.5 else None,
                hand_names={winners[0]: "pair"}, deck=["As", "Kd"], history=[{"k": counter}],
            )  # fmt: skip
        out.append(
            Booking(
                table_id,
                ref=f"p:{deal}:{counter}",
                snapshot=f'{{"n": {counter}}}',
                deal_number=deal,
                action_counter=counter,
                stack_deltas=deltas,
                pot=new_pot,
                kitty=new_kitty,
                house_delta=house,
                deadline=deadline + timedelta(seconds=counter) if not over else None,
                deal_over=over,
                result=result,
                pay_out_ref=f"p:{deal}:out" if over else None,
                away=frozenset(rng.sample(PLAYERS, 1)) if rng.random() < 0.3 else None,
                private=frozenset(rng.sample([1, 2, 3, 4], rng.randint(0, 2))),
                delivered=dict.fromkeys(rng.sample([1, 2, 3, 4], rng.randint(0, 2)), counter - 1),
            )
        )
        pot, kitty = new_pot, new_kitty
        if over:
            deal += 1
    return out


async def book_all(db: Database) -> None:
    table_id = await open_table(db)
    for i, booking in enumerate(steps(table_id)):
        if i == LEAVES:
            async with db.transaction() as tx:
                await tables.set_seated(tx, table_id, 4, False)
        booked = await storage.book(db, booking)
        assert booked.applied
        again = await storage.book(db, booking)  # a repeated step books nothing
        assert not again.applied
        assert again.table == booked.table
    with pytest.raises(StaleAction):
        await storage.book(db, replace(steps(table_id)[0], ref="p:stale"))
    await checked(db)


async def test_the_same_steps_write_the_same_rows_on_each_backend(db: Database, tmp_path: Path):
    await book_all(db)
    async with Database.open(tmp_path / "twin.db") as twin:
        await book_all(twin)
        written, expected = await rows(db), await rows(twin)
    assert len(written["ledger"]) > 150
    assert written["results"]
    assert written["stats"]
    for name in ROWS:
        assert written[name] == expected[name], name


BATCH_TABLES = 6
ROUNDS = 14


async def open_tables(db: Database, shared: bool, count: int = BATCH_TABLES) -> list[int]:
    """``count`` tables of two players each: the same two everywhere (``shared``: their
    stats rows meet in a batch) or two of their own."""
    ids = []
    async with db.transaction() as tx:
        for t in range(count):
            table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=10 + t, game="palace")
            for user in (1, 2) if shared else (1 + 2 * t, 2 + 2 * t):
                await tables.buy_in(tx, table_id, user, 100, ref=f"in:{t}:{user}")
            ids.append(table_id)
    return ids


@dataclass
class Dealing:
    """Where one table of :func:`rounds` is."""

    pids: list[str]
    stacks: dict[str, int]
    deal: int = 1
    pot: int = 0
    counter: int = 0
    last: Booking | None = None


REFUSED = {1: "too few chips", 5: "stale", 9: "no seat", 13: "too few chips"}
"""The rounds in which table 2's step is refused, and why."""


def refused(tid: int, at: Dealing, why: str) -> Booking:
    """A step of ``tid`` the database refuses: nothing about the table changes."""
    pids, counter = at.pids, at.counter + 1
    deltas = {
        "too few chips": {pids[0]: -(at.stacks[pids[0]] + 1)},
        "stale": {pids[0]: -1},
        "no seat": {"99": -1},
    }[why]
    return Booking(
        tid, ref=f"b:{tid}:{at.deal}:{counter}:x", snapshot="{}", deal_number=at.deal,
        action_counter=at.counter if why == "stale" else counter, stack_deltas=deltas,
        pot=at.pot - sum(deltas.values()),
    )  # fmt: skip


def rounds(ids: list[int], shared: bool) -> list[list[Booking]]:
    """One step of every table a round, as a busy bot's tables book at once: bets, deals that
    end with their result, outbox entries and away sets; in some rounds a table repeats its
    last step (booked before), and table 2's step is refused (too few chips, a stale
    counter, a player with no seat) while the others go on."""
    rng = random.Random(5)
    state = {}
    for t, tid in enumerate(ids):
        pids = ["1", "2"] if shared else [str(1 + 2 * t), str(2 + 2 * t)]
        state[tid] = Dealing(pids, dict.fromkeys(pids, 100))
    out = []
    for r in range(ROUNDS):
        batch = []
        for t, tid in enumerate(ids):
            at = state[tid]
            if t == 4 and r % 3 == 2 and at.last is not None:
                batch.append(at.last)
                continue
            if t == 2 and r in REFUSED:
                batch.append(refused(tid, at, REFUSED[r]))
                continue
            at.last = step(tid, at, rng, r)
            batch.append(at.last)
        out.append(batch)
    return out


def step(tid: int, at: Dealing, rng: random.Random, r: int) -> Booking:
    """The next step of ``tid``: a bet, or the end of its deal; ``at`` moves on with it."""
    pids, stacks, counter = at.pids, at.stacks, at.counter + 1
    over = at.pot > 0 and rng.random() < 0.35
    result = None
    if over:
        winner = rng.choice(pids)
        deltas = {winner: at.pot}
        pot = 0
        half = at.pot // 2
        result = DealResult(
            GUILD, "palace", at.pot, {p: half if p == winner else -half for p in pids}, pids,
            winners=[winner] if rng.random() < 0.5 else None,
            hand_names={winner: "pair"}, deck=["As"], history=[{"r": r}],
        )  # fmt: skip
    else:
        deltas = {p: -rng.randint(0, min(stacks[p], 9)) for p in pids}
        pot = at.pot - sum(deltas.values())
    booking = Booking(
        tid, ref=f"b:{tid}:{at.deal}:{counter}", snapshot=f'{{"t": {tid}, "n": {counter}}}',
        deal_number=at.deal, action_counter=counter, stack_deltas=deltas, pot=pot,
        deal_over=over, result=result,
        away=frozenset(rng.sample(pids, 1)) if rng.random() < 0.3 else None,
        private=frozenset(rng.sample([1, 2], rng.randint(0, 2))),
        delivered=dict.fromkeys(rng.sample([1, 2], rng.randint(0, 1)), counter - 1),
    )  # fmt: skip
    for p, d in deltas.items():
        stacks[p] += d
    at.counter, at.pot, at.deal = counter, pot, at.deal + over
    return booking


Outcome = tuple[bool, int, int] | tuple[str, str]


async def booked(db: Database, step: Booking) -> Outcome:
    try:
        done = await storage.book(db, step)
    except StorageError as refused:  # the refusal is the outcome compared
        return type(refused).__name__, str(refused)
    return done.applied, done.table.action_counter, done.table.pot


async def book_rounds(
    db: Database, shared: bool, *, at_once: bool, count: int = BATCH_TABLES
) -> list[list[Outcome]]:
    """Every round's steps of ``count`` tables: all at once (one batch, or on PostgreSQL two
    at once when it is big: ``storage.db._halves``) or one after the other."""
    ids = await open_tables(db, shared, count)
    outcomes = []
    for batch in rounds(ids, shared):
        if at_once:
            outcomes.append(list(await asyncio.gather(*(booked(db, s) for s in batch))))
        else:
            outcomes.append([await booked(db, s) for s in batch])
    await checked(db)
    return outcomes


@pytest.mark.parametrize("shared", [False, True], ids=["own-players", "shared-players"])
async def test_steps_of_many_tables_booked_at_once_write_what_one_by_one_writes(
    db: Database, tmp_path: Path, shared: bool
):
    together = await book_rounds(db, shared, at_once=True)
    async with Database.open(tmp_path / "twin.db") as twin:
        alone = await book_rounds(twin, shared, at_once=False)
        written, expected = await rows(db), await rows(twin)
    assert together == alone
    refusals = {o[0] for batch in alone for o in batch if isinstance(o[0], str)}
    assert refusals == {"InsufficientChips", "StaleAction", "SeatNotFound"}
    assert any(o[0] is False for batch in alone for o in batch)  # a repeated step
    assert written["results"]
    assert written["private_outbox"]
    for name in ROWS:
        assert written[name] == expected[name], name
