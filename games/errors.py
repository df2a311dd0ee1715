"""The one error an engine raises at a player."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now; the message is shown to the player as it is.

    Engines raise it before changing anything (verify, then apply), so a refused action
    leaves the game exactly as it was.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
