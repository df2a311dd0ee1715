"""PaiuteUI on the kit's components, with real engine specs: a draw is public (a button per
source); a discard or a call names the player's own cards, so it only ever becomes a select of
the ephemeral My cards reply."""

from __future__ import annotations

from typing import Any

import pytest

from bot.exts.paiute import PaiuteUI
from bot.text import Text, catalog
from games.paiute import Paiute, PaiuteOptions
from services.tables import SeatStatus, TableStatus
from tests.bot.table.drawn import my_cards_view, sent, table_view
from tests.games.paiute.helpers import deck_for

ANN, BOB = "110000000000000001", "110000000000000002"


def status(game: Paiute, viewer: str | None = None) -> TableStatus:
    seats = tuple(
        SeatStatus(user_id=int(p), stack=game.stacks[p], seated=True, in_deal=True, away=False)
        for p in game.players
    )
    return TableStatus(
        table_id=7, guild_id=1, channel_id=2, game="paiute", title="Paiute", host_id=int(ANN),
        message_id=99, deal_number=1, action_counter=3, deal_open=True, phase=game.phase,
        to_act=int(game.to_act or 0), deadline=None, pot=game.pot, kitty=0, seats=seats,
        max_seats=5, min_buy_in=10, max_buy_in=500, options={}, view=game.view(viewer),
    )  # fmt: skip


def inner(view: Any) -> list[Any]:
    """The buttons and selects the view sends."""
    return list(sent(view))


def labels(view: Any) -> list[str]:
    return [str(getattr(i, "label", None) or getattr(i, "placeholder", "")) for i in sent(view)]


@pytest.fixture
def game() -> Paiute:
    # Ann (left of the dealer Bob) holds four hearts in a row: the king of hearts makes a call.
    deck = deck_for([ANN, BOB], BOB, {ANN: "9h 10h Jh Qh 3d"}, stock="Kh")
    return Paiute.new(
        [ANN, BOB], {ANN: 100, BOB: 100}, PaiuteOptions(stake=5), deck=deck, dealer=BOB
    )


def test_a_draw_is_a_button_per_source_and_my_cards_offers_nothing_yet(game):
    ui = PaiuteUI()
    legal = game.legal_actions(ANN)
    public = table_view(ui, status(game), legal)
    assert labels(public) == ["Draw: from the stock", "Draw: the top discard", "My cards"]
    assert my_cards_view(ui, status(game, ANN), legal) is None


def test_discard_and_call_stay_off_the_table_message_and_show_in_my_cards(game):
    ui = PaiuteUI()
    game.act(ANN, {"kind": "draw", "source": "stock"})
    legal = game.legal_actions(ANN)
    assert {s.kind for s in legal} == {"discard", "call"}
    public = table_view(ui, status(game), legal)
    assert labels(public) == ["My cards"]
    mine = my_cards_view(ui, status(game, ANN), legal)
    assert mine is not None
    assert labels(mine) == ["Discard a card", "Call: discard"]
    discard, call = inner(mine)
    assert [o.label for o in discard.options] == ["9♥", "10♥", "J♥", "Q♥", "3♦", "K♥"]
    assert [(o.label, o.value) for o in call.options] == [("3♦", "3d")]


def test_a_six_card_call_offers_nothing_to_discard():
    deck = deck_for([ANN, BOB], BOB, {ANN: "5s 5h 7d 7c 9s"}, discard="9d")
    game = Paiute.new(
        [ANN, BOB], {ANN: 100, BOB: 100}, PaiuteOptions(stake=5), deck=deck, dealer=BOB
    )
    game.act(ANN, {"kind": "draw", "source": "discard"})
    ui = PaiuteUI()
    mine = my_cards_view(ui, status(game, ANN), game.legal_actions(ANN))
    assert mine is not None
    call = inner(mine)[1]
    assert [(o.label, o.value) for o in call.options] == [("nothing (six-card combination)", "~")]


def english(text: Text | list[Text]) -> str:
    """What the kit's renderer shows an English reader."""
    return catalog("en").join(text, "\n") if isinstance(text, list) else catalog("en").text(text)


def test_the_fields_and_my_cards_read_from_the_right_view(game):
    ui = PaiuteUI()
    fields = ui.public_fields(status(game))
    public = "\n".join(f"{english(f.name)}\n{english(f.value)}" for f in fields)
    assert "Wild indicator **2♣**" in public
    assert "9♥" not in public
    assert "Your hand: 9♥ 10♥ J♥ Q♥ 3♦" in english(ui.private_text(status(game, ANN), int(ANN)))
