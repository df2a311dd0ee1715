"""Card styles: how a card's face is drawn for a reader's eyes (``/cards style:``).

- ``classic``: the two colours of a paper deck (spades and clubs black, hearts and diamonds
  red); the suit is told by its shape alone.
- ``four-colour``: the poker standard for telling suits apart at a glance (spades black, hearts
  red, diamonds blue, clubs green), in shades chosen to stay apart for the common colour-vision
  deficiencies: the red is an orange-red and the green a blue-green, so that with protanopia or
  deuteranopia hearts and clubs still differ in lightness and hue, and with tritanopia diamonds
  and clubs do. ``tests/bot/pictures/test_card_colours.py`` simulates protanopia,
  deuteranopia and tritanopia (Machado et al. 2009) and checks every pair of suit colours stays
  at least ``MIN_SUIT_DIFFERENCE`` CIEDE2000 apart, each against the face at a 3:1 contrast.
- ``large``: the four colours with a larger index (rank and suit), and a player's own cards
  drawn larger in their private picture.

The default (a server that never chose, a player who never chose) is ``four-colour``, the look
the tables had before styles existed; a player's private pictures follow the server's style
until they choose their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Suit

RGB = tuple[int, int, int]

CLASSIC = "classic"
FOUR_COLOUR = "four-colour"
LARGE = "large"
STYLES = (CLASSIC, FOUR_COLOUR, LARGE)
DEFAULT_STYLE = FOUR_COLOUR

BLACK: RGB = (28, 28, 30)
RED: RGB = (200, 30, 45)

FOUR_COLOURS: dict[Suit, RGB] = {
    Suit.SPADES: BLACK,
    Suit.HEARTS: (218, 30, 20),
    Suit.DIAMONDS: (20, 40, 200),
    Suit.CLUBS: (0, 145, 125),
}
TWO_COLOURS: dict[Suit, RGB] = {
    Suit.SPADES: BLACK,
    Suit.HEARTS: RED,
    Suit.DIAMONDS: RED,
    Suit.CLUBS: BLACK,
}


@dataclass(frozen=True, slots=True)
class CardStyle:
    """What a style changes: the suits' colours, the index's size (times the classic one), and
    the width of a card in a player's own picture."""

    colours: dict[Suit, RGB]
    index_scale: float = 1.0
    hand_card: int = 100


_STYLES = {
    CLASSIC: CardStyle(TWO_COLOURS),
    FOUR_COLOUR: CardStyle(FOUR_COLOURS),
    LARGE: CardStyle(FOUR_COLOURS, index_scale=1.22, hand_card=140),
}


def card_style(name: str) -> CardStyle:
    """The style called ``name`` (an unknown name, e.g. from an older build: the default)."""
    return _STYLES.get(name, _STYLES[DEFAULT_STYLE])
