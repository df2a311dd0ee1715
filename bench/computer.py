"""How strong the ``normal`` computer players are: one of them against random and easy players.

Run from the repository root: ``python -m bench.computer [--deals N] [--palace-deals N]
[--games palace paiute pontoon] [--players P] [--seed S]``. For each game it plays one
``normal`` player (seat ``cpu``) at a table of ``P`` against ``random`` legal players and then
against ``easy`` ones, and prints per line: the computer's net chips per deal with a 95 %
interval, the share of deals it came out ahead in next to the table's average share (the fair
share), the decision time p50/p99 of its ``choose`` calls, and how often its answer was not
legal (always 0 unless an engine changed a rule under it). Asserts nothing: the numbers are
for people, the tests check the decisions.

A table whose stacks run low is dealt afresh at the starting stacks, so every deal is played
at full depth. Pontoon counts the banker's kitty as the banker's (PO-31: it goes with them).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable

from games.computer import strategy
from games.engine import Engine
from games.paiute import Paiute, PaiuteOptions
from games.palace import PalaceOptions, PalacePoker
from games.pontoon import Pontoon, PontoonOptions

START = 1_000
LOW = 300
"""A stack below this deals the table afresh (a broke seat would sit out and skew the deal)."""
ME = "cpu"

Factory = Callable[[list[str], dict[str, int], int], Engine]

FACTORIES: dict[str, Factory] = {
    "palace": lambda ids, stacks, seed: PalacePoker.new(
        ids, stacks, PalaceOptions(small_bet=10), seed=seed
    ),
    "paiute": lambda ids, stacks, seed: Paiute.new(ids, stacks, PaiuteOptions(stake=10), seed),
    "pontoon": lambda ids, stacks, seed: Pontoon.new(
        ids, stacks, PontoonOptions(min_bet=10, max_bet=100, shoot=True), seed=seed
    ),
}


def wealth(game: Engine, pid: str) -> int:
    """A seat's chips: its stack, and the kitty when it banks Shoot Pontoon."""
    chips = game.stacks.get(pid, 0)
    public = game.view(None)
    if getattr(public, "banker", None) == pid:
        chips += int(getattr(public, "kitty", 0))
    return chips


def run(game_id: str, opponents: str, deals: int, players: int, seed: int) -> dict[str, float]:
    """Play ``deals`` deals; the computer's numbers."""
    ids = [ME, *(f"p{i}" for i in range(1, players))]
    me = strategy(game_id, "normal")
    others = {pid: strategy(game_id, opponents) for pid in ids[1:]}
    rng = random.Random(seed)
    factory = FACTORIES[game_id]
    game = factory(ids, dict.fromkeys(ids, START), seed)
    nets: list[int] = []
    ahead = dict.fromkeys(ids, 0)
    times: list[float] = []
    for number in range(deals):
        before = {pid: wealth(game, pid) for pid in ids}
        while not game.is_over:
            pid = game.to_act
            assert pid is not None  # noqa: S101 - a deal that is not over has a player to act
            legal = game.legal_actions(pid)
            view = game.view(pid)
            if pid == ME:
                started = time.perf_counter()
                action = me.choose(view, legal, rng)
                times.append(time.perf_counter() - started)
            else:
                action = others[pid].choose(view, legal, rng)
            game.act(pid, action)
        for pid in ids:
            change = wealth(game, pid) - before[pid]
            ahead[pid] += change > 0
            if pid == ME:
                nets.append(change)
        if min(game.stacks.get(pid, 0) for pid in ids) < LOW:
            game = factory(ids, dict.fromkeys(ids, START), seed + number + 1)
        else:
            game = game.next_deal(players=ids, stacks={pid: game.stacks[pid] for pid in ids})
    mean = statistics.fmean(nets)
    half = 1.96 * statistics.stdev(nets) / math.sqrt(len(nets)) if len(nets) > 1 else math.inf
    times.sort()
    return {
        "mean": mean,
        "low": mean - half,
        "high": mean + half,
        "won": ahead[ME] / deals,
        "fair": sum(ahead.values()) / len(ids) / deals,
        "p50": 1000 * times[len(times) // 2] if times else 0.0,
        "p99": 1000 * times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0,
        "fallbacks": float(getattr(me, "fallbacks", 0)),
    }


def main(argv: list[str] | None = None) -> None:
    """Parse the command line, play every game against both kinds of opponents, print."""
    parser = argparse.ArgumentParser(prog="python -m bench.computer", description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000, help="deals for Paiute and Pontoon")
    parser.add_argument("--palace-deals", type=int, default=2_000)
    parser.add_argument("--games", nargs="+", choices=sorted(FACTORIES), default=sorted(FACTORIES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"{'game':8} {'vs':7} {'deals':>6} {'net/deal':>9} {'95% interval':>17} "
        f"{'won':>6} {'fair':>6} {'p50 ms':>7} {'p99 ms':>7} {'illegal':>7} {'secs':>6}"
    )
    for game_id in args.games:
        deals = args.palace_deals if game_id == "palace" else args.deals
        for opponents in ("random", "easy"):
            started = time.perf_counter()
            r = run(game_id, opponents, deals, args.players, args.seed)
            secs = time.perf_counter() - started
            interval = f"[{r['low']:+.2f}, {r['high']:+.2f}]"
            print(
                f"{game_id:8} {opponents:7} {deals:>6} {r['mean']:>+9.2f} {interval:>17} "
                f"{r['won']:>6.1%} {r['fair']:>6.1%} {r['p50']:>7.2f} {r['p99']:>7.2f} "
                f"{int(r['fallbacks']):>7} {secs:>6.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
