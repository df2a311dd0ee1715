"""Typed failures of storage operations; each leaves the database unchanged (its transaction
rolls back)."""

from __future__ import annotations


class StorageError(Exception):
    """Base of every storage failure."""


class InsufficientChips(StorageError):
    """A balance or a table stack does not hold the chips an operation needs."""

    def __init__(self, *, guild_id: int, user_id: int, needed: int, where: str = "balance"):
        self.guild_id = guild_id
        self.user_id = user_id
        self.needed = needed
        self.where = where
        super().__init__(f"user {user_id} has fewer than {needed} chips in their {where}")


class ChipsNotConserved(StorageError):
    """A table booking whose chip changes do not add up (stacks + pot + kitty + house)."""


class TableNotFound(StorageError):
    """No such table, or it is closed when an open one was needed."""


class ChannelBusy(StorageError):
    """The channel already has an open table."""

    def __init__(self, channel_id: int, table_id: int | None = None):
        self.channel_id = channel_id
        self.table_id = table_id
        super().__init__(f"channel {channel_id} already has an open table")


class SeatNotFound(StorageError):
    """A chip change names a player who has no seat at the table."""


class StaleAction(StorageError):
    """An action counter not above the stored one: the action was superseded."""
