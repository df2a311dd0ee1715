"""End-to-end fixtures: the real bot against the fake Discord, in a world of its own per test.

Act as users through the ``alice``/``bob``/``carol``/``dave`` fixtures::

    async def test_help(alice):
        answer = await alice.slash("help")
        assert "play money" in answer.message.embeds[0]["description"]

By default a test gets its own fake, bot and SQLite file (``tmp_path / "parlour.db"``). A module
or test marked ``shared_fake`` instead gets a fresh guild (its channels, fresh users of the same
names) in its xdist worker's one fake and bot (``sandbox.shared``), which saves starting and
stopping them. Sharing is opted into, not out of: a test claims it needs nothing beyond its
guild (no restart, no fixture but ``table_seed`` changed, no pictures, no loosened or changed
rate limits, no count of the fake's whole log, the bot's global budget or metrics, no clock
advanced beyond what settling passes, no ``tmp_path / "parlour.db"``: the database is
``session.config.database_path``, its calls ``session.calls()``), and a new test is isolated
until someone checks that; the fixtures refuse a shared test that overrides what the shared bot
cannot follow.

A test fails if the bot logged an ERROR it did not take with ``bot_errors.expect(...)``, or
called a route the fake does not have, or if the fake answered anything outside Discord's
OpenAPI spec (strict mode; Discord's rate limits are on too), or (sharing) a table of its guild
outlived it. Override ``bot_factory`` in a test module to run a different bot, ``table_seed``
to deal the same deals every run, and ``answer_limit`` to change the 3-second rule.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from bot.factory import BotFactory
from sandbox.actors import Actor
from sandbox.fake import FakeDiscord
from sandbox.harness import Session, open_session
from sandbox.log import BotErrors
from sandbox.shared import SharedFake
from storage.audit import audit_target
from tests.e2e.table_helpers import SeedOfTheTest, TableSeed, until


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


@pytest_asyncio.fixture(loop_scope="session")
async def bot_errors() -> AsyncIterator[BotErrors]:
    """ERROR records logged during the test; take expected ones with ``.expect(text)``."""
    errors = BotErrors().attach()
    try:
        yield errors
    finally:
        errors.detach()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every e2e test runs in its xdist worker's one event loop: a shared fake and bot
    (``shared_fake``) live in it from one test to the next."""
    here = Path(__file__).parent
    for item in items:
        # the asyncio mark: auto mode put one on every async test (and only on those)
        if item.path.is_relative_to(here) and item.get_closest_marker("asyncio") is not None:
            item.add_marker(pytest.mark.asyncio(loop_scope="session"), append=False)


@pytest.fixture(scope="session")
def seed_of_the_test() -> SeedOfTheTest:
    """What the shared bot deals from: set to each sharing test's ``table_seed``."""
    return SeedOfTheTest()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def shared_fake(
    seed_of_the_test: SeedOfTheTest, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[SharedFake]:
    """This worker's one fake and bot for the tests marked ``shared_fake`` (made at the first
    such test): the standard bot, 3-second rule, strict answers, paced time passing, Discord's
    rate limits."""
    async with open_session(
        seed_of_the_test.factory(),
        database_path=tmp_path_factory.mktemp("shared") / "parlour.db",
        answer_limit=3.0,
        strict=True,
        pass_paced_time=True,
    ) as home:
        yield SharedFake(home)


# What a module or test may change that a shared bot and fake cannot follow.
OWN_ONLY_FIXTURES = ("bot_factory", "answer_limit", "pass_paced_time")


@pytest.fixture
def session(request: pytest.FixtureRequest) -> Session:
    """The fake Discord with the standard world and a ready bot: a fresh guild in this worker's
    shared fake for a test marked ``shared_fake`` (``fresh_guild``), else a fake and bot of the
    test's own (``own_session``). A test the bot cannot pass inside Discord's rate limits yet
    says so with ``@pytest.mark.loosen_rate_limits(finding="...", channel_messages=50)`` (rule
    names with ``_`` for ``-``), and gets its own session."""
    shared = request.node.get_closest_marker("shared_fake") is not None
    running: Session = request.getfixturevalue("fresh_guild" if shared else "own_session")
    return running


@pytest_asyncio.fixture(loop_scope="session")
async def own_session(
    bot_factory: BotFactory,
    answer_limit: float | None,
    pass_paced_time: bool,
    bot_errors: BotErrors,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> AsyncIterator[Session]:
    """A fresh fake Discord with the standard world and a ready bot, for this test alone."""
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
        await _threads_off_unless_marked(running, request)
        yield running
        # what the test waited for is done; a write still pacing itself is not waited for in
        # real time, but with paced time passing on the clock it is made (and checked below)
        # before the bot stops, which would otherwise wait for it (Parlour._drain)
        await running.fake.settle(quiet=0.01, within=1.0, owed=pass_paced_time)
        _check_the_bot_kept_the_rules(running.fake, Since(), bot_errors)


@pytest_asyncio.fixture(loop_scope="session")
async def fresh_guild(
    shared_fake: SharedFake,
    seed_of_the_test: SeedOfTheTest,
    table_seed: TableSeed,
    bot_errors: BotErrors,
    request: pytest.FixtureRequest,
) -> AsyncIterator[Session]:
    """A fresh guild, channels and users in this worker's shared fake and bot; the bot leaves
    the guild after the test (its tables close), and the test is held to what the bot did since
    it began (no unhandled route, no drift from the spec, no unplanned 429, no ERROR)."""
    overridden = [name for name in OWN_ONLY_FIXTURES if hasattr(request.module, name)]
    assert not overridden, f"{request.node.nodeid} overrides {overridden}: not shared_fake"
    assert request.node.get_closest_marker("loosen_rate_limits") is None, "not shared_fake"
    assert not table_seed.pictures, "the shared bot draws no pictures: not shared_fake"
    fake = shared_fake.home.fake
    assert not fake.faults.planned, "a planned fault outlived its test"
    assert not fake.faults.holds, "a hold outlived its test"
    seed_of_the_test.current = table_seed
    since = Since(len(fake.log.unhandled), len(fake.log.drift), fake.rate_limits.refused)
    try:
        async with shared_fake.world() as running:
            await _threads_off_unless_marked(running, request)
            yield running
            await fake.settle(quiet=0.01, within=1.0, owed=True)
        # the bot closes its tables there as it hears it left (on_guild_remove, a task of its
        # own): none may outlive the test, and what closing them wrote is checked too
        await until(lambda: not _tables_of(shared_fake.home.bot, running.guild.id), 10.0, "closed")
        await fake.settle(quiet=0.01, within=1.0, owed=True)
        _check_the_bot_kept_the_rules(fake, since, bot_errors)
    finally:
        seed_of_the_test.current = TableSeed()
        fake.faults.planned.clear()
        fake.faults.holds.clear()


def _tables_of(bot: object, guild: int) -> list[object]:
    tables = getattr(bot, "tables", None)  # the fake's own tests run a probe bot
    return [] if tables is None else [t for t in tables.tables() if t.guild_id == guild]


async def _threads_off_unless_marked(running: Session, request: pytest.FixtureRequest) -> None:
    economy = getattr(running.bot, "economy", None)  # the fake's own tests run a probe bot
    if economy is not None and request.node.get_closest_marker("threads") is None:
        await economy.update_settings(running.guild.id, threads=False)  # #general's table


@dataclass(frozen=True)
class Since:
    """Where the fake's logs stood when a test began (all zero for a fake of its own)."""

    unhandled: int = 0
    drift: int = 0
    refused: int = 0


def _check_the_bot_kept_the_rules(fake: FakeDiscord, since: Since, errors: BotErrors) -> None:
    unhandled = fake.log.unhandled[since.unhandled :]
    assert not unhandled, f"the bot called routes the fake does not have: {unhandled}"
    drift = sorted(set(fake.log.drift[since.drift :]))
    assert not drift, f"the fake answered outside Discord's spec ({len(drift)}): {drift[:8]}"
    refused = fake.rate_limits.refused - since.refused
    # a planned fault's retries may spend a bucket; otherwise the bot stays inside them
    assert refused == 0 or fake.faults.planned, f"the bot got {refused} 429s"
    left = [BotErrors.describe(r) for r in errors.records]
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


@pytest_asyncio.fixture(loop_scope="session")
async def chips_add_up(session: Session) -> AsyncIterator[None]:
    """After the test: the storage audit of the bot's database (shared: every guild's so far)
    passes (balances + stacks + pots + kitties == minted - removed). Modules opt in with
    ``pytestmark = pytest.mark.usefixtures("chips_add_up")``. It is the audit
    ``python -m storage audit`` runs, called in a thread rather than a new interpreter after
    each of these ~240 tests (0.35 s of CPU each); the command itself is run by the tests of
    processes (``test_run``, ``test_shards``, ``test_client``) and ``tests/storage/test_cli.py``."""
    yield
    await session.fake.settle(quiet=0.01, within=1.0, owed=False)
    result = await asyncio.to_thread(audit_target, session.config.database_path)
    assert result.ok, result.to_json()
