"""A card's mixed-script lines cut into runs (bot.pictures._runs): each run in one script, so
one shipped font draws it, placed in the line's reading order."""

from __future__ import annotations

from bot.pictures._fonts import is_arabic_script
from bot.pictures._runs import visual_runs


def _shown(text: str, rtl: bool) -> list[tuple[str, bool]]:
    return [(r.text, r.space) for r in visual_runs(text, rtl)]


def test_a_line_of_one_script_is_one_run():
    assert _shown("Stats: alice", False) == [("Stats: alice", False)]
    assert _shown("آمار سرور", True) == [("آمار سرور", False)]


def test_a_latin_name_on_a_persian_line_keeps_its_order_at_the_left():
    assert _shown("آمار سرور: Parlour Sandbox", True) == [
        ("Parlour Sandbox", False),
        ("سرور:", True),
        ("آمار", True),
    ]


def test_a_persian_name_on_an_english_line_comes_after_the_label():
    assert _shown("Stats: علی", False) == [("Stats:", False), ("علی", True)]


def test_brackets_are_cut_off_and_mirrored_on_a_right_to_left_line():
    runs = _shown("سود خالص (ژتون)", True)
    assert runs == [("(", False), ("ژتون", False), (")", False), ("خالص", True), ("سود", True)]
    assert all(text in "()" or is_arabic_script(text) for text, _ in runs)


def test_a_mark_between_two_latin_words_stays_with_them_and_a_sign_with_its_number():
    assert _shown("استریت فلاش · Palace Poker", True)[0] == ("Palace Poker", False)
    assert ("+2,691", False) in _shown("178 بازی · +2,691", True)
