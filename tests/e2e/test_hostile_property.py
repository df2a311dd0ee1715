"""Every table component of every game, sent malformed (issue 35): no values, too many, values
the menu does not hold, values of the wrong type, a custom id of an earlier moment, a custom id
of another table. Each example goes through the real bot and the fake Discord and must get a
private answer (a refusal; **My cards** shows the cards, **Join** opens its form), log no ERROR
and leave every row of the database and the table message as they were.

One session per game (a fresh bot per example would take minutes): the table is brought to a
moment with menus, the components of its messages are collected (the table message now and as
it was a move earlier, each player's **My cards** reply), then the examples run against it and
the state is compared before and after each."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from sandbox.actors import Actor
from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from sandbox.interactions import CallbackType, Interaction
from sandbox.log import BotErrors
from sandbox.messages import Message
from tests.e2e.hostile_helpers import SELECT, components, forge
from tests.e2e.table_helpers import TableSeed, frozen, service, status, table_message, until

EXAMPLES = 40
LIVE = ("shard_leases",)
"""Rows a running bot rewrites by itself (its shard lease's renewal), not by a click."""

PRIVATE_ANSWERS = {"@cards", "@join"}
"""Components whose answer to anyone is private but no refusal: the player's own cards, and
the buy-in form (seated players are refused when they submit it)."""


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed(20261203)


def fingerprint(path: Path) -> str:
    """A hash of every row of every table the bot's actions write (read through a second
    connection, as an operator's tool would)."""
    digest = hashlib.sha256()
    with sqlite3.connect(path) as conn:
        names = [
            r[0]
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY 1")
        ]
        for name in names:
            if name in LIVE or name.startswith("sqlite_"):
                continue
            digest.update(name.encode())
            for row in conn.execute(f'SELECT * FROM "{name}" ORDER BY 1'):  # noqa: S608 - names from sqlite_master
                digest.update(repr(row).encode())
    return digest.hexdigest()


@dataclass
class Stage:
    """The table at one moment, with the messages whose components are sent malformed."""

    players: list[Actor]
    messages: list[Message]


async def my_cards(session: Session, actor: Actor) -> Message | None:
    answer = await actor.click(table_message(session), "My cards")
    return answer.message


def person_to_act(session: Session, players: list[Actor]) -> Actor:
    who = status(session).to_act
    return next(a for a in players if a.id == who)


async def palace(session: Session, humans: list[Actor]) -> list[Message]:
    """Six seats (two computers), so the attack's five targets are a menu on the table; the
    player to act buys a soldier, so My cards offers the free discard (a menu with Keep all)."""
    alice = humans[0]
    await alice.slash(
        "palace open", small_bet=10, buy_in=300, turn_timeout=3600, computers=2, computer_delay=0.05
    )
    for actor in humans[1:]:
        await actor.slash("palace join", buy_in=300)
    await alice.slash("palace start")
    await until(lambda: status(session).to_act in {a.id for a in humans}, what="a person's turn")
    await session.fake.settle(quiet=0.05)
    earlier = frozen(table_message(session))
    actor = person_to_act(session, humans)
    await actor.slash("palace buy")
    await session.fake.settle(quiet=0.05)
    return [earlier, table_message(session)]


async def paiute(session: Session, humans: list[Actor]) -> list[Message]:
    """The player to act has drawn: My cards offers the discard (and a call, if any)."""
    alice, players = humans[0], humans[:3]
    await alice.slash("paiute open", stake=10, buy_in=300, turn_timeout=3600)
    for actor in players[1:]:
        await actor.slash("paiute join", buy_in=300)
    await session.fake.settle(quiet=0.02)
    lobby = frozen(table_message(session))
    await alice.slash("paiute start")
    await session.fake.settle(quiet=0.02)
    earlier = frozen(table_message(session))
    actor = person_to_act(session, players)
    await actor.click(table_message(session), "Draw: from the stock")
    await session.fake.settle(quiet=0.02)
    return [lobby, earlier, table_message(session)]


async def pontoon(session: Session, humans: list[Actor]) -> list[Message]:
    """The banker has kept the bank; a player is to stake."""
    alice, players = humans[0], humans[:3]
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300, turn_timeout=3600)
    for actor in players[1:]:
        await actor.slash("pontoon join", buy_in=300)
    await session.fake.settle(quiet=0.02)
    lobby = frozen(table_message(session))
    await alice.slash("pontoon start")
    await session.fake.settle(quiet=0.02)
    earlier = frozen(table_message(session))
    await person_to_act(session, players).slash("pontoon stay")
    await session.fake.settle(quiet=0.02)
    return [lobby, earlier, table_message(session)]


GAMES: dict[str, Callable[[Session, list[Actor]], Awaitable[list[Message]]]] = {
    "palace": palace,
    "paiute": paiute,
    "pontoon": pontoon,
}


async def staged(session: Session, game: str) -> Stage:
    humans = [session.actors[n] for n in ("alice", "bob", "carol", "dave")]
    for actor in humans[1:]:
        session.guild.deny(actor.user, MANAGE_GUILD)
    messages = await GAMES[game](session, humans)
    seated = {s.user_id for s in status(session).seats}
    players = [a for a in humans if a.id in seated]
    for actor in players:
        mine = await my_cards(session, actor)
        if mine is not None and components(mine):
            messages.append(mine)
    await session.fake.settle(quiet=0.05)
    return Stage(humans, messages)


WRONG_VALUES = st.one_of(
    st.integers(),
    st.none(),
    st.booleans(),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.lists(st.text(max_size=3), max_size=2),
)


@st.composite
def malformed(draw: st.DrawFn, component: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """One malformed use of ``component``: what is wrong, and ``forge``'s arguments."""
    custom_id = str(component["custom_id"])
    parts = custom_id.split(":")
    table, deal, counter = (int(p) for p in parts[2:5])
    kinds = ["stale", "forged"]
    if component["type"] == SELECT:
        kinds += ["too_many", "unknown", "wrong_type"]
        if int(component.get("min_values", 1)) >= 1:
            kinds.append("empty")
    kind = draw(st.sampled_from(kinds))
    options = [str(o["value"]) for o in component.get("options") or []]
    most = int(component.get("max_values", 1))
    if kind == "stale":
        back = draw(st.sampled_from(["deal", "counter"]))
        if back == "deal" or counter == 0:
            deal_now = draw(st.integers(0, deal - 1)) if deal > 0 else deal + 1
            moved = [*parts[:3], str(deal_now), *parts[4:]]
        else:
            moved = [*parts[:4], str(draw(st.integers(0, counter - 1))), *parts[5:]]
        return kind, {"renamed": ":".join(moved)}
    if kind == "forged":
        other = draw(st.integers(1, 10**12).filter(lambda t: t != table))
        return kind, {"renamed": ":".join([*parts[:2], str(other), *parts[3:]])}
    if kind == "empty":
        return kind, draw(st.sampled_from([{"values": []}, {"drop_values": True}]))
    if kind == "too_many":
        extra = draw(st.lists(st.text(min_size=1, max_size=4), min_size=1, max_size=3))
        return kind, {"values": [*options, *extra][: max(most + 1, len(options) + 1)]}
    if kind == "unknown":
        text = st.text(min_size=1, max_size=120).filter(lambda v: v not in options)
        return kind, {"values": draw(st.lists(text, min_size=1, max_size=most))}
    return kind, {"values": draw(st.lists(WRONG_VALUES, min_size=1, max_size=most))}


def private(answer: Interaction) -> bool:
    return answer.callback is CallbackType.MODAL or answer.ephemeral


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
async def test_every_component_sent_malformed_is_refused_privately_and_changes_nothing(
    session: Session, bot_errors: BotErrors, tmp_path: Path, game: str, data: st.DataObject
) -> None:
    stage = getattr(session, "_hostile_stage", None)
    if stage is None:
        stage = await staged(session, game)
        session._hostile_stage = stage  # type: ignore[attr-defined]
    message = data.draw(st.sampled_from(stage.messages), label="message")
    component = data.draw(st.sampled_from(components(message)), label="component")
    actor = data.draw(st.sampled_from(stage.players), label="actor")
    if message.ephemeral:  # only its player sees a My cards reply
        actor = next(a for a in stage.players if message.visible_for(a.user))
    what, forged = data.draw(malformed(component), label="malformed")
    database = tmp_path / "parlour.db"
    before = fingerprint(database)
    shown = json.dumps(table_message(session).payload(), sort_keys=True)
    errors = len(bot_errors.records)
    answer = await forge(session, actor, message, str(component["custom_id"]), **forged)
    await session.fake.settle(quiet=0.01)
    assert private(answer), (what, answer.describe(), answer.content)
    kind = str(component["custom_id"]).split(":")[5]
    event(f"{kind} {what}: {answer.content[:40]}")
    if kind not in PRIVATE_ANSWERS:  # a refusal: words, no new components
        assert answer.message is not None
        assert answer.content, what
        assert not answer.message.components, (what, answer.content)
    if what == "forged":
        assert "closed" in answer.content, answer.content
    assert len(bot_errors.records) == errors, [BotErrors.describe(r) for r in bot_errors.records]
    assert fingerprint(database) == before, (what, kind)
    assert json.dumps(table_message(session).payload(), sort_keys=True) == shown
    assert service(session).status(session.guild.id, session.channel.id).table_id
