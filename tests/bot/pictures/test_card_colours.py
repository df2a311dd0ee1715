"""Cards for every eye (issue 33): the four-colour deck's suits stay apart for the common
colour-vision deficiencies, checked on the drawn faces' ink, simulated with Machado et al.
(2009) and compared by CIEDE2000; classic is two colours; a style changes only the faces."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import cast

import pytest

from bot.pictures import STYLES, Public, face, hand_scene, table_scene
from games.palace import PalaceOptions, PalacePoker
from tests.bot.pictures.colour_vision import (
    MACHADO_2009,
    ciede2000,
    contrast,
    lab,
    simulate,
)

MIN_SUIT_DIFFERENCE = 20.0
"""CIEDE2000 between any two suits' inks, for every simulated eye (2.3 is a just noticeable
difference; 20 reads as a different colour at a glance)."""
MIN_CONTRAST = 3.0
"""WCAG 2's contrast for large text and graphics, each ink against the card's face."""

FACE = (252, 252, 248)
SUITS = "shdc"


def ink(code: str, style: str) -> tuple[int, int, int]:
    """The colour the face of ``code`` is drawn in: its commonest opaque colour but the card's."""
    art = face(code, 160, style=style).convert("RGBA")
    counts: Counter[tuple[int, int, int]] = Counter()
    for pixel in art.get_flattened_data():
        r, g, b, a = cast("tuple[int, int, int, int]", pixel)
        if a == 255 and abs(r - g) + abs(g - b) + abs(r - b) + abs(r - 150) > 12:
            counts[(r, g, b)] += 1
    counts.pop(FACE, None)
    ((colour, _),) = counts.most_common(1)
    return colour


def test_ciede2000_and_the_simulation_match_their_published_values():
    # Sharma, Wu and Dalal (2005), test pairs 1 and 25
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    for deficiency in MACHADO_2009:  # greys stay grey; pure red and green collapse for red-green
        assert simulate((255, 255, 255), deficiency) == (255, 255, 255)
    red, green = simulate((220, 0, 0), "deuteranopia"), simulate((0, 160, 0), "deuteranopia")
    assert ciede2000(lab(red), lab(green)) < 15


@pytest.mark.parametrize("style", ["four-colour", "large"])
def test_four_colour_suits_stay_apart_for_protanopia_deuteranopia_and_tritanopia(style):
    """The old four colours put hearts and clubs 7 CIEDE2000 apart for a deuteranope (a red
    and a green of one lightness), diamonds and clubs 13 apart for a tritanope."""
    inks = {suit: ink(f"A{suit}", style) for suit in SUITS}
    assert len(set(inks.values())) == 4
    for suit, colour in inks.items():
        assert contrast(colour, FACE) >= MIN_CONTRAST, suit
    for eye in ("typical", *MACHADO_2009):
        seen = {s: lab(c if eye == "typical" else simulate(c, eye)) for s, c in inks.items()}
        for one, two in combinations(SUITS, 2):
            difference = ciede2000(seen[one], seen[two])
            assert difference >= MIN_SUIT_DIFFERENCE, (eye, one, two, round(difference, 1))


def test_the_four_colour_deck_is_the_poker_standard_and_classic_has_two():
    four = {suit: ink(f"K{suit}", "four-colour") for suit in SUITS}
    r, g, b = four["s"]
    assert max(r, g, b) < 60  # spades black
    r, g, b = four["h"]
    assert r > 150 > g + b  # hearts red
    r, g, b = four["d"]
    assert b > 150 > r + g  # diamonds blue
    r, g, b = four["c"]
    assert g > r + 100  # clubs green
    assert g > b
    classic = {suit: ink(f"K{suit}", "classic") for suit in SUITS}
    assert classic["s"] == classic["c"] != classic["h"] == classic["d"]


def test_a_style_changes_only_the_faces_and_large_draws_my_cards_larger():
    players = ["a", "b", "c"]
    game = PalacePoker.new(players, dict.fromkeys(players, 500), PalaceOptions(), seed=3)
    table = {s: table_scene(Public(game.view(None)), {}, style=s) for s in STYLES}
    geometry = {s: [(i.x, i.y, i.width, i.code) for i in scene.cards] for s, scene in table.items()}
    assert geometry["classic"] == geometry["four-colour"] == geometry["large"]
    assert {c.style for c in table["large"].cards if c.code is not None} <= {"large"}
    mine = {s: hand_scene(game.view("b"), s) for s in STYLES}
    assert mine["large"].width > mine["four-colour"].width == mine["classic"].width
    assert [c.code for c in mine["large"].cards] == [c.code for c in mine["classic"].cards]
