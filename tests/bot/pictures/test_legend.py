"""Issue 33: the chip icons had no labels. A legend under each table names every chip colour
the picture uses, in the reader's words; without words (the default labels) there is none."""

from __future__ import annotations

import pytest

from bot.pictures import Public, table_scene
from bot.pictures._scene import WHITE, ChipItem, TextItem
from games.paiute import Paiute, PaiuteOptions
from games.palace import PalaceOptions, PalacePoker
from tests.games.pontoon.helpers import dealt, game

from .helpers import catalog_labels, shoot_lost_by_b

PLAYERS = ["1", "2", "3"]


def _views() -> list[object]:
    stacks = dict.fromkeys(PLAYERS, 500)
    pontoon = game("2d 9d 2c 8h 7s 3c 4h", shoot=True)
    dealt(pontoon, {"b": 20, "c": 30})
    return [
        PalacePoker.new(PLAYERS, stacks, PalaceOptions(), seed=2).view(None),
        Paiute.new(PLAYERS, stacks, PaiuteOptions(), seed=2).view(None),
        pontoon.view(None),
        shoot_lost_by_b().view(None),
    ]


@pytest.mark.parametrize("lang", ["en", "de", "ar"])
def test_every_chip_colour_on_the_table_is_named_in_the_legend(lang):
    words = catalog_labels(lang)
    for view in _views():
        scene = table_scene(Public(view), {}, words)  # type: ignore[arg-type]
        line = scene.height - 34
        chips = [i for i in scene.items if isinstance(i, ChipItem)]
        legend = {c.colour for c in chips if c.y >= line}
        used = {c.colour for c in chips if c.y < line and c.colour != WHITE}  # the dealer button
        assert used <= legend, (type(view).__name__, used - legend)
        named = [i.text for i in scene.items if isinstance(i, TextItem) and i.y >= line]
        assert len(named) == len(legend)
        assert words.stack in named
        plain = table_scene(Public(view), {})  # type: ignore[arg-type]
        assert plain.height == scene.height - 34  # no words, no legend
