"""Every refusal of the table service: one ``TableError`` base with a player-readable message.

The cog answers any of these with an ephemeral reply of ``str(error)``; a refusal has changed
nothing (no chips moved, no engine state, no counter).
"""

from __future__ import annotations


class TableError(Exception):
    """A refusal a player can read; the table and every balance are unchanged."""

    default = "That can't be done at this table."

    def __init__(self, message: str | None = None) -> None:
        self.message = message or self.default
        super().__init__(self.message)


class NoTable(TableError):
    default = "There is no table in this channel."


class TableExists(TableError):
    default = "This channel already has a table."


class TableFull(TableError):
    default = "The table is full."


class NotSeated(TableError):
    default = "You are not playing at this table."


class AlreadySeated(TableError):
    default = "You are already sitting at this table."


class NotHost(TableError):
    default = "Only the host (or a server admin) can do that."


class NotYourTurn(TableError):
    default = "It is not your turn."


class InsufficientChips(TableError):
    default = "You don't have enough chips."


class StaleAction(TableError):
    default = "That button is from an earlier moment of the game; use the current table."


class AmountOutOfBounds(TableError):
    default = "That amount is not allowed."


class TableBusy(TableError):
    """The table is in a state that does not allow this now (a deal is in progress, ...)."""

    default = "A deal is in progress; try again between deals."


class NoDeal(TableError):
    default = "No deal is in progress."


class NotEnoughPlayers(TableError):
    default = "Not enough players with chips to deal."


class UnknownGame(TableError):
    default = "There is no such game."


class BadOptions(TableError):
    default = "Those table options are not valid."


class IllegalMove(TableError):
    """The engine refused the action (``games.errors.IllegalAction``), with its message."""

    default = "That move is not allowed now."
