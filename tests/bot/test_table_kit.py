"""The table kit's components from ``ActionSpec``s: what goes on the public message, what only
in the player's **My cards** reply, and what a custom id carries."""

from __future__ import annotations

import re

import discord

from bot.table import (
    BUTTON,
    SELECT,
    GameUI,
    Key,
    Lobby,
    decode_choice,
    encode_choice,
)
from bot.text import catalog
from bot.text.format import PlayerNames
from games.actions import ActionSpec, AmountField, CardsField, ChoiceField
from services.tables import Expected, SeatStatus, TableStatus
from tests.bot.table.drawn import my_cards_view, sent, table_view

ALICE, BOB = 110000000000000001, 110000000000000002


class PlainUI(GameUI):
    game = title = command = "plain"


def table(*, deal_open: bool = True) -> TableStatus:
    seats = tuple(
        SeatStatus(user_id=u, stack=100, seated=True, in_deal=deal_open, away=False)
        for u in (ALICE, BOB)
    )
    return TableStatus(
        table_id=7, guild_id=1, channel_id=2, game="plain", title="Plain", host_id=ALICE,
        message_id=99, deal_number=3, action_counter=12, deal_open=deal_open, phase="play",
        to_act=ALICE if deal_open else None, deadline=None, pot=0, kitty=0, seats=seats,
        max_seats=4, min_buy_in=10, max_buy_in=500, options={}, view=None,
    )  # fmt: skip


def custom_ids(view) -> list[str]:
    return [str(item.custom_id) for item in sent(view)]


def labels(view) -> list[str]:
    return [str(getattr(i, "label", None) or getattr(i, "placeholder", "")) for i in sent(view)]


def test_every_component_carries_table_deal_and_counter():
    specs = [
        ActionSpec(kind="fold"),
        ActionSpec(kind="raise", fields={"amount": AmountField(min=10, max=40)}),
    ]
    view = table_view(PlainUI(), table(), specs)
    for custom_id in custom_ids(view):
        match = re.fullmatch(BUTTON, custom_id)
        assert match is not None, custom_id
        assert Key.from_match(match).expected == Expected(7, 3, 12)
    assert "Raise (10–40)" in labels(view)
    assert "My cards" in labels(view)


def test_card_choices_never_reach_the_public_message_only_my_cards():
    discard = ActionSpec(
        kind="discard",
        fields={"cards": CardsField(options=("As", "Kd", "10h"), min_count=1, max_count=2)},
    )
    public = table_view(PlainUI(), table(), [discard, ActionSpec(kind="stay")])
    assert not any(":discard:" in c for c in custom_ids(public))
    assert not any(code in str(labels(public)) for code in ("A♠", "K♦", "10♥"))
    private = my_cards_view(PlainUI(), table(), [discard])
    assert private is not None
    (select,) = sent(private)
    assert isinstance(select, discord.SelectMenu)
    assert re.fullmatch(SELECT, str(select.custom_id))
    assert [o.value for o in select.options] == ["As", "Kd", "10h"]
    assert (select.min_values, select.max_values) == (1, 2)


def test_a_few_choices_are_buttons_many_are_a_select_and_none_is_encoded():
    few = ActionSpec(kind="draw", fields={"source": ChoiceField(options=("stock", "discard"))})
    many = ActionSpec(kind="bet", fields={"target": ChoiceField(options=tuple("abcdefg"))})
    view = table_view(PlainUI(), table(), [few, many])
    ids = custom_ids(view)
    assert sum(":draw:" in c for c in ids) == 2
    assert sum(c.startswith("tbl:s:") and ":bet:" in c for c in ids) == 1
    assert decode_choice(encode_choice(None)) is None
    assert decode_choice(encode_choice("stock")) == "stock"


def test_between_deals_the_lobby_buttons_show():
    view = table_view(PlainUI(), table(deal_open=False), [])
    kinds = [Key.from_match(re.fullmatch(BUTTON, c)).kind for c in custom_ids(view)]  # type: ignore[arg-type]
    assert kinds == [Lobby.JOIN, Lobby.DEAL, Lobby.LEAVE, Lobby.REPLAY]  # the deal just over


def test_specs_with_several_fields_stay_slash_commands():
    offer = ActionSpec(
        kind="offer_bank",
        fields={"to": ChoiceField(options=(str(BOB),)), "price": AmountField(min=0, max=100)},
    )
    view = table_view(PlainUI(), table(), [offer])
    assert not any(":offer_bank:" in c for c in custom_ids(view))


def test_players_are_named_by_mention_and_other_ids_stay_as_they_are():
    names = PlayerNames()
    assert names.mention(str(ALICE)) == f"<@{ALICE}>"
    computer = names.mention("cpu:1")  # not a Discord id: never a mention, a robot's name
    assert not str(computer).startswith("<@")
    assert catalog("en").text(computer).startswith("🤖")
