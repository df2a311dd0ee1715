"""Parlour's storage: the chip ledger and everything persisted, on one aiosqlite connection.

No Discord and no ``bot`` here (a test enforces it). Ids: guild, user and channel ids are
Discord snowflakes (``int``); engine player ids are the user id as a string
(``accounts.pid(user_id)`` / ``accounts.user_id(pid)``).

Opening and transactions (``storage.db``)::

    async with Database.open("parlour.db") as db:        # or: db = await Database.open(p)
        async with db.transaction() as tx:               # BEGIN IMMEDIATE ... COMMIT/ROLLBACK
            await accounts.grant(tx, guild, user, 50, ref="admin:42")
        async with db.read() as conn:                    # committed reads only
            board = await stats.leaderboard(conn, guild, Board.BALANCE, asker=user)

Every function below takes the connection yielded by ``db.transaction()`` (writes; several
calls in one block commit together) or ``db.read()`` (reads that create nothing). Each write
operation is atomic on its own (a savepoint), raises a typed error from ``storage.errors``
(``InsufficientChips``, ``ChipsNotConserved``, ``ChannelBusy``, ``TableNotFound``,
``SeatNotFound``, ``StaleAction``) with nothing changed, and is idempotent by its ``ref``:
a repeated ref returns ``False`` / ``0`` / ``None`` and applies nothing.

- ``accounts``: ``ensure`` (created on first use with the guild's starting balance, booked as
  a ``starting_grant``), ``balance`` (creates), ``peek_balance`` (does not), ``grant`` (mint:
  admin grant), ``remove`` (admin removal), ``on_tables`` (chips on open tables), ``pid``,
  ``user_id``.
- ``ledger``: ``Reason`` (starting_grant, daily, refill, admin_grant, admin_removal, buy_in,
  cash_out, action, settlement, house_result, refund, table_close), ``Entry``, ``history``.
- ``tables``: ``open_table`` (one open table per channel: ``ChannelBusy``), ``get``,
  ``in_channel``, ``load_open`` (every open table with seats, snapshot, deadline, counter),
  ``buy_in`` (balance -> stack), ``cash_out`` (stack -> balance, between deals), ``save_action``
  (THE booking of an engine action: snapshot + counter + deadline + stack deltas + new pot /
  kitty + house gain, one step; contributions derived), ``close`` (refund rule), ``idle``,
  ``set_message``, ``set_deadline``, ``set_seated``; ``Table``, ``Seat``, ``Closed``.
- ``claims``: ``claim_daily``, ``claim_refill`` -> ``Claim`` (granted once per cooldown, even
  when two claims race).
- ``stats``: ``record_result`` (one row per finished deal + per-game and all-games stats),
  ``get_stats``, ``leaderboard`` (``Board.BALANCE`` / ``NET`` / ``WINS``, optional game, top
  N plus the asker's rank; ties share a rank).
- ``settings``: ``GuildSettings`` (stakes, timers, starting balance, daily, refill, idle close,
  limits), ``get``, ``update``.
- ``audit``: ``audit`` -> ``Audit`` (balances + stacks + pots + kitties == minted - removed, in
  one query, plus a per-account / per-seat / per-table reconciliation against the ledger),
  ``backup`` (SQLite online backup). CLI: ``python -m storage audit DB`` (one JSON line; exit 1
  on a mismatch) and ``python -m storage backup DB DEST``.

Booking a table action (the service, after ``engine.act`` accepted it)::

    async with db.transaction() as tx:
        await tables.save_action(
            tx, table.id, ref=f"table:{table.id}:deal:{n}:action:{k}", snapshot=game.snapshot(),
            deal_number=n, action_counter=k, deadline=deadline,
            stack_deltas={p: game.stacks[p] - before[p] for p in before},
            pot=game.pot, kitty=kitty, house_delta=house_gain,
            deal_over=game.is_over, reason=Reason.SETTLEMENT if game.is_over else Reason.ACTION)
        if game.is_over:
            await stats.record_result(tx, ...)
"""

from storage import accounts, audit, claims, ledger, settings, stats, tables
from storage.db import Conn, Database
from storage.errors import (
    ChannelBusy,
    ChipsNotConserved,
    InsufficientChips,
    SeatNotFound,
    StaleAction,
    StorageError,
    TableNotFound,
)
from storage.ledger import Reason
from storage.settings import GuildSettings
from storage.stats import Board

__all__ = [
    "Board",
    "ChannelBusy",
    "ChipsNotConserved",
    "Conn",
    "Database",
    "GuildSettings",
    "InsufficientChips",
    "Reason",
    "SeatNotFound",
    "StaleAction",
    "StorageError",
    "TableNotFound",
    "accounts",
    "audit",
    "claims",
    "ledger",
    "settings",
    "stats",
    "tables",
]
