"""Paiute's pictures: the indicator, the top discard and the stock; hands only as backs."""

from __future__ import annotations

import pytest

from bot.pictures import PrivateViewError, Public, hand_scene, paiute_scene
from games.paiute import Paiute
from tests.games.paiute.helpers import draw, new_game

from .helpers import check_every_card_drawn_as_itself, codes, faces

PLAYERS = ["ann", "bob", "cy"]
HANDS = {"bob": "As Ks Qs Js 9s", "cy": "Ah Kh Qh Jh 9h", "ann": "Ad Kd Qd Jd 9d"}
NAMES = {"ann": "Ann", "bob": "Bob", "cy": "Cy"}


def _game() -> Paiute:
    return new_game(PLAYERS, "ann", HANDS, indicator="7c", discard="7h", stock="5c 4c")


def test_hands_are_backs_and_the_table_cards_are_faces():
    game = _game()
    scene = paiute_scene(Public(game.view(None)), NAMES)
    assert faces(scene) == {"7c", "7h"}
    assert codes(scene).count(None) == 15 + 1  # three hands of five, and the stock
    wild = [c.code for c in scene.cards if c.wild]
    assert wild == ["7h"]  # the top discard is of the indicator's rank; the indicator is not
    check_every_card_drawn_as_itself(scene)


def test_a_card_taken_from_the_discards_stays_public_in_the_takers_hand():
    game = _game()
    draw(game, "bob", "discard")
    scene = paiute_scene(Public(game.view(None)), NAMES)
    assert "7h" in faces(scene)
    assert codes(scene).count(None) == 15 + 1
    check_every_card_drawn_as_itself(scene)
    drawn = _game()
    draw(drawn, "bob")
    scene = paiute_scene(Public(drawn.view(None)), NAMES)
    assert "5c" not in faces(scene)
    assert codes(scene).count(None) == 16 + 1


def test_a_private_view_is_refused():
    with pytest.raises(PrivateViewError):
        Public(_game().view("bob"))


def test_the_hand_picture_lifts_the_drawn_card_and_marks_wilds():
    game = _game()
    draw(game, "bob")
    scene = hand_scene(game.view("bob"))
    assert codes(scene) == ["As", "Ks", "Qs", "Js", "9s", "5c"]
    lifted = [c.code for c in scene.cards if c.y < scene.cards[0].y]
    assert lifted == ["5c"]
    check_every_card_drawn_as_itself(scene)
    with_wild = new_game(PLAYERS, "ann", {"bob": "7s Ks Qs Js 9s"}, indicator="7c")
    assert [c.code for c in hand_scene(with_wild.view("bob")).cards if c.wild] == ["7s"]
