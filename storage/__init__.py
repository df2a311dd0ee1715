"""Parlour's storage: the chip ledger and everything persisted, on one aiosqlite connection
(a SQLite file) or one asyncpg connection (``Database.open("postgresql://...")``).

Read this first (table-service engineer). No Discord and no ``bot`` here (a test enforces it).
Ids: guild, user and channel ids are Discord snowflakes (``int``); engine player ids are the
user id as a string (``accounts.pid(user_id)`` / ``accounts.user_id(pid)``). A computer player
is a negative user id at its table, ``cpu:N`` as an engine player id (``storage.players``): it
has no account; ``tables.seat_computer`` mints its stack and ``cash_out`` / ``close`` remove it
(``house_result`` rows, like a house bank's), and ``stats`` never records it.

Opening and transactions (``storage.db``)::

    async with Database.open("parlour.db") as db:  # or: db = await Database.open(p)
        async with db.transaction() as tx:        # BEGIN IMMEDIATE ... COMMIT / ROLLBACK
            await accounts.grant(tx, guild, user, 50, ref="admin:42")
        async with db.read() as conn:             # committed reads only
            board = await stats.leaderboard(conn, guild, Board.BALANCE, asker=user)

Open applies the numbered ``storage/migrations/NNNN_*.sql`` in one transaction
(``PRAGMA user_version``) with WAL, foreign keys, busy_timeout and synchronous=NORMAL. Every
function below takes the connection yielded by ``db.transaction()`` (writes; calls in one
block commit together, an exception out of the block rolls all back) or ``db.read()`` (reads;
both hold the one ``asyncio.Lock``, so never nest them). Each write is atomic on its own,
raises a typed ``storage.errors`` error with nothing written (``InsufficientChips``,
``ChipsNotConserved``, ``ChannelBusy``, ``TableNotFound``, ``SeatNotFound``, ``StaleAction``),
and is idempotent by its ``ref``: a repeated ref returns ``False`` / ``0`` / ``None``.

- ``accounts``: ``ensure`` (first use creates the account with the guild's starting balance,
  booked as a ``starting_grant`` row), ``balance`` (creates), ``peek_balance`` (does not),
  ``grant`` (admin grant: a mint), ``remove`` (admin removal), ``on_tables``, ``pid``,
  ``user_id``.
- ``ledger``: ``Reason`` (starting_grant, daily, refill, admin_grant, admin_removal, buy_in,
  cash_out, action, settlement, house_result, refund, table_close), ``Entry``, ``history``.
- ``tables``: ``open_table`` (one open table per channel, by a partial unique index:
  ``ChannelBusy``), ``get``, ``in_channel``, ``count_open`` (a guild's open tables, and a
  host's), ``load_open`` (every open table with its seats,
  snapshot, deal number, action counter and deadline: resume these at start), ``buy_in``
  (balance -> stack; seats the player), ``cash_out`` (stack -> balance, between deals;
  ``leave=True`` unseats), ``set_seated``, ``set_message``, ``idle``,
  ``save_action`` and ``close`` (below); values ``Table``, ``Seat``, ``Closed``.
- ``booking``: ``book(db, Booking)`` -> ``Booked`` (``table``, ``applied``): one table step
  in one transaction (below); ``DealResult`` is the finished deal it records.
- ``outbox``: the private outbox: ``Booking.private`` records the players whose cards a step
  changed, in its transaction; ``delivered(db, table_id, users, counter)`` clears them once
  told, ``pending(conn)`` is what open tables still owe (a restart delivers it).
- ``achievements``: ``Booking.achieving`` (an ``Achieving``: achievements by user and code,
  and the ``Streak`` s a step moves) grants them in the step's transaction, once per
  (guild, user, code), only for a new step; ``Booked.earned`` is what was new;
  ``earned(conn, guild, user)``, ``streaks(conn, guild, user)``.
- ``seasons``: ``start`` (``/admin settings season_days:``), ``current``, ``listing``,
  ``board`` (one season's NET or WINS board), ``ended`` (seasons over and not told, with
  their podiums stored once), ``mark_posted``, ``guilds``; ``DealResult.at`` counts a deal
  for the season it ended in, in its booking (``season_stats``).
- ``claims``: ``claim_daily``, ``claim_refill`` -> ``Claim`` (``outcome``, ``amount``,
  ``balance``, ``next_at``); amounts and cooldowns from the guild; racing claims grant once.
- ``stats``: ``record_result`` (one row per finished deal; per-game and all-games stats; once
  per table+deal), ``get_stats``, ``result``, ``leaderboard(conn, guild, Board.BALANCE | NET |
  WINS, game=None, limit=10, asker=None)`` -> top N + the asker's rank (ties share a rank).
- ``histories``: ``deals_of`` (a player's finished deals, newest first, paged) and
  ``deal_record`` (one deal's whole record; the caller filters what a reader may see).
- ``settings``: ``GuildSettings`` (stakes, bet limit, buy-in limits, turn timer, idle close,
  starting balance, daily amount + cooldown, refill amount + cooldown, 0 = off), ``get``,
  ``update``; ``language`` is the server's (its public messages), any catalog code.
- ``preferences``: ``get_language``, ``set_language`` (a person's ``/language``, per user).
- ``audit``: ``audit(conn)`` / ``audit_file(path)`` -> ``Audit`` (balances + stacks + pots +
  kitties == minted - removed, one query, plus each account / seat / table reconciled with
  its ledger rows, and the amounts above the ceiling ``games.limits.MAX_CHIPS`` that
  migration 0006 found; sums never overflow), ``backup(db, dest)`` / ``backup_file``. CLI:
  ``python -m storage audit DB`` (one JSON line, exit 1 on a mismatch),
  ``python -m storage backup DB DEST``. Every balance, stack, pot and kitty is at most
  ``MAX_CHIPS`` (SQLite: migration 0006's triggers; PostgreSQL: 0003's CHECKs).

Booking a table step (after ``engine.act`` accepted it; ``before`` = stacks, pot and kitty
before the step): the snapshot, the chips, and when the deal is over its result and the
cash-out of the players who left, in one transaction::

    booked = await storage.book(db, Booking(
        table_id=table.id, ref=f"table:{table.id}:deal:{n}:action:{k}",
        snapshot=game.snapshot(), deal_number=game.deal_number, action_counter=k,
        stack_deltas={p: game.stacks[p] - before[p] for p in before if p != HOUSE},
        pot=game.pot, kitty=kitty, house_delta=house_gain_in_this_action,
        deadline=next_deadline, deal_over=game.is_over,
        result=DealResult(guild_id=..., game="pontoon", pot=..., settlement=...,
                          players=...) if game.is_over else None,
        pay_out_ref=f"table:{table.id}:deal:{n}:out" if game.is_over else None))

Every name above is an async operation on plain values, one implementation for both backends.
How SQLite runs them fast is private to this package (``storage._thread``: the synchronous
``_*_sync`` forms run in one hop on aiosqlite's thread, and ``book``'s steps that arrive while
the database is busy share one group commit, each in its own savepoint). PostgreSQL
(``storage._pg``) runs the same SQL, its ``?`` placeholders made ``$n``, the same synchronous
forms on a worker thread whose statements the loop's asyncpg connection sends; except ``book``,
which there is one server-side call (``storage._pg_book``: ``parlour_book``, the same step
statement for statement), the calls that queue meanwhile sent as one statement (one round trip,
one transaction; since migration_pg 0012 a batch of independent steps is written one statement
per kind for the whole batch). Its schema is ``storage/migrations_pg`` (numbered on its own).

Fenced bookings (``storage.fence``): a process that holds shard leases (``storage.leases``) sets
``db.fence = Fence(holder, shard_count, {shard: epoch})``; from then on every ``book`` checks,
in its own transaction, that the lease of its table's shard is still that holder's at that
epoch, and otherwise raises ``LeaseLost`` with nothing written (``fence.refused`` hears it
first). A lease's epoch grows each time its shard changes hands or is released.

``save_action`` refuses chip changes that do not conserve (stacks + pot + kitty + house),
a counter not above the stored one, and a stack going below zero. Contributions to the deal
are derived from the stack deltas (a new ``deal_number`` restarts them; ``deal_over`` clears
them), so ``close(tx, table_id, ref=..., reason="admin" | "idle" | "unloadable",
remainder_to=banker_pid)`` can apply the refund rule: void the unfinished deal (contributions
back, pot and kitty to their values at the deal's start, the house's gain in it reversed), give
what is left in pot and kitty to ``remainder_to`` (else split in seat order), pay every stack
to its balance. The house bank is never a seat: its gains are removals, its losses mints.
"""

from storage import (
    accounts,
    achievements,
    audit,
    booking,
    claims,
    ledger,
    outbox,
    preferences,
    seasons,
    settings,
    stats,
    tables,
)
from storage.booking import book
from storage.booking_values import Booked, Booking, DealResult
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
    "Booked",
    "Booking",
    "ChannelBusy",
    "ChipsNotConserved",
    "Conn",
    "Database",
    "DealResult",
    "GuildSettings",
    "InsufficientChips",
    "Reason",
    "SeatNotFound",
    "StaleAction",
    "StorageError",
    "TableNotFound",
    "accounts",
    "achievements",
    "audit",
    "book",
    "booking",
    "claims",
    "ledger",
    "outbox",
    "preferences",
    "seasons",
    "settings",
    "stats",
    "tables",
]
