"""The shared rendering helpers the cogs use for chips and times, in every reader's language
(numbers by Babel in that language's format)."""

from __future__ import annotations

import pytest

from bot.render import PLAY_MONEY_MESSAGE, duration_message, relative, signed_message
from bot.text import Number, catalog, msg
from bot.text.bidi import LRI, PDI
from bot.text.format import chips

en, de, fa = catalog("en"), catalog("de"), catalog("fa")


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
    assert en.text(duration_message(seconds)) == shown


def test_chips_and_changes():
    assert en.text(chips(1)) == "1 chip"
    assert en.text(chips(1250)) == "1,250 chips"
    assert en.text(signed_message(40)) == "+40"
    assert en.text(signed_message(-1200)) == "-1,200"
    assert en.text(signed_message(0)) == "0"
    assert relative(1_700_000_000.7) == "<t:1700000000:R>"


def test_numbers_and_waits_in_the_readers_language():
    assert de.text(chips(1250)) == "1.250 Chips"
    assert "Spielgeld" in de.text(PLAY_MONEY_MESSAGE)
    assert fa.text(duration_message(5400)) == f"{LRI}1{PDI} ساعت و {LRI}30{PDI} دقیقه"
    assert fa.text(chips(1250)) == f"{LRI}1,250{PDI} ژتون"  # Babel's fa format, isolated


def test_a_fraction_in_a_right_to_left_template_is_not_taken_for_a_command():
    """``Seats (1/7)`` in Persian: each number isolated, the slash between them left alone."""
    seats = fa.text(msg("table.seats", seated=Number(1), max=Number(7)))
    assert f"({LRI}1{PDI}/{LRI}7{PDI})" in seats
    assert f"`{LRI}/daily{PDI}`" in fa.text(msg("economy.refill.off"))


@pytest.mark.parametrize("language", ["fa", "ar", "sd"])
def test_a_gain_reads_plus_20_not_20_plus_in_right_to_left_languages(language):
    """Issue 33.4: the "+" stood outside the number's isolate, so an Arabic reader saw gains
    as "20+" while losses read "-35" (a loss's sign is Babel's, inside the number)."""
    said = catalog(language)
    for gain in (signed_message(20), msg("table.signed.gain", amount=Number(20))):
        text = said.text(gain)
        assert text.startswith(f"{LRI}+"), repr(text)
        assert text.endswith(PDI), repr(text)
        assert text.count(LRI) == text.count(PDI), repr(text)
    loss = said.text(signed_message(-35))
    assert loss.startswith(LRI), repr(loss)
    assert loss.endswith(PDI), repr(loss)
