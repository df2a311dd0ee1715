"""The fake's own tests run the test-only probe bot instead of the project's bot."""

from __future__ import annotations

import pytest

from bot.factory import BotFactory
from tests.e2e.fake.probe_bot import build_probe_bot


@pytest.fixture
def bot_factory() -> BotFactory:
    """The probe bot: commands that exercise every route, limit and fault of the fake."""
    return build_probe_bot
