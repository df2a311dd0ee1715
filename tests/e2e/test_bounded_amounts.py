"""Bounded amounts and text through the real bot (issue 18.1, 18.2): what an admin's client
could be made to send (a forged payload past the declared ranges) is refused privately with
nothing changed, and the chip audit passes after each test."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sandbox.harness import Session
from tests.e2e.economy_helpers import embed_text, refused
from tests.e2e.test_malformed_input import forged, leaf

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]

JSON = dict[str, Any]


def replacing(name: str, value: Any) -> Callable[[JSON], None]:
    """A tamper for ``forged``: option ``name`` set to ``value``."""

    def tamper(data: JSON) -> None:
        for option in leaf(data):
            if option["name"] == name:
                option["value"] = value

    return tamper


async def balance_text(actor: Any) -> str:
    return embed_text(await actor.slash("balance"))


async def test_admin_grant_of_2_62_twice_is_refused_and_the_audit_holds(
    session: Session, alice, bob
):
    """Two grants of 2^62 made a balance of 4.6·10^18, and the audit crashed."""
    before = await balance_text(bob)
    for _ in range(2):
        answer = await forged(
            session, alice, "admin grant", {"user": bob.user, "amount": 5, "reason": "gift"},
            replacing("amount", 2**62),
        )  # fmt: skip
        refused(answer, "`amount`", "1,000,000")
    assert await balance_text(bob) == before


@pytest.mark.parametrize("amount", [0, -5], ids=["zero", "negative"])
async def test_admin_grant_of_a_zero_or_negative_amount_is_refused(
    session: Session, alice, bob, amount
):
    before = await balance_text(bob)
    answer = await forged(
        session, alice, "admin remove", {"user": bob.user, "amount": 5, "reason": "r"},
        replacing("amount", amount),
    )  # fmt: skip
    refused(answer, "`amount`")
    assert await balance_text(bob) == before


async def test_admin_grant_with_a_100000_character_reason_grants_nothing(
    session: Session, alice, bob
):
    """The grant was applied while the admin was told it failed (the answer repeated the
    reason past Discord's 2,000 characters)."""
    before = await balance_text(bob)
    answer = await forged(
        session, alice, "admin grant", {"user": bob.user, "amount": 50, "reason": "gift"},
        replacing("reason", "x" * 100_000),
    )  # fmt: skip
    text = refused(answer, "`reason`", "too long")
    assert len(text) < 200
    assert await balance_text(bob) == before


async def test_admin_settings_of_10_19_is_refused_and_changes_nothing(session: Session, alice):
    """It changed the database and answered nothing."""
    answer = await forged(
        session, alice, "admin settings", {"daily_amount": 300},
        replacing("daily_amount", 10**19),
    )  # fmt: skip
    refused(answer, "`daily_amount`")
    server = await session.bot.economy.settings(session.guild.id)  # type: ignore[attr-defined]
    assert server.daily_amount == 200
