"""Palace Poker's pictures: banners and soldiers face up, palace cards only as backs."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.pictures import (
    Labels,
    PrivateViewError,
    Public,
    draw,
    hand_scene,
    palace_scene,
    table_scene,
)
from bot.pictures._scene import PanelItem, SlotItem, TextItem, bounds
from games.palace import PalacePoker
from tests.games.palace.helpers import deal_deck, table

from .helpers import catalog_labels, check_every_card_drawn_as_itself, codes, faces

PALACES = ["Js Jh Jd", "10s 10h 10d", "9s 9h 9d"]
NAMES = {"a": "Ann", "b": "Bo", "c": "Cy"}


def _game(palaces: list[str] = PALACES, draw_pile: tuple[str, ...] = ("2c", "3c")) -> PalacePoker:
    return table(3, deal_deck(["As", "Kh", "Qd"], palaces, list(draw_pile)))


def test_the_public_picture_shows_banners_and_soldiers_and_palaces_as_backs():
    game = _game()
    game.act("a", {"kind": "buy"})
    game.act("a", {"kind": "discard_soldiers", "cards": []})
    scene = palace_scene(Public(game.view(None)), NAMES)
    assert faces(scene) == {"As", "Kh", "Qd", "2c"}
    assert codes(scene).count(None) == 9 + 1  # three palaces, and the draw pile's top
    hidden = {c for p in PALACES for c in p.split()}
    assert not hidden & faces(scene)
    check_every_card_drawn_as_itself(scene)


def test_the_public_picture_does_not_change_with_the_hidden_cards():
    other = ["Jc Qh Kd", "10c 2h 2d", "9c 3h 3d"]
    one = draw(palace_scene(Public(_game().view(None)), NAMES))
    two = draw(palace_scene(Public(_game(other).view(None)), NAMES))
    assert one.data == two.data


def test_a_private_view_is_refused():
    game = _game()
    with pytest.raises(PrivateViewError, match="'a'"):
        Public(game.view("a"))
    table_view = Public(game.view(None))
    table_view.view.viewer = "a"  # changed after it was wrapped: the renderer checks again
    with pytest.raises(PrivateViewError):
        palace_scene(table_view, NAMES)
    with pytest.raises(PrivateViewError):
        table_scene(table_view, NAMES)


def test_ten_seats_fit_one_picture_under_the_size_budget():
    players = list("abcdefghij")
    game = table(10)
    picture = draw(table_scene(Public(game.view(None)), {p: p.upper() * 12 for p in players}))
    image = Image.open(io.BytesIO(picture.data))
    assert image.format == "PNG"
    assert image.size == (picture.width, picture.height)
    assert picture.width <= 1000
    assert len(picture.data) < 120 * 1024
    assert codes(palace_scene(Public(game.view(None)), {})).count(None) == 10 * 3 + 1


def test_the_hand_picture_shows_the_players_own_palace():
    game = _game()
    scene = hand_scene(game.view("b"))
    assert codes(scene) == ["Kh", "10s", "10h", "10d"]
    check_every_card_drawn_as_itself(scene)


def test_the_discard_pile_does_not_cover_the_stock_count():
    """Issue 33: with the reader's words beside the piles ("Stock 40"), the discard pile was
    drawn over the end of the stock's count."""
    words = Labels(stock="Nachziehstapel", discards="Ablagestapel", pot="Pot")
    scene = palace_scene(Public(_game().view(None)), NAMES, words)
    (count,) = [i for i in scene.items if isinstance(i, TextItem) and "Nachziehstapel" in i.text]
    piles = [i for i in scene.items if isinstance(i, SlotItem) or (i in scene.cards and i.y < 120)]
    discard = max(piles, key=lambda i: i.x)  # the stock's back, then the discard pile
    text, pile = bounds(count), bounds(discard)
    assert text[2] <= pile[0], (count.text, text, pile)
    (discards,) = [i for i in scene.items if isinstance(i, TextItem) and "Ablagestapel" in i.text]
    assert bounds(discards)[2] <= scene.width - 12  # and the discards' count stays on the table


@pytest.mark.parametrize("lang", ["en", "de", "tr", "fa", "ar", "sd"])
@pytest.mark.parametrize(("pot", "to_call"), [(40, 20), (1_234_567, 250_000)])
def test_nothing_in_the_palace_header_covers_anything_else(lang, pot, to_call):
    """Issue 33: the discard pile covered the stock's count; a big pot reached the stock, and
    a battle's amount to call ran off the picture's right edge, in every language."""
    from games.palace import BattleView

    battle = BattleView(attacker="a", defender="b", to_act="b", to_call=to_call, raises=2)
    busy = _game().view(None).model_copy(update={"pot": pot, "battle": battle})
    names = {"a": "Annabelle-Marie", "b": "Bonaventura"}
    scene = palace_scene(Public(busy), names, catalog_labels(lang))
    header = [
        bounds(i) for i in scene.items if not isinstance(i, PanelItem) and bounds(i)[3] <= 124
    ]
    for k, one in enumerate(header):
        for two in header[k + 1 :]:
            apart = one[2] <= two[0] or two[2] <= one[0] or one[3] <= two[1] or two[3] <= one[1]
            assert apart, (one, two)
        assert one[0] >= 0
        assert one[2] <= scene.width - 12
    shown = [i.text for i in scene.items if isinstance(i, TextItem)]
    assert any(catalog_labels(lang).number(to_call) in t for t in shown)  # the amount stays
