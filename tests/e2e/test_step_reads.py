"""What one click costs the bot, counted on a real click through the fake Discord: the table
is read once, by the service, under its lock, in the step itself (the bot reads nothing of the
table again to show it), the legal actions are listed once (for the next buttons), and the
step is one write transaction (the private outbox of the last step is cleared with it). A card
choice made in **My cards** (a select of an ephemeral reply) is a click too: its reply shows
the player's cards from the step, not from a second read."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from games.paiute import Paiute
from games.pontoon import Pontoon
from sandbox.actors import Actor
from sandbox.harness import Session
from services.tables.model import LiveTable
from tests.e2e.paiute_helpers import drawn, first_value, menus, open_with, to_act, view
from tests.e2e.table_helpers import (
    TableSeed,
    click_action,
    service,
    status,
    table_message,
)

TABLE_SEED = 20261129


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed(TABLE_SEED)


def _counted(counts: Counter[str], name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def counting(*args: Any, **kwargs: Any) -> Any:
        counts[name] += 1
        return fn(*args, **kwargs)

    return counting


async def _to_a_twist(session: Session, by: dict[int, Actor]) -> Actor:
    """Play (by slash commands) until the player to act may twist; that player."""
    for _ in range(20):
        user = status(session).to_act
        assert user is not None
        legal = {
            s.kind: s
            for s in service(session).legal_actions(session.guild.id, session.channel.id, user)
        }
        if "twist" in legal:
            return by[user]
        if "stake" in legal:
            amount = legal["stake"].fields["amount"].min  # type: ignore[union-attr]
            await by[user].slash("pontoon stake", amount=amount)
        else:
            await by[user].slash("pontoon stay")
        await session.fake.settle(quiet=0.02, within=3.0)
    raise AssertionError("no twist came")


def _count_reads(
    session: Session, monkeypatch: pytest.MonkeyPatch, engine: type[Any]
) -> Counter[str]:
    """Count, until ``monkeypatch.undo()``: the bot's reads of the table and of legal actions,
    the engine's listings of legal actions, the public status built, the write transactions."""
    counts: Counter[str] = Counter()
    tables, db = service(session), session.bot.db  # type: ignore[attr-defined]
    monkeypatch.setattr(tables, "status", _counted(counts, "bot reads", tables.status))
    monkeypatch.setattr(
        tables, "legal_actions", _counted(counts, "bot legal reads", tables.legal_actions)
    )
    monkeypatch.setattr(
        engine, "_list_actions", _counted(counts, "legal listed", engine._list_actions)
    )
    public = LiveTable.status

    def public_status(live: LiveTable, viewer: str | None = None) -> Any:
        if viewer is None:
            counts["public status"] += 1
        return public(live, viewer)

    monkeypatch.setattr(LiveTable, "status", public_status)
    monkeypatch.setattr(db, "transaction", _counted(counts, "writes", db.transaction))
    monkeypatch.setattr(
        db, "_run_in_transaction", _counted(counts, "writes", db._run_in_transaction)
    )
    return counts


async def test_a_twist_click_reads_the_table_once_lists_legal_actions_once_and_writes_once(
    session: Session, alice: Actor, bob: Actor, monkeypatch: pytest.MonkeyPatch
) -> None:
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300, banker="house")
    await bob.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    await session.fake.settle(quiet=0.02, within=3.0)
    actor = await _to_a_twist(session, {alice.id: alice, bob.id: bob})
    before = status(session).action_counter

    counts = _count_reads(session, monkeypatch, Pontoon)
    answer = await click_action(session, actor, "twist")
    await session.fake.settle(quiet=0.02, within=3.0)
    monkeypatch.undo()

    assert answer.message is not None
    assert status(session).action_counter == before + 1  # the twist was played
    assert counts["bot reads"] == 0  # the bot showed the step from its result
    assert counts["bot legal reads"] == 0
    assert counts["public status"] == 1  # the step's, under the lock
    assert counts["legal listed"] == 1  # the next buttons'; the click's own came with the fork
    assert counts["writes"] == 1  # the booking (last step's outbox cleared in it)


async def test_a_discard_chosen_in_my_cards_shows_the_cards_left_without_reading_the_table(
    session: Session, alice: Actor, bob: Actor, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_with(alice, [bob])
    await alice.slash("paiute start")
    await session.fake.settle(quiet=0.02, within=3.0)
    actor = to_act(session, [alice, bob])
    clicked = await actor.click(table_message(session), "Draw: from the stock")
    own = await clicked.followup()  # the drawn card, with the discard (or call) choice
    code = drawn(own)
    await session.fake.settle(quiet=0.02, within=3.0)
    menu = next(m for m in menus(own) if m in ("Discard a card", "Call: discard"))
    before = status(session).action_counter

    counts = _count_reads(session, monkeypatch, Paiute)
    value = code if menu == "Discard a card" else first_value(own, menu)
    picked = await actor.select(own, menu, value)
    await session.fake.settle(quiet=0.02, within=3.0)
    monkeypatch.undo()

    assert picked.message is own  # the reply now shows the cards left
    assert status(session).action_counter == before + 1  # the discard was played
    assert len(view(session, actor).hand or []) == 5  # six after the draw, one discarded
    assert counts["bot reads"] == 0  # the reply's cards came with the step
    assert counts["bot legal reads"] == 0
    assert counts["public status"] == 1
    assert counts["legal listed"] == 1  # the next player's buttons
    assert counts["writes"] == 1
