"""Issue 14, items 12-13 for Pontoon: the split hand in play is marked on the table, in the DM
and in My cards; the lobby shows the stakes and options."""

from __future__ import annotations

from bot.exts.pontoon import PontoonUI
from bot.exts.pontoon import render as r
from bot.text import Text, catalog
from bot.text.format import PlayerNames
from tests.bot.table.test_presenter import table
from tests.games.pontoon.helpers import dealt, game

en = catalog("en").text
NAMES = PlayerNames()


def test_the_split_hand_in_play_is_marked_in_the_table_and_my_cards():
    g = game("8s 9s 7s 8d 9d 10c Kh Qh")
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "split"})  # 8s Kh | 8d Qh: the first is in play
    punter = en(r.seat_detail(g.view(None), "b", NAMES) or "")
    first, second = punter.split(" | ")
    assert "in play" in first
    assert "in play" not in second
    mine = [en(t) for t in r.private_lines(g.view("b"), "b")]
    assert "in play" in mine[0]
    assert "in play" not in mine[1]
    g.act("b", {"kind": "stick"})
    mine = [en(t) for t in r.private_lines(g.view("b"), "b")]
    assert ("in play" in mine[0], "in play" in mine[1]) == (False, True)


def test_the_pontoon_lobby_shows_its_stakes_and_options():
    status = table(options={"min_bet": 5, "max_bet": 40, "shoot": True, "banker": "house"})
    fields = PontoonUI().lobby_fields(status)
    said = [en(line) for f in fields for line in _lines(f.value)]
    assert said[0] == "Stakes 5–40; stick on 15 or more"
    assert "The house banks and stands on 17" in said
    assert "Shoot Pontoon: the banker puts up a kitty of 5–40" in said


def _lines(value: Text | list[Text]) -> list[Text]:
    return value if isinstance(value, list) else [value]
