"""Sit-and-go tournaments as stored: a row beside a table, its entries, places and prizes.

A tournament's chips are the table's: an entrant's buy-in is an ordinary table buy-in (a
computer's is minted by the house, as at a cash table), so the stack everyone starts with is
the buy-in, and the prize pool is what the stacks hold together. When it ends (one player
left, or an admin close) the table closes by the usual rule, each stack going back to its
balance, and :func:`settle` then moves balances, in the same transaction, to what each
person is owed: their prize, or (cancelled) their buy-in back. What a computer player is owed
or owes there is the house's, a mint or a removal like its stack, so the chip audit holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from storage import players
from storage.db import Conn, atomic, fetch_all, fetch_one, scalar
from storage.ledger import Entry, Reason, applied, change_balance, write


@dataclass(frozen=True, slots=True)
class Entrant:
    """One registered player: ``place`` once out (or at the end), ``prize`` when paid."""

    user_id: int
    place: int | None
    prize: int

    @property
    def pid(self) -> str:
        return players.pid(self.user_id)


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament row with its entries (in registration order)."""

    id: int
    table_id: int
    guild_id: int
    game: str
    seats: int
    buy_in: int
    speed: str
    payouts: str
    state: str
    level: int
    level_started_at: float | None
    level_deal: int
    prize_pool: int
    entrants: tuple[Entrant, ...]

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class Standing:
    """One person's line on the tournament board of a server."""

    user_id: int
    played: int
    won: int
    prizes: int
    net: int


@dataclass(frozen=True, slots=True)
class Record:
    """One person's finished tournaments in a server, for their ``/stats``."""

    played: int
    won: int
    """Finished in first place."""
    in_the_money: int
    """Finished with a prize."""
    prizes: int
    best_place: int


async def create(
    conn: Conn,
    *,
    table_id: int,
    guild_id: int,
    game: str,
    seats: int,
    buy_in: int,
    speed: str,
    payouts: str,
) -> int:
    new_id = await scalar(
        conn,
        "INSERT INTO tournaments (table_id, guild_id, game, seats, buy_in, speed, payouts) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (table_id, guild_id, game, seats, buy_in, speed, payouts),
    )
    return int(new_id)


def _tournament(row: Any, entrants: list[Any]) -> Tournament:
    return Tournament(
        id=int(row["id"]),
        table_id=int(row["table_id"]),
        guild_id=int(row["guild_id"]),
        game=str(row["game"]),
        seats=int(row["seats"]),
        buy_in=int(row["buy_in"]),
        speed=str(row["speed"]),
        payouts=str(row["payouts"]),
        state=str(row["state"]),
        level=int(row["level"]),
        level_started_at=None
        if row["level_started_at"] is None
        else float(row["level_started_at"]),
        level_deal=int(row["level_deal"]),
        prize_pool=int(row["prize_pool"]),
        entrants=tuple(
            Entrant(
                int(e["user_id"]), None if e["place"] is None else int(e["place"]), int(e["prize"])
            )
            for e in entrants
        ),
    )


async def _load(conn: Conn, where: str, value: int) -> Tournament | None:
    row = await fetch_one(conn, f"SELECT * FROM tournaments WHERE {where} = ?", (value,))  # noqa: S608
    if row is None:
        return None
    entrants = await fetch_all(
        conn,
        "SELECT e.user_id, e.place, e.prize FROM tournament_entries e "
        "JOIN seats s ON s.table_id = ? AND s.user_id = e.user_id "
        "WHERE e.tournament_id = ? ORDER BY s.seat_no",
        (int(row["table_id"]), int(row["id"])),
    )
    return _tournament(row, entrants)


async def get(conn: Conn, tournament_id: int) -> Tournament | None:
    return await _load(conn, "id", tournament_id)


async def of_table(conn: Conn, table_id: int) -> Tournament | None:
    return await _load(conn, "table_id", table_id)


async def unfinished(conn: Conn) -> list[Tournament]:
    """Every tournament still registering or running (what a start resumes)."""
    ids = await fetch_all(
        conn, "SELECT id FROM tournaments WHERE state IN ('registering', 'running') ORDER BY id"
    )
    found = [await get(conn, int(r["id"])) for r in ids]
    return [t for t in found if t is not None]


async def enter(conn: Conn, tournament_id: int, user_id: int, buy_in: int) -> None:
    """Register ``user_id`` (their buy-in is the table's, booked by the caller in the same
    transaction): the pool grows by the buy-in."""
    async with atomic(conn):
        await conn.execute(
            "INSERT INTO tournament_entries (tournament_id, user_id) VALUES (?, ?)",
            (tournament_id, user_id),
        )
        await conn.execute(
            "UPDATE tournaments SET prize_pool = prize_pool + ? WHERE id = ?",
            (buy_in, tournament_id),
        )


async def set_level(conn: Conn, tournament_id: int, level: int, at: float, deal: int) -> None:
    """The tournament is at ``level`` since ``at`` (unix seconds) and deal ``deal``; the first
    call starts it."""
    await conn.execute(
        "UPDATE tournaments SET state = 'running', level = ?, level_started_at = ?, "
        "level_deal = ? WHERE id = ?",
        (level, at, deal, tournament_id),
    )


async def place(conn: Conn, tournament_id: int, user_id: int, place: int) -> None:
    await conn.execute(
        "UPDATE tournament_entries SET place = ? WHERE tournament_id = ? AND user_id = ? "
        "AND place IS NULL",
        (place, tournament_id, user_id),
    )


async def settle(
    conn: Conn,
    t: Tournament,
    paid: Mapping[str, int],
    owed: Mapping[int, int],
    *,
    ref: str,
    state: str,
) -> None:
    """After the table's close paid every stack back (``paid``: engine player id -> chips),
    move each person's balance to what they are owed (``owed``: user id -> chips; a prize, or
    a buy-in back) and record it. What the people get beyond what the stacks paid them (or
    less) is the house's, as a computer player's stack is: one mint (or removal) row."""
    async with atomic(conn):
        if await applied(conn, ref):
            return
        entries: list[Entry] = []
        total = 0
        for e in t.entrants:
            target = owed.get(e.user_id, 0)
            if players.is_computer(e.user_id):
                continue
            delta = target - paid.get(e.pid, 0)
            if delta:
                await change_balance(conn, t.guild_id, e.user_id, delta)
                entries.append(
                    Entry(
                        f"{ref}:{e.user_id}",
                        Reason.REFUND if state == "cancelled" else Reason.SETTLEMENT,
                        t.guild_id,
                        e.user_id,
                        t.table_id,
                        balance_delta=delta,
                    )
                )
                total += delta
        entries.insert(
            0, Entry(ref, Reason.TABLE_CLOSE, t.guild_id, None, t.table_id, minted=total)
        )
        await write(conn, entries)
        for user, prize in owed.items():
            if state == "finished":
                await conn.execute(
                    "UPDATE tournament_entries SET prize = ? WHERE tournament_id = ? "
                    "AND user_id = ?",
                    (prize, t.id, user),
                )
        await conn.execute("UPDATE tournaments SET state = ? WHERE id = ?", (state, t.id))


async def paid_at_close(conn: Conn, table_id: int) -> dict[str, int] | None:
    """What the close of a table paid back to each person's balance (engine player id ->
    chips), or ``None`` while the table is open (another process may be serving it)."""
    state = await scalar(conn, "SELECT status FROM tables WHERE id = ?", (table_id,))
    if state != "closed":
        return None
    rows = await fetch_all(
        conn,
        "SELECT user_id, SUM(balance_delta) AS paid FROM ledger WHERE table_id = ? "
        "AND reason = 'cash_out' AND ref LIKE ? GROUP BY user_id",
        (table_id, f"table:{table_id}:close:cash_out:%"),
    )
    return {players.pid(int(r["user_id"])): int(r["paid"]) for r in rows}


async def board(conn: Conn, guild_id: int, limit: int = 10) -> list[Standing]:
    """The server's tournament board: people only, finished tournaments, by prizes won net of
    buy-ins, then wins."""
    rows = await fetch_all(
        conn,
        "SELECT e.user_id, COUNT(*) AS played, "
        "SUM(CASE WHEN e.place = 1 THEN 1 ELSE 0 END) AS won, "
        "SUM(e.prize) AS prizes, SUM(e.prize - t.buy_in) AS net "
        "FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id "
        "WHERE t.guild_id = ? AND t.state = 'finished' AND e.user_id > 0 "
        "GROUP BY e.user_id ORDER BY net DESC, won DESC, e.user_id LIMIT ?",
        (guild_id, limit),
    )
    return [
        Standing(
            int(r["user_id"]), int(r["played"]), int(r["won"]), int(r["prizes"]), int(r["net"])
        )
        for r in rows
    ]


_RECORD = (
    "SELECT COUNT(*) AS played, "
    "COALESCE(SUM(CASE WHEN e.place = 1 THEN 1 ELSE 0 END), 0) AS won, "
    "COALESCE(SUM(CASE WHEN e.prize > 0 THEN 1 ELSE 0 END), 0) AS paid, "
    "COALESCE(SUM(e.prize), 0) AS prizes, MIN(e.place) AS best "
    "FROM tournaments t JOIN tournament_entries e ON e.tournament_id = t.id AND e.user_id = ? "
    "WHERE t.guild_id = ? AND t.state = 'finished'"
)
"""One person's finished tournaments in a server: the server's tournaments by its index, each
entry by its key."""


async def record(conn: Conn, guild_id: int, user_id: int, game: str | None = None) -> Record | None:
    """A person's record over the server's finished tournaments (of one game, or of all);
    ``None`` when they finished none. A cancelled tournament has no places, so it is no
    result; a computer player is nobody's record."""
    if players.is_computer(user_id):
        return None
    sql = _RECORD if game is None else _RECORD + " AND t.game = ?"
    params = (user_id, guild_id) if game is None else (user_id, guild_id, game)
    row = await fetch_one(conn, sql, params)
    if row is None or not row["played"]:
        return None
    return Record(
        played=int(row["played"]),
        won=int(row["won"]),
        in_the_money=int(row["paid"]),
        prizes=int(row["prizes"]),
        best_place=int(row["best"]),
    )
