"""Which cards of a deal someone has seen, and the proofs that may be shown of them.

A committed deal (:meth:`games.core.CardGame.commit`) proves each card it shows; which cards
those are is read off the events the deal hands out, the one place where a card becomes visible:
a public event shows its cards to the table, a private one to its player. The record is kept
in the state (so a restored table goes on with it), as card codes per audience, ``""`` being
the public. The cut for the dealer (``cut`` events) turns cards of a deck of its own
(:func:`games.seats.cut_for_dealer`), not of the committed order, and is left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import BaseModel

from games.cards import FULL_DECK, codes
from games.core.state import CoreState
from games.events import GameEvent
from games.fairness import SCHEME, Commitment, salt_for

PUBLIC = ""
"""The audience key of the whole table."""
NOT_FROM_THE_ORDER = frozenset({"cut"})
"""Event kinds whose cards are not cards of the committed order."""
CARD_CODES = frozenset(codes(FULL_DECK))


def cards_in(value: Any) -> Iterator[str]:
    """Every card code inside ``value`` (a model, dict, list or scalar), in order."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    if isinstance(value, str):
        if value in CARD_CODES:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from cards_in(item)


def note(seen: dict[str, list[str]], events: Iterable[GameEvent]) -> None:
    """Add the cards ``events`` show to ``seen`` (a card already public is not repeated)."""
    public = set(seen.get(PUBLIC, ()))
    for event in events:
        if event.kind in NOT_FROM_THE_ORDER:
            continue
        audience = PUBLIC if event.to is None else event.to
        known = public if audience == PUBLIC else public | set(seen.get(audience, ()))
        for card in cards_in(event.model_dump(mode="json", exclude={"kind", "to"})):
            if card not in known:
                seen.setdefault(audience, []).append(card)
                known.add(card)
                if audience == PUBLIC:
                    public.add(card)


def visible_to(seen: dict[str, list[str]], reader: str | None) -> list[str]:
    """The cards ``reader`` has seen (``None``: what the whole table has seen), public first."""
    out = list(seen.get(PUBLIC, ()))
    if reader is not None and reader != PUBLIC:
        public = set(out)
        out += [c for c in seen.get(reader, ()) if c not in public]
    return out


def _opened(state: CoreState[Any], order: list[str]) -> tuple[Commitment, dict[str, int]] | None:
    """The commitment's tree again (from the secret) and each card's position in it."""
    c = state.commitment
    if c is None or len(order) != c.cards:
        return None
    return Commitment(order, bytes.fromhex(c.secret)), {code: i for i, code in enumerate(order)}


def proofs(state: CoreState[Any], order: list[str], reader: str | None) -> list[dict[str, Any]]:
    """The proof of each card ``reader`` has seen (``order``: the committed one)."""
    opened = _opened(state, order)
    if opened is None:
        return []
    made, where = opened
    return [
        made.prove(where[code]).as_dict()
        for code in visible_to(state.revealed, reader)
        if code in where
    ]


def shown_record(state: CoreState[Any], order: list[str]) -> dict[str, Any] | None:
    """The commitment, its leaf hashes and each audience's shown positions with card and salt
    (a player's: only what the table did not see too), or ``None`` when not committed."""
    opened = _opened(state, order)
    if opened is None:
        return None
    made, where = opened
    public = set(state.revealed.get(PUBLIC, ()))
    shown: dict[str, list[list[Any]]] = {PUBLIC: []}
    for audience, seen in state.revealed.items():
        kept = [c for c in seen if c in where and (audience == PUBLIC or c not in public)]
        if kept or audience == PUBLIC:
            shown[audience] = [[where[c], c, salt_for(made.secret, where[c]).hex()] for c in kept]
    return {
        "kind": "fairness",
        "scheme": SCHEME,
        "fingerprint": made.fingerprint,
        "cards": len(made.cards),
        "leaves": made.leaves,
        "shown": shown,
    }
