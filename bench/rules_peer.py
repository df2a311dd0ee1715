"""What one step of the rules costs in our engines, next to pokerkit's No-Limit Hold'em.

Run from the repository root: ``python -m bench.rules_peer [--deals N] [--repeats R]``.

``bench.floor``'s ``+ booking + copy + rules`` floor runs our engines' rules for each click.
That floor is only a floor if our rules are not slow; this bench says how they compare with
pokerkit (MIT), the most complete Python poker engine on PyPI, on the same kind of table: four
players, random legal play to the end of many deals, each engine dealing, checking and settling
inside its own actions (pokerkit with its automations on, as a bot would run it).

Two measures per engine, CPU microseconds per action (this process's CPU time, the engines
taking turns in every repeat, medians of the repeats):

- ``rules``: the legal actions of the player to act and one of them played, in place;
- ``step``: as a table's step must (issue 26): a copy of the game from its held durable form,
  the rules on the copy, the copy's durable form. Ours: ``fork(snapshot)``, the rules,
  ``snapshot()`` (JSON through pydantic). pokerkit's cheapest equivalent: ``pickle``.

Asserts nothing: speed depends on the machine; the engines' correctness is the tests' job.
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import sys
import time
from collections.abc import Callable

from pokerkit import Automation, NoLimitTexasHoldem, State

from games.engine import Engine
from games.simulate import factories

SEATS = 4
STACK = 1_000
_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

Run = Callable[[int, bool], float]
"""``(deals, step)``: CPU microseconds per action over ``deals`` deals of random legal play."""


def ours(name: str) -> Run:
    factory = factories()[name]
    players = [f"p{i}" for i in range(SEATS)]

    def run(deals: int, step: bool) -> float:
        rng = random.Random(1)
        actions, spent = 0, 0.0
        for deal in range(deals):
            game: Engine = factory(players, dict.fromkeys(players, STACK), deal)
            held = game.snapshot()
            while not game.is_over:
                start = time.process_time()
                if step:
                    game = game.fork(held)
                pid = game.to_act
                assert pid is not None  # noqa: S101 - a deal not over has a player to act
                game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
                if step:
                    held = game.snapshot()
                spent += time.process_time() - start
                actions += 1
        return spent / actions * 1e6

    return run


def _nlhe() -> State:
    return NoLimitTexasHoldem.create_state(
        _AUTOMATIONS, True, 0, (5, 10), 10, (STACK,) * SEATS, SEATS
    )


def _play(state: State, rng: random.Random) -> None:
    """One random legal action: a bet or raise now and then, a fold, else check or call."""
    roll = rng.random()
    if roll < 0.3 and state.can_complete_bet_or_raise_to():
        low = state.min_completion_betting_or_raising_to_amount or 0  # set: a raise is allowed
        high = state.max_completion_betting_or_raising_to_amount or low
        state.complete_bet_or_raise_to(rng.randint(low, high))
    elif roll < 0.45 and state.can_fold():
        state.fold()
    else:
        state.check_or_call()


def pokerkit(deals: int, step: bool) -> float:
    rng = random.Random(1)
    actions, spent = 0, 0.0
    for _ in range(deals):
        state = _nlhe()
        held = pickle.dumps(state)
        while state.status:
            start = time.process_time()
            if step:
                state = pickle.loads(held)  # noqa: S301 - our own bytes, made a line below
            _play(state, rng)
            if step:
                held = pickle.dumps(state)
            spent += time.process_time() - start
            actions += 1
    return spent / actions * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    runs: dict[str, Run] = {name: ours(name) for name in factories()}
    runs["pokerkit NLHE"] = pokerkit
    got: dict[tuple[str, bool], list[float]] = {}
    for _ in range(args.repeats):
        for step in (False, True):
            for name, run in runs.items():
                got.setdefault((name, step), []).append(run(args.deals, step))
    print(
        f"python {sys.version.split()[0]}, {SEATS} players, {args.deals} deals of random legal "
        f"play, medians of {args.repeats}: CPU us per action"
    )
    print(f"{'engine':16}{'rules':>10}{'step':>10}{'step / pokerkit':>17}")
    peer = statistics.median(got[("pokerkit NLHE", True)])
    for name in runs:
        rules, stepped = (statistics.median(got[(name, s)]) for s in (False, True))
        print(f"{name:16}{rules:10.0f}{stepped:10.0f}{stepped / peer:17.2f}")


if __name__ == "__main__":
    main()
