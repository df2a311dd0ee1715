"""What the table pictures cost: render time, bytes per picture, bytes uploaded per action.

Run from the repository root: ``python -m bench.render [--runs N] [--deals D] [--seed S]``.
For each game at its largest table (Palace Poker 10 seats, Pontoon 8, Paiute 5) it plays
``D`` deals of random legal play ``N`` times and, after the deal starts and after every action,
builds the public picture through one ``PictureCache`` and counts an upload only when
``Uploads`` says the picture changed. Prints, per game, the median over the runs of: render
time p50/p99 (scene + paint + encode, for the pictures actually drawn), in wall time and in
this thread's CPU time (which other processes' load does not inflate), bytes per picture and
bytes uploaded per action. Asserts nothing: timings depend on the machine and its load.

``python -m bench.render --samples DIR`` writes one table picture and one hand picture per game
into DIR instead, to look at.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.pictures import (
    NoHandError,
    PictureCache,
    Public,
    Scene,
    Uploads,
    draw,
    hand_scene,
    table_scene,
    warm,
)
from games.engine import Engine
from games.paiute import Paiute, PaiuteOptions
from games.palace import PalaceOptions, PalacePoker
from games.pontoon import Pontoon, PontoonOptions

NAMES = [
    "Alice",
    "Bob the Builder",
    "Chandrasekhar Venkataraman",
    "Dana",
    "Émile",
    "محمد رضا",
    "Gus",
    "Hiroshi",
    "Ivy",
    "Jo",
]

Factory = Callable[[list[str], dict[str, int], int], Engine]

GAMES: dict[str, tuple[int, Factory]] = {
    "palace": (
        10,
        lambda ids, stacks, seed: PalacePoker.new(
            ids, stacks, PalaceOptions(small_bet=10), seed=seed
        ),
    ),
    "pontoon": (
        8,
        lambda ids, stacks, seed: Pontoon.new(
            ids, stacks, PontoonOptions(min_bet=10, max_bet=100, shoot=True), seed=seed
        ),
    ),
    "paiute": (
        5,
        lambda ids, stacks, seed: Paiute.new(ids, stacks, PaiuteOptions(stake=10), seed),
    ),
}


@dataclass
class Run:
    """One run's numbers."""

    render_ms: list[float]
    cpu_ms: list[float]
    sizes: list[int]
    actions: int
    uploaded: int


def _table(seats: int) -> tuple[list[str], dict[str, str]]:
    ids = [str(1000 + i) for i in range(seats)]
    return ids, dict(zip(ids, NAMES, strict=False))


def _scene(game: Engine, names: dict[str, str]) -> Scene:
    return table_scene(Public(game.view(None)), names)  # type: ignore[arg-type]


def play(name: str, deals: int, seed: int) -> Run:
    """``deals`` deals of random play, drawing the table picture after every action."""
    seats, factory = GAMES[name]
    ids, names = _table(seats)
    rng = random.Random(seed)
    cache, uploads = PictureCache(), Uploads()
    run = Run([], [], [], 0, 0)

    def show(game: Engine) -> None:
        start, cpu = time.perf_counter(), time.thread_time()
        misses = cache.misses
        picture = cache.picture(_scene(game, names))
        if cache.misses != misses:
            run.render_ms.append((time.perf_counter() - start) * 1000)
            run.cpu_ms.append((time.thread_time() - cpu) * 1000)
            run.sizes.append(len(picture.data))
        if uploads.changed("table", picture):
            run.uploaded += len(picture.data)

    game = factory(ids, dict.fromkeys(ids, 1_000), seed)
    for _ in range(deals):
        show(game)
        while not game.is_over:
            pid = game.to_act
            assert pid is not None  # noqa: S101 - a deal not over has someone to act
            game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
            run.actions += 1
            show(game)
        stacks = {p: s for p, s in game.stacks.items() if p in ids and s > 0}
        if len(stacks) < 2:
            stacks = dict.fromkeys(ids, 1_000)
        game = game.next_deal(players=list(stacks), stacks=stacks)
    return run


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def bench(runs: int, deals: int, seed: int) -> None:
    """Print the table of numbers."""
    start = time.perf_counter()
    warm()
    print(f"warm-up (palette, first card art): {(time.perf_counter() - start) * 1000:.0f} ms")
    print(f"{runs} runs of {deals} deals each; medians over the runs")
    header = (
        f"{'game':8} {'seats':>5} {'actions':>7} {'drawn':>5} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'cpu p50':>7} {'cpu p99':>7} "
        f"{'KB/pic':>7} {'max KB':>7} {'KB/action':>9}"
    )
    print(header)
    for name, (seats, _) in GAMES.items():
        results = [play(name, deals, seed + i) for i in range(runs)]

        def med(pick: Callable[[Run], float], results: list[Run] = results) -> float:
            return statistics.median(pick(r) for r in results)

        print(
            f"{name:8} {seats:5} {med(lambda r: r.actions):7.0f} "
            f"{med(lambda r: len(r.sizes)):5.0f} "
            f"{med(lambda r: _pct(r.render_ms, 0.5)):7.1f} "
            f"{med(lambda r: _pct(r.render_ms, 0.99)):7.1f} "
            f"{med(lambda r: _pct(r.cpu_ms, 0.5)):7.1f} "
            f"{med(lambda r: _pct(r.cpu_ms, 0.99)):7.1f} "
            f"{med(lambda r: statistics.mean(r.sizes) / 1024):7.1f} "
            f"{med(lambda r: max(r.sizes) / 1024):7.1f} "
            f"{med(lambda r: r.uploaded / 1024 / max(1, r.actions)):9.1f}"
        )


def samples(folder: Path, seed: int) -> None:
    """One mid-deal table picture and the hand picture of the player on turn, per game."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, (seats, factory) in GAMES.items():
        ids, names = _table(seats)
        rng = random.Random(seed)
        game = factory(ids, dict.fromkeys(ids, 1_000), seed)
        for _ in range(seats * 3):
            pid = game.to_act
            if game.is_over or pid is None:
                break
            game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
        table = draw(_scene(game, names))
        (folder / f"{name}-table.png").write_bytes(table.data)
        viewers = [game.to_act] if game.to_act else []
        for viewer in [*viewers, *ids]:
            try:
                hand = draw(hand_scene(game.view(viewer)))  # type: ignore[arg-type]
            except NoHandError:
                continue
            break
        (folder / f"{name}-hand.png").write_bytes(hand.data)
        print(
            f"{name}: table {table.width}x{table.height} {len(table.data)} B, "
            f"hand {hand.width}x{hand.height} {len(hand.data)} B"
        )


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=Path, help="write sample pictures here instead")
    args = parser.parse_args()
    if args.samples is not None:
        samples(args.samples, args.seed)
    else:
        bench(args.runs, args.deals, args.seed)


if __name__ == "__main__":
    main()
