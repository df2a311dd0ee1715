"""The one error an engine raises at a player: a refusal code with its parameters.

Engines write no English: a refusal is a machine-readable ``code`` (a ``StrEnum`` value: the
shared :class:`Refusal` codes below, or a game's own) plus the facts a presenter needs to say it
in the reader's language (``params``: player ids, amounts, card codes, action kinds). Engines
raise it before changing anything (verify, then apply), so a refused action leaves the game
exactly as it was. Parameters may name the refused player's own hidden cards, so logs record
only the code.

>>> error = IllegalAction(Refusal.NOT_YOUR_TURN, to_act="b")
>>> error.code, error.params
('not_your_turn', {'to_act': 'b'})
"""

from __future__ import annotations

from enum import StrEnum

Param = str | int | bool | None | tuple[str | None, ...] | list[str]
"""What a refusal parameter may hold: ids, amounts, flags, card codes or action kinds."""


class Refusal(StrEnum):
    """Refusal codes every game shares (each game adds its own enum for the rest)."""

    DEAL_OVER = "deal_over"
    """The deal has ended; nothing more can be done in it."""
    NOT_PLAYING = "not_playing"
    """The player is not dealt into this deal."""
    NOT_YOUR_TURN = "not_your_turn"
    """``to_act``: whose move it is (``None``: nobody's)."""
    UNKNOWN_ACTION = "unknown_action"
    """``kind``: what was asked; ``allowed``: the game's action kinds."""
    BAD_ACTION = "bad_action"
    """The action's fields do not parse: ``kind``, ``field`` (the first bad one, if known)."""
    NOT_NOW = "not_now"
    """``kind`` is not legal now; ``allowed``: the kinds that are."""
    AMOUNT_OUT_OF_RANGE = "amount_out_of_range"
    """``kind``, ``field``, ``min``, ``max``: the legal bounds of the amount."""
    NOT_A_CHOICE = "not_a_choice"
    """``kind``, ``field``, ``options``: the value is not one of the legal options."""


class IllegalAction(Exception):
    """An action the rules do not allow now: ``code`` says why, ``params`` the details."""

    def __init__(self, code: str, **params: Param) -> None:
        super().__init__(code)
        self.code = str(code)
        self.params: dict[str, Param] = params

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r})"
