"""The V2 table message: the picture named as an attachment with its alt text, the text and
component totals inside Discord's limits at the busiest table, the custom ids unchanged, the
picture labels and alt text from the catalog."""

from __future__ import annotations

from typing import Any

from bot.pictures import Public as PublicView
from bot.pictures import draw, hand_scene, table_scene
from bot.table import _layout_v2 as v2
from bot.table._ids import Key
from bot.table._model import Button, Option, Select, TableModel
from games.palace import PalaceOptions, PalacePoker
from sandbox import checks
from sandbox.limits import IS_COMPONENTS_V2
from services.tables import Expected

EXPECTED = Expected(7, 2, 11)


def busiest_model() -> TableModel:
    """Twenty buttons, a select of 25 options and a long log: more than any table shows."""
    buttons = tuple(
        Button(Key(EXPECTED, "act_" + "abcdefghijklmno"[i]), f"Action {i}", row=i // 5)
        for i in range(15)
    )
    options = tuple(Option(f"option {i}", f"o{i}") for i in range(25))
    select = Select(Key(EXPECTED, "pick", "target"), "Pick one", options, row=3)
    cards = Button(Key(EXPECTED, "@cards"), "My cards", row=4)
    return TableModel(
        title="Palace Poker table",
        turn="Deal 2 · **@alice** to act",
        seats_title="Seats (10/10)",
        seats=tuple(f"<@{i}> — 500 chips" for i in range(10)),
        fields=(),
        log=tuple("x" * 300 for _ in range(6)),
        footer="Table 7 · deal 2",
        components=(*buttons, select, cards),
    )


def payload(view: Any) -> list[dict[str, Any]]:
    return list(view.to_components())


def test_the_busiest_table_keeps_discords_v2_limits_and_its_custom_ids() -> None:
    game = PalacePoker.new(["1", "2", "3"], {"1": 500, "2": 500, "3": 500}, PalaceOptions(), seed=1)
    picture = draw(table_scene(PublicView(game.view(None)), {"1": "alice"}))
    model = busiest_model()
    shown = v2.table_layout(model, picture, "The table. Cards face up: 9♠.")
    components = payload(shown.layout)
    body = {"flags": IS_COMPONENTS_V2, "components": components, "_files": [shown.filename]}
    assert checks.request_errors("POST", checks.MESSAGES, body) == {}
    assert checks.upload_errors("POST", checks.MESSAGES, body) == {}
    assert checks.attachment_refs(components) == [picture.filename]
    ids = [c["custom_id"] for c in checks._walk(components) if "custom_id" in c]
    wanted = [
        c.key.select_id() if isinstance(c, Select) else c.key.button_id() for c in model.components
    ]
    assert sorted(ids) == sorted(wanted)
    items = [c for c in checks._walk(components) if c.get("type") == 12]
    assert items[0]["items"][0]["description"] == "The table. Cards face up: 9♠."


def test_without_a_picture_the_seats_are_text_and_nothing_is_attached() -> None:
    shown = v2.table_layout(busiest_model(), None, "")
    components = payload(shown.layout)
    assert checks.attachment_refs(components) == []
    assert v2.file_of(shown) is None
    text = " ".join(str(c.get("content")) for c in checks._walk(components))
    assert "Seats (10/10)" in text


def test_a_hand_pictures_alt_text_names_the_cards_face_up_and_counts_the_rest() -> None:
    alt = v2.alt_text("pictures.alt.hand", "Paiute", ["7s", None, "10d", None])
    assert alt == "Your cards at Paiute: 7♠, 10♦. 2 cards face down."
    assert v2.alt_text("pictures.alt.hand", "Pontoon", ["Ah"]) == "Your cards at Pontoon: A♥."


def test_the_labels_come_from_the_catalog() -> None:
    labels = v2.labels()
    assert (labels.pot, labels.stock, labels.kitty) == ("Pot", "Stock", "Kitty")


async def test_the_hand_picture_is_drawn_off_the_loop_from_the_players_view() -> None:
    game = PalacePoker.new(["1", "2"], {"1": 500, "2": 500}, PalaceOptions(), seed=1)
    drawn = await v2.hand_picture(game.view("1"))
    assert drawn is not None
    assert drawn.picture == draw(hand_scene(game.view("1")))
    assert all(code is not None for code in drawn.cards)
    assert await v2.hand_picture(None) is None
