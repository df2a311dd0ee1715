"""The games Parlour offers, by the id stored with every table, result and stat row."""

from __future__ import annotations

from enum import StrEnum

from bot.text import Msg, msg


class GameId(StrEnum):
    """A game's id in storage (``tables.game``, ``results.game``, ``stats.game``) and in
    commands (``/leaderboard game:palace``)."""

    PALACE = "palace"
    PAIUTE = "paiute"
    PONTOON = "pontoon"

    @property
    def label_message(self) -> Msg:
        """The game's name for players, as a catalog message (``table.game.<id>``)."""
        return msg(f"table.game.{self.value}")
