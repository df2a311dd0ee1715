"""The channel budget: never more than Discord's 5 writes in any 5 s of one channel, and it
says how long until the next write fits (so the table's writer waits, then draws)."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from bot.table._budget import ChannelBudget


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_five_writes_fit_then_the_sixth_waits_for_the_first_to_age_out():
    clock = Clock()
    budget = ChannelBudget(limit=5, window=5.0, clock=clock)
    for i in range(5):
        assert budget.wait(1) == 0.0
        budget.spend(1)
        clock.now += 0.1 * (i + 1)
    assert budget.room(1) == 0
    assert budget.wait(1) == 5.0 - clock.now  # the first write was at 0.0
    assert budget.wait(2) == 0.0  # another channel is untouched


def test_keeping_a_slot_for_the_table_makes_a_ping_wait_one_write_earlier():
    clock = Clock()
    budget = ChannelBudget(limit=5, window=5.0, clock=clock)
    for _ in range(4):
        budget.spend(7)
        clock.now += 1.0
    assert budget.wait(7) == 0.0
    assert budget.wait(7, keep=1) == 1.0  # the write at 0.0 ages out at 5.0; now is 4.0


@example([0.6667294801834072, 0, 0, 0, 0, 0.6667294801834072])  # an ulp short of the window
@given(st.lists(st.floats(min_value=0.0, max_value=3.0), min_size=1, max_size=60))
def test_writes_made_when_the_budget_says_so_never_exceed_five_in_any_window(gaps):
    clock = Clock()
    budget = ChannelBudget(limit=5, window=5.0, clock=clock)
    made: list[float] = []
    for gap in gaps:
        clock.now += gap
        clock.now += budget.wait(3)
        budget.spend(3)
        made.append(clock.now)
    for start in made:
        assert sum(1 for t in made if start <= t < start + 5.0) <= 5
