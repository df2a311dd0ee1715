"""Hand histories (issue 29): a player's finished deals and each one as a downloadable,
checkable file showing only what that player may see."""

from services.histories._file import (
    FORMAT,
    HIDDEN,
    hand_history,
    hand_history_text,
    proofs_text,
    visible_cards,
)
from services.histories._service import DealNotYours, HistoryService
from storage.histories import DealLine

__all__ = [
    "FORMAT",
    "HIDDEN",
    "DealLine",
    "DealNotYours",
    "HistoryService",
    "hand_history",
    "hand_history_text",
    "proofs_text",
    "visible_cards",
]
