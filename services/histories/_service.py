"""The hand-history reads: a player's last deals, page by page, and one deal's file."""

from __future__ import annotations

from services.histories._file import hand_history_text
from services.histories._replay import ReplayStep, replay_step
from storage import Database, histories
from storage.histories import DealLine

PAGE = 10
"""Deals per page of ``/history``."""


class DealNotYours(LookupError):
    """No finished deal of that id in this server that the reader played in."""


class HistoryService:
    """Reads only; every answer is for one reader."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def page(
        self, guild: int, pid: str, game: str | None, page: int = 0
    ) -> tuple[list[DealLine], bool]:
        """One page of ``pid``'s finished deals, newest first, and whether there are more."""
        async with self.db.read() as conn:
            lines = await histories.deals_of(
                conn, guild, pid, game, limit=PAGE + 1, offset=max(page, 0) * PAGE
            )
        return lines[:PAGE], len(lines) > PAGE

    async def file(self, guild: int, pid: str, deal_id: int) -> tuple[str, str]:
        """The deal's file name and text as ``pid`` may read it."""
        async with self.db.read() as conn:
            record = await histories.deal_record(conn, guild, deal_id)
        if record is None or pid not in record["players"]:
            raise DealNotYours(deal_id)
        name = f"parlour-{record['game']}-deal-{deal_id}.toml"
        return name, hand_history_text(record, pid)

    async def replay(self, guild: int, pid: str, deal_id: int, step: int) -> ReplayStep:
        """Step ``step`` of the deal as ``pid`` saw it (``NoReplay`` for a deal recorded
        before replays were kept)."""
        async with self.db.read() as conn:
            record = await histories.deal_record(conn, guild, deal_id)
        if record is None or pid not in record["players"]:
            raise DealNotYours(deal_id)
        return replay_step(record, pid, step)

    async def deal_of_table(self, guild: int, table_id: int, deal_number: int) -> int:
        """The id of a table's finished deal (``DealNotYours`` when it has none: voided)."""
        async with self.db.read() as conn:
            found = await histories.deal_id_of(conn, guild, table_id, deal_number)
        if found is None:
            raise DealNotYours(deal_number)
        return found
