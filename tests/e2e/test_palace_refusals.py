"""Palace Poker refusals through the real bot: every kind of bad input gets an ephemeral answer a
player understands, and the table is exactly as it was (action counter, stacks, pot, every
player's view); plus the lobby's, the rules, status and the My cards reply."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.actions import ChoiceField
from sandbox.actors import Actor
from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from sandbox.interactions import Interaction
from tests.e2e.table_helpers import button_for, expire_tokens, service, status, table_message

BUY_IN = 200


pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


async def dealt(
    session: Session, alice: Actor, bob: Actor, carol: Actor, *, by_dm: bool = False
) -> dict[int, Actor]:
    """A dealt table; ``by_dm``: the joins' tokens expired first, so bob's and carol's hands
    go by DM (a fresh token would carry them as a followup)."""
    await alice.slash("palace open", small_bet=10, buy_in=BUY_IN)
    await bob.slash("palace join", buy_in=BUY_IN)
    await carol.slash("palace join", buy_in=BUY_IN)
    if by_dm:
        expire_tokens(session)
    await alice.slash("palace start")
    await session.fake.settle(quiet=0.02, within=2.0)
    return {a.id: a for a in (alice, bob, carol)}


def snapshot(session: Session, players: dict[int, Actor]) -> Any:
    """Everything a refusal must leave alone."""
    now = status(session)
    views = {u: status(session, u).view.model_dump(mode="json") for u in players}  # type: ignore[union-attr]
    stacks = {s.user_id: s.stack for s in now.seats}
    return now.action_counter, now.pot, stacks, views


async def refused(
    session: Session, players: dict[int, Actor], answer: Interaction, before: Any, *words: str
) -> str:
    await session.fake.settle(quiet=0.02, within=2.0)
    assert answer.ephemeral, f"a refusal must be ephemeral: {answer.content!r}"
    for word in words:
        assert word in answer.content, (word, answer.content)
    assert snapshot(session, players) == before
    return answer.content


def to_act(session: Session, players: dict[int, Actor]) -> Actor:
    user = status(session).to_act
    assert user is not None
    return players[user]


async def test_every_kind_of_bad_input_is_refused_and_changes_nothing(
    session, alice, bob, carol, dave
):
    players = await dealt(session, alice, bob, carol)
    mover = to_act(session, players)
    other = next(a for a in players.values() if a is not mover)
    before = snapshot(session, players)
    turn = f"It is {mover.mention}'s turn"

    await refused(session, players, await other.slash("palace buy"), before, turn)
    await refused(session, players, await dave.slash("palace stay"), before, "not playing")
    await refused(
        session,
        players,
        await mover.slash("palace discard", cards="Zz"),
        before,
        "I don't know the card 'Zz'",
    )
    await refused(
        session,
        players,
        await mover.slash("palace discard", cards="As"),
        before,
        "You have no soldiers to discard",
    )
    await refused(
        session,
        players,
        await mover.slash("palace discard_soldiers"),
        before,
        "There is no free discard step now",  # was "nothing to discard_soldiers": a kind's name
    )
    await refused(session, players, await mover.slash("palace call"), before, "nothing to call")
    await refused(
        session, players, await mover.slash("palace raise", amount=20), before, "nothing to raise"
    )
    await refused(
        session,
        players,
        await mover.slash("palace bet", target="Nobody"),
        before,
        "I don't know who 'Nobody' is",
    )
    await refused(
        session,
        players,
        await mover.slash("palace bet", target=str(mover.id)),
        before,
        "You can attack:",
    )
    said = await refused(
        session,
        players,
        await mover.slash("palace bet", target=str(dave.id)),
        before,
        "You can attack:",
    )
    assert str(dave.id) not in said
    for target in players.values():  # three banners of three suits: both others, by mention
        assert (f"<@{target.id}>" in said) is (target is not mover)
    # Autocomplete offers nothing to a player who is not to act.
    assert await other.autocomplete("palace bet", focused="target", target="") == []
    assert await dave.autocomplete("palace discard", focused="cards", cards="") == []

    # Buttons: a non-player, a player out of turn, a stale click.
    message = table_message(session)
    buy = button_for(message, "buy")
    await refused(session, players, await dave.click(message, buy), before, "not playing")
    await refused(session, players, await other.click(message, buy), before, turn)
    stale = copy.deepcopy(message)
    await mover.slash("palace stay")
    await session.fake.settle(quiet=0.02, within=2.0)
    players_now = snapshot(session, players)
    next_mover = to_act(session, players)
    await refused(
        session, players, await next_mover.click(stale, buy), players_now, "earlier moment"
    )

    # A battle: a raise outside the bounds, by command and by the modal.
    specs = service(session).legal_actions(session.guild.id, session.channel.id, next_mover.id)
    bet = next(s for s in specs if s.kind == "bet")
    targets = bet.fields["target"]
    assert isinstance(targets, ChoiceField)
    await next_mover.slash("palace bet", target=str(targets.options[0]))
    await session.fake.settle(quiet=0.02, within=2.0)
    defender = to_act(session, players)
    in_battle = snapshot(session, players)
    await refused(
        session,
        players,
        await defender.slash("palace raise", amount=7),
        in_battle,
        "The raise is exactly 20 chips here",
    )
    await refused(
        session,
        players,
        await defender.slash("palace buy"),
        in_battle,
        "You are in a battle: fold, call or raise",
    )
    # A limit raise has one legal amount: its button plays it at once, no modal to mistype
    # (issue 14, item 12); the modal's refusals are tested at the Pontoon table.
    before_raise = status(session).action_counter
    clicked = await defender.click(
        table_message(session), button_for(table_message(session), "raise")
    )
    assert clicked.modal is None
    await session.fake.settle(quiet=0.02, within=2.0)
    assert status(session).action_counter == before_raise + 1
    await alice.slash("palace close")


async def test_lobby_refusals_rules_status_and_my_cards(session, alice, bob, carol, dave):
    session.guild.deny(bob.user, MANAGE_GUILD)  # Bob is no admin: only the host may deal
    await alice.slash("palace open", small_bet=10, betting="no-limit", buy_in=BUY_IN)
    players = {alice.id: alice}
    answer = await alice.slash("palace open")
    assert answer.ephemeral
    assert "already" in answer.content
    answer = await alice.slash("palace join", buy_in=BUY_IN)
    assert answer.ephemeral
    assert "already" in answer.content.lower()
    answer = await bob.slash("palace join", buy_in=5)
    assert "buy in for between" in answer.content
    answer = await bob.slash("palace open", small_bet=10_000)
    assert answer.ephemeral
    await bob.slash("palace join", buy_in=BUY_IN)
    players[bob.id] = bob
    answer = await bob.slash("palace start")
    assert "Only the host" in answer.content
    answer = await bob.slash("palace close")
    assert "Only the host" in answer.content
    rules = await carol.slash("palace rules")
    assert rules.ephemeral
    assert "banner" in str(rules.message.embeds[0]).lower()
    shown = await carol.slash("palace status")
    assert shown.ephemeral
    assert "no-limit" in str(shown.message.embeds[0])
    answer = await dave.slash("palace hand")
    assert "not playing" in answer.content
    await alice.slash("palace start")
    await session.fake.settle(quiet=0.02, within=2.0)
    mine = await bob.slash("palace hand")
    assert mine.ephemeral
    palace = status(session, bob.id).view.palace  # type: ignore[union-attr]
    assert f"Your palace cards (only you see them): **{' '.join(map(str, palace))}**" in (
        mine.content
    )
    # The table message names the bet targets on its buttons by display name.
    first = status(session).to_act
    assert first is not None
    mover = players[first]
    other = next(a for a in players.values() if a is not mover)
    labels = table_message(session).buttons
    assert any(label.startswith("Attack") and label.endswith(other.name) for label in labels), (
        labels
    )
    await alice.slash("palace close")
