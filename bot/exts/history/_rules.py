"""Which numbered rule (``/work/shared/rules``: PP-n, PA-n, PO-n) applied a replay step: read
off the step's events by their kind. Each rule has a short sentence in the catalog
(``replay.rule.<id>``), so a reader sees ``PO-17: ...`` in their own language."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.text import Text, msg
from games.events import GameEvent, OrderCommitted
from games.pontoon import HandKind

BY_KIND: Mapping[str, Mapping[str, str]] = {
    "palace": {
        "cut": "PP-3",
        "ante": "PP-4",
        "banner": "PP-5",
        "rejects_reshuffled": "PP-5",
        "palace_dealt": "PP-6",
        "discards_reshuffled": "PP-8",
        "buy": "PP-7",
        "discard_soldiers": "PP-7",
        "discard": "PP-9",
        "stay": "PP-10",
        "fold": "PP-11",
        "bet": "PP-12",
        "raise": "PP-14",
        "call": "PP-14",
        "battle_fold": "PP-14",
        "battle_won": "PP-16",
        "battle_tie": "PP-16",
        "capture": "PP-17",
        "hand_over": "PP-18",
    },
    "paiute": {
        "deal": "PA-4",
        "draw": "PA-6",
        "discard": "PA-6",
        "stock_rebuilt": "PA-7",
        "call": "PA-9",
        "last_turn": "PA-10",
        "show": "PA-15",
        "deal_over": "PA-15",
    },
    "pontoon": {
        "cut": "PO-4",
        "shuffle": "PO-19",
        "kitty": "PO-24",
        "bank_offered": "PO-21",
        "bank_sold": "PO-21",
        "bank_declined": "PO-21",
        "first_card": "PO-5",
        "your_cards": "PO-7",
        "banker_pontoon": "PO-7",
        "new_card": "PO-10",
        "stake": "PO-6",
        "pontoon": "PO-8",
        "split": "PO-9",
        "buy": "PO-10",
        "twist": "PO-11",
        "stick": "PO-12",
        "bust": "PO-13",
        "five_card_trick": "PO-14",
        "shoot": "PO-25",
        "banker_shows": "PO-15",
        "banker_draws": "PO-15",
        "bank_broken": "PO-22",
    },
}
"""A game's event kinds -> the rule that makes that event happen."""

RULES = frozenset(
    {rule for kinds in BY_KIND.values() for rule in kinds.values()} | {"PO-16", "PO-17", "PO-18"}
)
"""Every rule a replay may name (each one a ``replay.rule.<id>`` catalog message)."""

SETTLED = frozenset({"hand_wins", "hand_loses"})
"""Pontoon's settlement events: which rule paid them follows from the banker's hand."""


def _settlement(events: list[GameEvent]) -> str:
    """PO-16 (the banker bust), PO-18 (the banker's five-card trick) or PO-17."""
    for event in events:
        score: Any = getattr(event, "score", None)
        if event.kind == "banker_stays" and score is not None:
            if score.kind == HandKind.BUST:
                return "PO-16"
            if score.kind == HandKind.FIVE_CARD_TRICK:
                return "PO-18"
    return "PO-17"


def rules_of(game: str, events: Iterable[GameEvent]) -> list[str]:
    """The rules that applied ``events`` (one step's), each once, in the events' order."""
    told = list(events)
    kinds = BY_KIND.get(game, {})
    found: list[str] = []
    for event in told:
        if game == "pontoon" and event.kind in SETTLED:
            rule: str | None = _settlement(told)
        elif isinstance(event, OrderCommitted):  # the reshuffle's own rule (PP-6, PA-7, ...)
            rule = event.rule
        elif game == "pontoon" and event.kind == "dealt":  # round 1 or 2 of face-down cards
            rule = "PO-5" if getattr(event, "round", 1) == 1 else "PO-7"
        else:
            rule = kinds.get(event.kind)
        if rule is not None and rule not in found:
            found.append(rule)
    return found


def rule_line(rule: str) -> Text:
    """``PO-17: ...`` in the reader's language."""
    return msg("replay.rule", rule=rule, text=msg(f"replay.rule.{rule}"))
