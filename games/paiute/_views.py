"""What each player, and the public, may see of a deal (PA-8).

Hands are private to their owner until laid down at a call or shown at the end; the indicator
and the top discard are public. A card taken from the discard pile was public when it was
taken, so the public view names it for the rest of the turn.
"""

from __future__ import annotations

from pydantic import BaseModel

from games.cards import Card
from games.paiute._combos import CombinationLabel, best_combination
from games.paiute._options import Outcome, Phase
from games.paiute._state import DealState


class SeatView(BaseModel):
    """One seat as the viewer sees it."""

    player: str
    stack: int
    dealer: bool
    cards_in_hand: int
    laid_down: list[Card]
    """Cards laid face up at a call or on a last turn (PA-9, PA-10)."""
    shown: list[Card] | None
    """The whole hand once shown at the end (PA-15); ``None`` while it is private."""
    combination: CombinationLabel | None
    """The best combination among the seat's public cards."""
    payout: int


class PaiuteView(BaseModel):
    """A deal of Paiute from one seat (or the public's) point of view."""

    viewer: str | None
    deal_number: int
    phase: Phase
    to_act: str | None
    dealer: str
    round: int
    max_rounds: int
    stake: int
    pot: int
    indicator: Card
    wild_rank: str
    """The rank code of the wild cards: every other card of the indicator's rank (PA-4)."""
    top_discard: Card | None
    discard_count: int
    stock_count: int
    taken_from_discard: Card | None
    """The card the player on turn took from the discard pile (public: it lay face up)."""
    caller: str | None
    last_turns: list[str]
    seats: list[SeatView]
    outcome: Outcome | None
    winners: list[str]
    hand: list[Card] | None
    """The viewer's own hand (``None`` for the public or a non-player)."""
    drawn: Card | None
    """The card the viewer drew this turn (their own view only)."""
    hand_combination: CombinationLabel | None
    """The best combination in the viewer's own hand."""


def build_view(s: DealState, viewer: str | None) -> PaiuteView:
    """The view of ``viewer`` (``None``: the public) of deal state ``s``."""
    wild = s.indicator.rank
    seats = []
    for p in s.players:
        laid = s.laid.get(p, [])
        shown = (laid or s.hands[p]) if s.shown else None
        public_cards = shown if shown is not None else laid
        combo = best_combination(public_cards, wild) if len(public_cards) in (5, 6) else None
        seats.append(
            SeatView(
                player=p,
                stack=s.stacks[p],
                dealer=p == s.dealer,
                cards_in_hand=len(s.hands[p]),
                laid_down=list(laid),
                shown=list(shown) if shown is not None else None,
                combination=combo.label if combo else None,
                payout=s.payouts.get(p, 0),
            )
        )
    own = s.hands.get(viewer, []) if viewer is not None else []
    own_cards = own or (s.laid.get(viewer, []) if viewer is not None else [])
    own_combo = best_combination(own_cards, wild) if len(own_cards) in (5, 6) else None
    over = s.phase is Phase.OVER
    return PaiuteView(
        viewer=viewer,
        deal_number=s.deal_number,
        phase=s.phase,
        to_act=None if over else s.turn,
        dealer=s.dealer,
        round=s.round,
        max_rounds=s.options.max_rounds,
        stake=s.options.stake,
        pot=s.pot,
        indicator=s.indicator,
        wild_rank=wild.code,
        top_discard=s.discards[-1] if s.discards else None,
        discard_count=len(s.discards),
        stock_count=len(s.stock),
        taken_from_discard=None if over else s.taken,
        caller=s.caller,
        last_turns=list(s.last_turns),
        seats=seats,
        outcome=s.outcome,
        winners=list(s.winners),
        hand=list(own) if viewer in s.hands else None,
        drawn=s.drawn if viewer is not None and viewer == s.turn and not over else None,
        hand_combination=own_combo.label if own_combo else None,
    )
