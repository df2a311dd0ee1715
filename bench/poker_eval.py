"""How fast `games.poker.evaluate` is, next to treys on the same hands.

Run from the repository root: ``python -m bench.poker_eval [--hands N] [--seed S]``.
Prints evaluations per second for best-of-7 and best-of-9 (ours) and best-of-7 (treys), the
ratio ours/treys on 7 cards, and what building the lookup tables costs at import. Asserts
nothing: speed depends on the machine, correctness is the tests' job.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

from treys import Card as TreysCard
from treys import Evaluator

from games import poker
from games.cards import FULL_DECK, Card


def _rates(runs: dict[str, Callable[[], object]], count: int, repeats: int) -> dict[str, float]:
    """Evaluations per second of each run: its best of ``repeats`` timings.

    The runs take turns in every round, so a burst of load from other processes hits them
    alike, and the clock is this process's CPU time, not wall time.
    """
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeats):
        for name, run in runs.items():
            start = time.process_time()
            run()
            best[name] = min(best[name], time.process_time() - start)
    return {name: count / seconds for name, seconds in best.items()}


def _treys(cards: Sequence[Card]) -> list[int]:
    return [TreysCard.new(c.code.replace("10", "T")) for c in cards]


def _import_cost() -> str:
    """Import time of games.poker alone (games.cards imported first): best of 5 fresh runs."""
    code = (
        "import time, games.cards; t = time.process_time(); import games.poker; "
        "print(time.process_time() - t)"
    )
    runs = [
        subprocess.run(  # noqa: S603 - our own interpreter, fixed arguments
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        for _ in range(5)
    ]
    return f"{min(float(run.stdout) for run in runs) * 1000:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    nines = [rng.sample(FULL_DECK, 9) for _ in range(args.hands)]
    sevens = [h[:7] for h in nines]
    treys_hands = [_treys(h) for h in sevens]
    treys_split = [(h[:2], h[2:]) for h in treys_hands]
    evaluator = Evaluator()
    evaluate = poker.evaluate

    def ours7() -> None:
        for h in sevens:
            evaluate(h)

    def ours9() -> None:
        for h in nines:
            evaluate(h)

    def treys7() -> None:
        ev = evaluator.evaluate
        for pocket, board in treys_split:
            ev(pocket, board)

    n, r = args.hands, args.repeats
    rates = _rates({"ours7": ours7, "ours9": ours9, "treys7": treys7}, n, r)
    rate7, rate9, rate_treys = rates["ours7"], rates["ours9"], rates["treys7"]
    print(f"python {sys.version.split()[0]}, {n:,} random hands (seed {args.seed}), best of {r}")
    print(f"games.poker best-of-7: {rate7:>12,.0f} evaluations/s")
    print(f"games.poker best-of-9: {rate9:>12,.0f} evaluations/s")
    print(f"treys       best-of-7: {rate_treys:>12,.0f} evaluations/s")
    print(f"ratio ours/treys on 7 cards: {rate7 / rate_treys:.1f}x")
    print(f"games.poker import (tables included): {_import_cost()} ms")


if __name__ == "__main__":
    main()
