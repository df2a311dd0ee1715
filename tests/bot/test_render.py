"""The shared rendering helpers the cogs use for chips and times."""

from __future__ import annotations

import pytest

from bot.render import chips, duration, relative, signed


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [
        (0, "0 s"),
        (12.1, "13 s"),
        (59.2, "1 min"),
        (60, "1 min"),
        (61, "2 min"),
        (3600, "1 h"),
        (5400, "1 h 30 min"),
        (86_340, "23 h 59 min"),
        (86_399, "24 h"),
    ],
)
def test_duration_rounds_a_wait_up(seconds, shown):
    assert duration(seconds) == shown


def test_chips_and_changes():
    assert chips(1) == "1 chip"
    assert chips(1250) == "1,250 chips"
    assert signed(40) == "+40"
    assert signed(-1200) == "-1,200"
    assert signed(0) == "0"
    assert relative(1_700_000_000.7) == "<t:1700000000:R>"
