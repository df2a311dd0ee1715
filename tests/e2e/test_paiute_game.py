"""Paiute end to end: the real bot against the fake Discord, three users, one deal through
slash commands and one through the table message's buttons and the My cards reply, from open
to close. The kit's ``Watch`` scans every public body the bot sent for a hidden card, checks
each DM carries only its reader's cards, and counts API calls per player action."""

from __future__ import annotations

import pytest

from sandbox.actors import Actor
from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from sandbox.interactions import Interaction
from tests.e2e.economy_helpers import refused
from tests.e2e.paiute_helpers import (
    BUY_IN,
    OPTIONS,
    card,
    drawn,
    find_seed,
    first_value,
    hand_line,
    menus,
    shown,
    stock,
    to_act,
    view,
)
from tests.e2e.table_helpers import Watch, status, table_message

CALL_MENUS = ("Call: discard", "Lay down: discard")


pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


async def open_table(watch: Watch, host: Actor, others: list[Actor]) -> None:
    opened = await host.slash(
        "paiute open",
        stake=OPTIONS.stake,
        max_rounds=OPTIONS.max_rounds,
        turn_timeout=OPTIONS.turn_timeout,
        buy_in=BUY_IN,
    )
    assert opened.ephemeral
    assert "Paiute table opened" in opened.content
    await watch.step()
    for actor in others:
        joined = await actor.slash("paiute join", buy_in=BUY_IN)
        assert joined.ephemeral
        await watch.step()


async def check_new_hands(
    session: Session, players: list[Actor], answer: Interaction | None = None
) -> None:
    """Each player got their own five cards, wilds marked: the one whose interaction dealt in
    its answer (``answer``, a slash command) or a followup of it, the others in an ephemeral
    followup of their latest interaction at the table (fresh: no DM)."""
    for actor in players:
        if answer is not None and actor.user is answer.user:
            update = answer.message
            assert update is not None
        else:
            update = await actor.next_private()
        assert update.ephemeral, f"{actor.name}'s hand came by DM"
        assert "New deal: five cards for you." in update.content
        assert hand_line(session, actor) in update.content


async def test_a_full_game_by_slash_commands_then_by_buttons(
    session, alice, bob, carol, table_seed, capsys
):
    players = [alice, bob, carol]
    for actor in (bob, carol):  # players, not server admins
        session.guild.deny(actor.user, MANAGE_GUILD)
    table_seed.value = find_seed([str(a.id) for a in players])
    watch = Watch(session, {a.id: a for a in players}, face_down=stock)
    await open_table(watch, alice, [bob, carol])

    # -- deal 1: slash commands only -------------------------------------------------------
    started = await alice.slash("paiute start")
    assert started.ephemeral
    await watch.step("start")
    await check_new_hands(session, players, started)
    turn, called, last_turns_seen = 0, None, False
    while status(session).deal_open:
        actor = to_act(session, players)
        source = "discard" if turn == 0 else "stock"
        top = view(session).top_discard
        drew = await actor.slash("paiute draw", source=source)
        assert drew.ephemeral
        assert "Your hand:" in drew.content
        await watch.step("draw (slash)")
        if source == "stock":  # the drawn card is in the answer itself, not in a DM
            assert drew.message is not None
            code = drawn(drew.message)
            assert view(session, actor).drawn is not None
            assert view(session, actor).drawn.code == code  # type: ignore[union-attr]
            assert f"You drew {card(code)}." in drew.content
        else:
            assert top is not None
            assert f"takes {top} from the discard pile" in shown(table_message(session))
        calls = await actor.autocomplete("paiute call", focused="discard", discard="")
        await watch.step()
        if calls:
            called = called or actor
            answer = await actor.slash("paiute call", discard=str(calls[0]))
        elif source == "discard":
            options = await actor.autocomplete("paiute discard", focused="card", card="")
            await watch.step()
            hand = {c.code for c in view(session, actor).hand or []}
            assert top is not None
            assert set(options) == hand - {top.code}  # not the card just taken (PA-6)
            answer = await actor.slash("paiute discard", card=str(options[0]))
        else:
            answer = await actor.slash("paiute discard", card=code)
        assert answer.ephemeral
        await watch.step("call (slash)" if called is actor else "discard (slash)")
        if called is actor and status(session).deal_open:  # a call, with last turns to come
            text = shown(table_message(session))
            assert f"{actor.mention} calls with" in text
            # who takes the last turns is the round line (the turn line says who is next)
            assert f"{actor.mention} called · last turns: " in text
            last_turns_seen = True
        turn += 1
    assert called is not None
    assert last_turns_seen
    end = view(session)
    assert end.caller == str(called.id)
    assert end.winners
    text = shown(table_message(session))
    assert f"{called.mention} called." in text
    assert "wins the pot" in text or "split the pot" in text
    assert text.count(" · shows ") == 3  # every hand is shown at the end (PA-15)
    for actor in players:  # every private update rode on the player's own interactions
        assert [m for m in actor.dms() if m.author.bot] == []

    # -- deal 2: the table message's buttons and the My cards reply -------------------------
    message = table_message(session)
    assert message.buttons == ["Join", "Deal", "Leave", "Replay"]
    dealt = await bob.click(message, "Deal")
    assert not dealt.ephemeral
    assert dealt.message is message  # the click updated the table message
    await watch.step("deal (button)")
    await check_new_hands(session, players)
    called = None
    while status(session).deal_open:
        actor = to_act(session, players)
        assert message.buttons == ["Draw: from the stock", "Draw: the top discard", "My cards"]
        clicked = await actor.click(message, "Draw: from the stock")
        assert clicked.message is message
        assert not clicked.ephemeral
        await watch.step("draw (button)")
        # the click's own answer brings the drawn card and the discard choice (no DM, no
        # My cards click): an ephemeral followup only the player sees
        own = await clicked.followup()
        assert own.ephemeral
        code = drawn(own)
        assert hand_line(session, actor) in own.content
        assert message.buttons == ["My cards"]  # discards and calls are private
        if actor is players[0]:  # My cards still shows the same choice
            mine = await actor.click(message, "My cards")
            assert mine.ephemeral
            assert mine.message is not None
            assert hand_line(session, actor) in mine.content
            await watch.step()
        offered = menus(own)
        call = next((m for m in offered if m in CALL_MENUS), None)
        if call is not None:
            called = called or actor
            picked = await actor.select(own, call, first_value(own, call))
            label = "call (followup)"
        else:
            assert offered == ["Discard a card"]
            picked = await actor.select(own, "Discard a card", code)
            label = "discard (followup)"
        assert picked.ephemeral
        assert picked.message is own  # the followup now shows the cards left
        await watch.step(label)
    assert called is not None
    assert view(session).caller == str(called.id)
    for actor in players:
        assert [m for m in actor.dms() if m.author.bot] == []
    watch.private_cards_reached_their_owners()

    # -- close -----------------------------------------------------------------------------
    refused(await bob.slash("paiute close"), "Only the host")
    closed = await alice.slash("paiute close")
    assert closed.ephemeral
    await watch.step()
    assert "The table is closed" in shown(message)
    assert message.buttons == []
    average, report = watch.report()
    with capsys.disabled():
        print(f"\n[paiute] {report}")  # noqa: T201 - the report
    assert average <= 2.0
    assert watch.channel_posts == 0  # every action edits the one table message
    assert watch.hidden_checked > 0
