"""Which cards of a deal someone has seen, and the proofs that may be shown of them.

A committed deal (:meth:`games.core.CardGame.commit`) proves each card it shows; which cards
those are is read off the events the deal hands out, the one place where a card becomes visible:
a public event shows its cards to the table, a private one to its player. The record is kept
in the state (so a restored table goes on with it), as card codes per audience, ``""`` being
the public. The cut for the dealer (``cut`` events) turns cards of a deck of its own
(:func:`games.seats.cut_for_dealer`), not of the committed order, and is left out.

A deal may commit more than one order: its opening one, then each reshuffle inside it
(:mod:`games.core.reshuffles`). Each order keeps its own seen cards, and a card is noted in the
order it was dealt from (see :func:`note`), so its proof is its position there.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import BaseModel

from games.cards import FULL_DECK, codes
from games.core.state import CoreState, Reshuffle
from games.events import ORDER_COMMITTED, GameEvent
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


def note(state: CoreState[Any], events: Iterable[GameEvent]) -> None:
    """Add the cards ``events`` show to what their audience has seen (a card already public
    is not repeated), each in the committed order it was dealt from: an ``order_committed``
    event moves on to its reshuffle, and a card is the latest noted reshuffle's that holds
    it, or the opening order's (a card shown again from a hand was last dealt from there)."""
    known: dict[tuple[int, str], set[str]] = {}  # (order, audience) -> cards, for this call

    def seen_set(seen: dict[str, list[str]], audience: str) -> set[str]:
        key = (id(seen), audience)
        if key not in known:
            known[key] = set(seen.get(audience, ()))
        return known[key]

    for event in events:
        if event.kind == ORDER_COMMITTED:
            number = int(getattr(event, "number", 0))
            state.noted_reshuffles = min(len(state.reshuffles), number)
            continue
        if event.kind in NOT_FROM_THE_ORDER:
            continue
        audience = PUBLIC if event.to is None else event.to
        for card in cards_in(event.model_dump(mode="json", exclude={"kind", "to"})):
            seen = _origin(state, card)
            public = seen_set(seen, PUBLIC)
            own = public if audience == PUBLIC else seen_set(seen, audience)
            if card in public or card in own:
                continue
            seen.setdefault(audience, []).append(card)
            own.add(card)


def _origin(state: CoreState[Any], card: str) -> dict[str, list[str]]:
    """The seen cards of the order ``card`` was dealt from (see :func:`note`)."""
    for reshuffle in reversed(state.reshuffles[: state.noted_reshuffles]):
        if card in reshuffle.cards:
            return reshuffle.revealed
    return state.revealed


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


def _orders(
    state: CoreState[Any], order: list[str]
) -> Iterator[tuple[Reshuffle | None, Commitment, dict[str, int], dict[str, list[str]]]]:
    """Each committed order of the deal (the opening's, ``None``, then each reshuffle's, once
    the opening is committed) with its tree, positions and seen cards."""
    opened = _opened(state, order)
    if opened is None:
        return
    yield None, opened[0], opened[1], state.revealed
    for r in state.reshuffles:
        where = {code: i for i, code in enumerate(r.cards)}
        yield r, Commitment(r.cards, bytes.fromhex(r.secret)), where, r.revealed


def proofs(state: CoreState[Any], order: list[str], reader: str | None) -> list[dict[str, Any]]:
    """The proof of each card ``reader`` has seen of the opening order (``order``: the
    committed one)."""
    first = next(_orders(state, order), None)
    if first is None:
        return []
    _, made, where, seen = first
    return _reveals(made, where, seen, reader)


def commitments(
    state: CoreState[Any], order: list[str], reader: str | None
) -> list[dict[str, Any]]:
    """Each committed order of the deal, as a deal file's ``[[commitments]]`` table with the
    proofs of the cards ``reader`` has seen of it (the opening's first, labelled ``deal``)."""
    return [
        {
            **_heading(r, made),
            "reveals": _reveals(made, where, seen, reader),
        }
        for r, made, where, seen in _orders(state, order)
    ]


def _reveals(
    made: Commitment, where: dict[str, int], seen: dict[str, list[str]], reader: str | None
) -> list[dict[str, Any]]:
    return [made.prove(where[code]).as_dict() for code in visible_to(seen, reader) if code in where]


def _heading(r: Reshuffle | None, made: Commitment) -> dict[str, Any]:
    head: dict[str, Any] = {"scheme": SCHEME, "label": label(r.rule, r.number) if r else "deal"}
    if r is not None:
        head["rule"] = r.rule
    return {**head, "cards": len(made.cards), "fingerprint": made.fingerprint}


def label(rule: str, number: int) -> str:
    """A reshuffle's commitment's label in a deal file (``reshuffle 1 (PP-8)``)."""
    return f"reshuffle {number} ({rule})"


def shown_record(state: CoreState[Any], order: list[str]) -> dict[str, Any] | None:
    """The commitment, its leaf hashes and each audience's shown positions with card and salt
    (a player's: only what the table did not see too), or ``None`` when not committed; each
    reshuffle's the same way, under ``reshuffles`` (absent when there was none)."""
    orders = list(_orders(state, order))
    if not orders:
        return None
    parts = [_shown(made, where, seen) for _, made, where, seen in orders]
    record: dict[str, Any] = {"kind": "fairness", "scheme": SCHEME, **parts[0]}
    if len(parts) > 1:
        record["reshuffles"] = [
            {"scheme": SCHEME, "rule": r.rule, "number": r.number, **part}
            for (r, _, _, _), part in zip(orders[1:], parts[1:], strict=True)
            if r is not None
        ]
    return record


def _shown(made: Commitment, where: dict[str, int], seen: dict[str, list[str]]) -> dict[str, Any]:
    public = set(seen.get(PUBLIC, ()))
    shown: dict[str, list[list[Any]]] = {PUBLIC: []}
    for audience, cards in seen.items():
        kept = [c for c in cards if c in where and (audience == PUBLIC or c not in public)]
        if kept or audience == PUBLIC:
            shown[audience] = [[where[c], c, salt_for(made.secret, where[c]).hex()] for c in kept]
    return {
        "fingerprint": made.fingerprint,
        "cards": len(made.cards),
        "leaves": made.leaves,
        "shown": shown,
    }
