"""Every interaction type through the real discord.py: commands with typed options,
subcommands, autocomplete, buttons, selects, modals, deferrals, followups and DMs."""

from __future__ import annotations

import discord
import pytest

from sandbox import CallbackType, InvalidInjection
from sandbox.log import channel_messages, seen_by


async def test_login_syncs_the_command_tree_to_the_guild(session, fake):
    guild_commands = {c["name"] for c in fake.world.commands[session.guild.id]}
    assert {"game", "echo", "challenge", "pick", "feedback", "fruit"} <= guild_commands
    routes = [(c.method, c.route) for c in fake.log.calls[:2]]
    assert routes == [("GET", "/users/@me"), ("GET", "/oauth2/applications/@me")]
    assert fake.gateway.identify_payload["intents"] == session.bot.intents.value
    assert fake.gateway.heartbeats >= 1
    assert session.bot.application_id == fake.world.application_id


async def test_subcommand_with_integer_and_boolean_options(alice):
    answer = await alice.slash("game open", min_bet=10, rated=True)
    assert answer.callback is CallbackType.MESSAGE
    assert answer.content == "Game open, min bet 10, rated=True"
    assert answer.message.interaction_metadata["user"]["id"] == str(alice.id)


async def test_the_client_refuses_what_no_user_could_send(alice):
    with pytest.raises(InvalidInjection, match="was not synced"):
        await alice.slash("nope")
    with pytest.raises(InvalidInjection, match="needs option"):
        await alice.slash("game open")
    with pytest.raises(InvalidInjection, match="at most 100"):
        await alice.slash("game open", min_bet=500)
    with pytest.raises(InvalidInjection, match="must be integer"):
        await alice.slash("game open", min_bet="ten")
    with pytest.raises(InvalidInjection, match="needs a subcommand"):
        await alice.slash("game")


async def test_user_option_buttons_interaction_check_and_update(alice, bob, carol):
    answer = await alice.slash("challenge", opponent=bob, stakes=25)
    table = answer.message
    assert table.content == f"{alice.mention} challenges {bob.mention} for 25"
    assert table.buttons == ["Accept", "Decline", "Closed"]

    refused = await carol.click(table, "Accept")
    assert refused.ephemeral
    assert refused.content == "This is not for you."
    assert refused.message.visible_to is carol.user
    assert refused.message not in bob.sees()

    with pytest.raises(InvalidInjection, match="disabled"):
        await bob.click(table, "Closed")

    accepted = await bob.click(table, "ch:accept")  # a custom_id works as well as a label
    assert accepted.callback is CallbackType.UPDATE_MESSAGE
    assert table.content == f"{bob.mention} accepted!"
    assert table.components == []
    assert (await alice.next_dm()).content == "Your game starts now."
    assert (await bob.next_dm()).content == "Your game starts now."


async def test_select_menu_values_are_checked_and_delivered(alice, bob):
    menu = (await alice.slash("pick")).message
    assert menu.ephemeral
    with pytest.raises(InvalidInjection, match="cannot see"):
        await bob.select(menu, "Pick a fruit", "apple")
    with pytest.raises(InvalidInjection, match="no option"):
        await alice.select(menu, "Pick a fruit", "kiwi")
    with pytest.raises(InvalidInjection, match="takes 1 to 2 values"):
        await alice.select(menu, "pick:fruit", "apple", "banana", "cherry")
    picked = await alice.select(menu, "pick:fruit", "apple", "cherry")
    assert picked.content == "You picked apple, cherry"
    assert [m.content for m in alice.ephemerals()] == ["Choose:", "You picked apple, cherry"]


async def test_deferred_update_then_edit_of_the_original(alice):
    menu = (await alice.slash("pick")).message
    refresh = await alice.click(menu, "Refresh")
    assert refresh.callback is CallbackType.DEFERRED_UPDATE
    await refresh.activity.wait_for(lambda c: menu.content == "Refreshed.")
    assert menu.edits == 1


async def test_modal_from_a_command_and_from_a_button(alice):
    opened = await alice.slash("feedback")
    assert opened.callback is CallbackType.MODAL
    assert opened.modal["title"] == "Feedback"
    with pytest.raises(InvalidInjection, match="required"):
        await alice.submit(opened, Details="no topic")
    with pytest.raises(InvalidInjection, match="too long"):
        await alice.submit(opened, topic="x", details="y" * 51)
    thanks = await alice.submit(opened, Topic="cards", details="more decks")
    assert thanks.ephemeral
    assert thanks.content == "Thanks: cards / more decks"

    menu = (await alice.slash("pick")).message
    from_button = await alice.click(menu, "Feedback")
    assert (await alice.submit(from_button, topic="chips")).content == "Thanks: chips / -"


async def test_autocomplete_suggests_from_what_was_typed(alice):
    assert await alice.autocomplete("fruit", focused="name", name="ap") == ["apple", "apricot"]
    assert (await alice.slash("fruit", name="grape")).content == "fruit: grape"


async def test_thinking_defer_is_replaced_by_the_first_followup(alice, bob):
    answer = await alice.slash("think")
    assert answer.callback is CallbackType.DEFERRED_MESSAGE
    assert answer.ephemeral
    first = await answer.followup()
    second = await answer.followup()
    assert first is answer.message
    assert first.content == "Done thinking."
    assert not first.loading
    assert second is not first
    assert second.ephemeral
    assert second.visible_to is alice.user
    assert bob.sees() == []


async def test_original_response_edit_fetch_followup_and_delete(session, alice):
    answer = await alice.slash("original")
    note = await answer.followup()
    assert note.content == "it said second"
    await answer.activity.wait_for(lambda c: answer.message.deleted)
    assert [m.content for m in channel_messages(session.fake.world, session.channel.id)] == [
        "it said second"
    ]
    routes = {(c.method, c.route) for c in session.fake.log.calls}
    webhook = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
    assert {("PATCH", webhook), ("GET", webhook), ("DELETE", webhook)} <= routes


async def test_dm_through_fetch_user_and_dm_channel(fake, bob):
    answer = await bob.slash("dm", text="hello there")
    assert answer.ephemeral
    assert answer.content == "Sent you a DM."
    assert [m.content for m in bob.dms()] == ["hello there"]
    assert ("GET", f"/users/{bob.id}") in [(c.method, c.path) for c in fake.log.calls]
    assert fake.log.find("POST", "/users/@me/channels")


async def test_the_bot_waits_for_a_dm_reply(alice):
    answer = await alice.slash("secret")
    prompt = await alice.next_dm()
    assert prompt.content == "Reply with your secret word."
    await alice.reply_by_dm("swordfish")
    assert (await answer.followup()).content == "Got 9 letters."


async def test_commands_in_dms_and_guild_member_lookup(alice):
    assert (await alice.slash("where", in_dm=True)).content == "dm"
    assert (await alice.slash("where")).content == "guild alice"


async def test_channel_message_send_fetch_edit_delete(session, alice, bob):
    await alice.slash("post", text="board v1")
    await alice.slash("bump", text="board v2")
    await session.fake.settle()
    board = channel_messages(session.fake.world, session.channel.id)[-1]
    assert board.content == "board v2"
    assert board.edits == 1
    assert board in bob.sees()
    await alice.slash("cleanup")
    assert board.deleted
    assert board not in bob.sees()


async def test_a_route_the_fake_lacks_is_answered_404_and_recorded(session, fake):
    route = discord.http.Route(
        "POST", "/channels/{channel_id}/typing", channel_id=session.channel.id
    )
    with pytest.raises(discord.NotFound):
        await session.bot.http.request(route)
    assert fake.log.unhandled == [f"POST /api/v10/channels/{session.channel.id}/typing"]
    fake.log.unhandled.clear()  # the fixture would fail the test on it otherwise


async def test_a_user_sees_no_message_of_a_server_they_are_not_in(fake, alice):
    """One fake holds many tests' servers: a spectator's privacy check in one test read
    another test's "5♦ was turned up for a banner and rejected." among what dave sees."""
    elsewhere = fake.world.add_guild("Elsewhere")
    eve = fake.world.add_user("eve")
    fake.world.join(elsewhere, eve)
    said = fake.world.add_message(elsewhere.channels[0], eve, {"content": "5♦ turned up"})
    assert said in seen_by(fake.world, eve)
    assert said not in alice.sees()
    with pytest.raises(InvalidInjection, match="cannot see"):  # nor click it
        await alice.click(said, "anything")
