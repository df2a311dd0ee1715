"""The Pontoon table around the game: closed DMs, a restart mid-deal, a turn timer, refusals
with nothing changed, a deleted table message, the bot leaving the server; the chip audit
after each."""

from __future__ import annotations

import asyncio

import pytest

from bot.errors import CANNOT_DM
from sandbox.harness import Session
from tests.e2e.table_helpers import (
    Watch,
    button_for,
    click_action,
    expire_tokens,
    first_input,
    frozen,
    refusal_text,
    service,
    status,
    table_message,
    until,
)
from tests.e2e.test_pontoon import choose, play_deal

pytestmark = pytest.mark.usefixtures("chips_add_up")


async def seated(session: Session, *actors, by_dm: bool = False, **options) -> None:
    """A table opened by the first actor, the others seated, the first deal dealt (``by_dm``:
    the joins' tokens expired first, so the others' hands go by DM, not as followups)."""
    host, *others = actors
    await host.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300, **options)
    for actor in others:
        await actor.slash("pontoon join", buy_in=300)
    if by_dm:
        expire_tokens(session)
    await host.slash("pontoon start")
    await session.fake.settle(quiet=0.02)
    assert status(session).deal_open


def snapshot(session: Session) -> tuple[object, ...]:
    now = status(session)
    return (
        now.action_counter,
        now.deal_number,
        now.pot,
        tuple((s.user_id, s.stack) for s in now.seats),
    )


@pytest.mark.shared_fake
async def test_closed_dms_are_told_once_and_the_game_goes_on_through_my_cards(
    session, fake, alice, bob, carol
):
    fake.faults.close_dms(bob.user)
    players = {a.id: a for a in (alice, bob, carol)}
    await seated(session, alice, bob, carol, by_dm=True)
    watch = Watch(session, players)
    await watch.step()
    while status(session).deal_open:
        user = status(session).to_act
        assert user is not None
        if user == bob.id:  # bob sees his cards with My cards, ephemerally, then plays
            mine = await bob.click(table_message(session), "My cards")
            assert mine.ephemeral
            assert "Your hand" in mine.content or "banker" in mine.content
        action = choose(session, user)
        await click_action(session, players[user], action["kind"], action.get("amount"))
        await watch.step("click")
    assert bob.dms() == []
    banker = status(session).view.banker  # type: ignore[union-attr]
    if banker != str(carol.id):  # a punter: her join token had expired, her first card by DM
        assert carol.dms()
    # alice dealt: her hand was the answer to her own start, no DM needed
    hand = await bob.slash("pontoon hand")
    assert hand.ephemeral
    assert "stack" in hand.content
    notes = [m for m in session.messages() if bob.mention in m.content and "My cards" in m.content]
    # told once, not at every private card, when a DM to him was needed: as a punter his
    # first card is dealt while his token is expired; a banker's cards come after his own
    # My cards click, as a followup of it (no DM, no note)
    tried = any(c.code == CANNOT_DM for c in session.calls())
    assert tried or banker == str(bob.id)
    assert len(notes) == (1 if tried else 0)


@pytest.mark.shared_fake
async def test_my_cards_shows_only_the_clickers_own_cards(session, alice, bob, carol):
    await seated(session, alice, bob, carol)
    from tests.e2e.table_helpers import cards_in, view_cards

    for actor in (alice, bob, carol):
        answer = await actor.click(table_message(session), "My cards")
        assert answer.ephemeral
        others = set()
        for other in (alice, bob, carol):
            if other is not actor:
                others |= view_cards(status(session, other.id).view)
        own = view_cards(status(session, actor.id).view)
        assert cards_in(answer.content, others - own) == set()
        assert cards_in(answer.content, own) == own


async def test_a_restart_mid_deal_keeps_the_buttons_working_and_tells_the_channel(
    session, alice, bob, carol
):
    players = {a.id: a for a in (alice, bob, carol)}
    await seated(session, alice, bob, carol)
    user = status(session).to_act
    assert user is not None
    first = choose(session, user)
    await click_action(session, players[user], first["kind"], first.get("amount"))
    await session.fake.settle(quiet=0.02)
    before = snapshot(session)
    message_id = table_message(session).id
    await session.restart_bot()
    await session.fake.settle(quiet=0.05)
    assert snapshot(session) == before
    assert table_message(session).id == message_id  # the same message, edited
    assert "restarted" in str(table_message(session).embeds[0])  # the channel is told there
    assert not [m for m in session.messages() if "goes on" in m.content]  # and only there
    # the buttons drawn before the restart still work, and the deal goes on to its end
    watch = Watch(session, players)
    await watch.step()
    await play_deal(session, watch, players, buttons=True)
    assert status(session).deal_number == 1
    assert not status(session).deal_open


async def test_turn_timers_resume_after_a_restart_and_update_the_table(session, alice, bob):
    await seated(session, alice, bob, turn_timeout=5)
    counter = status(session).action_counter
    assert status(session).to_act is not None
    await session.restart_bot()
    # the turn's 5 s, and the restarted bot's inherited full channel budget (5.3 s)
    session.fake.clock.advance(5.3)
    # the timer's step books before it writes: wait for it, not for a quiet moment
    await until(lambda: status(session).action_counter > counter, within=10.0, what="the timeout")
    await until(
        lambda: "ran out of time" in str(table_message(session).embeds[0]),
        within=10.0,
        what="the table's edit",
    )


@pytest.mark.shared_fake
async def test_another_games_table_refuses_the_pontoon_commands(session, alice, bob):
    await service(session).open(
        session.guild.id, session.channel.id, alice.id, "paiute", buy_in=200
    )
    for command in ("pontoon join", "pontoon stake", "pontoon hand", "pontoon close"):
        options = {"buy_in": 200} if command.endswith("join") else {}
        if command.endswith("stake"):
            options = {"amount": 10}
        text = refusal_text(await bob.slash(command, **options))
        assert "The table here is Paiute" in text, text
    assert [s.user_id for s in status(session).seats] == [alice.id]


@pytest.mark.shared_fake
async def test_refusals_change_nothing(session, fake, alice, bob, carol, dave):
    await seated(session, alice, bob, carol)
    to_act = status(session).to_act
    players = {a.id: a for a in (alice, bob, carol)}
    waiting = next(a for uid, a in players.items() if uid != to_act)
    before = snapshot(session)
    message = table_message(session)
    button = next(c for c in message.custom_ids if ":@" not in c)
    old = frozen(message)

    # not your turn: by slash and by button
    text = refusal_text(await waiting.slash("pontoon stay"))
    assert "turn" in text
    text = refusal_text(await waiting.click(message, button))
    assert "turn" in text
    # not seated
    assert "not playing" in refusal_text(await dave.click(message, button))
    assert "not playing" in refusal_text(await dave.slash("pontoon twist"))
    assert snapshot(session) == before

    # the player to act plays; the button drawn before is stale now
    actor = players[to_act]
    action = choose(session, to_act)  # type: ignore[arg-type]
    await click_action(session, actor, action["kind"], action.get("amount"))
    await fake.settle(quiet=0.02)
    moved = snapshot(session)
    assert moved != before
    stale = await actor.click(old, button)
    assert "earlier moment" in refusal_text(stale)
    assert snapshot(session) == moved

    # a bad amount, by slash and by modal, while staking
    while status(session).deal_open and not any(
        s.kind == "stake"
        for s in service(session).legal_actions(
            session.guild.id, session.channel.id, status(session).to_act or 0
        )
    ):
        uid = status(session).to_act
        assert uid is not None
        step = choose(session, uid)
        await players[uid].slash(
            f"pontoon {step['kind']}", **{k: v for k, v in step.items() if k != "kind"}
        )
        await fake.settle(quiet=0.02)
    assert status(session).deal_open
    staker = players[status(session).to_act]
    same = snapshot(session)
    text = refusal_text(await staker.slash("pontoon stake", amount=51))
    assert "between 10 and 50" in text, text
    opened = await staker.click(table_message(session), button_for(table_message(session), "stake"))
    assert opened.modal is not None
    text = refusal_text(await staker.submit(opened, {first_input(opened): "lots"}))
    assert "whole number" in text
    opened = await staker.click(table_message(session), button_for(table_message(session), "stake"))
    text = refusal_text(await staker.submit(opened, {first_input(opened): "5"}))
    assert "10" in text, text
    assert snapshot(session) == same

    # insufficient chips: dave's balance is 1,000
    text = refusal_text(await dave.slash("pontoon join", buy_in=2000))
    assert "2000 chips" in text or "2,000" in text or "enough" in text, text
    assert not any(s.user_id == dave.id for s in status(session).seats)
    balance = await dave.slash("balance")
    assert "1,000" in str(balance.message.embeds[0])


@pytest.mark.shared_fake
async def test_a_deleted_table_message_is_posted_again(session, fake, alice, bob):
    await seated(session, alice, bob)
    message = table_message(session)
    await fake.delete_by_user(message)
    # The bot asks only for the guilds intent, so Discord sends it no MESSAGE_DELETE: it learns
    # of the deletion when its next edit of the table is refused (404, code 10008).
    await fake.settle(quiet=0.05)
    assert message.deleted
    assert "MESSAGE_DELETE" in fake.gateway.withheld
    user = status(session).to_act
    assert user is not None
    action = choose(session, user)
    options = {k: v for k, v in action.items() if k != "kind"}
    await {alice.id: alice, bob.id: bob}[user].slash(f"pontoon {action['kind']}", **options)
    await fake.settle(quiet=0.05)
    again = table_message(session)
    assert again.id != message.id
    assert status(session).message_id == again.id


async def test_the_bot_leaving_the_server_closes_its_tables_with_refunds(session, fake, alice, bob):
    await seated(session, alice, bob)
    await fake.remove_bot_from(session.guild)
    # The close makes no Discord call (the channels are gone), so the fake's quiet is no sign
    # that it has happened: wait for the service itself, a bounded while.
    for _ in range(200):
        if not service(session).tables():
            break
        await asyncio.sleep(0.025)
    assert service(session).tables() == []
