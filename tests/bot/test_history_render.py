"""``/history``'s list as the reader reads it: one line per deal with its number for
``/history deal:``, the result in words, and where the next page is."""

from __future__ import annotations

from bot.exts.history import render
from bot.text import catalog
from services.histories import DealLine


def deal(deal_id: int, change: int, game: str = "paiute") -> DealLine:
    return DealLine(deal_id, game, 7, 3, "2026-12-02T21:00:00Z", change)


def test_a_page_with_more_after_it_names_the_next_page():
    shown = render.listing(catalog("en"), [deal(41, 30), deal(40, -20), deal(39, 0)], 0, True)
    assert str(shown.description).splitlines() == [
        "`#41` Paiute · table 7, deal 3 · won 30 chips · <t:1796245200:R>",
        "`#40` Paiute · table 7, deal 3 · lost 20 chips · <t:1796245200:R>",
        "`#39` Paiute · table 7, deal 3 · even · <t:1796245200:R>",
    ]
    assert shown.footer.text == (
        "Page 1 · more with /history page:2 · /history deal:<number> downloads a deal"
    )


def test_no_deals_yet_and_a_game_no_longer_offered():
    assert render.listing(catalog("de"), [], 0, False).description == (
        "Du hast in diesem Server noch keine beendete Partie."
    )
    shown = render.listing(catalog("en"), [deal(5, 1, game="toy")], 1, False)
    assert str(shown.description).startswith("`#5` toy ·")
    assert shown.footer.text == "Page 2 · /history deal:<number> downloads a deal"
