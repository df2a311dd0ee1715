"""Malformed interactions (issue 18.3), through the real bot and the fake Discord: an old
client's cached commands, a missing option, a string where an integer is declared, a number
outside the declared range, a superscript digit in a modal, an option of 2,100 characters.
Each gets a short ephemeral refusal in the player's words, changes nothing, and logs no ERROR
(the e2e fixtures fail a test on any ERROR line)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from sandbox.actors import Actor
from sandbox.harness import Session
from sandbox.interactions import Interaction, InteractionType, command_data
from tests.e2e.table_helpers import (
    button_for,
    first_input,
    refusal_text,
    service,
    status,
    table_message,
)

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


JSON = dict[str, Any]


async def forged(
    session: Session,
    actor: Actor,
    command: str,
    options: dict[str, Any],
    tamper: Callable[[JSON], None],
) -> Interaction:
    """``/command`` as a valid client would send it, then changed by ``tamper`` (what an old
    client's cache or a hand-made payload sends); waits for the bot's answer."""
    fake = session.fake
    data = command_data(fake.world, session.guild, command, options)
    tamper(data)
    interaction = fake.interactions.new(
        InteractionType.APPLICATION_COMMAND, actor.user, session.channel, data
    )
    return await fake.inject(interaction)


def leaf(data: JSON) -> list[JSON]:
    """The options of the (sub)command at the end of ``data``'s path."""
    options: list[JSON] = data["options"]
    while options and options[0]["type"] in (1, 2):
        options = options[0]["options"]
    return options


async def pontoon_deal(session: Session, alice: Actor, bob: Actor) -> Actor:
    """A Pontoon deal waiting for a stake; returns the player to act."""
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await bob.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    table = status(session)
    by = {alice.id: alice, bob.id: bob}
    assert table.deal_open
    assert table.to_act is not None
    await by[table.to_act].slash("pontoon stay")  # the banker keeps the bank and deals
    await session.fake.settle(quiet=0.02)
    table = status(session)
    assert table.to_act is not None
    return by[table.to_act]


def short_private(answer: Interaction, *words: str) -> str:
    text = refusal_text(answer)
    assert len(text) <= 2000
    for word in words:
        assert word in text, (word, text)
    return text


async def test_an_old_clients_cached_subcommand_is_refused_not_apologised(session, alice, bob):
    """``/pontoon accept_bank`` was merged into ``/pontoon bank`` (issue 16); an old client
    still sends it."""
    await pontoon_deal(session, alice, bob)
    before = status(session).action_counter

    def renamed(data: JSON) -> None:
        data["options"] = [{"name": "accept_bank", "type": 1, "options": []}]

    answer = await forged(session, alice, "pontoon bank", {"answer": "accept"}, renamed)
    short_private(answer, "out of date")
    assert status(session).action_counter == before


async def test_an_unknown_command_is_refused_not_apologised(session, alice):
    def unknown(data: JSON) -> None:
        data["name"] = "roulette"

    answer = await forged(session, alice, "balance", {}, unknown)
    short_private(answer, "out of date", "Restart Discord")


async def test_pontoon_stake_without_its_amount_is_refused(session, alice, bob):
    actor = await pontoon_deal(session, alice, bob)
    before = status(session)

    def no_amount(data: JSON) -> None:
        leaf(data).clear()

    answer = await forged(session, actor, "pontoon stake", {"amount": 10}, no_amount)
    short_private(answer, "`amount`")
    assert status(session).action_counter == before.action_counter


@pytest.mark.parametrize(
    ("value", "said"),
    [("ten", "whole number"), ("10", "whole number"), (True, "whole number"), (0, "from 1"),
     (10**12, "1,000,000")],
    ids=["word", "digits-as-text", "boolean", "zero", "past-the-declared-range"],
)  # fmt: skip
async def test_a_stake_that_breaks_its_declaration_is_refused(session, alice, bob, value, said):
    """A string where an integer is declared, or a number outside the declared range:
    discord.py checks neither at run time."""
    actor = await pontoon_deal(session, alice, bob)
    before = status(session).action_counter

    def replaced(data: JSON) -> None:
        leaf(data)[0]["value"] = value

    answer = await forged(session, actor, "pontoon stake", {"amount": 10}, replaced)
    short_private(answer, "`amount`", said)
    assert status(session).action_counter == before


@pytest.mark.parametrize("typed", ["²", "1²", "¹⁰⁰", "12x"])
async def test_a_superscript_digit_in_the_buy_in_modal_is_refused_not_a_crash(
    session, alice, bob, typed
):
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await session.fake.settle(quiet=0.02)
    opened = await bob.click(table_message(session), "Join")
    answer = await bob.submit(opened, {first_input(opened): typed})
    short_private(answer, "whole number")
    assert [s.user_id for s in status(session).seats] == [alice.id]
    opened = await bob.click(table_message(session), "Join")
    await bob.submit(opened, {first_input(opened): "1,000"})  # separators still read
    await session.fake.settle(quiet=0.02)
    assert {s.user_id: s.stack for s in status(session).seats}[bob.id] == 1000


async def test_a_superscript_digit_in_the_stake_modal_is_refused_not_a_crash(session, alice, bob):
    actor = await pontoon_deal(session, alice, bob)
    before = status(session).action_counter
    message = table_message(session)
    opened = await actor.click(message, button_for(message, "stake"))
    answer = await actor.submit(opened, {first_input(opened): "1²"})
    short_private(answer, "whole number")
    assert status(session).action_counter == before
    opened = await actor.click(message, button_for(message, "stake"))
    await actor.submit(opened, {first_input(opened): "１０"})  # full-width digits are digits
    assert status(session).action_counter == before + 1


async def test_a_2100_character_palace_bet_target_gets_a_short_refusal(session, alice, bob):
    """The refusal repeated the option: past Discord's 2,000 characters, so no answer came."""
    await alice.slash("palace open", buy_in=300)
    await bob.slash("palace join", buy_in=300)

    def long_target(data: JSON) -> None:
        leaf(data)[0]["value"] = "x" * 2100

    answer = await forged(session, alice, "palace bet", {"target": "bob"}, long_target)
    text = short_private(answer, "`target`", "too long")
    assert "xxxxxxxxxx" not in text


async def test_a_superscript_digit_typed_into_palace_raise_suggests_instead_of_crashing(
    session, alice, bob
):
    """``str.isdigit()`` then ``int()`` in the amount's suggestions: an ERROR per keystroke."""
    await alice.slash("palace open", buy_in=300)
    await bob.slash("palace join", buy_in=300)
    await alice.slash("palace start")
    by = {alice.id: alice, bob.id: bob}
    rng = random.Random(5)
    tables = service(session)
    for _ in range(200):  # play on (through the service) until someone may raise
        table = status(session)
        if not table.deal_open:
            await alice.slash("palace start")
            continue
        assert table.to_act is not None
        legal = tables.legal_actions(session.guild.id, session.channel.id, table.to_act)
        if any(spec.kind == "raise" for spec in legal):
            break
        action = rng.choice(legal).sample(rng)
        await tables.act(session.guild.id, session.channel.id, table.to_act, action)
    else:
        raise AssertionError("nobody could raise")
    actor = by[table.to_act]
    for typed in ("²", "1²", "12"):
        suggested = await actor.autocomplete("palace raise", focused="amount", amount=typed)
        assert suggested, typed  # the legal amounts, whatever was typed
