"""What committed deals cost (issue 29): per deal, the commitment (a 52-leaf salted tree; a
reshuffle's, made by the engine, is in the deals per second, and its bytes in the snapshot's),
the proofs of every card someone saw (what the finished deal's record keeps), the bytes they
add to the snapshot written on every action and to the stored record; and the engines' random
play with the seen-card notes, in deals per second (compare with ``python -m games.simulate``
on a baseline checkout, which plays the same deals without them).

Run from the repository root: ``python -m bench.fairness [--deals D] [--runs N]``. Prints one
JSON line per game, medians over the runs, thread CPU time. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from games.engine import Engine
from games.fairness import new_secret
from games.registry import PAIUTE, PALACE, PONTOON


def play(game: Engine, rng: random.Random) -> None:
    while not game.is_over:
        pid = game.to_act
        assert pid is not None  # noqa: S101 - a running deal has someone to act
        game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))


def one_run(info: object, deals: int, seed: int) -> dict[str, float]:
    engine = info.engine  # type: ignore[attr-defined]
    rng = random.Random(seed)
    players = [str(100 + i) for i in range(4)]
    game = engine.new(players, dict.fromkeys(players, 10_000), seed=seed)
    commit = proofs = 0.0
    extra_snapshot = extra_record = 0
    clock = time.thread_time
    for _ in range(deals):
        start = clock()
        game.commit(new_secret())
        commit += clock() - start
        play(game, rng)
        start = clock()
        record = game.fairness()
        proofs += clock() - start
        extra_record += len(json.dumps(record))
        state = game.state
        kept = {"commitment", "revealed", "reshuffles", "noted_reshuffles"}
        extra_snapshot += len(state.model_dump_json(include=kept))
        game = game.next_deal(stacks=dict.fromkeys(players, 10_000))
    return {
        "commit_ms_per_deal": 1000 * commit / deals,
        "proofs_ms_per_deal": 1000 * proofs / deals,
        "snapshot_bytes_added_at_end": extra_snapshot / deals,
        "record_bytes_added": extra_record / deals,
    }


def plain_deals_per_second(info: object, deals: int, seed: int, commit: bool) -> float:
    engine = info.engine  # type: ignore[attr-defined]
    rng = random.Random(seed)
    players = [str(100 + i) for i in range(4)]
    game = engine.new(players, dict.fromkeys(players, 10_000), seed=seed)
    start = time.thread_time()
    for _ in range(deals):
        if commit:
            game.commit(new_secret())
        play(game, rng)
        game = game.next_deal(stacks=dict.fromkeys(players, 10_000))
    return deals / (time.thread_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for info in (PALACE, PAIUTE, PONTOON):
        runs = [one_run(info, args.deals, seed) for seed in range(args.runs)]
        out: dict[str, object] = {"game": info.id}
        for key in runs[0]:
            out[key] = round(statistics.median(r[key] for r in runs), 3)
        for commit in (False, True):
            rate = statistics.median(
                plain_deals_per_second(info, args.deals, seed, commit) for seed in range(args.runs)
            )
            out["deals_per_second_" + ("committed" if commit else "uncommitted")] = round(rate, 1)
        print(json.dumps(out))


if __name__ == "__main__":
    main()
