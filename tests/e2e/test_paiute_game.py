"""Paiute end to end: the real bot against the fake Discord, three users, a deal through slash
commands and a deal through the table message's buttons and the My cards reply, from open to
close; DMs to the right players, no hidden card in public, the chips audited at the end."""

from __future__ import annotations

import re

import pytest

from bot.client import Parlour
from bot.factory import BotConfig, BotFactory
from bot.sandbox.actors import Actor
from bot.sandbox.state import MANAGE_GUILD
from games.cards import Card
from tests.e2e.economy_helpers import audit, refused
from tests.e2e.paiute_helpers import BUY_IN, OPTIONS, Watch, bot_dms, find_seed

DREW = re.compile(r"You drew (\S+)\.")


@pytest.fixture
def table_seed() -> list[int]:
    """The seed the next table deals with; a test sets it before the first deal."""
    return [0]


@pytest.fixture
def bot_factory(table_seed: list[int]) -> BotFactory:
    def build(config: BotConfig) -> Parlour:
        return Parlour(config, table_seed=lambda: table_seed[0])

    return build


@pytest.fixture(autouse=True)
async def chips_add_up(session, tmp_path):
    """After each test: ``python -m storage audit`` on the bot's database passes."""
    yield
    await session.fake.settle(quiet=0.01, within=1.0)
    result = await audit(tmp_path / "parlour.db")
    assert result["ok"] is True


async def open_table(alice: Actor, others: list[Actor]) -> None:
    opened = await alice.slash(
        "paiute open",
        stake=OPTIONS.stake,
        max_rounds=OPTIONS.max_rounds,
        turn_timeout=OPTIONS.turn_timeout,
        buy_in=BUY_IN,
    )
    assert opened.ephemeral
    assert "Paiute table opened" in opened.content
    for actor in others:
        joined = await actor.slash("paiute join", buy_in=BUY_IN)
        assert joined.ephemeral, joined.content


async def check_new_hands(watch: Watch, players: list[Actor]) -> None:
    """Each player's DM has their own five cards and nobody else's."""
    for actor in players:
        dm = await actor.next_dm()
        assert "New deal: five cards for you." in dm.content
        assert watch.hand_line(actor) in dm.content
        others = {c for a in players if a is not actor for c in watch.view(a).hand or []}
        assert not others & {Card.parse(c) for c in _codes(dm.content)}


def _codes(text: str) -> list[str]:
    found = re.findall(r"(10|[2-9AKQJ])([♠♥♦♣])", text)
    return [rank + "shdc"["♠♥♦♣".index(suit)] for rank, suit in found]


async def drawn_card(actor: Actor) -> str:
    """The card the actor drew from the stock, from the DM the bot sent them."""
    dm = await actor.next_dm()
    found = DREW.search(dm.content)
    assert found, dm.content
    return Card.parse(_codes(found[1])[0]).code


async def test_a_full_game_by_slash_commands_then_by_buttons(
    session, alice, bob, carol, table_seed
):
    players = [alice, bob, carol]
    for actor in (bob, carol):  # players, not server admins
        session.guild.deny(actor.user, MANAGE_GUILD)
    table_seed[0] = find_seed([str(a.id) for a in players])
    watch = Watch(session, players)
    await open_table(alice, [bob, carol])
    watch.check_no_hidden_card()

    # -- deal 1: slash commands only -------------------------------------------------------
    started = await alice.slash("paiute start")
    assert started.ephemeral
    await check_new_hands(watch, players)
    watch.check_no_hidden_card()
    dms = dict.fromkeys(players, 1)
    turn, called, last_turns_seen = 0, None, False
    while watch.status().deal_open:
        actor = watch.to_act()
        source = "discard" if turn == 0 else "stock"
        top = watch.view().top_discard
        drew = await actor.slash("paiute draw", source=source)
        assert drew.ephemeral
        assert "Your hand:" in drew.content
        await watch.settled()
        if source == "stock":
            card = await drawn_card(actor)
            dms[actor] += 1
            assert watch.view(actor).drawn == Card.parse(card)
            assert f"You drew {Card.parse(card)}." in drew.content  # the reply shows it too
        else:
            assert f"takes {top} from the discard pile" in str(watch.message().embeds)
        watch.check_no_hidden_card()
        calls = await actor.autocomplete("paiute call", focused="discard", discard="")
        if calls:
            called = called or actor
            answer = await actor.slash("paiute call", discard=str(calls[0]))
        elif source == "discard":
            options = await actor.autocomplete("paiute discard", focused="card", card="")
            assert set(options) == {c.code for c in watch.view(actor).hand or []} - {top.code}  # type: ignore[union-attr]
            answer = await actor.slash("paiute discard", card=str(options[0]))
        else:
            answer = await actor.slash("paiute discard", card=card)
        assert answer.ephemeral
        await watch.settled()
        watch.check_no_hidden_card()
        if called is actor and watch.status().deal_open:  # the call, with last turns to come
            shown = watch.public_text()
            assert f"{actor.mention} calls with" in shown
            assert f"{actor.mention} called · last turns: " in shown
            assert "— last turn" in shown
            last_turns_seen = True
        turn += 1
    assert called is not None
    assert watch.view().dealer != str(called.id)
    assert last_turns_seen
    end = watch.view()
    assert end.caller == str(called.id)
    assert end.winners
    shown = watch.public_text()
    assert f"{called.mention} called." in shown
    assert "wins the pot" in shown or "split the pot" in shown
    assert shown.count(" · shows ") == 3  # every hand is shown at the end (PA-15)
    for actor in players:  # a hand DM, then one DM per card drawn from the stock; no others
        assert len(bot_dms(actor)) == dms[actor]

    # -- deal 2: the table message's buttons and the My cards reply -------------------------
    message = watch.message()
    assert message.buttons == ["Join", "Deal", "Leave"]
    dealt = await bob.click(message, "Deal")
    assert not dealt.ephemeral
    assert dealt.message is message
    await check_new_hands(watch, players)
    for actor in players:
        dms[actor] += 1
    called = None
    while watch.status().deal_open:
        actor = watch.to_act()
        buttons = watch.message().buttons
        assert buttons == ["Draw: from the stock", "Draw: the top discard", "My cards"]
        clicked = await actor.click(watch.message(), "Draw: from the stock")
        assert clicked.message is watch.message()
        assert not clicked.ephemeral
        card = await drawn_card(actor)
        dms[actor] += 1
        watch.check_no_hidden_card()
        assert watch.message().buttons == ["My cards"]  # discards and calls are private
        mine = await actor.click(watch.message(), "My cards")
        assert mine.ephemeral
        assert watch.hand_line(actor) in mine.content
        assert mine.message is not None
        menus = [c.get("placeholder") for c in mine.message.walk_components() if c.get("type") == 3]
        call = next((m for m in menus if m in ("Call: discard", "Lay down: discard")), None)
        if call is not None:
            called = called or actor
            option = mine.message.component(call)["options"][0]["value"]
            picked = await actor.select(mine.message, call, option)
        else:
            assert menus == ["Discard a card"]
            picked = await actor.select(mine.message, "Discard a card", card)
        assert picked.ephemeral
        assert picked.message is mine.message
        await watch.settled()
        watch.check_no_hidden_card()
    assert called is not None
    assert watch.view().caller == str(called.id)
    for actor in players:
        assert len(bot_dms(actor)) == dms[actor]

    # -- close -----------------------------------------------------------------------------
    refused(await bob.slash("paiute close"), "Only the host")
    closed = await alice.slash("paiute close")
    assert closed.ephemeral
    await watch.settled()
    assert "The table is closed" in str(watch.message().embeds)
    assert watch.message().buttons == []
