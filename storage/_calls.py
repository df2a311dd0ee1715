"""PostgreSQL's group-committed server-side calls (``Database._call_batched``): one batch
as one statement, or item by item when it fails; and a big batch split in two for the
database's two connections, the halves locking no row in common (``Call.rows``), so they can
run at once without waiting for (or deadlocking with) each other."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from storage._pg import PgConn

_log = logging.getLogger(__name__)


@dataclass(eq=False, slots=True)
class Call:
    """An item waiting for its batch of server-side calls, and where its outcome goes."""

    many: str
    one: str
    item: str
    text: str
    """Sent beside ``item`` (``$2``), not in its JSON."""
    future: asyncio.Future[Any]
    rows: frozenset[str] | None = None
    """The rows it writes that another item may also write (``None``: not known)."""


SPLIT_FROM = 4
"""The fewest items each half of a split batch holds: ``parlour_book_many`` books a batch of
fewer step by step (migration_pg 0012's ``set_wise_from``), at about twice the server's CPU a
step, so splitting a smaller batch would cost more than the second core gives."""


def halves(batch: list[Call], side: PgConn | None) -> tuple[list[Call], list[Call]]:
    """``batch`` as the first connection's half and the second's (empty: not split), each in
    the batch's order. Items that may write one row (``Call.rows``: two steps of a table; a
    player's stats rows at two tables) stay in one half, in order, so the halves lock no row
    in common; an item whose rows are not known stays in the first with every item it
    meets."""
    if side is None or side.raw.is_closed() or len(batch) < 2 * SPLIT_FROM:
        return batch, []
    root = list(range(len(batch)))

    def find(i: int) -> int:
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    first_with: dict[str, int] = {}
    pinned: set[int] = set()
    for i, call in enumerate(batch):
        if call.rows is None:
            pinned.add(i)
            continue
        for row in call.rows:
            j = first_with.setdefault(row, i)
            root[find(i)] = find(j)
    pinned = {find(i) for i in pinned}
    groups: dict[int, list[int]] = {}
    for i in range(len(batch)):
        groups.setdefault(find(i), []).append(i)
    moved: set[int] = set()
    for r, members in groups.items():
        if r not in pinned and len(moved) + len(members) <= len(batch) // 2:
            moved.update(members)
    if len(moved) < SPLIT_FROM or len(batch) - len(moved) < SPLIT_FROM:
        return batch, []
    return (
        [c for i, c in enumerate(batch) if i not in moved],
        [c for i, c in enumerate(batch) if i in moved],
    )


async def both(*halves: Coroutine[Any, Any, None]) -> None:
    """Run both halves at once; an error of one is raised only once the other has ended, so
    neither connection is still busy when the lock is let go."""
    for outcome in await asyncio.gather(*halves, return_exceptions=True):
        if isinstance(outcome, BaseException):
            raise outcome


async def run(conn: PgConn, batch: Sequence[Call]) -> None:
    """Run ``batch`` in one statement, or item by item when that statement fails. A lone item
    (every booking of a quiet moment) goes straight to ``one``: the server skips unpacking a
    batch of one and packing its one outcome."""
    if len(batch) == 1:
        await run_one(conn, batch[0])
        return
    try:
        outcomes = await conn.raw.fetchval(
            batch[0].many, "[" + ",".join(c.item for c in batch) + "]", [c.text for c in batch]
        )
    except Exception as error:
        # a bug, a lost connection or a deadlock: worth knowing, as it costs a round trip a step
        _log.warning("a batch of %d calls failed (%r): each on its own", len(batch), error)
        for call in batch:  # one item raised: each on its own, so it fails only its caller
            await run_one(conn, call)
        return
    for call, outcome in zip(batch, json.loads(outcomes), strict=True):
        answer(call, outcome)


async def run_one(conn: PgConn, call: Call) -> None:
    """``call`` on its own, in its own transaction: its outcome, or its error, to its caller."""
    try:
        outcome = await conn.raw.fetchval(call.one, call.item, call.text)
    except Exception as error:
        answer(call, error=error)
    else:
        answer(call, json.loads(outcome))


def answer(call: Call, outcome: Any = None, error: BaseException | None = None) -> None:
    if call.future.done():  # its caller was cancelled, or it was answered
        return
    if isinstance(error, asyncio.CancelledError):
        call.future.cancel()
    elif error is not None:
        call.future.set_exception(error)
    else:
        call.future.set_result(outcome)
