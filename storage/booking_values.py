"""What a table step books, as plain values: :class:`Booking` and :class:`DealResult` in,
:class:`Booked` out (``storage.booking`` books them; ``storage._pg_book`` turns them into the
server-side call's JSON, so both read them from here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from storage._records import Table
from storage.achievements import Achieving, Earned
from storage.ledger import Reason


@dataclass(frozen=True, slots=True)
class DealResult:
    """A finished deal as ``stats`` records it (see ``stats.record_result``)."""

    guild_id: int
    game: str
    pot: int
    settlement: Mapping[str, int]
    players: Sequence[str]
    winners: Sequence[str] | None = None
    hand_names: Mapping[str, str] = field(default_factory=dict)
    deck: Sequence[str] = ()
    history: Any = ()
    at: float | None = None
    """When the deal ended (unix seconds, the table service's clock): the season it counts
    for (``storage.seasons``); ``None``: no season."""
    counted: bool = True
    """Whether the deal counts in its players' stats and season. A tournament's deal does not:
    its stacks are tournament chips, not balances (the tournament's places and prizes are its
    players' record); it is still recorded, for histories, replays and proofs."""


@dataclass(frozen=True, slots=True)
class Booking:
    """One step of a table (the arguments of ``tables.save_action``, and what goes with it).

    ``away``: the seats whose turns play themselves, stored only when it differs from what is
    stored (``None``: unchanged). ``result``: the deal ended in this step (``deal_over``).
    ``pay_out_ref``: with it, every seat that left (unseated) with chips is cashed out after
    the result, each under ref ``f"{pay_out_ref}:{pid}"``.
    """

    table_id: int
    ref: str
    snapshot: str
    deal_number: int
    action_counter: int
    stack_deltas: Mapping[str, int]
    pot: int
    kitty: int = 0
    house_delta: int = 0
    deadline: datetime | None = None
    deal_over: bool = False
    away: frozenset[str] | None = None
    result: DealResult | None = None
    pay_out_ref: str | None = None
    private: frozenset[int] = frozenset()
    """The users whose private view this step changed: recorded in the private outbox
    (``storage.outbox``) with the step, so their update is owed until it is delivered."""
    delivered: Mapping[int, int] = field(default_factory=dict)
    """User -> step counter: the private updates delivered since the table's last step,
    cleared from the outbox with this step (before ``private`` is recorded), so a step is one
    write transaction (``outbox.delivered`` is the same clear on its own)."""
    achieving: Achieving | None = None
    """What the step earned (``storage.achievements``): granted with it, once, only when the
    step is new."""

    @property
    def reason(self) -> Reason:
        """The ledger reason of the step's rows: the step that ends a deal settles it."""
        return Reason.SETTLEMENT if self.deal_over else Reason.ACTION


@dataclass(frozen=True, slots=True)
class Booked:
    """What :func:`book` did: the table as committed, and whether the step was new
    (``False``: its ref was already booked, so only what goes with it was brought up to
    date)."""

    table: Table
    applied: bool
    earned: tuple[Earned, ...] = ()
    """The achievements this step granted that their players did not hold yet."""
    announce: bool = False
    """Whether the table says so (the server's ``announce_achievements``; read only when
    something was earned, in the same transaction)."""
