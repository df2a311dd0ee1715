"""The table's components (``bot.table._components``), unit by unit: clicks, selects and
modals dispatched as discord.py dispatches them (the custom id matched against the templates,
the item built from it), on the real desk and table service on a real SQLite file, Discord's
side spec'd (:mod:`tests.bot.table.kit`). What a click plays, which it refuses and in which
words (stale, not theirs, unknown, the table busy or closed), and that a refusal changes
nothing."""

from __future__ import annotations

import dataclasses
from typing import Any

import discord
import pytest

from bot.table._components import AmountModal, JoinModal
from bot.table._ids import Key, Lobby
from bot.table._pings import GRACE_S
from bot.text import Text, catalog, msg
from services.tables import Expected
from tests.bot.table.discord_fakes import ALICE, BOB, CHANNEL, GUILD, posted
from tests.bot.table.drawn import sent
from tests.bot.table.kit import Kit, dispatch, submit

CAROL = 1003
en = catalog("en").text


def refusal(clicked: Any) -> str:
    """The one ephemeral answer a refused interaction got."""
    clicked.response.send_message.assert_awaited_once()
    call = clicked.response.send_message.call_args
    assert call.kwargs.get("ephemeral") is True
    return str(call.args[0])


def button(kit: Kit, kind: str, arg: str = "", *, expected: Expected | None = None) -> str:
    """The custom id of a button of the table as it is now (``expected``: as it was)."""
    return Key(expected or kit.status().expected, kind, arg).button_id()


def select(kit: Kit, kind: str, field: str) -> str:
    return Key(kit.status().expected, kind, field).select_id()


def shown_modal(clicked: Any) -> Any:
    clicked.response.send_modal.assert_awaited_once()
    return clicked.response.send_modal.call_args.args[0]


async def unchanged(kit: Kit, before: Any) -> None:
    await kit.settle()
    now = kit.status()
    assert (now.expected, now.seats) == (before.expected, before.seats)


def said(text: Text) -> str:
    return en(text)


async def test_a_custom_id_carries_the_moment_kind_and_argument_of_the_click(kit):
    now = await kit.table("paiute")
    custom_id = button(kit, "draw", "stock")
    table, deal, counter = now.expected
    assert custom_id == f"tbl:b:{table}:{deal}:{counter}:draw:stock"
    bobs = kit.click(BOB)
    await dispatch(custom_id, bobs)
    await kit.settle()
    assert kit.status().action_counter == counter + 1  # bob drew: the click was his move
    bobs.response.edit_message.assert_awaited_once()  # answered with the table, in one call


async def test_a_click_drawn_for_an_earlier_moment_is_refused_as_stale(kit):
    before = await kit.table("paiute")
    old = Expected(before.table_id, before.deal_number, before.action_counter - 1)
    bobs = kit.click(BOB)
    await dispatch(button(kit, "draw", "stock", expected=old), bobs)
    assert refusal(bobs) == said(msg("table.refusal.stale_action"))
    await unchanged(kit, before)


async def test_a_click_of_a_closed_tables_message_says_it_is_closed(kit):
    before = await kit.table("paiute")
    gone = Expected(before.table_id + 1, 1, 1)
    for kind in ("draw", Lobby.LEAVE):
        bobs = kit.click(BOB)
        await dispatch(button(kit, kind, "stock", expected=gone), bobs)
        assert refusal(bobs) == said(msg("table.refusal.closed"))
    await unchanged(kit, before)


async def test_a_move_out_of_turn_is_refused_with_whose_turn_it_is(kit):
    before = await kit.table("paiute")
    alices = kit.click(ALICE)
    await dispatch(button(kit, "draw", "stock"), alices)
    assert refusal(alices) == said(msg("table.refusal.not_your_turn", to_act=f"<@{BOB}>"))
    await unchanged(kit, before)


async def test_a_click_by_someone_not_at_the_table_is_refused(kit):
    before = await kit.table("paiute")
    carols = kit.click(CAROL)
    await dispatch(button(kit, "draw", "stock"), carols)
    assert refusal(carols) == said(msg("table.refusal.not_in_deal"))
    await unchanged(kit, before)


async def test_an_action_the_game_does_not_offer_now_is_refused(kit):
    before = await kit.table("paiute")
    bobs = kit.click(BOB)
    await dispatch(button(kit, "knock"), bobs)
    assert refusal(bobs) == said(msg("table.refusal.cannot_now", action="knock"))
    await unchanged(kit, before)


@pytest.mark.parametrize("custom_id", ["tbl:b:1:x", "tbl:s:1:2:3:UPPER:card", "tbl:q:1:2:3:draw:"])
async def test_a_table_id_no_kit_draws_is_refused_not_left_unanswered(kit, custom_id):
    """A hand-made click (Discord's clients only send ids the bot drew) still gets an answer."""
    before = await kit.table("paiute")
    bobs = kit.click(BOB)
    await dispatch(custom_id, bobs)
    assert refusal(bobs) == said(msg("table.refusal.stale_button"))
    await unchanged(kit, before)


@pytest.mark.parametrize("kind", ["@nonsense", Lobby.REPLAY])
async def test_a_button_of_a_kind_this_bot_does_not_serve_is_refused_not_left_unanswered(kit, kind):
    """Discord said "This interaction failed": an unknown kit kind (or Replay on a bot
    without the history extension, as in the kit) fell through without an answer."""
    before = await kit.table("paiute")
    bobs = kit.click(BOB)
    await dispatch(button(kit, kind), bobs)
    assert refusal(bobs) == said(msg("table.refusal.stale_button"))
    await unchanged(kit, before)


async def test_the_deal_button_during_a_deal_is_refused_as_busy(kit):
    before = await kit.table("paiute")
    alices = kit.click(ALICE)
    await dispatch(button(kit, Lobby.DEAL), alices)
    assert refusal(alices) == said(msg("table.refusal.table_busy.dealing"))
    await unchanged(kit, before)


async def test_a_leave_button_from_before_the_deal_is_refused_as_moved_on(kit):
    lobby = await kit.table("paiute", deal=False)
    await kit.desk.show(await kit.service.start(GUILD, CHANNEL, ALICE))
    await kit.settle()
    before = kit.status()
    bobs = kit.click(BOB)
    await dispatch(button(kit, Lobby.LEAVE, expected=lobby.expected), bobs)
    assert refusal(bobs) == said(msg("table.refusal.moved_on"))
    await unchanged(kit, before)


async def test_an_amount_opens_a_modal_within_the_legal_bounds_and_plays_the_typed_amount(kit):
    before = await kit.table("pontoon")
    alices = kit.click(ALICE)
    await dispatch(button(kit, "stake"), alices)
    modal = shown_modal(alices)
    assert isinstance(modal, AmountModal)
    assert (modal.bounds.min, modal.bounds.max) == (10, 50)
    assert modal.custom_id == Key(before.expected, "stake").modal_id()
    await unchanged(kit, before)  # asking for the amount played nothing
    typed = kit.click(ALICE)
    await submit(modal, typed, amount="30")
    await kit.settle()
    stacks = {s.user_id: s.stack for s in kit.status().seats}
    assert stacks[ALICE] == 170
    assert modal.is_finished()


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("lots", msg("table.refusal.whole_number", min=10, max=50)),
        ("5", "You can stake between 10 and 50 chips."),  # the engine's, in Pontoon's words
        ("999", "You can stake between 10 and 50 chips."),
    ],
    ids=["not-a-number", "too-small", "too-big"],
)
async def test_a_refused_amount_changes_nothing_and_its_modal_is_let_go_of(kit, typed, words):
    before = await kit.table("pontoon")
    alices = kit.click(ALICE)
    await dispatch(button(kit, "stake"), alices)
    modal = shown_modal(alices)
    answer = kit.click(ALICE)
    await submit(modal, answer, amount=typed)
    assert refusal(answer) == said(words)
    assert modal.is_finished()  # not kept alive (with its timeout task) for 10 minutes
    await unchanged(kit, before)


async def test_join_opens_the_buy_in_modal_and_its_submit_seats_the_player(kit):
    await kit.table("paiute", deal=False)
    carols = kit.click(CAROL)
    await dispatch(button(kit, Lobby.JOIN), carols)
    modal = shown_modal(carols)
    assert isinstance(modal, JoinModal)
    typed = kit.click(CAROL)
    await submit(modal, typed, buy_in="150")
    await kit.settle()
    assert {s.user_id: s.stack for s in kit.status().seats}[CAROL] == 150
    typed.response.edit_message.assert_awaited_once()  # from the table message: the table


async def test_a_select_on_the_table_message_plays_the_option_picked(kit):
    before = await kit.table("paiute")
    bobs = kit.click(BOB)
    await dispatch(select(kit, "draw", "source"), bobs, values=["discard"])
    await kit.settle()
    assert kit.status().action_counter == before.action_counter + 1
    lines, _ = kit.desk.logs.shown(kit.status())
    assert "discard" in en(lines[-1]), [en(line) for line in lines]


async def test_a_select_sent_with_nothing_or_too_much_picked_is_refused(kit):
    """Issue 35: a select submitted with nothing picked got an apology (``IndexError``)
    instead of a refusal; Discord's clients never send it, a hand-made interaction may."""
    before = await kit.table("paiute")
    for values in ([], ["stock", "discard"]):
        bobs = kit.click(BOB)
        await dispatch(select(kit, "draw", "source"), bobs, values=values)
        assert refusal(bobs) == said(msg("table.refusal.choose_from_menu"))
    await unchanged(kit, before)


async def test_an_empty_pick_in_the_my_cards_reply_is_refused_not_apologised(kit):
    await kit.table("paiute")
    await dispatch(button(kit, "draw", "stock"), kit.click(BOB))
    await kit.settle()
    before = kit.status()
    reply = kit.click(BOB)
    reply.message = posted(4242, ephemeral=True)
    await dispatch(select(kit, "discard", "card"), reply, values=[])
    assert refusal(reply) == said(msg("table.refusal.choose_from_menu"))
    reply.response.edit_message.assert_not_called()  # the reply stays as it is
    await unchanged(kit, before)


async def test_my_cards_answers_privately_with_the_players_cards_and_their_card_choices(kit):
    await kit.table("paiute")
    await dispatch(button(kit, "draw", "stock"), kit.click(BOB))
    await kit.settle()
    bobs = kit.click(BOB)
    await dispatch(button(kit, Lobby.CARDS), bobs)
    call = bobs.response.send_message.call_args
    assert call.kwargs["ephemeral"] is True
    assert call.kwargs["content"] == kit.desk.cards.text(GUILD, CHANNEL, BOB)
    view = call.kwargs["view"]
    assert isinstance(view, discord.ui.View)
    ids = [str(item.custom_id) for item in sent(view)]
    assert select(kit, "discard", "card") in ids  # a card choice: only in My cards
    assert view.is_finished()  # no view kept alive for 15 minutes: a click is routed by its id


async def test_a_look_at_my_cards_within_the_grace_spares_the_player_the_turn_ping(kit):
    await kit.table("paiute")  # bob's turn: his ping waits out its grace
    await dispatch(button(kit, Lobby.CARDS), kit.click(BOB))
    kit.clock.advance(GRACE_S + 1)
    await kit.settle()
    kit.channel.send.assert_not_called()
    assert kit.desk.pings.sent["not needed"] == 1


@pytest.mark.parametrize(
    ("locale", "low", "high"), [("en", "1,000", "25,000"), ("de", "1.000", "25.000")]
)
async def test_the_buy_in_form_writes_its_bounds_as_the_reader_writes_numbers(
    kit, locale, low, high
):
    """A player read "100 to 5000" in the buy-in form, where the table says "5,000": the
    form's label and hint, and the refusal of a word, write the bounds as the reader does."""
    status = await kit.table("paiute", deal=False)
    modal = JoinModal(dataclasses.replace(status, min_buy_in=1000, max_buy_in=25000), locale)
    label = str(modal.buy_in.to_component_dict()["label"])  # as sent to Discord
    assert low in label
    assert high in label
    assert (low, high) == tuple(str(modal.buy_in.placeholder).split("–"))
    answer = kit.click(CAROL)  # the kit's players read English
    await submit(modal, answer, buy_in="lots")
    assert "between 1,000 and 25,000" in refusal(answer)
