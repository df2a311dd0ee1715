"""A game's presenter is one object for every table of its game: it keeps nothing between
tables, so a label that depends on the moment (a price, a player's name) is the drawn table's."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from bot.exts.paiute import PaiuteUI
from bot.exts.palace import PalaceUI
from bot.exts.pontoon import PontoonUI
from bot.table import GameUI
from bot.table import _presenter as present
from bot.table import _render as render
from bot.table._layout import hand_components, table_components
from bot.table._model import Button, Select
from bot.table._names import TableNames
from bot.table._views import build_view
from bot.text import catalog
from games.actions import ActionSpec, CardsField
from games.paiute import Paiute, PaiuteOptions
from games.palace import PalaceOptions, PalacePoker
from services.tables import SeatStatus, TableStatus
from tests.bot.table.drawn import sent
from tests.bot.table.test_presenter import table
from tests.games.paiute.helpers import deck_for
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


# -- every game: two tables drawn alternately by the one presenter ---------------------------------

CAROL = "1100000000000000007"


def status_of(game: str, engine: Any, options: dict[str, Any], table_id: int) -> TableStatus:
    players = [ALICE, BOB]
    seats = tuple(
        SeatStatus(user_id=int(p), stack=100, seated=True, in_deal=True, away=False)
        for p in players
    )
    return dataclasses.replace(
        table(), table_id=table_id, game=game, seats=seats, host_id=int(players[0]),
        to_act=int(engine.to_act), view=engine.view(None), options=options,
    )  # fmt: skip


def palace(small_bet: int, table_id: int) -> tuple[TableStatus, Any]:
    options = PalaceOptions(small_bet=small_bet, big_bet=2 * small_bet)
    engine = PalacePoker.new(
        players=[ALICE, BOB], stacks={ALICE: 500, BOB: 500}, options=options, seed=1
    )
    return status_of("palace", engine, options.model_dump(), table_id), engine


def pontoon(min_bet: int, table_id: int) -> tuple[TableStatus, Any]:
    engine = game("2s", players=(ALICE, BOB), dealer=ALICE, min_bet=min_bet, max_bet=10 * min_bet)
    return status_of("pontoon", engine, engine.options.model_dump(), table_id), engine


def paiute(stake: int, table_id: int) -> tuple[TableStatus, Any]:
    deck = deck_for([ALICE, BOB], BOB, {ALICE: "9h 10h Jh Qh 3d"}, stock="Kh")
    options = PaiuteOptions(stake=stake)
    engine = Paiute.new([ALICE, BOB], {ALICE: 100, BOB: 100}, options, deck=deck, dealer=BOB)
    return status_of("paiute", engine, options.model_dump(), table_id), engine


GAMES: dict[str, tuple[GameUI, Callable[[int, int], tuple[TableStatus, Any]], int, int]] = {
    "palace": (PalaceUI(), palace, 10, 50),
    "pontoon": (PontoonUI(), pontoon, 10, 50),
    "paiute": (PaiuteUI(), paiute, 5, 20),
}


def seen(ui: GameUI, drawn: tuple[TableStatus, Any], display: dict[str, str]) -> list[Any]:
    """What a reader of ``drawn``'s table sees in English through the real renderer: the
    table message (embed and components) and the player to act's **My cards** reply."""
    status, engine = drawn
    to_act = str(engine.to_act)
    legal = engine.legal_actions(to_act)
    names = TableNames(display, [str(s.user_id) for s in status.seats])
    model = present.present_table(ui, status, [], legal, names)
    mine = dataclasses.replace(status, view=engine.view(to_act))
    hand = build_view(hand_components(ui, mine, legal, names))
    return [
        render.table_embed(model).to_dict(),
        [component_text(c) for c in sent(render.table_view(model))],
        [component_text(c) for c in sent(hand)],
        [en(t) for t in present.private_lines(ui, mine, int(to_act))],
    ]


def component_text(item: Any) -> tuple[str, ...]:
    options = tuple(f"{o.label}={o.value}" for o in getattr(item, "options", ()))
    label = getattr(item, "label", None) or getattr(item, "placeholder", "")
    return (str(label), *options)


@pytest.mark.parametrize("name", GAMES)
def test_each_table_reads_its_own_stakes_and_names_when_another_table_is_drawn_between(name):
    shared, make, low, high = GAMES[name]
    cheap, dear = make(low, 1), make(high, 2)
    named = {ALICE: "Alice", BOB: "Bob"}
    renamed = {ALICE: "Ally", BOB: "Bobby", CAROL: "Carol"}
    fresh = type(shared)
    alone = [seen(fresh(), cheap, named), seen(fresh(), dear, renamed)]
    assert alone[0] != alone[1]  # the two tables differ: a leak would show
    for _ in range(2):  # drawn alternately by the one presenter every table of the game shares
        assert seen(shared, cheap, named) == alone[0]
        assert seen(shared, dear, renamed) == alone[1]
    assert vars(shared) == {}  # nothing of a table stays on the presenter
