"""The kit's unit tests' world: a real desk and table service behind spec'd discord.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.table.kit import Kit, kit_on


@pytest.fixture
async def kit(tmp_path: Path) -> AsyncIterator[Kit]:
    async with kit_on(tmp_path / "parlour.db") as made:
        yield made
