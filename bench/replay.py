"""What replays cost (issue 29): per deal, the opening state the engine packs when a deal is
dealt (the bytes it adds to the snapshot written on every action and to the stored record,
and the time to pack it), and what a replay step costs: restoring the opening and applying
the deal's actions again up to its last step (the most a click on ⏭ replays).

Run from the repository root: ``python -m bench.replay [--deals D] [--runs N]``. Prints one
JSON line per game, medians over the runs, thread CPU time. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from games.core import replay
from games.fairness import new_secret
from games.registry import PAIUTE, PALACE, PONTOON


def one_run(info: object, deals: int, seed: int) -> dict[str, float]:
    engine = info.engine  # type: ignore[attr-defined]
    rng = random.Random(seed)
    players = [str(100 + i) for i in range(4)]
    game = engine.new(players, dict.fromkeys(players, 10_000), seed=seed)
    packed = snapshot = actions = 0
    pack = step = 0.0
    clock = time.thread_time
    for _ in range(deals):
        game.commit(new_secret())
        state_json = game.state.model_dump_json(exclude={"replay_from"})
        start = clock()
        opening = replay.pack(state_json)
        pack += clock() - start
        packed += len(opening)
        snapshot += len(game.snapshot())
        while not game.is_over:
            pid = game.to_act
            assert pid is not None  # noqa: S101 - a running deal has someone to act
            game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
        history = [*game.history(), *game.closing_records()]
        done = replay.actions_of(history)
        actions += len(done)
        start = clock()
        for moment in replay.moments(type(game), str(replay.opening_of(history)), done):
            if moment.index == len(done):
                moment.game.view(players[0])
        step += clock() - start
        game = game.next_deal(stacks=dict.fromkeys(players, 10_000))
    return {
        "opening_bytes_per_deal": packed / deals,
        "snapshot_bytes_at_deal_start": snapshot / deals,
        "pack_ms_per_deal": pack * 1000 / deals,
        "actions_per_deal": actions / deals,
        "last_step_ms": step * 1000 / deals,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for info in (PALACE, PAIUTE, PONTOON):
        runs = [one_run(info, args.deals, seed) for seed in range(args.runs)]
        medians = {k: round(statistics.median(r[k] for r in runs), 3) for k in runs[0]}
        print(json.dumps({"game": info.id, "deals": args.deals, "runs": args.runs, **medians}))


if __name__ == "__main__":
    main()
