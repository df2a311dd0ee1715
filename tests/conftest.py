"""Settings every test shares."""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest
from hypothesis import settings

from storage import Database

# A slow or busy CI machine must not turn a correct property into a flaky one: no per-example
# deadline anywhere, and a failing example is printed so it can be replayed. On CI the
# examples are derandomized, so a run there is repeatable; locally each run explores anew.
settings.register_profile(
    "parlour", deadline=None, print_blob=True, derandomize=bool(os.environ.get("CI"))
)
settings.load_profile("parlour")


# Tests that keep a core busy for seconds (the engines' exhaustive and property checks, mypy
# on a snippet, crash loops): under pytest-xdist they run one after another on one worker, first,
# so they never starve the e2e tests' event loops (Discord's 3-second answer rule is kept in real
# time) and do not end the run last.
CPU_BOUND = ("tests/games/", "tests/bot/pictures/test_types.py")


def _cpu_bound(item: pytest.Item) -> bool:
    where = item.path.relative_to(item.config.rootpath).as_posix()
    return where.startswith(CPU_BOUND) or item.get_closest_marker("slow") is not None


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark a CPU-bound test (``CPU_BOUND``, ``slow``) as one of the ``cpu-bound`` xdist group
    as it is collected, before any ``pytest_collection_modifyitems``: the xdist worker reads the
    group there, so whichever order those hooks run in, it sees the mark."""
    if item.config.pluginmanager.hasplugin("xdist") and _cpu_bound(item):
        item.add_marker(pytest.mark.xdist_group("cpu-bound"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The CPU-bound tests first: their worker starts on them while the others take the rest."""
    items.sort(key=lambda item: not _cpu_bound(item))


# Both storage backends under test: a test that asks for ``database_target`` runs once on a
# SQLite file and once on a fresh PostgreSQL database (dev.py check starts a throwaway server
# and names it in PARLOUR_TEST_POSTGRES_URL; under CI a missing server fails the run).
POSTGRES_URL = os.environ.get("PARLOUR_TEST_POSTGRES_URL")
IN_CI = os.environ.get("CI", "").lower() == "true"
# One template per pytest-xdist worker ("gw0", ...; "main" without xdist): CREATE DATABASE ...
# TEMPLATE refuses while another session is connected to the template, so workers sharing one
# (and dropping it at their start) would race.
TEMPLATE = f"parlour_template_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"


def postgres_database(url: str, name: str) -> str:
    """``url`` with its database replaced by ``name``."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


async def _admin(url: str, *statements: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def postgres_template() -> str:
    """The server's URL, once a migrated template database is in place (made once a run)."""
    if POSTGRES_URL is None:
        if IN_CI:
            pytest.fail(
                "CI runs the PostgreSQL tests: set PARLOUR_TEST_POSTGRES_URL (dev.py check)"
            )
        pytest.skip("no PostgreSQL server: run the tests through `python3 dev.py check`")

    async def make() -> None:
        # identifiers cannot be bound; these are constants of this file
        await _admin(
            POSTGRES_URL, f"DROP DATABASE IF EXISTS {TEMPLATE}", f"CREATE DATABASE {TEMPLATE}"
        )
        async with Database.open(postgres_database(POSTGRES_URL, TEMPLATE)):
            pass

    # on a thread of its own: the first test to ask may already be inside its event loop
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, make()).result()
    return POSTGRES_URL


_counter = itertools.count()


@pytest.fixture(params=["sqlite", "postgres"])
async def database_target(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[str | Path]:
    """Where a test's database lives: a SQLite file, or a PostgreSQL database of its own
    (copied from the migrated template, dropped afterwards)."""
    if request.param == "sqlite":
        yield tmp_path / "parlour.db"
        return
    server: str = request.getfixturevalue("postgres_template")
    name = f"parlour_test_{os.getpid()}_{next(_counter)}"  # a constant shape, never input
    await _admin(server, f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
    try:
        yield postgres_database(server, name)
    finally:
        await _admin(server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
