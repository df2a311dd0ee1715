"""``python -m games.simulate GAME --players N --deals D --seed S``: random play, one JSON line.

Plays ``D`` consecutive deals of random legal actions (with random amounts in bounds and a share
of deliberately illegal ones) and prints what happened::

    {"game": "palace", "deals": 500, "actions": ..., "illegal_refused": ...,
     "chips_conserved": true, "cards_conserved": true, "errors": 0, "deals_per_second": ...}

Exits 1 when any invariant broke, so it doubles as a smoke test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from typing import cast

from games.engine import Engine
from games.paiute import Paiute, PaiuteOptions
from games.palace import PalaceOptions, PalacePoker
from games.pontoon import Pontoon, PontoonOptions
from games.random_play import InvariantBroken, PlayStats, play_deal

Factory = Callable[[list[str], dict[str, int], int], Engine]
"""Builds a table's first deal from player ids, stacks and a seed."""

STARTING_STACK = 1_000


def factories() -> dict[str, Factory]:
    """The games the simulator knows; each engine adds itself here."""
    return {
        "palace": lambda ids, stacks, seed: PalacePoker.new(
            ids, stacks, PalaceOptions(small_bet=10), seed=seed
        ),
        # stake 1: every seat the simulator keeps (stack > 0) can cover it (PA-2)
        "paiute": lambda ids, stacks, seed: Paiute.new(ids, stacks, PaiuteOptions(stake=1), seed),
        # cast: Pontoon's typed events are not yet the legacy Engine protocol's Event
        "pontoon": lambda ids, stacks, seed: cast(
            Engine,
            Pontoon.new(
                ids, stacks, PontoonOptions(min_bet=10, max_bet=100, shoot=True), seed=seed
            ),
        ),
    }


def simulate(
    game_name: str, players: int, deals: int, seed: int
) -> tuple[dict[str, object], list[str]]:
    """Play ``deals`` deals of ``game_name``; the JSON line's dict and each error's text."""
    factory = factories()[game_name]
    rng = random.Random(seed)
    ids = [str(1000 + i) for i in range(players)]
    stats = PlayStats()
    chips_ok = cards_ok = True
    game = factory(ids, dict.fromkeys(ids, STARTING_STACK), seed)
    started = time.perf_counter()
    for number in range(deals):
        try:
            play_deal(game, rng, stats)
        except InvariantBroken as exc:
            text = str(exc)
            chips_ok &= not text.startswith("chips")
            cards_ok &= not text.startswith("cards")
            stats.errors.append(f"deal {number + 1}: {text}")
            game = factory(ids, dict.fromkeys(ids, STARTING_STACK), seed + number + 1)
            continue
        stacks = dict(game.stacks)
        seated = [p for p in ids if stacks.get(p, 0) > 0]
        if len(seated) < 2:  # everyone but one is broke: a fresh table, as players would rebuy
            stacks = dict.fromkeys(ids, STARTING_STACK)
            seated = ids
        game = game.next_deal(players=seated, stacks={p: stacks[p] for p in seated})
    elapsed = time.perf_counter() - started
    report = {
        "game": game_name,
        "deals": stats.deals,
        "actions": stats.actions,
        "illegal_refused": stats.illegal_refused,
        "chips_conserved": chips_ok,
        "cards_conserved": cards_ok,
        "errors": len(stats.errors),
        "deals_per_second": round(stats.deals / elapsed, 1) if elapsed > 0 else None,
    }
    return report, stats.errors


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, run the simulation, print one JSON line."""
    known = factories()
    parser = argparse.ArgumentParser(prog="python -m games.simulate", description=__doc__)
    parser.add_argument("game", choices=sorted(known) or None, nargs=None if known else "?")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show-errors", action="store_true", help="print each error to stderr")
    args = parser.parse_args(argv)
    if not known:
        print("No games are registered yet: the simulator has nothing to play.", file=sys.stderr)
        return 2
    report, errors = simulate(args.game, args.players, args.deals, args.seed)
    if args.show_errors:
        for error in errors:
            print(error, file=sys.stderr)
    print(json.dumps(report))
    return 0 if report["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
