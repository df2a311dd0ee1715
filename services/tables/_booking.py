"""Turning engine chip changes into one ``storage.book`` step.

The engine holds the chips during a deal; the service reads them before and after a step (a
player's action with whatever plays itself after it, or a new deal) and books the difference.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

import storage
from games.core import HandLabel
from games.engine import HOUSE, KITTY, Engine
from games.events import GameEvent
from services.achievements import Deal, achieving
from services.tables.events import Achieved
from services.tables.model import LiveTable
from storage import Booking, Database, DealResult
from storage.tables import Table

MAX_AUTO_ACTIONS = 10_000
"""A bound on actions played for absent players in one step (a deal always ends long before)."""


@dataclass(frozen=True, slots=True)
class Chips:
    """Where a table's chips are, as the engine (or storage, between deals) sees them."""

    stacks: dict[str, int]
    pot: int
    kitty: int
    house: int = 0
    owed: dict[str, int] = field(default_factory=dict)
    """Chips the deal owes players not in it (cumulative over the deal)."""

    @classmethod
    def of(cls, engine: Engine) -> Chips:
        stacks = {p: v for p, v in engine.stacks.items() if p != HOUSE}
        return cls(
            stacks, engine.pot, engine.kitty, engine.stacks.get(HOUSE, 0), engine.owed_outside()
        )

    @classmethod
    def stored(cls, row: Table) -> Chips:
        """Between deals: the stored stacks; the house bank starts every deal at 0."""
        return cls({s.pid: s.stack for s in row.seats}, row.pot, row.kitty)

    def deltas(self, before: Chips) -> dict[str, int]:
        """Each seat's stack change from ``before`` to this (owed chips go to the owner)."""
        out = {p: v - before.stacks.get(p, 0) for p, v in self.stacks.items()}
        for p, v in self.owed.items():
            out[p] = out.get(p, 0) + v - before.owed.get(p, 0)
        return {p: d for p, d in out.items() if d}


def play_absent(live: LiveTable, engine: Engine) -> list[GameEvent]:
    """Away players and players who left: their timeout action, at once, on their turns."""
    absent = live.away | {s.pid for s in live.row.seats if not s.seated}
    events: list[GameEvent] = []
    for _ in range(MAX_AUTO_ACTIONS):
        who = engine.to_act
        if engine.is_over or who is None or who not in absent:
            return events
        events += engine.act(who, engine.timeout_action(who))
    raise RuntimeError(f"table {live.id}: absent players kept the deal going")


async def book(
    db: Database,
    live: LiveTable,
    engine: Engine,
    before: Chips,
    deadline: datetime | None,
    private: frozenset[int] = frozenset(),
    delivered: Mapping[int, int] | None = None,
    *,
    events: Sequence[GameEvent] = (),
    at: datetime | None = None,
    counted: bool = True,
) -> tuple[dict[str, int] | None, list[GameEvent]]:
    """Book everything since ``before`` as one ``storage.book`` step: the snapshot and chips,
    the people owed a private update (``private``: the outbox) and those told theirs since
    the last step (``delivered``: user -> the step they were told), the achievements the
    step's ``events`` (and the deal, when it ended) earned, and when the deal is over its
    result and the cash-out of players who left during it. Returns the settlement (``None``:
    the deal goes on) and the table's announcement of the achievements new to their players
    (none when the server turned announcements off). ``counted``: whether a deal that ends
    counts in its players' stats and season (a tournament's does not)."""
    after = Chips.of(engine)
    counter, deal, over = live.row.action_counter + 1, engine.deal_number, engine.is_over
    settlement = engine.settlement() if over else None
    away = frozenset(live.away)  # stored with the action when it changed: kept over a restart
    away_changed = away != {s.pid for s in live.row.seats if s.away}
    result = _result(live, engine, settlement, at, counted) if settlement is not None else None
    step = Booking(
        table_id=live.id,
        ref=f"table:{live.id}:deal:{deal}:action:{counter}",
        snapshot=engine.snapshot(),
        deal_number=deal,
        action_counter=counter,
        deadline=deadline,
        stack_deltas=after.deltas(before),
        pot=after.pot,
        kitty=after.kitty,
        house_delta=after.house - before.house,
        deal_over=over,
        away=away if away_changed else None,
        result=result,
        pay_out_ref=f"table:{live.id}:deal:{deal}:out" if settlement is not None else None,
        private=private,
        delivered=dict(delivered or {}),
        achieving=achieving(live.row.guild_id, live.game.name, events, _deal(result)),
    )
    booked = await storage.book(db, step)
    live.row = booked.table  # only once it has committed
    if settlement is not None:
        live.away &= {s.pid for s in live.row.seats if s.seated}
    # said by the step that granted them only, so once (a kill between the commit and the
    # table's update loses the words, never the achievement)
    said: list[GameEvent] = [Achieved(player=str(e.user_id), code=e.code) for e in booked.earned]
    return settlement, said if booked.announce else []


def _deal(result: DealResult | None) -> Deal | None:
    """The finished deal as the achievements' rules read it (winners as ``stats`` counts
    them: the named ones, else every player who came out ahead)."""
    if result is None:
        return None
    winners = result.winners
    if winners is None:
        winners = [p for p in result.players if result.settlement.get(p, 0) > 0]
    return Deal(result.game, frozenset(winners), result.hand_names, result.pot, result.history)


def _result(
    live: LiveTable,
    engine: Engine,
    settlement: dict[str, int],
    at: datetime | None,
    counted: bool = True,
) -> DealResult:
    """The record of the deal that just ended, from the engine's ``deal_result()``; ``at``:
    when (the service's clock), which picks the season it counts for."""
    ended = engine.deal_result()
    players = [p for p in settlement if p not in (HOUSE, KITTY)]
    won = sum(v for p, v in settlement.items() if v > 0 and p in players)
    return DealResult(
        guild_id=live.row.guild_id,
        game=live.game.name,
        pot=max(ended.pot, won),
        settlement=settlement,
        players=players,
        winners=ended.winners,
        hand_names={pid: hand_code(label) for pid, label in ended.hands.items()},
        deck=ended.start_deck,
        history=[*engine.history(), *engine.closing_records()],  # issue 29: stacks, proofs
        at=None if at is None else at.timestamp(),
        counted=counted,
    )


def hand_code(label: HandLabel) -> str:
    """A hand's name as stored with the result, language-free: ``full_house:K,10``,
    ``soft_total=18``, ``pontoon``."""
    code = label.category
    if label.ranks:
        code += ":" + ",".join(label.ranks)
    if label.total is not None:
        code += f"={label.total}"
    return code
