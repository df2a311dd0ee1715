"""Issue 14, item 12: fewer clicks. A limit raise (one legal amount) is one click, no modal;
Pontoon's shoot phase has a **No shoot** button; the amount rides in the button's id."""

from __future__ import annotations

from bot.exts.pontoon import PontoonUI
from bot.table import GameUI
from bot.table._layout import (
    clicked_fields,
    fixed_choices,
    hand_components,
    spec_for,
    table_components,
)
from bot.table._model import Button
from bot.text import catalog
from bot.text.format import PlayerNames
from games.actions import ActionSpec, AmountField, CardsField
from tests.bot.table.test_presenter import PlainUI, table
from tests.games.pontoon.helpers import game

en = catalog("en").text


def buttons(ui: GameUI, legal: list[ActionSpec]) -> dict[str, str]:
    """Each action button's words -> its key's argument."""
    shown = table_components(ui, table(), legal, PlayerNames())
    return {en(c.label): c.key.arg for c in shown if isinstance(c, Button)}


def test_a_limit_raise_is_one_click_with_its_clicked_fields():
    raise_ = ActionSpec(kind="raise", fields={"amount": AmountField(min=20, max=20)})
    shown = buttons(PlainUI(), [raise_])
    assert shown["Raise (20)"] == "=20"
    assert clicked_fields(raise_, "=20") == {"amount": 20}  # played at once: no modal


def test_an_amount_with_a_range_still_opens_the_modal():
    stake = ActionSpec(kind="stake", fields={"amount": AmountField(min=10, max=50)})
    shown = buttons(PlainUI(), [stake])
    assert shown["Stake (10–50)"] == ""
    assert clicked_fields(stake, "") is None


def test_pontoon_shoot_phase_has_a_no_shoot_button():
    shoot = ActionSpec(kind="shoot", fields={"amount": AmountField(min=0, max=100)})
    shown = buttons(PontoonUI(), [shoot])
    assert shown["No shoot"] == "=0"
    assert shown["Shoot bet (0–100)"] == ""
    assert clicked_fields(shoot, "=0") == {"amount": 0}
    later = ActionSpec(kind="shoot", fields={"amount": AmountField(min=1, max=100)})
    assert "No shoot" not in buttons(PontoonUI(), [later])  # a fourth-card bet: 0 is no bet


def test_pontoon_banker_has_a_button_to_offer_the_bank_to_each_player():
    g = game("2s")  # a banks; b and c may buy
    legal = g.legal_actions("a")
    shown = buttons(PontoonUI(), legal)
    assert shown["Offer the bank to b (0–1000)"] == "b"
    assert shown["Offer the bank to c (0–1000)"] == "c"
    offer_c = spec_for(legal, "offer_bank", "c")
    assert offer_c is not None
    assert fixed_choices(offer_c) == {"to": "c"}  # the modal asks only the price


def test_the_free_discard_choice_has_a_keep_all_button():
    step = ActionSpec(
        kind="discard_soldiers",
        fields={"cards": CardsField(options=("2h", "3h", "4h"), min_count=0, max_count=3)},
    )
    shown = hand_components(PlainUI(), table(), [step], PlayerNames())
    keep = [c for c in shown if isinstance(c, Button)]
    assert [en(c.label) for c in keep] == ["Keep all"]
    assert clicked_fields(step, keep[0].key.arg) == {"cards": []}  # one click, no card chosen
    paid = ActionSpec(
        kind="discard", fields={"cards": CardsField(options=("2h",), min_count=1, max_count=1)}
    )
    assert not [
        c
        for c in hand_components(PlainUI(), table(), [paid], PlayerNames())
        if isinstance(c, Button)
    ]
