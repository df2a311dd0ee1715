"""What each player (or the public) may see: face-up cards and counts, never hidden cards.

Cards dealt face up count as seen for the rest of the deal: the PP-5 rejects are listed even
after PP-6 shuffles them into the palaces, because the whole table saw them turned.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from games.cards import Card
from games.palace._options import PalaceOptions
from games.palace._state import PalaceState, Phase, Result, Status


class SeatView(BaseModel):
    """One seat as the table sees it."""

    player: str
    seat: int
    stack: int
    status: Status
    banner: Card | None
    soldiers: list[Card]
    palace_count: int
    put_in: int
    is_dealer: bool


class BattleView(BaseModel):
    """A battle in progress, all of it public."""

    attacker: str
    defender: str
    to_act: str
    to_call: int
    raises: int


class PalaceView(BaseModel):
    """The table for ``viewer`` (``None``: the public)."""

    viewer: str | None
    deal_number: int
    phase: Phase
    options: PalaceOptions
    dealer: str
    seats: list[SeatView]
    sitting_out: list[str]
    pot: int
    draw_count: int
    discard_count: int
    to_act: str | None
    turn: str | None
    rounds: int
    battle: BattleView | None
    palace: list[Card] = Field(default_factory=list)
    """The viewer's own palace cards."""
    seen_palaces: dict[str, list[Card]] = Field(default_factory=dict)
    """Opponents' palace cards the viewer was shown in a battle (PP-17)."""
    shown_palaces: dict[str, list[Card]] = Field(default_factory=dict)
    """Palace cards shown to everyone at the final showdown (PP-21)."""
    palace_seen_by: list[str] = Field(default_factory=list)
    """Who was shown the viewer's own palace cards in a battle (PP-17: the caller)."""
    out_seen_by: str | None = None
    """PP-17: the caller of the battle that put the viewer out, who saw their palace cards
    (``None`` when the viewer is in, or was the caller who lost)."""
    rejected_banner_cards: list[Card] = Field(default_factory=list)
    """PP-5: the cards turned face up and rejected in this deal's banner deal, in the order
    turned. Public: the whole table saw them before PP-6 gathered them back."""
    result: Result | None


def build_view(state: PalaceState, viewer: str | None, to_act: str | None) -> PalaceView:
    """The view of ``viewer``; only their own and legitimately shown palace cards appear."""
    seats = [
        SeatView(
            player=pid,
            seat=i,
            stack=state.stacks[pid],
            status=state.seat[pid].status,
            banner=state.seat[pid].banner,
            soldiers=list(state.seat[pid].soldiers),
            palace_count=len(state.seat[pid].palace),
            put_in=state.seat[pid].put_in,
            is_dealer=pid == state.dealer,
        )
        for i, pid in enumerate(state.seats)
    ]
    battle = None
    if state.battle is not None and state.phase is Phase.BATTLE:
        b = state.battle
        battle = BattleView(
            attacker=b.attacker,
            defender=b.defender,
            to_act=b.to_act,
            to_call=b.to_call,
            raises=b.raises,
        )
    own: list[Card] = []
    seen: dict[str, list[Card]] = {}
    seen_by: list[str] = []
    out_seen_by = None
    if viewer is not None and viewer in state.seat:
        out_seen_by = state.seat[viewer].out_seen_by
        own = list(state.seat[viewer].palace)
        seen = {k: list(v) for k, v in state.seen.get(viewer, {}).items()}
        seen_by = [k for k, shown in state.seen.items() if k != viewer and viewer in shown]
    return PalaceView(
        viewer=viewer,
        deal_number=state.deal_number,
        phase=state.phase,
        options=state.options,
        dealer=state.dealer,
        seats=seats,
        sitting_out=[p for p in state.players if p not in state.seat],
        pot=state.pot,
        draw_count=len(state.draw),
        discard_count=len(state.discards),
        to_act=to_act,
        turn=state.turn,
        rounds=state.rounds,
        battle=battle,
        palace=own,
        seen_palaces=seen,
        palace_seen_by=seen_by,
        out_seen_by=out_seen_by,
        shown_palaces={k: list(v) for k, v in state.shown.items()},
        rejected_banner_cards=list(state.rejected_banners),
        result=state.result,
    )
