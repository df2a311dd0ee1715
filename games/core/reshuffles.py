"""A reshuffle inside a deal, committed like the deal's opening order (issue 29).

When the rules shuffle cards back into play mid-deal (PP-5's rejects, PP-6's gathered cards,
PP-8's discards, PA-7's stock), the game calls :func:`commit_reshuffle` right after the
shuffle, in the same step and before it deals any card of the new order: the new order gets
its own salted tree (:class:`games.fairness.Commitment`), its fingerprint goes into the deal's
log and out to the table as a public :class:`games.events.OrderCommitted` event ahead of the
events that show cards of it, and every card dealt from it is then proved against it
(:mod:`games.core.seen`).

The secret its salts come from is derived from the game's seed at that moment
(:func:`games.randomness.derived_secret`), never drawn from the generator, so the deal's
future is the one it had, and a replay from the deal's opening state commits the same order
with the same fingerprint.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.cards import Card, codes
from games.core.state import CoreState, Reshuffle
from games.events import OrderCommitted
from games.fairness import Commitment
from games.randomness import derived_secret


def commit_reshuffle(
    state: CoreState[Any], rng: random.Random, rule: str, order: Sequence[Card]
) -> list[OrderCommitted]:
    """Commit ``order`` (the shuffled pile, top first) for ``rule``; the public event (none
    for an empty pile, which deals nothing)."""
    if not order:
        return []
    number = len(state.reshuffles) + 1
    secret = derived_secret(rng, f"{state.deal_number}/{number}".encode("ascii"))
    cards = codes(order)
    made = Commitment(cards, secret)
    state.reshuffles.append(
        Reshuffle(
            rule=rule,
            number=number,
            cards=cards,
            secret=secret.hex(),
            fingerprint=made.fingerprint,
        )
    )
    facts = {"rule": rule, "number": number, "cards": len(cards), "fingerprint": made.fingerprint}
    state.record("committed", **facts)
    return [OrderCommitted.model_validate(facts)]
