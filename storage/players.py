"""Player ids: a person is their Discord user id; a computer player is a negative user id.

Storage keys seats and ledger rows by ``user_id INTEGER``. People are Discord snowflakes
(positive); a computer player sitting at a table is stored as ``-N`` and is ``cpu:N`` above
storage (the engines' and the service's opaque player id), so no Discord id can ever clash with
it and no ``int(pid)`` of a computer can reach Discord. A computer player has no account: its
stack is the house's, minted when it sits down and removed when it leaves.

>>> pid(-2), user_id("cpu:2"), pid(42), user_id("42")
('cpu:2', -2, '42', 42)
"""

from __future__ import annotations

COMPUTER = "cpu:"


def pid(user_id: int) -> str:
    """The engine's player id of a stored user id."""
    return f"{COMPUTER}{-user_id}" if user_id < 0 else str(user_id)


def user_id(player_id: str) -> int:
    """The stored user id of an engine player id."""
    if player_id.startswith(COMPUTER):
        return -int(player_id.removeprefix(COMPUTER))
    return int(player_id)


def is_computer(user_id: int) -> bool:
    """Whether a stored user id is a computer player's (it has no account)."""
    return user_id < 0


def is_computer_pid(player_id: str) -> bool:
    """Whether an engine player id is a computer player's."""
    return player_id.startswith(COMPUTER)
