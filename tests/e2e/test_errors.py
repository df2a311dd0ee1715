"""The one error reporter, through the real client: refusals answered ephemerally with their
message, a missing channel permission named, anything else logged and apologised for."""

from __future__ import annotations

import pytest

from bot.client import EXTENSIONS, Parlour
from bot.errors import APOLOGY
from bot.factory import BotConfig, BotFactory
from tests.e2e.economy_helpers import refused


@pytest.fixture
def bot_factory() -> BotFactory:
    def build(config: BotConfig) -> Parlour:
        return Parlour(config, extensions=(*EXTENSIONS, "tests.e2e.reporter_ext"))

    return build


async def test_an_unexpected_error_is_logged_with_context_and_apologised_for(alice, bot_errors):
    answer = await alice.slash("boom")
    assert refused(answer) == APOLOGY
    (record,) = await bot_errors.expect("kaboom")
    assert f"user={alice.id}" in record.getMessage()
    assert "cmd=/boom" in record.getMessage()


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("illegal", "It is Bob's turn"),
        ("table", "It is carol's turn."),
        ("duck", "Quack: not now."),
        ("late", "Decided after thinking: no."),
    ],
)
async def test_refusals_are_ephemeral_with_their_own_message(alice, command, message):
    answer = await alice.slash(command)
    if command == "late":  # a public "thinking" defer first: the refusal must still be private
        followup = await answer.followup()
        assert answer.message.deleted
        assert followup.ephemeral
        assert followup.content == message
        return
    assert refused(answer) == message


async def test_a_missing_channel_permission_is_named(session, fake, alice):
    fake.faults.deny_permission(session.channel)
    answer = await alice.slash("announce")
    text = refused(answer, "**Send Messages**", f"<#{session.channel.id}>")
    assert "server admin" in text
    raw = await alice.slash("announce_raw")
    refused(raw, "permission", "Send Messages")


async def test_button_failures_go_to_the_reporter(alice, bob, bot_errors):
    board = (await alice.slash("buttons")).message
    refused(await bob.click(board, "refuse"), "You can raise between 10 and 40 chips")
    refused(await bob.click(board, "fail refusal"), "Not your turn.")
    assert refused(await bob.click(board, "fail crash")) == APOLOGY
    await bot_errors.expect("button exploded")
