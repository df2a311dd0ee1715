"""The Paiute table around the game: refusals of every kind with nothing changed, the lobby's
refusals, closed DMs (played through My cards), a restart mid-turn, the turn timer's default
(draw from the stock, discard it); the chip audit after each."""

from __future__ import annotations

import pytest

from games.cards import codes
from sandbox.actors import Actor
from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from tests.e2e.paiute_helpers import BUY_IN, card, drawn, hand_line, menus, shown, to_act, view
from tests.e2e.table_helpers import (
    Watch,
    expire_tokens,
    frozen,
    refusal_text,
    service,
    status,
    table_message,
)

pytestmark = pytest.mark.usefixtures("chips_add_up")


async def seated(
    session: Session, host: Actor, *others: Actor, by_dm: bool = False, **options: int
) -> None:
    """A table opened by ``host``, the others seated, the first deal dealt (``by_dm``: the
    joins' tokens expired first, so the others' hands go by DM, not as followups)."""
    for actor in others:
        session.guild.deny(actor.user, MANAGE_GUILD)
    await host.slash("paiute open", options={"stake": 10, "buy_in": BUY_IN, **options})
    for actor in others:
        await actor.slash("paiute join", buy_in=BUY_IN)
    if by_dm:
        expire_tokens(session)
    await host.slash("paiute start")
    await session.fake.settle(quiet=0.02)
    assert status(session).deal_open


def snapshot(session: Session, players: list[Actor]) -> tuple[object, ...]:
    """Everything a refusal must leave alone: counters, chips, every hand, the piles."""
    now = status(session)
    public = view(session)
    return (
        now.action_counter,
        now.deal_number,
        now.pot,
        tuple((s.user_id, s.stack) for s in now.seats),
        tuple(tuple(codes(view(session, a).hand or [])) for a in players),
        public.top_discard,
        public.stock_count,
        public.phase,
    )


@pytest.mark.shared_fake
async def test_refusals_of_play_change_nothing(session, fake, alice, bob, carol, dave):
    players = [alice, bob, carol]
    await seated(session, alice, bob, carol)
    actor = to_act(session, players)
    waiting = next(a for a in players if a is not actor)
    own = codes(view(session, actor).hand or [])
    before = snapshot(session, players)
    message = table_message(session)
    old = frozen(message)

    # not your turn, by slash and by button; no suggestions of cards off your turn
    assert "turn" in refusal_text(await waiting.slash("paiute draw", source="stock"))
    assert "turn" in refusal_text(await waiting.click(message, "Draw: from the stock"))
    assert await waiting.autocomplete("paiute discard", focused="card", card="") == []
    # not at the table
    assert "not playing" in refusal_text(await dave.slash("paiute draw", source="stock"))
    assert "not playing" in refusal_text(await dave.click(message, "Draw: from the stock"))
    assert "not playing" in refusal_text(await dave.click(message, "My cards"))
    assert "not playing" in refusal_text(await dave.slash("paiute hand"))
    # in turn, but in the wrong order or with a card that is not one
    text = refusal_text(await actor.slash("paiute discard", card=own[0]))
    assert "Draw a card first" in text
    assert "Draw a card first" in refusal_text(await actor.slash("paiute call", discard=own[0]))
    assert "is not a card" in refusal_text(await actor.slash("paiute discard", card="zz"))
    assert snapshot(session, players) == before

    # take the top discard: it may not go straight back (PA-6); no second draw
    top = view(session).top_discard
    assert top is not None
    await actor.slash("paiute draw", source="discard")
    await fake.settle(quiet=0.02)
    moved = snapshot(session, players)
    assert moved != before
    text = refusal_text(await actor.slash("paiute discard", card=top.code))
    assert f"You took {top} from the discard pile this turn" in text
    assert "drawn already" in refusal_text(await actor.slash("paiute draw", source="stock"))
    held = set(codes(view(session, actor).hand or []))
    stranger = next(c for c in ("As", "Kh", "Qd", "Jc", "10s", "9h") if c not in held)
    assert "You do not hold" in refusal_text(await actor.slash("paiute discard", card=stranger))
    if not await actor.autocomplete("paiute call", focused="discard", discard=""):
        text = refusal_text(await actor.slash("paiute call", discard=own[0]))
        assert "no winning combination" in text or "Without" in text
        assert "cannot call" in refusal_text(await actor.slash("paiute call"))
    # a button drawn before the draw is stale now
    assert "earlier moment" in refusal_text(await actor.click(old, "Draw: from the stock"))
    assert snapshot(session, players) == moved


@pytest.mark.shared_fake
async def test_the_lobby_refuses_what_it_must(session, alice, bob, carol, dave):
    session.guild.deny(bob.user, MANAGE_GUILD)
    text = refusal_text(await alice.slash("paiute open", stake=10, buy_in=5))
    assert "buy in for between" in text
    await alice.slash("paiute open", stake=10, max_rounds=3, buy_in=BUY_IN)
    assert "already has a table" in refusal_text(await bob.slash("paiute open"))
    assert "already has a table" in refusal_text(await bob.slash("pontoon open"))
    text = refusal_text(await bob.slash("paiute start"))
    assert "Only the host" in text
    assert "buy in for between" in refusal_text(await bob.slash("paiute join", buy_in=1))
    text = refusal_text(await dave.slash("paiute join", buy_in=2000))
    assert "chips" in text
    assert "at least 2 players" in refusal_text(await alice.slash("paiute start"))
    await bob.slash("paiute join", buy_in=BUY_IN)
    assert "already sitting" in refusal_text(await bob.slash("paiute join", buy_in=BUY_IN))
    assert "not sitting" in refusal_text(await carol.slash("paiute leave"))
    assert {s.user_id for s in status(session).seats} == {alice.id, bob.id}
    rules = await carol.slash("paiute rules")
    assert rules.ephemeral
    assert rules.message is not None
    assert "wild indicator" in str(rules.message.embeds[0])
    shown_status = await carol.slash("paiute status")
    assert shown_status.ephemeral
    assert shown_status.message is not None
    assert "Paiute table" in str(shown_status.message.embeds[0])
    tables = session.channel_named("tables")
    await carol.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300, in_channel=tables)
    text = refusal_text(await dave.slash("paiute join", buy_in=BUY_IN, in_channel=tables))
    assert "The table here is Pontoon" in text
    assert "Pontoon" in refusal_text(
        await dave.slash("paiute draw", source="stock", in_channel=tables)
    )
    left = await bob.slash("paiute leave")
    assert left.ephemeral
    await session.fake.settle(quiet=0.02)
    assert [s.user_id for s in status(session).seats if s.seated] == [alice.id]


@pytest.mark.shared_fake
async def test_closed_dms_are_told_once_and_the_game_is_played_through_my_cards(
    session, fake, alice, bob, carol
):
    fake.faults.close_dms(bob.user)
    players = [alice, bob, carol]
    await seated(session, alice, bob, carol, by_dm=True, max_rounds=2)
    watch = Watch(session, {a.id: a for a in players})
    await watch.step()
    while status(session).deal_open:
        actor = to_act(session, players)
        await actor.click(table_message(session), "Draw: from the stock")
        await watch.step("draw")
        mine = await actor.click(table_message(session), "My cards")
        assert mine.ephemeral
        assert hand_line(session, actor) in mine.content
        assert mine.message is not None
        drew = view(session, actor).drawn
        assert drew is not None
        assert f"You drew {drew}." in mine.content  # without DMs, My cards tells the draw
        offered = menus(mine.message)
        call = next((m for m in offered if m != "Discard a card"), None)
        if call is not None:
            option = str(mine.message.component(call)["options"][0]["value"])
            picked = await actor.select(mine.message, call, option)
        else:
            picked = await actor.select(mine.message, "Discard a card", drew.code)
        assert picked.ephemeral
        await watch.step("discard")
    assert [m for m in bob.dms() if m.author.bot] == []
    assert carol.dms()  # her join token had expired: her hand came by DM
    # alice dealt: her hand was the answer to her own start, no DM needed
    notes = [m for m in session.messages() if bob.mention in m.content and "My cards" in m.content]
    assert len(notes) == 1  # told once, not at every private card
    hand = await bob.slash("paiute hand")
    assert hand.ephemeral
    assert "Deal 1" in hand.content


async def test_a_restart_mid_turn_goes_on_with_the_same_message_and_cards(
    session, alice, bob, carol
):
    players = [alice, bob, carol]
    await seated(session, alice, bob, carol)
    actor = to_act(session, players)
    private = [*actor.dms(), *actor.ephemerals()]  # the hand: an answer, a followup or a DM
    assert any("New deal" in m.content for m in private)
    clicked = await actor.click(table_message(session), "Draw: from the stock")
    code = drawn(await clicked.followup())  # the drawn card comes in the click's own answer
    await session.fake.settle(quiet=0.02)
    before = snapshot(session, players)
    message_id = table_message(session).id
    await session.restart_bot()
    await session.fake.settle(quiet=0.05)
    assert snapshot(session, players) == before
    assert table_message(session).id == message_id
    # one request says the table is back: its message's edit (issue 21), no extra post
    assert "goes on" in str(table_message(session).embeds[0])
    assert not [m for m in session.messages() if "goes on" in m.content]
    mine = await actor.click(table_message(session), "My cards")  # a button from before
    assert mine.message is not None
    assert f"You drew {card(code)}." in mine.content
    picked = await actor.select(mine.message, "Discard a card", code)
    assert picked.ephemeral
    await session.fake.settle(quiet=0.02)
    assert view(session).top_discard is not None
    assert view(session).top_discard.code == code  # type: ignore[union-attr]
    assert to_act(session, players) is not actor


async def test_a_timed_out_turn_draws_from_the_stock_and_discards_that_card(session, alice, bob):
    players = [alice, bob]
    await seated(session, alice, bob, turn_timeout=5)
    actor = to_act(session, players)
    hand = codes(view(session, actor).hand or [])
    stock = view(session).stock_count
    session.fake.clock.advance(5.3)  # the turn's 5 s
    await session.fake.settle(quiet=0.05)
    assert to_act(session, players) is not actor
    assert codes(view(session, actor).hand or []) == hand  # drew a card and discarded it
    assert view(session).stock_count == stock - 1
    text = shown(table_message(session))
    assert f"{actor.mention} ran out of time" in text
    assert f"{actor.mention} draws from the stock." in text
    assert service(session).tables()
