"""Pontoon through the real bot and the fake Discord: full games by slash commands and by
buttons, DMs to the right players, no hidden card in any public message, the API calls per
player action, and the chip audit at the end of every test."""

from __future__ import annotations

from typing import Any

import pytest

from sandbox.actors import Actor
from sandbox.harness import Session
from tests.e2e.table_helpers import (
    TableSeed,
    Watch,
    click_action,
    service,
    status,
    stored_engine,
    table_message,
)

MIN_BET, MAX_BET = 10, 50


async def face_down(session: Session) -> set[str]:
    """Every face-down card of the deal (punters' hole and bought cards, the banker's), from
    the stored game state (PO-11a)."""
    game = await stored_engine(session)
    if game is None:
        return set()
    state = game.state
    hands = [state.banker_hand] + [h for p in state.punters for h in p.hands]
    return {c.code for h in hands for c, up in zip(h.cards, h.public, strict=True) if not up}


pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]

TABLE_SEED = 20261129


@pytest.fixture
def table_seed() -> TableSeed:
    """The same deals on every run (with fresh deals, the hidden cards the scan checked fell
    to the floor asserted below now and then)."""
    return TableSeed(TABLE_SEED)


def choose(session: Session, user: int) -> dict[str, Any]:
    """A sensible legal action for ``user`` (who is to act): keep the bank, stake the minimum,
    buy once on a first turn, stick when allowed, else twist; the banker stays."""
    legal = {
        s.kind: s
        for s in service(session).legal_actions(session.guild.id, session.channel.id, user)
    }
    assert legal, "the player to act has no legal action"
    for kind in ("stay", "stick"):
        if kind in legal:
            return {"kind": kind}
    if "stake" in legal:
        return {"kind": "stake", "amount": legal["stake"].fields["amount"].min}  # type: ignore[union-attr]
    if "buy" in legal:
        return {"kind": "buy", "amount": legal["buy"].fields["amount"].min}  # type: ignore[union-attr]
    if "twist" in legal:
        return {"kind": "twist"}
    spec = next(iter(legal.values()))
    return spec.sample(__import__("random").Random(0))


async def play_deal(session: Session, watch: Watch, by: dict[int, Actor], *, buttons: bool) -> int:
    """Play the current deal to its end; returns the number of actions."""
    actions = 0
    while status(session).deal_open:
        user = status(session).to_act
        assert user is not None
        actor, action = by[user], choose(session, user)
        kind = action["kind"]
        before = status(session).action_counter
        if buttons:
            answer = await click_action(session, actor, kind, action.get("amount"))
            label = f"button {kind}"
        else:
            options = {k: v for k, v in action.items() if k != "kind"}
            answer = await actor.slash(f"pontoon {kind}", **options)
            label = f"slash {kind}"
        assert answer.message is not None
        await watch.step(label)
        assert status(session).action_counter > before, f"{kind} was not applied: {answer.content}"
        actions += 1
        assert actions < 200
    return actions


async def open_table(
    session: Session, watch: Watch, host: Actor, others: list[Actor], *, buttons: bool
) -> None:
    await host.slash("pontoon open", min_bet=MIN_BET, max_bet=MAX_BET, buy_in=300)
    await watch.step()
    for actor in others:
        if buttons:
            message = table_message(session)
            opened = await actor.click(message, "Join")
            from tests.e2e.table_helpers import first_input

            await actor.submit(opened, {first_input(opened): "300"})
        else:
            await actor.slash("pontoon join", buy_in=300)
        await watch.step()


async def deal(session: Session, watch: Watch, host: Actor, *, buttons: bool) -> None:
    if buttons:
        await host.click(table_message(session), "Deal")
    else:
        await host.slash("pontoon start")
    await watch.step()
    assert status(session).deal_open


@pytest.mark.parametrize("buttons", [False, True], ids=["slash", "buttons"])
async def test_a_full_game_of_three_players_from_open_to_close(
    session, alice, bob, carol, buttons, capsys
):
    players = {a.id: a for a in (alice, bob, carol)}
    watch = Watch(session, players, face_down=face_down)
    await open_table(session, watch, alice, [bob, carol], buttons=buttons)
    deals = 0
    for _ in range(3):
        await deal(session, watch, alice, buttons=buttons)
        await play_deal(session, watch, players, buttons=buttons)
        watch.private_cards_reached_their_owners()
        deals += 1
        shown = table_message(session)
        assert "Deal over" in str(shown.embeds[0])
    assert status(session).deal_number == deals
    stacks = {s.user_id: s.stack for s in status(session).seats}
    assert sum(stacks.values()) + status(session).kitty == 900 - (
        0
    )  # player bank: chips stay at the table
    closed = await alice.slash("pontoon close")
    assert closed.ephemeral
    await watch.step()
    assert "closed" in str(table_message(session).embeds[0]["description"])
    assert table_message(session).components == []
    assert watch.hidden_checked > 50
    average, table = watch.report()
    with capsys.disabled():
        print(f"\n[{'buttons' if buttons else 'slash'}] {table}")  # noqa: T201 - the report
    assert average <= 2.0
    assert watch.channel_posts == 0


def choose_shoot(session: Session, user: int) -> dict[str, Any]:
    """Like ``choose``, and in Shoot Pontoon: put up the smallest kitty, shoot the least."""
    legal = {
        s.kind: s
        for s in service(session).legal_actions(session.guild.id, session.channel.id, user)
    }
    if "kitty" in legal and status(session).kitty == 0:
        return {"kind": "kitty", "amount": legal["kitty"].fields["amount"].min}  # type: ignore[union-attr]
    if "shoot" in legal:
        return {"kind": "shoot", "amount": legal["shoot"].fields["amount"].min}  # type: ignore[union-attr]
    return choose(session, user)


async def test_shoot_pontoon_with_a_kitty_by_slash_commands(session, alice, bob, carol):
    players = {a.id: a for a in (alice, bob, carol)}
    watch = Watch(session, players, face_down=face_down)
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300, shoot=True)
    for actor in (bob, carol):
        await actor.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    await watch.step()
    kinds = []
    while status(session).deal_open:
        user = status(session).to_act
        assert user is not None
        action = choose_shoot(session, user)
        kinds.append(action["kind"])
        options = {k: v for k, v in action.items() if k != "kind"}
        answer = await players[user].slash(f"pontoon {action['kind']}", **options)
        assert not answer.content.startswith("It is"), answer.content
        await watch.step(f"slash {action['kind']}")
        assert len(kinds) < 100
    assert "kitty" in kinds
    assert "shoot" in kinds
    watch.private_cards_reached_their_owners()
    assert "Kitty" in str(table_message(session).embeds[0]) or "kitty" in str(
        table_message(session).embeds[0]
    )
    average, _ = watch.report()
    assert average <= 2.0


async def test_the_banker_sells_the_bank_by_slash_commands(session, alice, bob, carol):
    players = {a.id: a for a in (alice, bob, carol)}
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    for actor in (bob, carol):
        await actor.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    await session.fake.settle(quiet=0.02)
    view = status(session).view
    banker = int(view.banker)  # type: ignore[union-attr]
    buyer = next(a for uid, a in players.items() if uid != banker)
    offered = await players[banker].slash("pontoon offer_bank", user=buyer, price=20)
    assert offered.ephemeral
    assert "offer" in offered.content
    await session.fake.settle(quiet=0.02)
    assert status(session).to_act == buyer.id
    assert "Bank for sale" in str(table_message(session).embeds[0])
    await click_action(session, buyer, "accept_bank")
    await session.fake.settle(quiet=0.02)
    assert status(session).view.banker == str(buyer.id)  # type: ignore[union-attr]
    stacks = {s.user_id: s.stack for s in status(session).seats}
    assert stacks[buyer.id] == 280
    assert stacks[banker] == 320


async def test_a_house_bank_game_by_buttons(session, alice, bob):
    players = {a.id: a for a in (alice, bob)}
    watch = Watch(session, players, face_down=face_down)
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300, banker="house")
    await bob.slash("pontoon join", buy_in=300)
    for _ in range(2):
        await deal(session, watch, alice, buttons=True)
        await play_deal(session, watch, players, buttons=True)
        watch.private_cards_reached_their_owners()
    assert "the house" in str(table_message(session).embeds[0])
    await alice.slash("pontoon close")
    await watch.step()
    average, _ = watch.report()
    assert average <= 2.0
