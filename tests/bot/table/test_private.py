"""Private updates (``bot.table._private``), unit by unit: the real desk and table service on a
real SQLite file, Discord's side spec'd (:mod:`tests.bot.table.kit`). Which door a player's new
cards go through: the answer to their own command, a followup of their click, an ephemeral
followup of their latest interaction at the table while its token is fresh, else a DM; and the
fallbacks (a late or refused answer, a refused or expired token, closed DMs)."""

from __future__ import annotations

from typing import Any, cast

import discord
import pytest

from bot.table import _private as private
from bot.table._components import run_action
from bot.table._fresh import FRESH_S
from bot.table._ids import Key
from bot.text import catalog, msg
from bot.text.format import card
from games.pontoon import PontoonView
from tests.bot.table.discord_fakes import ALICE, BOB, CHANNEL, GUILD, posted, refused
from tests.bot.table.kit import Kit, dispatch

en = catalog("en").text


def cards(kit: Kit, user: int) -> list[str]:
    """``user``'s Pontoon cards as the table holds them now, as a player reads them."""
    view = cast(PontoonView, kit.status(user).view)
    (mine,) = [p for p in view.punters if p.pid == str(user)]
    return [card(c) for c in mine.hands[0].cards if c is not None]


def shows_cards(kit: Kit, user: int, text: str) -> bool:
    held = cards(kit, user)
    return len(held) == 2 and all(c in text for c in held)


def table_moves(mock: Any) -> list[Any]:
    """A followup mock's public sends: each must be the table message moving to that
    command (issue 27: a table message no fresh token may edit is posted again as the latest
    command's followup, ``tests/e2e/test_table_moves.py``), the table drawn and nothing else:
    a public followup with words of its own would be a private update said in public."""
    moves = [c for c in mock.await_args_list if c.kwargs.get("ephemeral") is not True]
    for call in moves:
        assert call.kwargs.get("wait") is True, call
        assert "embed" in call.kwargs or "view" in call.kwargs, call
        assert not call.args, call
        assert "content" not in call.kwargs, call
    return moves


def private_sends(mock: Any) -> list[Any]:
    """A send mock's ephemeral messages, after checking that the rest are table moves."""
    table_moves(mock)
    return [c for c in mock.await_args_list if c.kwargs.get("ephemeral") is True]


def ephemeral_texts(mock: Any) -> list[str]:
    """The contents of a send mock's ephemeral messages (its public ones are table moves)."""
    return [
        str(call.kwargs.get("content", call.args[0] if call.args else ""))
        for call in private_sends(mock)
    ]


async def stake(kit: Kit, user: int, amount: int, clicked: Any = None) -> None:
    """``/pontoon stake`` of ``user`` (by the command's interaction ``clicked``, else without
    one, as a computer or a timer acts): Pontoon deals everyone's second card after the last
    stake, so the last one changes both players' private cards."""
    action = {"kind": "stake", "amount": amount}
    if clicked is None:
        await kit.desk.show(await kit.service.act(GUILD, CHANNEL, user, action))
    else:
        await run_action(clicked, action, reply=msg("pontoon.reply.stake", amount=amount))
    await kit.settle()


async def test_a_players_own_command_is_answered_with_their_new_cards(kit):
    await kit.table()
    await stake(kit, ALICE, 10)
    kit.forget()
    bobs = kit.command(BOB)
    await stake(kit, BOB, 20, bobs)
    (answer,) = ephemeral_texts(bobs.response.send_message)
    assert shows_cards(kit, BOB, answer)
    assert private_sends(bobs.followup.send) == []  # one call: the update IS the answer
    assert kit.dm_texts(BOB) == []
    # and the table, by its writer, once: an edit, or a move to his command's followup
    moved = len(table_moves(bobs.followup.send))
    assert kit.table_message.edit.await_count + moved == 1
    kit.channel.send.assert_not_called()


async def test_another_players_move_reaches_them_as_a_followup_of_their_latest_interaction(kit):
    await kit.table()
    alices = kit.command(ALICE)
    await stake(kit, ALICE, 10, alices)
    assert alices.response.send_message.await_count == 1  # her stake's own answer
    await stake(kit, BOB, 20, kit.command(BOB))
    (update,) = ephemeral_texts(alices.followup.send)
    assert shows_cards(kit, ALICE, update)
    assert kit.dm_texts(ALICE) == []


async def test_without_an_interaction_at_the_table_the_update_goes_by_dm(kit):
    await kit.table()
    await stake(kit, ALICE, 10)  # a step without her interaction: no token of hers
    await stake(kit, BOB, 20, kit.command(BOB))
    (dm,) = kit.dm_texts(ALICE)
    assert shows_cards(kit, ALICE, dm)


async def test_an_interaction_in_another_channel_is_no_door_to_this_table(kit):
    await kit.table()
    elsewhere = kit.command(ALICE, channel=CHANNEL + 1)
    elsewhere.response.type = discord.InteractionResponseType.channel_message
    kit.desk.fresh.seen(elsewhere)  # she answered something in another channel
    await stake(kit, ALICE, 10)
    await stake(kit, BOB, 20, kit.command(BOB))
    elsewhere.followup.send.assert_not_called()
    assert len(kit.dm_texts(ALICE)) == 1


async def test_an_expired_token_is_not_used_the_update_goes_by_dm(kit):
    await kit.table()
    alices = kit.command(ALICE)
    await stake(kit, ALICE, 10, alices)
    kit.clock.advance(FRESH_S + 1)
    await stake(kit, BOB, 20, kit.command(BOB))
    assert private_sends(alices.followup.send) == []
    (dm,) = kit.dm_texts(ALICE)
    assert shows_cards(kit, ALICE, dm)


@pytest.mark.parametrize(
    "refusal",
    [
        refused(discord.NotFound, 404, 10015),  # unknown webhook
        refused(discord.HTTPException, 401, 50027),  # invalid webhook token: Discord expired it
    ],
    ids=["unknown", "expired"],
)
async def test_a_refused_followup_falls_back_to_a_dm_and_its_token_is_dropped(kit, refusal):
    await kit.table()
    alices = kit.command(ALICE)
    await stake(kit, ALICE, 10, alices)
    alices.followup.send.side_effect = refusal
    await stake(kit, BOB, 20, kit.command(BOB))
    assert len(private_sends(alices.followup.send)) == 1
    (dm,) = kit.dm_texts(ALICE)
    assert shows_cards(kit, ALICE, dm)
    assert kit.desk.fresh.get(ALICE, CHANNEL) is None  # not tried again


async def test_closed_dms_get_a_note_in_the_channel_that_names_my_cards_and_the_hand_command(
    kit,
):
    await kit.table()
    kit.refuse_dms(ALICE)
    await stake(kit, ALICE, 10)
    await stake(kit, BOB, 20, kit.command(BOB))
    assert kit.dms[ALICE].send.await_count == 1  # tried
    note = en(msg("table.say.no_dm", player=f"<@{ALICE}>", command="pontoon"))
    assert kit.said() == [note]
    assert "My cards" in note


async def test_an_answer_past_discords_3_seconds_goes_as_a_followup(kit):
    await kit.table()
    await stake(kit, ALICE, 10)
    late = kit.command(BOB, age=private.ANSWER_WITHIN_S + 0.5)
    await stake(kit, BOB, 20, late)
    late.response.send_message.assert_not_called()  # Discord would refuse it: not tried
    (update,) = ephemeral_texts(late.followup.send)
    assert shows_cards(kit, BOB, update)


async def test_a_refused_answer_falls_back_to_a_dm(kit):
    await kit.table()
    await stake(kit, ALICE, 10)
    bobs = kit.command(BOB)
    bobs.response.send_message.side_effect = refused(discord.HTTPException, 500, 0)
    await stake(kit, BOB, 20, bobs)
    bobs.followup.send.assert_not_called()  # nothing answered: no followup can follow
    (dm,) = kit.dm_texts(BOB)
    assert shows_cards(kit, BOB, dm)


async def test_a_command_that_changes_no_private_card_is_answered_with_its_reply(kit):
    await kit.table()
    alices = kit.command(ALICE)
    await stake(kit, ALICE, 10, alices)
    (answer,) = ephemeral_texts(alices.response.send_message)
    assert answer == en(msg("pontoon.reply.stake", amount=10))
    assert kit.dm_texts(ALICE) == []


async def test_an_update_owed_from_before_a_restart_tells_the_cards_as_they_are_now(kit):
    now = await kit.table()
    await private.deliver(kit.desk, now, (), owed=[BOB])
    await kit.settle()
    (dm,) = kit.dm_texts(BOB)
    view = cast(PontoonView, kit.status(BOB).view)
    (bobs,) = [p for p in view.punters if p.pid == str(BOB)]
    assert all(card(c) in dm for c in bobs.hands[0].cards if c is not None)
    assert kit.dm_texts(ALICE) == []  # nobody else is owed anything


async def test_a_click_on_the_table_message_gets_the_table_and_then_the_cards_as_a_followup(kit):
    """Taking the top discard changes the hand like a stock draw (issue 33.8: it sent no
    private update): the click's answer is the table, the hand one ephemeral followup of the
    same interaction, and nothing else is sent."""
    await kit.table("paiute")
    bobs = kit.click(BOB)
    await dispatch(Key(kit.status().expected, "draw", "discard").button_id(), bobs)
    await kit.settle()
    bobs.response.edit_message.assert_awaited_once()  # the click's answer: the table
    (update,) = ephemeral_texts(bobs.followup.send)
    assert update.endswith(kit.desk.cards.text(GUILD, CHANNEL, BOB))  # what changed, then all
    view = bobs.followup.send.call_args.kwargs["view"]
    assert isinstance(view, discord.ui.View)  # with the card choice he has now
    assert view.is_finished()  # never kept: its selects are routed by their custom ids
    assert kit.dm_texts(BOB) == []
    kit.table_message.edit.assert_not_called()
    kit.channel.send.assert_not_called()


async def test_a_card_chosen_in_my_cards_edits_that_reply_to_show_the_cards_now(kit):
    await kit.table("paiute")
    await dispatch(Key(kit.status().expected, "draw", "stock").button_id(), kit.click(BOB))
    await kit.settle()
    (first, *_) = kit.service.legal_actions(GUILD, CHANNEL, BOB)[0].fields["card"].options
    reply = kit.click(BOB)
    reply.message = posted(4242, ephemeral=True)  # the My cards reply
    await dispatch(Key(kit.status().expected, "discard", "card").select_id(), reply, values=[first])
    await kit.settle()
    reply.response.send_message.assert_not_called()
    reply.response.edit_message.assert_awaited_once()
    edit = reply.response.edit_message.call_args.kwargs
    assert edit["content"] == kit.desk.cards.text(GUILD, CHANNEL, BOB)
    assert card(first) not in edit["content"]  # discarded
    assert kit.dm_texts(BOB) == []


async def test_an_update_on_a_my_cards_reply_edits_it_and_drops_the_selects_it_no_longer_offers(
    kit,
):
    await kit.table("paiute")
    reply = kit.click(ALICE)
    reply.message = posted(4242, ephemeral=True)  # a select of her My cards reply
    now = kit.status(ALICE)  # not her turn: no card choice left to offer
    assert await private.answer_privately(kit.desk, reply, now, "your cards", "en", [])
    reply.response.send_message.assert_not_called()
    reply.response.edit_message.assert_awaited_once_with(content="your cards", view=None)
