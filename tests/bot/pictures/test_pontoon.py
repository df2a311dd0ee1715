"""Pontoon's pictures: hole cards and the banker's cards as backs, face-up cards as faces."""

from __future__ import annotations

import pytest

from bot.pictures import (
    NoHandError,
    PrivateViewError,
    Public,
    hand_scene,
    pontoon_scene,
    table_scene,
)
from games.pontoon import Pontoon
from tests.games.pontoon.helpers import dealt, game

from .helpers import check_every_card_drawn_as_itself, codes, faces

NAMES = {"a": "Ann", "b": "Bo", "c": "Cy"}


def _dealt() -> Pontoon:
    # a banks; b and c are dealt 10c/9d then 8h/7s; the banker 2c then 3c
    g = game("10c 9d 2c 8h 7s 3c 4h")
    dealt(g, {"b": 20, "c": 30})
    return g


def test_hole_cards_are_backs_in_the_public_picture():
    g = _dealt()
    view = g.view(None)
    hidden = [c for p in view.punters for h in p.hands for c in h.cards] + view.banker_hand.cards
    scene = pontoon_scene(Public(view), NAMES)
    assert codes(scene).count(None) == hidden.count(None)
    assert faces(scene) == {c for c in hidden if c is not None}
    assert not {"10c", "9d"} & faces(scene)  # the punters' first cards are theirs alone
    check_every_card_drawn_as_itself(scene)
    assert table_scene(Public(view), NAMES) == scene


def test_a_private_view_is_refused():
    with pytest.raises(PrivateViewError):
        Public(_dealt().view("b"))


def test_the_hand_picture_shows_the_punters_own_cards_and_total():
    g = _dealt()
    own = [c for h in g.view("b").punters[0].hands for c in h.cards]
    scene = hand_scene(g.view("b"))
    assert codes(scene) == own
    assert None not in own
    check_every_card_drawn_as_itself(scene)
    with pytest.raises(NoHandError):
        hand_scene(g.view(None))
