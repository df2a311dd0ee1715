"""Discord's rules enforced by the fake: the 3-second answer limit, one answer per interaction,
and the size limits on messages, embeds and components (400, code 50035)."""

from __future__ import annotations

import pytest

from sandbox.log import channel_messages
from sandbox.wire import ErrorCode

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


@pytest.fixture
def answer_limit():
    """A short limit so the test does not sleep 3 s; the default is Discord's 3.0."""
    return 0.2


async def test_an_answer_after_the_limit_is_an_unknown_interaction(fake, alice, bot_errors):
    late = await alice.slash("slow", seconds=0.3, wait=False)
    refusal = await fake.log.wait_for_error(ErrorCode.UNKNOWN_INTERACTION)
    assert refusal.route == CALLBACK
    assert refusal.status == 404
    assert late.callback is None
    await bot_errors.expect("10062")
    assert (await alice.slash("slow", seconds=0.0)).content == "finally"


async def test_answering_twice_is_already_acknowledged(fake, alice, bot_errors):
    answer = await alice.slash("twice")
    assert answer.content == "one"
    refusal = await fake.log.wait_for_error(ErrorCode.ALREADY_ACKNOWLEDGED)
    assert refusal.status == 400
    await bot_errors.expect("40060")


async def test_content_over_2000_characters_is_refused_and_the_bot_recovers(session, alice):
    answer = await alice.slash("echo", text="x" * 2001)
    assert answer.content == "That was too long."
    assert answer.ephemeral
    [refusal] = [c for c in session.fake.log.errors() if c.code == ErrorCode.INVALID_FORM_BODY]
    assert refusal.status == 400
    assert refusal.route == CALLBACK
    error = session.bot.recovered[0]
    assert error.code == 50035
    assert "content" in str(error)
    assert (await alice.slash("echo", text="x" * 2000)).content == "x" * 2000


@pytest.mark.parametrize(
    ("command", "size", "field"),
    [("embeds", 11, "embeds"), ("rows", 6, "components"), ("longid", 101, "custom_id")],
)
async def test_oversized_parts_get_discords_400(fake, alice, bot_errors, command, size, field):
    option = "length" if command == "longid" else "count"
    await alice.slash(command, options={option: size}, wait=False)
    refusal = await fake.log.wait_for_error(ErrorCode.INVALID_FORM_BODY)
    assert refusal.status == 400
    await bot_errors.expect(field)


async def test_limits_at_the_edge_pass(fake, alice):
    await alice.slash("embeds", count=10)
    await fake.log.wait_for(lambda c: c.route == "/channels/{channel_id}/messages")
    assert channel_messages(fake.world, alice.channel.id)[-1].embeds[9]["title"] == "#9"
    assert len((await alice.slash("rows", count=5)).message.components) == 5
    assert (await alice.slash("longid", length=100)).message.custom_ids == ["x" * 100]
