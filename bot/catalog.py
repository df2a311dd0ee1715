"""The games Parlour offers, by the id stored with every table, result and stat row."""

from __future__ import annotations

from enum import StrEnum


class GameId(StrEnum):
    """A game's id in storage (``tables.game``, ``results.game``, ``stats.game``) and in
    commands (``/leaderboard game:palace``)."""

    PALACE = "palace"
    PAIUTE = "paiute"
    PONTOON = "pontoon"

    @property
    def label(self) -> str:
        """The game's name for players."""
        return _LABELS[self]


_LABELS = {GameId.PALACE: "Palace Poker", GameId.PAIUTE: "Paiute", GameId.PONTOON: "Pontoon"}
