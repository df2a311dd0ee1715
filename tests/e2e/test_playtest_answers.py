"""Answers the second playtest found misleading (issue 33.10), through the real bot."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from sandbox.flags import MANAGE_GUILD
from tests.e2e.table_helpers import button_for, refusal_text, status, table_message

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


async def test_a_player_who_left_and_clicks_stay_is_told_they_left_not_whose_turn_it_is(
    session, alice, bob, carol
):
    for actor in (bob, carol):
        session.guild.deny(actor.user, MANAGE_GUILD)
    await alice.slash("palace open", small_bet=10, buy_in=300)
    await bob.slash("palace join", buy_in=300)
    await carol.slash("palace join", buy_in=300)
    await alice.slash("palace start")
    await session.fake.settle(quiet=0.02)
    players = {a.id: a for a in (alice, bob, carol)}
    leaver = next(a for u, a in players.items() if u != status(session).to_act)
    await leaver.slash("palace leave")
    await session.fake.settle(quiet=0.02)
    before = status(session).action_counter
    message = table_message(session)
    answer = await leaver.click(message, button_for(message, "stay"))
    said = refusal_text(answer)
    assert "You left this deal" in said, said
    assert "turn" not in said.split(";")[0], said
    assert status(session).action_counter == before


def _walk(options: list[dict[str, Any]], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for option in options:
        here = f"{path} {option['name']}"
        yield here, option
        yield from _walk(option.get("options") or [], here)


def _said(item: dict[str, Any], key: str) -> list[str]:
    """A synced name or description in English and in every language it is localised to."""
    return [str(item.get(key) or ""), *(item.get(f"{key}_localizations") or {}).values()]


async def test_the_command_picker_shows_game_names_descriptions_and_no_rule_ids(session):
    """Issue 33.11: the picker showed the game choices as PALACE/PAIUTE/PONTOON, the amount of
    ``/pontoon stake``, ``buy`` and ``kitty`` described as "…", and rule ids ("(PP-7)")."""
    commands = session.fake.world.commands[session.guild.id]
    seen = 0
    for command in commands:
        for path, item in _walk([command], ""):
            for text in _said(item, "description"):
                seen += 1
                assert text.strip() not in ("", "…"), (path, text)
                assert not re.search(r"\(P[AOP]-\d+\)", text), (path, text)
            for choice in item.get("choices") or []:
                for name in _said(choice, "name"):
                    assert not (name.isupper() and len(name) > 2), (path, name)
    assert seen > 100
    board = next(c for c in commands if c["name"] == "leaderboard")
    game = next(o for o in board["options"] if o["name"] == "game")
    assert [c["name"] for c in game["choices"]] == ["Palace Poker", "Paiute", "Pontoon"]
    status_ = next(
        o for c in commands if c["name"] == "palace" for o in c["options"] if o["name"] == "status"
    )
    assert "posts it again" not in status_["description"]


async def test_a_second_daily_says_the_wait_once_not_24_h_in_23_h(alice):
    """The refusal read "Try again in 24 h (in 23 h)": the words and a live relative
    timestamp rounding two ways. The words stay; beside them, the clock time it opens."""
    await alice.slash("daily")
    said = refusal_text(await alice.slash("daily"))
    assert re.search(r"Try again in 2[34] h", said), said
    assert ":R>" not in said, said
    assert re.search(r"<t:\d+:f>", said), said


async def test_removing_chips_from_a_member_who_never_played_says_so(session, alice, dave):
    """It said "@dave has fewer than 1,000 chips in their balance" of a member with no account."""
    answer = await alice.slash("admin remove", user=dave, amount=1000, reason="test")
    said = refusal_text(answer)
    assert "fewer than" not in said, said
    assert "never played" in said, said


async def test_declining_a_bank_nobody_offered_says_so_not_you_cant_decline_now(
    session, alice, bob
):
    """Outside Shoot Pontoon, with no offer of the bank, ``/pontoon bank answer:decline`` said
    "You can't decline the bank now"."""
    session.guild.deny(bob.user, MANAGE_GUILD)
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await bob.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    await session.fake.settle(quiet=0.02)
    players = {a.id: a for a in (alice, bob)}
    banker = players[status(session).to_act]
    before = status(session).action_counter
    said = refusal_text(await banker.slash("pontoon bank", answer="decline"))
    assert "can't decline" not in said, said
    assert "Nobody is offering you the bank" in said, said
    assert status(session).action_counter == before
