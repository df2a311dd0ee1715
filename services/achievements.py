"""Every achievement in one table, each with its rule, and what one table step earns.

A rule reads only what the table may know when it is played: the step's public events (a
pontoon declared, a five-card trick, a Palace battle won with an announced straight flush)
or the finished deal (its winners, the hands shown at its end, its cards once it is over).
A Palace battle hand is told to the table only where it announces battle hands
(``announce_battle_hands``); elsewhere the winner's palace cards stay in play, so no
achievement may give them away. Computer players, the house and the kitty earn nothing.

The bot names each achievement by its code (``achievement.<code>.name`` / ``.how`` in the
catalogs); storage grants what :func:`achieving` returns in the step's own transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.cards import Card
from games.events import GameEvent
from games.palace import BattleWon
from games.poker import Category
from games.pontoon import Declared, FiveCardTrick, hand_value
from storage.achievements import Achieving, Streak
from storage.players import is_computer_pid

HIGH_ROLLER_POT = 1_000
"""The pot a "high roller" wins: ten times a default table's largest bet."""

STEADY_DEALS = 10
"""Pontoon deals in a row without going bust for "steady hand"."""

_NOT_PEOPLE = frozenset({"house", "kitty"})


@dataclass(frozen=True, slots=True)
class Deal:
    """A finished deal as the rules read it: its game, who won, the hands shown at its end
    (``storage``'s hand codes: ``straight_flush:K``, ``five_of_a_kind:7``, ``pontoon``), the pot
    and the hand history (after the end it holds every card)."""

    game: str
    winners: frozenset[str]
    hands: Mapping[str, str]
    pot: int
    history: Sequence[Mapping[str, Any]] = ()


@dataclass(frozen=True, slots=True)
class OnEvent:
    """Earned by the player an event names (``None``: nobody)."""

    who: Callable[[GameEvent], str | None]


@dataclass(frozen=True, slots=True)
class OnDeal:
    """Earned at the end of a deal by the players it returns."""

    who: Callable[[Deal], Iterable[str]]


@dataclass(frozen=True, slots=True)
class InARow:
    """Earned after ``length`` deals in a row that each kept the streak: ``kept`` says, for
    each player the deal counts for, whether it did (``False``: back to 0)."""

    kept: Callable[[Deal], Mapping[str, bool]]
    length: int


@dataclass(frozen=True, slots=True)
class Achievement:
    """One achievement: its code (the catalogs' key, stored per player), the game it belongs
    to (``None``: any) and its rule."""

    code: str
    game: str | None
    rule: OnEvent | OnDeal | InARow


def _declared(event: GameEvent) -> str | None:
    return event.player if isinstance(event, Declared) else None


def _five_card_trick(event: GameEvent) -> str | None:
    return event.player if isinstance(event, FiveCardTrick) else None


def _battle_straight_flush(event: GameEvent) -> str | None:
    if isinstance(event, BattleWon) and event.hand is not None:
        return event.winner if event.hand.category is Category.STRAIGHT_FLUSH else None
    return None


def _shown(category: str) -> Callable[[Deal], Iterable[str]]:
    return lambda deal: [p for p, code in deal.hands.items() if code.split(":")[0] == category]


def _high_roller(deal: Deal) -> Iterable[str]:
    return deal.winners if deal.pot >= HIGH_ROLLER_POT else ()


def _no_bust(deal: Deal) -> Mapping[str, bool]:
    """Each punter of a finished Pontoon deal: whether none of their hands went over 21 (from
    the cards the history shows once the deal is over)."""
    cards = next((h for h in reversed(deal.history) if h.get("kind") == "cards"), None)
    if cards is None:
        return {}
    kept: dict[str, bool] = {}
    for pid, hands in (cards.get("punters") or {}).items():
        dealt = [Card.parse_many(" ".join(h)) for h in hands if h]
        if dealt:
            kept[pid] = all(hand_value(h).total <= 21 for h in dealt)
    return kept


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("first_win", None, OnDeal(lambda deal: deal.winners)),
    Achievement("pontoon", "pontoon", OnEvent(_declared)),
    Achievement("five_card_trick", "pontoon", OnEvent(_five_card_trick)),
    Achievement("steady_hand", "pontoon", InARow(_no_bust, STEADY_DEALS)),
    Achievement("palace_straight_flush", "palace", OnEvent(_battle_straight_flush)),
    Achievement("paiute_five_of_a_kind", "paiute", OnDeal(_shown("five_of_a_kind"))),
    Achievement("high_roller", None, OnDeal(_high_roller)),
)
"""Every achievement, in the order ``/achievements`` lists them."""

CODES = tuple(a.code for a in ACHIEVEMENTS)


def _person(pid: str) -> bool:
    return pid not in _NOT_PEOPLE and not is_computer_pid(pid)


@cache
def _of(game: str) -> tuple[Achievement, ...]:
    """The achievements a table of ``game`` can earn (its own and every game's)."""
    return tuple(a for a in ACHIEVEMENTS if a.game in (None, game))


def achieving(guild: int, game: str, events: Sequence[GameEvent], deal: Deal | None) -> Achieving:
    """What one table step earns: the achievements of ``game`` (and of every game) whose rule
    its public ``events`` or, when it ended a deal, the finished ``deal`` meet, and the
    streaks that deal moves. People only; storage grants each once."""
    public = [e for e in events if e.to is None]  # a private fact is never announced
    earned: dict[tuple[int, str], None] = {}
    streaks: list[Streak] = []
    for a in _of(game):
        rule = a.rule
        if isinstance(rule, OnEvent):
            for event in public:
                who = rule.who(event)
                if who is not None and _person(who):
                    earned[(int(who), a.code)] = None
        elif deal is not None and isinstance(rule, OnDeal):
            for who in rule.who(deal):
                if _person(who):
                    earned[(int(who), a.code)] = None
        elif deal is not None and isinstance(rule, InARow):
            for who, kept in sorted(rule.kept(deal).items()):
                if _person(who):
                    streaks.append(Streak(int(who), a.code, kept, rule.length))
    return Achieving(guild, tuple(earned), tuple(streaks))
