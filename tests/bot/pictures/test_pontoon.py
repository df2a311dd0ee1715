"""Pontoon's pictures: hole cards and the banker's cards as backs, face-up cards as faces."""

from __future__ import annotations

import pytest

from bot.pictures import (
    Labels,
    NoHandError,
    PrivateViewError,
    Public,
    hand_scene,
    pontoon_scene,
    table_scene,
)
from bot.pictures._scene import TextItem
from games.pontoon import Pontoon
from tests.games.pontoon.helpers import dealt, game

from .helpers import check_every_card_drawn_as_itself, codes, faces, shoot_lost_by_b

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


def test_the_pontoon_end_picture_drops_lost_shoot_bets_and_shows_each_result():
    """Issue 33: after the deal the picture still said "Shoot +20" beside a hand whose shoot
    bet was lost, and showed nobody's result."""
    g = shoot_lost_by_b()
    assert g.settlement() == {"a": -10, "b": -30, "c": 20, "kitty": 20}
    words = Labels(shoot="Shoot", stake="Stake")
    scene = pontoon_scene(Public(g.view(None)), NAMES, words)
    shown = [i.text for i in scene.items if isinstance(i, TextItem)]
    assert not [t for t in shown if t.startswith("Shoot")]
    assert {"−30", "+20", "−10"} <= set(shown)  # b, c and the bank's results
    colours = {i.text: i.colour for i in scene.items if isinstance(i, TextItem)}
    assert colours["−30"] == colours["−10"] != colours["+20"]
    before = game("Ks 5s Qs 6d 4h 9h 2c 3c", shoot=True)  # while it runs, the bet shows
    for pid, action in (
        ("a", {"kind": "kitty", "amount": 60}),
        ("a", {"kind": "stay"}),
        ("b", {"kind": "stake", "amount": 10}),
        ("c", {"kind": "stake", "amount": 10}),
        ("b", {"kind": "shoot", "amount": 20}),
    ):
        before.act(pid, action)
    running = pontoon_scene(Public(before.view(None)), NAMES, words)
    assert "Shoot +20" in [i.text for i in running.items if isinstance(i, TextItem)]
