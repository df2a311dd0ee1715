"""Results of finished deals, per-player stats and the guild leaderboards.

Stats are kept per (guild, user, game) and, under game ``"*"``, over all games, so every
leaderboard is one range read of an index in its order (no GROUP BY at read time). Ranks are
competition ranks: equal values share a rank ("1, 2, 2, 4"); ties list by user id.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from storage._thread import Tx, in_one_hop
from storage.db import Conn, fetch_all, fetch_one, scalar
from storage.players import is_computer_pid, user_id

ALL_GAMES = "*"

# Not seats: the engines' house bank and kitty keys in a settlement.
_NOT_PLAYERS = frozenset({"house", "kitty"})


class Board(StrEnum):
    """What a leaderboard ranks by."""

    BALANCE = "balance"
    NET = "net"
    WINS = "wins"
    RATE = "rate"
    """Deals won per 100 played (whole percent), only over players with a minimum of deals."""


@dataclass(frozen=True, slots=True)
class Ranked:
    """One line of a leaderboard."""

    rank: int
    user_id: int
    value: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """The top N, and the asker's own line (``None`` when they have none on this board)."""

    board: Board
    game: str | None
    top: list[Ranked]
    asker: Ranked | None
    min_deals: int = 0
    """A rate board's entry rule: finished deals a player needs to be listed (0: no rule)."""
    asker_played: int = 0
    """On a rate board: the deals the asker has finished (they are listed from ``min_deals``)."""
    season: int | None = None
    """The season the board counts (``storage.seasons``); ``None``: all time."""


@dataclass(frozen=True, slots=True)
class Stats:
    """A player's record in one game (or ``"*"``: all games)."""

    game: str
    played: int
    won: int
    net: int
    biggest_pot: int


def _record_result_sync(
    tx: Tx,
    *,
    guild_id: int,
    table_id: int,
    game: str,
    deal_number: int,
    pot: int,
    settlement: Mapping[str, int],
    players: Sequence[str],
    winners: Sequence[str] | None = None,
    hand_names: Mapping[str, str] | None = None,
    deck: Sequence[str] = (),
    history: Any = (),
    counted: bool = True,
) -> bool:
    """Record a finished deal and update the players' stats (unless not ``counted``: a
    tournament's deal); ``False`` (and nothing written) when this table's deal was already
    recorded. ``winners`` defaults to the players whose
    settlement was positive; a deal counts as won for exactly those; ``pot`` is what a winner's
    "biggest pot won" compares. Synchronous, for ``storage.book`` (the booking that
    ends a deal); :func:`record_result` is its async form."""
    won_by, won_rows, other_rows = _stat_rows(guild_id, game, pot, settlement, players, winners)
    inserted = tx.changes(
        "INSERT INTO results (guild_id, table_id, game, deal_number, pot, players, settlement, "
        "winners, hand_names, deck, history) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (table_id, deal_number) DO NOTHING",
        (
            guild_id,
            table_id,
            game,
            deal_number,
            pot,
            json.dumps(list(players)),
            json.dumps(dict(settlement)),
            json.dumps(won_by),
            json.dumps(dict(hand_names or {})),
            json.dumps(list(deck)),
            json.dumps(history),
        ),
    )
    if not inserted:
        return False
    if not counted:
        return True
    if won_rows:
        tx.write_many(_WON, won_rows)
    if other_rows:
        tx.write_many(_PLAYED, other_rows)
    return True


StatRow = tuple[Any, ...]


def _stat_rows(
    guild_id: int,
    game: str,
    pot: int,
    settlement: Mapping[str, int],
    players: Sequence[str],
    winners: Sequence[str] | None,
) -> tuple[list[str], list[StatRow], list[StatRow]]:
    """Who won a finished deal, and the parameters of :data:`_WON` and :data:`_PLAYED` (each
    player's row of the game and of all games): computed once for both backends (PostgreSQL's
    ``parlour_book`` writes the same rows)."""
    if game == ALL_GAMES:
        raise ValueError("'*' is reserved for the all-games totals")
    # computer players are no one's record: they never appear in stats or on leaderboards
    seated = [p for p in players if p not in _NOT_PLAYERS and not is_computer_pid(p)]
    won_by = [p for p in seated if settlement.get(p, 0) > 0] if winners is None else list(winners)
    won_rows: list[StatRow] = []
    other_rows: list[StatRow] = []
    for p in seated:
        for g in (game, ALL_GAMES):
            if p in won_by:
                won_rows.append((guild_id, user_id(p), g, settlement.get(p, 0), pot))
            else:
                other_rows.append((guild_id, user_id(p), g, settlement.get(p, 0)))
    return won_by, won_rows, other_rows


# Two statements, not one with ``won = won + ?``: SQLite rewrites an index entry whenever its
# column is SET, changed or not, so the players who did not win leave ``stats_by_won`` alone,
# which is most of the index pages a settlement would otherwise write.
_WON = (
    "INSERT INTO stats (guild_id, user_id, game, played, won, net, biggest_pot) "
    "VALUES (?, ?, ?, 1, 1, ?, ?) ON CONFLICT (guild_id, user_id, game) DO UPDATE SET "
    "played = stats.played + 1, won = stats.won + 1, net = stats.net + excluded.net, "
    "biggest_pot = CASE WHEN excluded.biggest_pot > stats.biggest_pot "
    "THEN excluded.biggest_pot ELSE stats.biggest_pot END"
)
_PLAYED = (
    "INSERT INTO stats (guild_id, user_id, game, played, net) "
    "VALUES (?, ?, ?, 1, ?) ON CONFLICT (guild_id, user_id, game) DO UPDATE SET "
    "played = stats.played + 1, net = stats.net + excluded.net"
)


record_result = in_one_hop(_record_result_sync)
"""The async form of :func:`_record_result_sync`, inside ``db.transaction()``: one hop."""


async def get_stats(conn: Conn, guild_id: int, user_id: int) -> dict[str, Stats]:
    """The user's stats by game, with ``"*"`` for all games (empty when they never played)."""
    rows = await fetch_all(
        conn,
        "SELECT game, played, won, net, biggest_pot FROM stats WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    )
    return {
        r["game"]: Stats(r["game"], r["played"], r["won"], r["net"], r["biggest_pot"]) for r in rows
    }


async def result(conn: Conn, table_id: int, deal_number: int) -> dict[str, Any] | None:
    """One recorded deal with its JSON columns decoded."""
    row = await fetch_one(
        conn,
        "SELECT * FROM results WHERE table_id = ? AND deal_number = ?",
        (table_id, deal_number),
    )
    if row is None:
        return None
    out = dict(row)
    for key in ("players", "settlement", "winners", "hand_names", "deck", "history"):
        out[key] = json.loads(out[key])
    return out


# Constant SQL per board (no SQL built from values): the top N, the asker's value, and how
# many are strictly ahead of a value. Each reads an index in its order.
_TOP = {
    Board.BALANCE: "SELECT user_id, balance AS v FROM accounts WHERE guild_id = ? "
    "ORDER BY balance DESC, user_id LIMIT ?",
    Board.NET: "SELECT user_id, net AS v FROM stats WHERE guild_id = ? AND game = ? "
    "ORDER BY net DESC, user_id LIMIT ?",
    Board.WINS: "SELECT user_id, won AS v FROM stats WHERE guild_id = ? AND game = ? "
    "ORDER BY won DESC, user_id LIMIT ?",
    Board.RATE: "SELECT user_id, (won * 100) / played AS v FROM stats "
    "WHERE guild_id = ? AND game = ? AND played >= ? ORDER BY v DESC, user_id LIMIT ?",
}
_MINE = {
    Board.BALANCE: "SELECT balance FROM accounts WHERE guild_id = ? AND user_id = ?",
    Board.NET: "SELECT net FROM stats WHERE guild_id = ? AND game = ? AND user_id = ?",
    Board.WINS: "SELECT won FROM stats WHERE guild_id = ? AND game = ? AND user_id = ?",
}
_MY_RATE = (
    "SELECT played, (won * 100) / played AS v FROM stats "
    "WHERE guild_id = ? AND game = ? AND user_id = ? AND played > 0"
)
_AHEAD = {
    Board.BALANCE: "SELECT COUNT(*) FROM accounts WHERE guild_id = ? AND balance > ?",
    Board.NET: "SELECT COUNT(*) FROM stats WHERE guild_id = ? AND game = ? AND net > ?",
    Board.WINS: "SELECT COUNT(*) FROM stats WHERE guild_id = ? AND game = ? AND won > ?",
    Board.RATE: "SELECT COUNT(*) FROM stats WHERE guild_id = ? AND game = ? AND played >= ? "
    "AND (won * 100) / played > ?",
}


async def leaderboard(
    conn: Conn,
    guild_id: int,
    board: Board,
    *,
    game: str | None = None,
    limit: int = 10,
    asker: int | None = None,
    min_deals: int = 1,
) -> Leaderboard:
    """The guild's top ``limit`` by ``board`` (for one ``game``, or all games), plus the
    asker's own rank. Balances are not per game: ``game`` must be ``None`` for them. A rate
    board lists only players with at least ``min_deals`` finished deals (the asker below it
    is told how many more they need)."""
    if board is Board.BALANCE and game is not None:
        raise ValueError("balances are shared by every game")
    scope: tuple[Any, ...] = (guild_id,) if board is Board.BALANCE else (guild_id, game or "*")
    if board is Board.BALANCE:
        return await _chips_board(conn, guild_id, limit, asker)
    if board is Board.RATE:
        return await _rate_board(conn, (*scope, max(min_deals, 1)), game, limit, asker)
    rows = await fetch_all(conn, _TOP[board], (*scope, limit))
    values = [(int(r["user_id"]), int(r["v"])) for r in rows]
    mine: Ranked | None = None
    if asker is not None:
        value = await scalar(conn, _MINE[board], (*scope, asker))
        if value is not None:
            ahead = await scalar(conn, _AHEAD[board], (*scope, value))
            mine = Ranked(int(ahead) + 1, asker, int(value))
    return Leaderboard(board, game, _ranked(values), mine)


async def _rate_board(
    conn: Conn, scope: tuple[Any, ...], game: str | None, limit: int, asker: int | None
) -> Leaderboard:
    """``by:rate``: whole percent of deals won, over players with ``scope``'s last item of
    deals or more. A scan of the guild's rows for the game, not an index read: a rate is
    no column, and the rows of one guild and game are few."""
    rows = await fetch_all(conn, _TOP[Board.RATE], (*scope, limit))
    values = [(int(r["user_id"]), int(r["v"])) for r in rows]
    mine: Ranked | None = None
    played = 0
    if asker is not None:
        row = await fetch_one(conn, _MY_RATE, (*scope[:2], asker))
        played = 0 if row is None else int(row["played"])
        if row is not None and played >= scope[-1]:
            ahead = await scalar(conn, _AHEAD[Board.RATE], (*scope, int(row["v"])))
            mine = Ranked(int(ahead) + 1, asker, int(row["v"]))
    return Leaderboard(Board.RATE, game, _ranked(values), mine, scope[-1], played)


def _ranked(values: Sequence[tuple[int, int]]) -> list[Ranked]:
    """Competition ranks over (user, value) pairs already in board order."""
    top: list[Ranked] = []
    for i, (user, value) in enumerate(values):
        same = bool(top) and top[-1].value == value
        top.append(Ranked(top[-1].rank if same else i + 1, user, value))
    return top


_AT_TABLES = (
    "SELECT s.user_id AS user_id, SUM(s.stack) AS v FROM tables t "
    "JOIN seats s ON s.table_id = t.id "
    "WHERE t.status = 'open' AND t.guild_id = ? AND s.user_id > 0 GROUP BY s.user_id"
)
"""Each player's chips on the guild's open tables (few rows: only seated players)."""


async def _chips_board(conn: Conn, guild_id: int, limit: int, asker: int | None) -> Leaderboard:
    """``by:chips``: a player's balance plus their stacks on open tables (issue 14: a player
    with 900 chips at a table is not poorer than one with 100 in the bank).

    Still no scan of the accounts: chips at tables only add, so the top ``limit`` are among
    the top ``limit`` balances (the index) and the seated players (few); the asker's rank
    counts the balances above their total (the index) and the seated players whose chips at
    tables lift them above it."""
    rows = await fetch_all(conn, _AT_TABLES, (guild_id,))
    seated = {int(r["user_id"]): int(r["v"]) for r in rows}
    balances = {
        int(r["user_id"]): int(r["v"])
        for r in await fetch_all(conn, _TOP[Board.BALANCE], (guild_id, limit))
    }
    for user in seated.keys() - balances.keys():
        balance = await scalar(conn, _MINE[Board.BALANCE], (guild_id, user))
        if balance is not None:
            balances[user] = int(balance)
    totals = {user: balance + seated.get(user, 0) for user, balance in balances.items()}
    top = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    mine: Ranked | None = None
    if asker is not None:
        balance = await scalar(conn, _MINE[Board.BALANCE], (guild_id, asker))
        if balance is not None:
            value = int(balance) + seated.get(asker, 0)
            ahead = int(await scalar(conn, _AHEAD[Board.BALANCE], (guild_id, value)))
            for user, chips in seated.items():
                if user == asker:
                    continue
                own = totals.get(user)
                if own is None:
                    found = await scalar(conn, _MINE[Board.BALANCE], (guild_id, user))
                    own = None if found is None else int(found) + chips
                if own is not None and own - chips <= value < own:
                    ahead += 1
            mine = Ranked(ahead + 1, asker, value)
    return Leaderboard(Board.BALANCE, None, _ranked(top), mine)
