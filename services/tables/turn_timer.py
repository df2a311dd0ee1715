"""A table's one timer: when it fires and for whom.

The player to act has until the stored deadline; a computer player acts ``computer_delay``
seconds after the step that gave it the move. The deadline is stored with each step
(``storage.book``), so a restarted service arms the same timers again. What happens when the
timer fires is the service's step (``TableService``): this module only says when, and keeps
the count of missed turns that marks a player away.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from services.tables.model import LiveTable
from storage import players

AWAY_AFTER_MISSES = 2
"""Timeouts in a row after which a player's turns play themselves at once."""


@dataclass(frozen=True, slots=True)
class Due:
    """The table's next timer: at ``when``, ``pid``'s move is made for them (a computer's
    chosen move, or a person's timeout action)."""

    when: datetime
    pid: str
    computer: bool


def due(live: LiveTable, now: datetime) -> Due | None:
    """The timer of the table's current step, or ``None`` (between deals, nobody to act)."""
    engine = live.engine
    if engine is None or not live.deal_open or engine.to_act is None:
        return None
    pid = engine.to_act
    if players.is_computer_pid(pid):
        return Due(now + timedelta(seconds=live.config.computer_delay), pid, True)
    if live.row.deadline is None:
        return None
    return Due(live.row.deadline, pid, False)


def missed(live: LiveTable, pid: str) -> bool:
    """``pid`` let their timer run out: counted; whether they are now away (a second miss in
    a row). Acting (``misses`` cleared) or the **I'm back** button brings them back."""
    live.misses[pid] = live.misses.get(pid, 0) + 1
    if live.misses[pid] >= AWAY_AFTER_MISSES:
        live.away.add(pid)
    return pid in live.away
