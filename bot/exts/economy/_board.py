"""Leaderboard pages: which rows a page holds and how a page is named in a custom_id."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.catalog import GameId
from bot.exts.economy._render import PAGE_SIZE
from services.economy import Board, EconomyService, Leaderboard

MAX_PAGE = 99
ALL = "*"


@dataclass(frozen=True, slots=True)
class PageKey:
    """Everything a page button must remember, so it still works after a restart."""

    board: Board
    game: GameId | None
    page: int
    season: int | None = None
    """A season's board (``storage.seasons``); ``None``: all time."""

    def custom_id(self) -> str:
        """``parlour:lb:net:palace:2``, ``parlour:lb:net:*:0:s3`` for season 3 (the guild and
        the clicker come with the click)."""
        game = self.game.value if self.game else ALL
        season = f":s{self.season}" if self.season is not None else ""
        return f"parlour:lb:{self.board.value}:{game}:{self.page}{season}"


TEMPLATE = (
    r"parlour:lb:(?P<board>balance|net|wins|rate):(?P<game>\*|"
    + "|".join(g.value for g in GameId)
    + r"):(?P<page>\d{1,2})(?::s(?P<season>\d{1,9}))?"
)


async def fetch_page(
    economy: EconomyService, guild_id: int, key: PageKey, asker: int
) -> tuple[Leaderboard, bool]:
    """The page's lines (ranks counted from the top) and whether a next page exists."""
    end = (key.page + 1) * PAGE_SIZE
    if key.season is not None:
        board = await economy.season_board(
            guild_id, key.season, key.board, limit=end + 1, asker=asker
        )
    else:
        board = await economy.leaderboard(
            guild_id,
            key.board,
            game=key.game.value if key.game else None,
            limit=end + 1,
            asker=asker,
        )
    lines = board.top[key.page * PAGE_SIZE : end]
    has_next = len(board.top) > end and key.page < MAX_PAGE
    return replace(board, top=lines), has_next
