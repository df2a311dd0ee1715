"""What ``bench.load`` prints: each run's line as it ends, the medians of every measure side by
side (one column per code and mix), the global budget per kind, and the longest a table
message stayed behind. Kept apart from the load itself, which is long enough."""

from __future__ import annotations

import statistics
from math import nan
from typing import Any


def longest_behind(result: dict[str, Any]) -> float:
    """The longest any table message stayed behind in a run, a stretch still open included
    (NaN: the bot does not say)."""
    if "behind longest_s" not in result:
        return nan
    return max(float(result["behind longest_s"]), float(result["behind oldest_open_s"]))


def show_budget(results: dict[str, list[dict[str, Any]]]) -> None:
    """The calls against Discord's global limit per action, by kind (medians of the runs;
    a run without a kind counts 0 of it), with what the bot's 48/s would then carry."""
    names = list(results)
    kinds = sorted(
        {k for runs in results.values() for r in runs for k in r if k.startswith("global/action ")}
    )
    print(f"\n{'global budget per kind (/action)':40}" + "".join(f"{n:>16}" for n in names))
    for key in [*kinds, "global calls/action"]:
        cells = [statistics.median(r.get(key, 0.0) for r in results[n]) for n in names]
        label = key.removeprefix("global/action ")
        print(f"{label:40}" + "".join(f"{c:16.3f}" for c in cells))
    cells = []
    for n in names:
        per = statistics.median(r["global calls/action"] for r in results[n])
        cells.append(f"{48 / per:16.0f}" if per > 0 else f"{'unbounded':>16}")
    print(f"{'actions/s inside the 48/s budget':40}" + "".join(cells))


def show(results: dict[str, list[dict[str, Any]]]) -> None:
    """Medians of each measure, one column per code."""
    names = list(results)
    keys: list[str] = []
    for runs in results.values():
        for run in runs:
            keys += [k for k in run if k not in keys]
    print(f"{'median of runs':32}" + "".join(f"{name:>16}" for name in names))
    other: list[str] = []
    for key in keys:
        cells = []
        for name in names:
            values = [r[key] for r in results[name] if key in r]
            if values and all(isinstance(v, int | float) for v in values):
                cells.append(f"{statistics.median(values):16.3f}")
            else:
                other.append(f"{key} ({name}, last run): {values[-1] if values else '-'}")
                cells.append(f"{'(below)':>16}")
        print(f"{key:32}" + "".join(cells))
    for line in other:
        print(line)


def print_run(label: str, result: dict[str, Any]) -> None:
    """One run's line, as it ends."""
    print(
        f"{label}: p99 {result['p99']:.1f} ms, "
        f"{result['actions/s']:.1f} actions/s, "
        f"{result['cpu ms/action']:.2f} CPU ms/action, "
        f"harness {result['harness cpu ms/action']:.2f} CPU ms/action, "
        f"{result['global calls/action']:.3f} global calls/action, "
        f"{result['429s']} 429s, longest behind {longest_behind(result):.2f} s "
        f"(p99 {result.get('behind p99_s', nan):.2f} s, "
        f"{result.get('behind over_5_s', nan)} stretches over 5 s), "
        f"gc total {result['gc total ms']:.0f} ms, "
        f"max {result['gc max ms']:.0f} ms, forced full {result['gc forced full ms']:.0f} "
        f"ms ({result['gc forced full CPU ms']:.0f} CPU) over "
        f"{result['gc forced full walked']:.0f} objects",
        flush=True,
    )
