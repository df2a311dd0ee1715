"""Pontoon through the real bot and the fake Discord: full games by slash commands and by
buttons, DMs to the right players, no hidden card in any public message, the API calls per
player action, and the chip audit at the end of every test."""

from __future__ import annotations

from typing import Any

import pytest

from bot.sandbox.actors import Actor
from bot.sandbox.harness import Session
from tests.e2e.economy_helpers import audit
from tests.e2e.table_helpers import Watch, click_action, service, status, table_message

MIN_BET, MAX_BET = 10, 50


@pytest.fixture(autouse=True)
async def chips_add_up(session, tmp_path):
    """After each test: ``python -m storage audit`` on the bot's database passes."""
    yield
    await session.fake.settle(quiet=0.01, within=1.0)
    result = await audit(tmp_path / "parlour.db")
    assert result["ok"] is True, result


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
    watch = Watch(session, players)
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
    average, table = watch.report()
    with capsys.disabled():
        print(f"\n[{'buttons' if buttons else 'slash'}] {table}")  # noqa: T201 - the report
    assert average <= 2.0
    assert watch.channel_posts == 0
