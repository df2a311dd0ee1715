"""What one player (or the public) may see of a deal, exactly as PO-11a says."""

from __future__ import annotations

from pydantic import BaseModel

from games.pontoon._punters import current
from games.pontoon._state import Hand, Offer, State
from games.pontoon._values import Score


class HandView(BaseModel):
    """A hand as the viewer sees it: hidden cards are ``None``."""

    cards: list[str | None]
    value: Score | None
    """The hand's value, when the viewer sees every card of it."""
    stake: int
    shoot: int
    twisted: bool
    declared: bool
    done: bool
    bust: bool
    in_play: bool = False
    """The hand whose turn it is (marked when a punter holds split hands)."""


class PunterView(BaseModel):
    """One punter's place in the deal."""

    pid: str
    sat_out: bool
    hands: list[HandView]


class PontoonView(BaseModel):
    """The table as ``viewer`` (``None``: the public) may see it."""

    viewer: str | None
    deal_number: int
    phase: str
    banker: str | None
    to_act: str | None
    stacks: dict[str, int]
    pot: int
    kitty: int
    min_bet: int
    max_bet: int
    shoot: bool
    offer: Offer | None
    punters: list[PunterView]
    banker_hand: HandView
    results: dict[str, int] | None = None
    """Once the deal is over: each seat's result of the play (the settlement, the house's and
    the kitty's included), public as the stacks are; ``None`` before."""


def _hand_view(hand: Hand, sees_all: bool, in_play: bool = False) -> HandView:
    shown = [
        c.code if (sees_all or up) else None for c, up in zip(hand.cards, hand.public, strict=True)
    ]
    full = all(code is not None for code in shown)
    return HandView(
        cards=shown,
        value=hand.value.score if full and shown else None,
        stake=hand.stake,
        shoot=hand.shoot,
        twisted=hand.twisted,
        declared=hand.declared,
        done=hand.done,
        bust=hand.value.is_bust,
        in_play=in_play,
    )


def build_view(
    s: State, viewer: str | None, to_act: str | None, results: dict[str, int] | None = None
) -> PontoonView:
    """PO-11a: own hole and bought cards to the owner only; the banker's first card to nobody
    until the second is dealt (PO-5, PO-7); everything face up to everyone."""
    now = current(s)
    playing = now[1] if now is not None else None
    punters = [
        PunterView(
            pid=p.pid,
            sat_out=p.sat_out,
            hands=[]
            if p.sat_out
            else [_hand_view(h, viewer == p.pid, h is playing) for h in p.hands],
        )
        for p in s.punters
    ]
    banker_sees = viewer is not None and viewer == s.banker and s.banker_looked
    return PontoonView(
        viewer=viewer,
        deal_number=s.deal_number,
        phase=s.phase.value,
        banker=s.banker,
        to_act=to_act,
        stacks=dict(s.stacks),
        pot=s.pot,
        kitty=s.kitty,
        min_bet=s.options.min_bet,
        max_bet=s.options.max_bet,
        shoot=s.options.shoot,
        offer=s.bank_sale.offer,
        punters=punters,
        banker_hand=_hand_view(s.banker_hand, banker_sees),
        results=results,
    )
