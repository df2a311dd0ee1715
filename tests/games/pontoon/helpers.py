"""Stacked decks and short-hands for the Pontoon scenario tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from games.cards import FULL_DECK, Card, Rank
from games.errors import IllegalAction
from games.events import GameEvent
from games.pontoon import Pontoon, PontoonOptions


def deck(codes: str) -> list[Card]:
    """A full 52-card deck: the given cards on top, in order, then the rest (low cards first,
    so a stray draw seldom busts a hand by accident)."""
    top = Card.parse_many(codes)
    assert len(set(top)) == len(top), "a card is listed twice"
    rest = sorted((c for c in FULL_DECK if c not in top), key=lambda c: (c.rank != Rank.TWO, c))
    return top + rest


def game(
    codes: str,
    players: tuple[str, ...] = ("a", "b", "c"),
    dealer: str | None = "a",
    stacks: dict[str, int] | None = None,
    **options: Any,
) -> Pontoon:
    """A table on a stacked deck, banker fixed (``None`` with ``banker="house"`` option)."""
    opts = PontoonOptions(**({"min_bet": 10, "max_bet": 100} | options))
    return Pontoon.new(
        list(players),
        stacks or dict.fromkeys(players, 1000),
        opts,
        seed=1,
        deck=deck(codes),
        dealer=dealer,
    )


def dealt(
    g: Pontoon, stakes: dict[str, int], shoots: dict[str, int] | None = None
) -> list[GameEvent]:
    """Leave the opening (putting up a kitty of max_bet when needed), stake, shoot."""
    events: list[GameEvent] = []
    if g.phase == "opening":
        if g.options.shoot and g.kitty == 0:
            assert g.banker is not None
            events += g.act(g.banker, {"kind": "kitty", "amount": g.options.max_bet})
        assert g.banker is not None
        events += g.act(g.banker, {"kind": "stay"})
    for pid, amount in stakes.items():
        events += g.act(pid, {"kind": "stake", "amount": amount})
    if g.phase == "shoot":
        for pid in list(stakes):
            if g.to_act == pid:
                events += g.act(pid, {"kind": "shoot", "amount": (shoots or {}).get(pid, 0)})
    return events


def kinds(g: Pontoon, pid: str) -> list[str]:
    """The action kinds ``pid`` may take now."""
    return [spec.kind for spec in g.legal_actions(pid)]


def bounds(g: Pontoon, pid: str, kind: str, name: str = "amount") -> tuple[int, int]:
    """The (min, max) of an amount field of a legal action."""
    for spec in g.legal_actions(pid):
        if spec.kind == kind:
            f = spec.fields[name]
            return f.min, f.max  # type: ignore[union-attr]
    raise AssertionError(f"{kind} is not legal for {pid}")


def hand_cards(g: Pontoon, pid: str, index: int = 0) -> list[str]:
    """The codes of a punter's hand (from the raw state)."""
    punter = g.state.punter(pid)
    assert punter is not None
    return [c.code for c in punter.hands[index].cards]


@contextmanager
def refused(code: str, **params: Any) -> Iterator[None]:
    """The block must raise ``IllegalAction`` with ``code`` and (at least) these params."""
    with pytest.raises(IllegalAction) as caught:
        yield
    assert caught.value.code == code
    assert {k: caught.value.params.get(k) for k in params} == params
