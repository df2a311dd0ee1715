"""No English below the bot: nothing a Paiute deal hands out (events, refusals, action specs,
views, history) holds a string of three or more words, over 200 random deals."""

from __future__ import annotations

import random
from typing import Any

from games.errors import IllegalAction
from games.paiute import Paiute, PaiuteOptions

ODD_ACTIONS: list[dict[str, Any]] = [
    {"kind": "fold"},
    {"kind": "draw", "source": "deck"},
    {"kind": "draw", "source": "stock"},
    {"kind": "discard", "card": "Zz"},
    {"kind": "discard", "card": "As"},
    {"kind": "call", "discard": None},
    {"kind": "call", "discard": "2c"},
]


def strings(value: Any) -> list[str]:
    """Every string inside a JSON-like value, keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [*strings(k), *strings(v)]]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    return []


def wordy(found: list[str]) -> list[str]:
    return [s for s in found if len(s.split()) >= 3]


def test_two_hundred_random_deals_say_no_sentences():
    rng = random.Random(7)
    refusals = 0
    for deal in range(200):
        players = [f"p{i}" for i in range(2 + deal % 4)]
        game = Paiute.new(
            players, dict.fromkeys(players, 100), PaiuteOptions(stake=5, max_rounds=3), seed=deal
        )
        found = strings([e.model_dump(mode="json") for e in game.opening_events()])
        while not game.is_over:
            pid = game.to_act
            assert pid is not None
            specs = game.legal_actions(pid)
            found += strings([s.model_dump(mode="json") for s in specs])
            for who in (rng.choice(players), pid):
                try:
                    game.act(who, rng.choice(ODD_ACTIONS))
                except IllegalAction as refusal:
                    refusals += 1
                    found += strings([refusal.code, refusal.params])
                    continue
                break
            if game.is_over or game.to_act != pid:
                continue
            spec = rng.choice(game.legal_actions(pid))
            events = game.act(pid, spec.sample(rng))
            found += strings([e.model_dump(mode="json") for e in events])
            viewer = rng.choice([None, *players])
            found += strings(game.view(viewer).model_dump(mode="json"))
        found += strings(game.history())
        found += strings(game.deal_result().model_dump(mode="json"))
        assert wordy(found) == [], deal
    assert refusals > 200
