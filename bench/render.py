"""What a table update's picture costs: CPU per update, bytes, uploads, against a baseline.

Run from the repository root::

    python -m bench.render [--runs 3] [--deals 2] [--baseline DIR] [--seats palace=10,6 ...]
                           [--style classic|four-colour|large]
    python -m bench.render --encoders        # zlib levels and band heights, measured
    python -m bench.render --floor           # what Pillow and deflate cost alone, for scale
    python -m bench.render --samples DIR     # one table and one hand picture per game

For each game and table size it plays ``--deals`` deals of random legal play and, after the
deal starts and after every action, makes the table's picture the way the bot does (this tree:
``TablePictures.picture(table, scene)``, which composes only what changed; a baseline without it:
``PictureCache.picture(scene)``, a full drawing per new scene), counting an upload only when the
picture changed. The CPU time of each update (scene + picture, ``time.thread_time``: other
processes' load does not add to it, though it still slows a shared core) is taken once the
sprite caches are warm (every card's art drawn and a deal played before, unmeasured), and once
cold (the first picture after start, as ``warm`` leaves it). Each run is its own process, this
tree's and the baseline's taking turns; medians over the runs are printed side by side, with
their ratio.
``--style``: the server's card style of this tree's table pictures (a baseline without
styles draws its own one). Asserts nothing: timings depend on the machine and its load.

A baseline is a checkout of another commit: ``git -C /work/main archive main | tar -x -C DIR``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

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

SIZES = {"palace": (10, 6, 2), "pontoon": (8, 4), "paiute": (5, 3)}
"""Table sizes measured by default: each game's largest (PP-1, PO-2, PA-1) first."""


def _engine(game: str, seats: int, seed: int) -> Any:
    from games.paiute import Paiute, PaiuteOptions
    from games.palace import PalaceOptions, PalacePoker
    from games.pontoon import Pontoon, PontoonOptions

    ids = [str(1000 + i) for i in range(seats)]
    stacks = dict.fromkeys(ids, 1_000)
    if game == "palace":
        return PalacePoker.new(ids, stacks, PalaceOptions(small_bet=10), seed=seed)
    if game == "pontoon":
        options = PontoonOptions(min_bet=10, max_bet=100, shoot=True)
        return Pontoon.new(ids, stacks, options, seed=seed)
    return Paiute.new(ids, stacks, PaiuteOptions(stake=10), seed)


def _states(game: str, seats: int, deals: int, seed: int) -> list[Any]:
    """The public views of ``deals`` deals of random play: after the deal and every action."""
    engine = _engine(game, seats, seed)
    ids = [str(1000 + i) for i in range(seats)]
    rng = random.Random(seed)
    views = []
    for _ in range(deals):
        views.append(engine.view(None))
        while not engine.is_over:
            pid = engine.to_act
            engine.act(pid, rng.choice(engine.legal_actions(pid)).sample(rng))
            views.append(engine.view(None))
        stacks = {p: s for p, s in engine.stacks.items() if p in ids and s > 0}
        if len(stacks) < 2:
            stacks = dict.fromkeys(ids, 1_000)
        engine = engine.next_deal(players=list(stacks), stacks=stacks)
    return views


def measure(game: str, seats: int, deals: int, seed: int, style: str = "") -> dict[str, Any]:
    """One run in this process, with whichever ``bot.pictures`` is on the path (``style``: the
    card style, where that tree has styles)."""
    import bot.pictures as pictures

    names = dict(zip([str(1000 + i) for i in range(seats)], NAMES, strict=False))
    composer = getattr(pictures, "TablePictures", None)

    def maker() -> Callable[[Any], Any]:
        if composer is not None:
            tables = composer()
            return lambda scene: tables.picture("bench", scene)
        cache = pictures.PictureCache()
        return cache.picture

    def scene(view: Any) -> Any:
        if style and hasattr(pictures, "STYLES"):
            return pictures.table_scene(pictures.Public(view), names, style=style)
        return pictures.table_scene(pictures.Public(view), names)

    cold_views = _states(game, seats, 1, seed + 1000)
    start = time.thread_time()
    maker()(scene(cold_views[0]))  # the first picture of the process: nothing drawn yet
    cold_ms = (time.thread_time() - start) * 1000
    pictures.draw(_every_card(pictures, style))
    picture = maker()
    for view in cold_views:  # a deal unmeasured: the sprite caches warm, as in a running bot
        picture(scene(view))
    picture = maker()
    uploads = pictures.Uploads()
    cpu: list[float] = []
    sizes: list[int] = []
    uploaded = 0
    views = _states(game, seats, deals, seed)
    for view in views:
        start = time.thread_time()
        made = picture(scene(view))
        cpu.append((time.thread_time() - start) * 1000)
        sizes.append(len(made.data))
        if uploads.changed("table", made):
            uploaded += len(made.data)
    return {
        "cold_ms": cold_ms,
        "p50": statistics.median(cpu),
        "p90": sorted(cpu)[int(0.9 * (len(cpu) - 1))],
        "mean": statistics.fmean(cpu),
        "updates": len(views),
        "kb": statistics.fmean(sizes) / 1024,
        "kb_up": uploaded / 1024 / len(views),
    }


CARD_WIDTHS = (52, 60, 64)
"""The widths table pictures draw cards at (piles, Paiute's piles, hands)."""


def _every_card(pictures: Any, style: str) -> Any:
    """A scene of every card face and the back at each table width, plain, wild and dimmed:
    drawn before the measured updates, as a running bot has drawn them all by its first few
    deals (the art of a card the warm-up deal did not show is otherwise drawn, ~0.5 ms, inside
    a measured update)."""
    from games.cards import FULL_DECK

    codes: list[str | None] = [c.code for c in FULL_DECK]
    codes.append(None)
    items = []
    y = 0
    for width in CARD_WIDTHS:
        for wild in (False, True):
            for dim in (False, True):
                for i, code in enumerate(codes):
                    kind = {"style": style} if style else {}
                    items.append(pictures.CardItem(i * 8, y, width, code, wild, dim, **kind))
                y += 100
    return pictures.Scene(len(codes) * 8 + 64, y + 100, tuple(items))


def _run(
    code: Path, game: str, seats: int, deals: int, seed: int, style: str = ""
) -> dict[str, Any]:
    """``measure`` in a fresh process over the tree at ``code``."""
    env = dict(os.environ, PYTHONPATH=str(code))
    out = subprocess.run(  # noqa: S603 - this interpreter, this file
        [sys.executable, __file__, "--measure", f"{game}:{seats}:{deals}:{seed}:{style}"],
        env=env,
        cwd=code,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    return result


def bench(args: argparse.Namespace) -> None:
    """Print the table of numbers."""
    trees = {"this": ROOT}
    if args.baseline is not None:
        trees["base"] = args.baseline.resolve()
    print(
        f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min), {args.runs} runs"
        + (f", this tree's card style: {args.style}" if args.style else "")
    )
    print(
        "CPU ms per table update (scene + picture), median of the runs' medians; warm: the "
        "sprite caches warm (every card and a deal drawn before), cold: a process's first picture"
    )
    header = (
        f"{'game':8} {'seats':>5} {'tree':5} {'updates':>7} {'p50 ms':>7} {'p90 ms':>7} "
        f"{'mean ms':>7} {'cold ms':>7} {'KB/pic':>6} {'KB up/upd':>9}"
    )
    print(header)
    for game, sizes in args.seats.items():
        for seats in sizes:
            results: dict[str, list[dict[str, Any]]] = {tree: [] for tree in trees}
            for i in range(args.runs):
                for tree, code in trees.items():
                    style = args.style if tree == "this" else ""
                    results[tree].append(_run(code, game, seats, args.deals, args.seed + i, style))
            meds = {}
            for tree, runs in results.items():
                med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
                meds[tree] = med
                print(
                    f"{game:8} {seats:5} {tree:5} {med['updates']:7.0f} {med['p50']:7.2f} "
                    f"{med['p90']:7.2f} {med['mean']:7.2f} {med['cold_ms']:7.0f} "
                    f"{med['kb']:6.1f} {med['kb_up']:9.1f}"
                )
            if "base" in meds:
                this, base = meds["this"], meds["base"]
                print(
                    f"{'':8} {'':5} ratio this/base: p50 {this['p50'] / base['p50']:.2f}, "
                    f"mean {this['mean'] / base['mean']:.2f}, "
                    f"bytes {this['kb'] / base['kb']:.2f}"
                )


def floor(seed: int) -> None:
    """What the parts every picture needs cost on this machine, for the largest Palace table
    (CPU us, best of 7 rounds): Pillow's own PNG encoding of the whole picture, one paste and
    one palette mapping of the whole canvas, and the inflate and deflate of one band of rows,
    times the bands a typical update re-encodes."""
    import io

    from PIL import Image

    from bot.pictures import (
        BAND,
        Public,
        encode_bands,
        paint,
        palette,
        png_band,
        png_rows,
        table_scene,
        warm,
    )

    warm()
    names = dict(zip([str(1000 + i) for i in range(10)], NAMES, strict=True))
    views = _states("palace", 10, 1, seed)
    scene = table_scene(Public(views[len(views) // 2]), names)
    image = paint(scene)
    mapped = image.quantize(palette=palette(), dither=Image.Dither.NONE)
    bands = encode_bands(scene)
    raw = png_rows(bands[len(bands) // 2])

    def best(work: Callable[[], object], times: int = 20) -> float:
        rounds = []
        for _ in range(7):
            start = time.thread_time()
            for _ in range(times):
                work()
            rounds.append((time.thread_time() - start) / times * 1e6)
        return min(rounds)

    def save() -> None:
        mapped.save(io.BytesIO(), "PNG", compress_level=1)

    blank = Image.new("RGB", image.size)
    one_band = best(lambda: png_band(png_rows(bands[10])), 200)
    changed = []  # bands whose rows differ from the picture before: what must be re-encoded
    before = paint(table_scene(Public(views[0]), names)).tobytes()
    row = scene.width * 3 * BAND
    for view in views[1:]:
        after = paint(table_scene(Public(view), names)).tobytes()
        if len(after) == len(before):
            changed.append(
                sum(before[i : i + row] != after[i : i + row] for i in range(0, len(after), row))
            )
        before = after
    typical = round(statistics.median(changed))
    print(f"picture {scene.width}x{scene.height}, {len(bands)} bands of {BAND} rows")
    print(f"{'Pillow PNG save, palette image, level 1':44} {best(save, 5):8.0f} us")
    print(f"{'one paste of the whole canvas (RGB)':44} {best(lambda: blank.paste(image)):8.0f} us")
    print(
        f"{'palette mapping of the whole canvas':44} "
        f"{best(lambda: image.quantize(palette=palette(), dither=Image.Dither.NONE), 5):8.0f} us"
    )
    print(f"{'inflate + deflate of one band':44} {one_band:8.1f} us ({len(raw)} bytes)")
    print(f"{f'  x {typical} (median bands changed an update)':44} {typical * one_band:8.0f} us")


def encoders(seed: int) -> None:
    """Band heights and deflate levels on the largest Palace table: CPU and bytes."""
    from bot.pictures import Encoding, Public, TablePictures, table_scene, warm

    warm()
    names = dict(zip([str(1000 + i) for i in range(10)], NAMES, strict=True))
    views = _states("palace", 10, 1, seed)
    scenes = [table_scene(Public(v), names) for v in views]
    print(f"{'band':>4} {'level':>5} {'CPU ms/update p50':>17} {'KB/pic':>6}")
    for band in (8, 16, 32, 64):
        for level in (0, 1, 2, 3):
            tables = TablePictures(encoding=Encoding(band, level))
            tables.picture("t", scenes[0])
            cpu, sizes = [], []
            for scene in scenes[1:]:
                start = time.thread_time()
                made = tables.picture("t", scene)
                cpu.append((time.thread_time() - start) * 1000)
                sizes.append(len(made.data))
            print(
                f"{band:4} {level:5} {statistics.median(cpu):17.2f} "
                f"{statistics.fmean(sizes) / 1024:6.1f}"
            )


def samples(folder: Path, seed: int) -> None:
    """One mid-deal table picture and the hand picture of a player, per game."""
    from bot.pictures import NoHandError, Public, draw, hand_scene, table_scene

    folder.mkdir(parents=True, exist_ok=True)
    for game, sizes in SIZES.items():
        seats = sizes[0]
        ids = [str(1000 + i) for i in range(seats)]
        names = dict(zip(ids, NAMES, strict=False))
        rng = random.Random(seed)
        engine = _engine(game, seats, seed)
        for _ in range(seats * 3):
            pid = engine.to_act
            if engine.is_over or pid is None:
                break
            engine.act(pid, rng.choice(engine.legal_actions(pid)).sample(rng))
        table = draw(table_scene(Public(engine.view(None)), names))
        (folder / f"{game}-table.png").write_bytes(table.data)
        for viewer in [engine.to_act, *ids]:
            try:
                hand = draw(hand_scene(engine.view(viewer)))
            except NoHandError:
                continue
            (folder / f"{game}-hand.png").write_bytes(hand.data)
            break
        print(f"{game}: table {table.width}x{table.height} {len(table.data)} B")


def _sizes(text: str) -> tuple[str, tuple[int, ...]]:
    game, _, seats = text.partition("=")
    return game, tuple(int(s) for s in seats.split(","))


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", type=Path, help="a checkout to measure in the same run")
    parser.add_argument(
        "--seats", type=_sizes, action="append", help="game=N,M (default: every game)"
    )
    parser.add_argument("--encoders", action="store_true", help="compare encoder settings")
    parser.add_argument("--floor", action="store_true", help="what the parts alone cost")
    parser.add_argument("--samples", type=Path, help="write sample pictures here instead")
    parser.add_argument("--style", default="", help="this tree's card style (default: its own)")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.seats = dict(args.seats) if args.seats else dict(SIZES)
    if args.measure:
        game, seats, deals, seed, *style = args.measure.split(":")
        print(json.dumps(measure(game, int(seats), int(deals), int(seed), "".join(style))))
    elif args.samples is not None:
        samples(args.samples, args.seed)
    elif args.floor:
        floor(args.seed)
    elif args.encoders:
        encoders(args.seed)
    else:
        bench(args)


if __name__ == "__main__":
    main()
