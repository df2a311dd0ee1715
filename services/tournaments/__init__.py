"""Sit-and-go tournaments (issue 32), built on the table service as its table rules."""

from services.tournaments.model import (
    NullTournamentListener,
    Place,
    Report,
    TournamentError,
    TournamentListener,
    TournamentStatus,
)
from services.tournaments.service import TournamentService
from storage.tournaments import Standing

__all__ = [
    "NullTournamentListener",
    "Place",
    "Report",
    "Standing",
    "TournamentError",
    "TournamentListener",
    "TournamentService",
    "TournamentStatus",
]
