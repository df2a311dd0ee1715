"""What the second playtest's tables left unsaid (issue 33.5-33.8), through the real bot with
pictures on (the default): the stakes beside the picture, the end of a deal, Palace's free
discard and all-ins, Paiute's private updates."""

from __future__ import annotations

import pytest

from games.pontoon import PontoonView
from sandbox.actors import Actor
from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from sandbox.messages import Message
from tests.e2e import test_pontoon
from tests.e2e.paiute_helpers import view as paiute_view
from tests.e2e.table_helpers import (
    TableSeed,
    click_action,
    status,
    table_message,
    texts,
)

pytestmark = pytest.mark.usefixtures("chips_add_up")


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed(20261203, pictures=True)


def missing(text: str, *parts: str) -> list[str]:
    """The ``parts`` that ``text`` does not say."""
    return [p for p in parts if p not in text]


def said(session: Session) -> str:
    """Every text of the table message (pictures on: the V2 layout's text displays)."""
    return "\n".join(texts(table_message(session)))


async def opened(
    session: Session, game: str, host: Actor, *others: Actor, **options: str | int
) -> None:
    for actor in others:
        session.guild.deny(actor.user, MANAGE_GUILD)
    await host.slash(f"{game} open", options={"buy_in": 500, **options})
    for actor in others:
        await actor.slash(f"{game} join", buy_in=500)
    await session.fake.settle(quiet=0.02)


async def dealt(session: Session, game: str, host: Actor) -> None:
    await host.slash(f"{game} start")
    await session.fake.settle(quiet=0.02)
    assert status(session).deal_open


async def test_with_pictures_on_the_palace_lobby_and_table_say_the_stakes(session, alice, bob):
    await opened(session, "palace", alice, bob, small_bet=8, betting="no-limit")
    lobby = said(session)
    assert missing(lobby, "Small bet 8", "ante 4", "no-limit") == [], lobby
    await dealt(session, "palace", alice)
    assert table_message(session).attachments
    table = said(session)
    assert missing(table, "Small bet 8", "ante 4", "no-limit") == [], table


async def test_with_pictures_on_the_paiute_lobby_and_table_say_the_stake(session, alice, bob):
    await opened(session, "paiute", alice, bob, stake=15)
    assert "Stake 15 chips each deal" in said(session)
    await dealt(session, "paiute", alice)
    assert table_message(session).attachments
    assert "Stake 15 chips each deal" in said(session)


async def test_with_pictures_on_the_shoot_pontoon_table_says_the_bets_and_the_shoot(
    session, alice, bob
):
    await opened(session, "pontoon", alice, bob, min_bet=5, max_bet=40, shoot=True)
    lobby = said(session)
    assert missing(lobby, "Stakes 5–40", "Shoot Pontoon") == [], lobby
    await dealt(session, "pontoon", alice)
    table = said(session)
    assert missing(table, "Stakes 5–40", "Shoot Pontoon") == [], table


def _button(message: Message, label: str) -> str:
    found = [
        str(c["custom_id"])
        for c in message.walk_components()
        if c.get("type") == 2 and c.get("label") == label
    ]
    assert found, f"no {label!r} button: {message.buttons}"
    return found[0]


async def bought(session: Session, players: dict[int, Actor]) -> Actor:
    """A Palace deal where the player to act bought a soldier: their free discard step."""
    buyer = players[status(session).to_act or 0]
    await click_action(session, buyer, "buy")
    await session.fake.settle(quiet=0.02)
    assert status(session).to_act == buyer.id
    return buyer


async def test_after_a_buy_the_table_offers_the_free_discard_not_only_my_cards(
    session, alice, bob, carol
):
    await opened(session, "palace", alice, bob, carol)
    await dealt(session, "palace", alice)
    buyer = await bought(session, {a.id: a for a in (alice, bob, carol)})
    table = said(session)
    assert missing(table, "Free discard", "**My cards**", "**Keep all**") == [], table
    message = table_message(session)
    await buyer.click(message, _button(message, "Keep all"))
    await session.fake.settle(quiet=0.02)
    assert status(session).to_act != buyer.id
    assert f"{buyer.mention} keeps every soldier." in said(session)


async def test_keep_all_in_my_cards_answers_you_keep_your_soldiers_not_done_discard_soldiers(
    session, alice, bob, carol
):
    await opened(session, "palace", alice, bob, carol)
    await dealt(session, "palace", alice)
    buyer = await bought(session, {a.id: a for a in (alice, bob, carol)})
    mine = await buyer.click(table_message(session), "My cards")
    assert mine.message is not None
    answer = await buyer.click(mine.message, _button(mine.message, "Keep all"))
    await session.fake.settle(quiet=0.02)
    assert answer.message is not None
    assert "discard soldiers" not in answer.message.content, answer.message.content
    assert answer.message.content == "You keep all your soldiers."
    assert status(session).to_act != buyer.id


def private_texts(actor: Actor) -> list[str]:
    """Every private message ``actor`` got (DMs and ephemeral answers), text and V2 texts."""
    return ["\n".join([m.content, *texts(m)]) for m in [*actor.dms(), *actor.ephemerals()]]


async def test_taking_the_top_discard_sends_a_private_update_like_a_stock_draw(session, alice, bob):
    await opened(session, "paiute", alice, bob, stake=10)
    await dealt(session, "paiute", alice)
    players = {alice.id: alice, bob.id: bob}
    actor = players[status(session).to_act or 0]
    top = paiute_view(session).top_discard
    assert top is not None
    before = len(private_texts(actor))
    message = table_message(session)
    await actor.click(message, "Draw: the top discard")
    await session.fake.settle(quiet=0.02)
    told = private_texts(actor)[before:]
    assert any(f"You took {top} from the discard pile." in t for t in told), told


async def test_a_timed_out_paiute_turn_says_the_drawn_card_was_discarded_not_you_drew_it(
    session, alice, bob
):
    await opened(session, "paiute", alice, bob, stake=10, turn_timeout=5)
    await dealt(session, "paiute", alice)
    players = {alice.id: alice, bob.id: bob}
    actor = players[status(session).to_act or 0]
    before = len(private_texts(actor))
    session.fake.clock.advance(5.3)  # the turn's 5 s
    await session.fake.settle(quiet=0.05)
    told = "\n".join(private_texts(actor)[before:])
    assert "Time ran out: you drew " in told, told
    assert "You drew " not in told, told


def latest(session: Session) -> str:
    """The table message's "Latest" section."""
    text = said(session)
    assert "**Latest**" in text, text
    return text.split("**Latest**", 1)[1]


async def test_the_end_of_a_pontoon_deal_shows_the_bankers_cards_and_every_players_result(
    session, alice, bob, carol, dave
):
    """The 3-line "Latest" showed the last three results of a deal and dropped the banker's
    cards and the other results: the end of a deal shows them all, however many."""
    actors = (alice, bob, carol, dave)
    await opened(session, "pontoon", *actors, min_bet=10, max_bet=50)
    await dealt(session, "pontoon", alice)
    players = {a.id: a for a in actors}
    while status(session).deal_open:
        user = status(session).to_act
        assert user is not None
        action = test_pontoon.choose(session, user)
        options = {k: v for k, v in action.items() if k != "kind"}
        await players[user].slash(f"pontoon {action['kind']}", **options)
        await session.fake.settle(quiet=0.02)
    log = latest(session)
    view = status(session).view
    assert isinstance(view, PontoonView)
    punters = [p.pid for p in view.punters if p.hands]
    assert len(punters) >= 2, punters
    results = [line for line in log.splitlines() if "Deal over:" not in line]
    for pid in punters:
        said_of = [line for line in results if f"<@{pid}>" in line]
        assert said_of, (pid, log)
    assert "Deal over:" in log, log
    assert "cuts the highest card and banks" in log, log  # who banks: the cut, steps ago
    banker = f"<@{view.banker}>"
    assert any(banker in line for line in results), log  # what the banker's hand did
