"""A game's presenter is one object for every table of its game: it keeps nothing between
tables, so a label that depends on the moment (a price, a player's name) is the drawn table's."""

from __future__ import annotations

import dataclasses

from bot.exts.palace import PalaceUI
from bot.exts.pontoon import PontoonUI
from bot.table import _presenter as present
from bot.table._layout import hand_components, table_components
from bot.table._model import Button, Select
from bot.table._names import TableNames
from bot.text import catalog
from games.actions import ActionSpec, CardsField
from games.palace import PalaceOptions, PalacePoker
from services.tables import TableStatus
from tests.bot.table.test_presenter import table
from tests.games.pontoon.helpers import game

en = catalog("en").text
ALICE, BOB = "1100000000000000005", "1100000000000000006"


def palace_table(small_bet: int, table_id: int) -> TableStatus:
    engine = PalacePoker.new(
        players=[ALICE, BOB],
        stacks={ALICE: 500, BOB: 500},
        options=PalaceOptions(small_bet=small_bet, big_bet=2 * small_bet),
        seed=1,
    )
    return dataclasses.replace(
        table(), table_id=table_id, game="palace", to_act=int(ALICE), view=engine.view(None)
    )


def labels(components: tuple[object, ...]) -> list[str]:
    return [en(c.label) for c in components if isinstance(c, Button)]


def selects(components: tuple[object, ...]) -> list[str]:
    return [en(c.placeholder) for c in components if isinstance(c, Select)]


def test_a_table_with_small_bet_50_labels_its_discard_50_after_a_small_bet_10_table_was_drawn():
    ui = PalaceUI()  # the one Palace presenter of the bot, shared by every Palace table
    cheap, dear = palace_table(10, 1), palace_table(50, 2)
    options = CardsField(options=("2h",), min_count=1, max_count=1)
    discard = ActionSpec(kind="discard", fields={"cards": options})
    names = TableNames({}, [ALICE, BOB])
    present.present_table(ui, cheap, [], [], names)  # the small bet 10 table's message
    assert selects(hand_components(ui, dear, [discard], names)) == ["Discard (50)"]
    assert selects(hand_components(ui, cheap, [discard], names)) == ["Discard (10)"]


def test_the_bank_offer_buttons_name_the_players_not_their_ids():
    g = game("2s", players=(ALICE, BOB), dealer=ALICE)  # alice banks; bob may buy
    legal = g.legal_actions(ALICE)
    assert any(s.kind == "offer_bank" for s in legal)
    status = dataclasses.replace(table(), game="pontoon", view=g.view(None))
    names = TableNames({BOB: "Bob"}, [ALICE, BOB])
    shown = labels(table_components(PontoonUI(), status, legal, names))
    offers = [label for label in shown if label.startswith("Offer the bank")]
    assert offers == ["Offer the bank to Bob (0–1000)"]
    assert not any(BOB in label for label in shown)
