"""Hand histories (issue 29): a player's finished deals and each one as a downloadable,
checkable file showing only what that player may see, and step by step as a replay."""

from services.histories._file import (
    FORMAT,
    HIDDEN,
    hand_history,
    hand_history_text,
    proofs_text,
    visible_cards,
)
from services.histories._replay import NoReplay, ReplayStep, replay_step
from services.histories._service import DealNotYours, HistoryService
from storage.histories import DealLine

__all__ = [
    "FORMAT",
    "HIDDEN",
    "DealLine",
    "DealNotYours",
    "HistoryService",
    "NoReplay",
    "ReplayStep",
    "hand_history",
    "hand_history_text",
    "proofs_text",
    "replay_step",
    "visible_cards",
]
