"""Stacked decks and tables for the Palace Poker scenarios."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest
from pydantic import BaseModel

from games.cards import FULL_DECK, Card
from games.errors import IllegalAction
from games.events import GameEvent
from games.palace import PalaceOptions, PalacePoker

NAMES = "abcdefghij"


def full_deck(top: Sequence[str]) -> list[str]:
    """All 52 codes: ``top`` first, then every other card in FULL_DECK order."""
    first = [Card.parse(c).code for c in top]
    assert len(set(first)) == len(first), "a card is listed twice"
    return first + [c.code for c in FULL_DECK if c.code not in first]


def deal_deck(
    banners: Sequence[str], palaces: Sequence[str], draw: Sequence[str] = ()
) -> list[str]:
    """A deck whose banners come with no rejects, palaces as given per seat, then the draw pile.

    ``palaces[i]`` is seat i's three cards ("Kh Kd 3c"); they are dealt one at a time (PP-6).
    """
    hands = [p.split() for p in palaces]
    dealt = [hands[s][r] for r in range(3) for s in range(len(hands))]
    return full_deck([*banners, *dealt, *draw])


def table(
    n: int,
    deck: Sequence[str] | None = None,
    stacks: int | dict[str, int] = 1000,
    seed: int = 1,
    **options: Any,
) -> PalacePoker:
    """``n`` players a, b, c, ... with the last one dealing, so seat 0 is ``a``."""
    players = list(NAMES[:n])
    chips = stacks if isinstance(stacks, dict) else dict.fromkeys(players, stacks)
    opts = PalaceOptions(**({"small_bet": 10} | options))
    return PalacePoker.new(players, chips, opts, seed=seed, deck=deck, dealer=players[-1])


def kinds(game: PalacePoker, pid: str) -> list[str]:
    """The action kinds ``pid`` may take now."""
    return [spec.kind for spec in game.legal_actions(pid)]


def spec(game: PalacePoker, pid: str, kind: str) -> Any:
    """The listed spec of ``kind`` for ``pid``."""
    found = [s for s in game.legal_actions(pid) if s.kind == kind]
    assert found, f"{kind} is not legal for {pid}: {kinds(game, pid)}"
    return found[0]


def codes_in(text: str, cards: Sequence[Card]) -> set[str]:
    """Which of ``cards`` appear in ``text`` as a code or as a symbol card ("10♥")."""
    found = set()
    for card in cards:
        for form in (card.code, str(card)):
            if re.search(rf"(?<![A-Za-z0-9]){re.escape(form)}(?![A-Za-z0-9])", text):
                found.add(card.code)
    return found


def refused(
    game: PalacePoker,
    pid: str,
    action: BaseModel | dict[str, Any],
    code: str | None,
    **params: Any,
) -> IllegalAction:
    """Assert ``action`` is refused with ``code`` (``None``: any code) and at least ``params``,
    changing nothing."""
    before = game.snapshot()
    with pytest.raises(IllegalAction) as caught:
        game.act(pid, action)
    assert game.snapshot() == before
    error = caught.value
    assert code is None or error.code == code, (error.code, error.params)
    for name, value in params.items():
        assert error.params.get(name) == value, (name, error.params)
    return error


def public_text(events: Sequence[GameEvent]) -> str:
    """Every public event as JSON, for scans."""
    return "\n".join(e.model_dump_json() for e in events if e.is_public)
