"""Whether a load fits the machine: the bench's own process beside the bot's.

``bench.load`` runs the fake Discord and the simulated players in its own process, on the same
cores as the bot. A run that answers fewer actions than offered may be short of CPU in the bot
or in the harness; the floor line adds both per action at the target rate and sets the sum
beside the cores there are (``os.sched_getaffinity``), so the closing note can say whether the
target fits one machine, and whose CPU it is when it does not. Its second line is the bot's
event loop alone: one process's loop is one thread, on one core however many there are.
"""

from __future__ import annotations

import os
import resource
import statistics
from math import nan
from typing import Any


def own_cpu() -> float:
    """User + system CPU seconds of this process so far (all its threads; the bot is a child
    process that has not ended, so it is not in here)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cores() -> int:
    """The cores this process may run on (the bot's are the same)."""
    return len(os.sched_getaffinity(0))


def floor_lines(results: dict[str, list[dict[str, Any]]], target: float) -> list[str]:
    """Per code: bot CPU/action x target + harness CPU/action x target, in cores, against the
    cores there are (medians of the runs)."""
    have = cores()
    lines = [f"\nCPU floor at {target:.0f} actions/s on {have} cores (medians of the runs)"]
    for name, runs in results.items():
        bot = statistics.median(r["cpu ms/action"] for r in runs)
        harness = statistics.median(r["harness cpu ms/action"] for r in runs)
        need_bot, need_harness = bot * target / 1000, harness * target / 1000
        need = need_bot + need_harness
        verdict = "fits" if need <= have else "does not fit"
        lines.append(
            f"{name:>12}: bot {bot:.2f} ms/action x {target:.0f} = {need_bot:.2f} cores + "
            f"harness {harness:.2f} ms/action x {target:.0f} = {need_harness:.2f} cores = "
            f"{need:.2f} of {have} cores: {verdict}"
        )
        loop = statistics.median(r.get("loop cpu ms/action", nan) for r in runs)
        if loop == loop:  # the bot said its threads' CPU (NaN: it did not)
            need_loop = loop * target / 1000
            verdict = "fits" if need_loop <= 1 else "does not fit"
            lines.append(
                f"{'':>12}  of which its event loop {loop:.2f} ms/action x {target:.0f} = "
                f"{need_loop:.2f} of the 1 core one process's loop runs on: {verdict}"
            )
    return lines
