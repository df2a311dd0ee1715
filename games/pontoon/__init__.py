"""Pontoon and Shoot Pontoon (``rules/pontoon.md``, PO-1 .. PO-31).

Package layout, one concern per module: ``_options`` (table options, action models),
``_values`` (PO-1/PO-3 hand values), ``_state`` (the snapshot model), ``_opening`` (between the
deals: kitty, bank sale), ``_punters`` (stakes, shoot bets, a punter's hands), ``_banker`` (the
banker's turn and the settlement), ``_flow`` (everything nobody has to decide), ``_between``
(first deal, next deal), ``_views`` (PO-11a), ``_game`` (the Engine contract).

Readings of the spec where it is silent, all deliberate:

- The opening phase ends with the banker's ``stay`` ("keep the bank and deal"); with the house
  bank nothing is to be decided, so the house deals at once (events in ``opening_events()``).
- A punter who has not staked sits out (the spec's staking timeout); that needs an action the
  engine accepts, so there is one more kind, ``sit_out``. Their first card goes under the pack.
- In the shoot phase (PO-25), ``shoot`` with amount 0 places no shoot bet.
- A fourth-card shoot bet (PO-27) commits the hand to take that card (buy or twist).
- A split hand other than the first may place its own shoot bet (PO-28) while it holds its two
  cards.
- ``decline_bank`` by a banker whose kitty is empty gives up the bank (PO-31); it passes left.
  If every player gives it up, the deal ends without play.
- PO-7/PO-18 "twice the stake": the second stake comes from the punter's stack as far as it goes.
- PO-20 counts a declared pontoon (PO-8); under a banker's pontoon nobody declares.
- PO-19's "a pontoon was made" is any hand of the deal that ends a pontoon, the banker's too.
- The house keeps its kitty topped up to ``max_bet`` before each deal (PO-23 with PO-24/31).
- Hands at 21 stand by themselves, as does every hand once the pack is empty (PO-14).
"""

from games.pontoon._game import Pontoon
from games.pontoon._options import (
    AcceptBank,
    ActionKind,
    BankerMode,
    Buy,
    DeclineBank,
    Draw,
    Kitty,
    OfferBank,
    PontoonAction,
    PontoonOptions,
    Shoot,
    SitOut,
    Split,
    SplitRule,
    Stake,
    Stay,
    Stick,
    Twist,
)
from games.pontoon._values import HandKind, HandValue, hand_value
from games.pontoon._views import HandView, PontoonView

__all__ = [
    "AcceptBank",
    "ActionKind",
    "BankerMode",
    "Buy",
    "DeclineBank",
    "Draw",
    "HandKind",
    "HandValue",
    "HandView",
    "Kitty",
    "OfferBank",
    "Pontoon",
    "PontoonAction",
    "PontoonOptions",
    "PontoonView",
    "Shoot",
    "SitOut",
    "Split",
    "SplitRule",
    "Stake",
    "Stay",
    "Stick",
    "Twist",
    "hand_value",
]
