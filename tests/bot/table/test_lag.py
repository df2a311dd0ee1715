"""The record of how long table messages stayed behind: what the load bench reads to say
whether every table caught up within 5 s (issue 27)."""

from __future__ import annotations

from bot.table._lag import Lags


def test_stretches_are_told_by_percentile_longest_and_how_many_were_over_5_s():
    lags = Lags()
    for seconds in (0.01, 0.2, 0.2, 1.0, 4.95, 5.0, 5.04, 12.5):
        lags.record(seconds)
    summary = lags.summary(oldest_open=0.0)
    assert summary["count"] == 8
    assert summary["p50_s"] == 1.0  # the 4th of 8
    assert summary["p99_s"] == 12.5  # the longest, exact
    assert summary["longest_s"] == 12.5
    assert summary["over_5_s"] == 2  # 5.0 is within 5 s; 5.04 and 12.5 are not


def test_a_stretch_beyond_ten_minutes_keeps_its_exact_length_and_a_reset_forgets_all():
    lags = Lags()
    lags.record(3600.0)
    assert lags.percentile(0.5) == 3600.0
    assert lags.longest == 3600.0
    assert lags.over(5.0) == 1
    lags.reset()
    assert lags.summary(oldest_open=2.0) == {
        "count": 0,
        "p50_s": 0.0,
        "p99_s": 0.0,
        "longest_s": 0.0,
        "over_5_s": 0,
        "oldest_open_s": 2.0,
    }
