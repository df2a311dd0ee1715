"""The placeholder bot through the fixtures the real bot's tests will use."""

from __future__ import annotations


async def test_ping_answers_and_counts_in_the_database(alice, bob):
    first = await alice.slash("ping")
    second = await bob.slash("ping")
    assert first.content == "Pong! (1 pings so far)"
    assert second.content == "Pong! (2 pings so far)"
    assert not second.ephemeral
