"""No English below the bot: over 200 random deals, no string the engine hands out (events,
refusal parameters, action specs, every player's view, the history, the deal's result) holds
a phrase. Ids, card codes, kinds and enum values are single tokens; three words or more is a
sentence the presenter should have made."""

from __future__ import annotations

import random
from typing import Any

from games.errors import IllegalAction
from games.palace import ActionKind, PalaceOptions, PalacePoker

WORDS = 3


def phrases(value: Any, where: str = "") -> list[str]:
    """Every string of ``WORDS`` words or more inside ``value`` (dicts, lists, scalars)."""
    if isinstance(value, str):
        return [f"{where}: {value!r}"] if len(value.split()) >= WORDS else []
    if isinstance(value, dict):
        found = []
        for key, item in value.items():
            found += phrases(key, where) + phrases(item, f"{where}.{key}")
        return found
    if isinstance(value, list | tuple):
        return [p for i, item in enumerate(value) for p in phrases(item, f"{where}[{i}]")]
    return []


def wrong_actions(game: PalacePoker, pid: str, rng: random.Random) -> list[dict[str, Any]]:
    """Actions a player might send that are mostly refused: every kind, odd fields."""
    soldiers = [c.code for c in game.state.seat[pid].soldiers]
    cards = rng.choice([[], ["Zz"], ["As", "As"], soldiers * 2, soldiers[:1], ["2c"]])
    return [
        {"kind": "shout"},
        {"kind": ActionKind.STAY, "loud": True},
        {"kind": ActionKind.BUY},
        {"kind": ActionKind.STAY},
        {"kind": ActionKind.CALL},
        {"kind": ActionKind.RAISE, "amount": rng.choice([0, 1, 7, 10_000, "lots"])},
        {"kind": ActionKind.BET, "target": rng.choice([pid, "nobody", *game.stacks])},
        {"kind": ActionKind.DISCARD, "cards": cards},
        {"kind": ActionKind.DISCARD_SOLDIERS, "cards": cards},
    ]


def test_no_phrase_in_anything_the_engine_hands_out():
    seen_codes: set[str] = set()
    for deal in range(200):
        rng = random.Random(deal)
        n = 2 + deal % 9
        ids = [f"p{i}" for i in range(n)]
        options = PalaceOptions(
            small_bet=5,
            betting=["limit", "no-limit"][deal % 2],
            announce_battle_hands=deal % 2 == 0,
            max_rounds=3 + deal % 5,
        )
        game = PalacePoker.new(ids, {p: 30 + 25 * i for i, p in enumerate(ids)}, options, seed=deal)
        found = phrases([e.model_dump(mode="json") for e in game.opening_events()], "opening")
        while not game.is_over:
            pid = game.to_act
            assert pid is not None
            specs = game.legal_actions(pid)
            found += phrases([s.model_dump(mode="json") for s in specs], "specs")
            for wrong in wrong_actions(game, pid, rng):
                try:
                    events = game.act(pid, wrong)
                except IllegalAction as refused:
                    seen_codes.add(refused.code)
                    found += phrases([refused.code, refused.params], "refusal")
                    continue
                found += phrases([e.model_dump(mode="json") for e in events], "events")
                break
            else:
                events = game.act(pid, rng.choice(specs).sample(rng))
                found += phrases([e.model_dump(mode="json") for e in events], "events")
            if rng.random() < 0.2:
                for viewer in [None, *ids]:
                    found += phrases(game.view(viewer).model_dump(mode="json"), "view")
        for viewer in [None, *ids]:
            found += phrases(game.view(viewer).model_dump(mode="json"), "final view")
        found += phrases(game.history(), "history")
        found += phrases(game.deal_result().model_dump(mode="json"), "result")
        assert found == [], (deal, found[:5])
    # the scan met the refusals it is about
    assert {"unknown_action", "bad_action", "not_a_choice", "nothing_to"} <= seen_codes
