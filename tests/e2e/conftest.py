"""End-to-end fixtures: a fresh fake Discord and the real bot per test.

Act as users through the ``alice``/``bob``/``carol``/``dave`` fixtures::

    async def test_help(alice):
        answer = await alice.slash("help")
        assert "play money" in answer.message.embeds[0]["description"]

Each test gets its own fake, bot and SQLite file (``tmp_path / "parlour.db"``). A test fails if
the bot logged an ERROR it did not take with ``bot_errors.expect(...)``, or called a route the
fake does not have, or if the fake answered anything outside Discord's OpenAPI spec (strict
mode; Discord's rate limits are on too). Override ``bot_factory`` in a test module to run a
different bot, ``table_seed`` to deal the same deals every run, and ``answer_limit`` to change
the 3-second rule.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.factory import BotFactory
from sandbox.actors import Actor
from sandbox.fake import FakeDiscord
from sandbox.harness import Session, open_session
from sandbox.log import BotErrors
from tests.e2e.economy_helpers import audit
from tests.e2e.table_helpers import TableSeed


@pytest.fixture
def table_seed() -> TableSeed:
    """What the tables deal from: fresh deals, unless a module or a test fixes the seed."""
    return TableSeed()


@pytest.fixture
def bot_factory(table_seed: TableSeed) -> BotFactory:
    """The bot under test: Parlour as ``python -m bot`` builds it, dealing from ``table_seed``."""
    return table_seed.factory()


@pytest.fixture
def answer_limit() -> float | None:
    """Discord's 3-second rule for answering an interaction (None: off)."""
    return 3.0


@pytest.fixture
def pass_paced_time() -> bool:
    """Whether ``fake.settle`` lets the time the bot's paced writes wait for pass at once on
    the fake's clock (the fake's rate limits move with it). A module that measures request
    rates in real time (the fake's request log) overrides it with False."""
    return True


@pytest_asyncio.fixture
async def bot_errors() -> AsyncIterator[BotErrors]:
    """ERROR records logged during the test; take expected ones with ``.expect(text)``."""
    errors = BotErrors().attach()
    try:
        yield errors
    finally:
        errors.detach()


@pytest_asyncio.fixture
async def session(
    bot_factory: BotFactory,
    answer_limit: float | None,
    pass_paced_time: bool,
    bot_errors: BotErrors,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> AsyncIterator[Session]:
    """A fresh fake Discord with the standard world and a ready bot. A test the bot cannot pass
    inside Discord's rate limits yet says so with ``@pytest.mark.loosen_rate_limits(
    finding="...", channel_messages=50)`` (rule names with ``_`` for ``-``)."""
    marker = request.node.get_closest_marker("loosen_rate_limits")
    loosened = {}
    if marker is not None:
        assert marker.kwargs.get("finding"), "name the finding the loosened limit works around"
        loosened = {k.replace("_", "-"): int(v) for k, v in marker.kwargs.items() if k != "finding"}
    async with open_session(
        bot_factory,
        database_path=tmp_path / "parlour.db",
        answer_limit=answer_limit,
        strict=True,
        bucket_limits=loosened,
        pass_paced_time=pass_paced_time,
    ) as running:
        economy = getattr(running.bot, "economy", None)  # the fake's own tests run a probe bot
        if economy is not None and request.node.get_closest_marker("threads") is None:
            await economy.update_settings(running.guild.id, threads=False)  # #general's table
        yield running
        # what the test waited for is done; a write still pacing itself is not waited for in
        # real time, but with paced time passing on the clock it is made (and checked below)
        # before the bot stops, which would otherwise wait for it (Parlour._drain)
        await running.fake.settle(quiet=0.01, within=1.0, owed=pass_paced_time)
        unhandled = running.fake.log.unhandled
        assert not unhandled, f"the bot called routes the fake does not have: {unhandled}"
        drift = sorted(set(running.fake.log.drift))
        assert not drift, f"the fake answered outside Discord's spec ({len(drift)}): {drift[:8]}"
        refused = running.fake.rate_limits.refused
        # a planned fault's retries may spend a bucket; otherwise the bot stays inside them
        assert refused == 0 or running.fake.faults.planned, f"the bot got {refused} 429s"
        left = [BotErrors.describe(r) for r in bot_errors.records]
        assert not left, f"the bot logged errors: {left}"


@pytest.fixture
def fake(session: Session) -> FakeDiscord:
    """The fake Discord of this test (world, request log, faults)."""
    return session.fake


@pytest.fixture
def alice(session: Session) -> Actor:
    """Alice, a member of the sandbox guild, acting in #general."""
    return session.actors["alice"]


@pytest.fixture
def bob(session: Session) -> Actor:
    """Bob, a member of the sandbox guild, acting in #general."""
    return session.actors["bob"]


@pytest.fixture
def carol(session: Session) -> Actor:
    """Carol, a member of the sandbox guild, acting in #general."""
    return session.actors["carol"]


@pytest.fixture
def dave(session: Session) -> Actor:
    """Dave, a member of the sandbox guild, acting in #general."""
    return session.actors["dave"]


@pytest_asyncio.fixture
async def chips_add_up(session: Session, tmp_path: Path) -> AsyncIterator[None]:
    """After the test: ``python -m storage audit`` on the bot's database passes (balances +
    stacks + pots + kitties == minted - removed). Modules opt in with
    ``pytestmark = pytest.mark.usefixtures("chips_add_up")``."""
    yield
    await session.fake.settle(quiet=0.01, within=1.0, owed=False)
    result = await audit(tmp_path / "parlour.db")
    assert result["ok"] is True, result
