"""Sit-and-go tournaments (issue 32) through the real bot and the fake Discord: a whole
tournament of each game with computer players plays to its end (people who let their timer
run out are played for, as at any table), a second person enters with the **Register**
button, one tournament goes through a bot restart, the places and the result are announced,
the tournament board lists the people, and the chip audit passes after each test."""

from __future__ import annotations

import functools
import json
import re

import pytest

from sandbox.actors import Actor
from sandbox.harness import Session
from services.tables import Expected, TableError
from tests.e2e.economy_helpers import embed_text
from tests.e2e.table_helpers import status, table_message, texts, until

pytestmark = pytest.mark.usefixtures("chips_add_up")

TURN_S = 61.0
"""A person's turn timer (the server's default, 60 s) runs out: then they are played for."""
STEP_S = 3.5
"""Long enough for a computer's move (1.5 s) or the pause between deals (3 s)."""


def _said(session: Session, words: str) -> list[str]:
    return [m.content for m in session.messages() if m.author.bot and words in (m.content or "")]


async def _play_out(
    session: Session, people: set[int], *, restart_after: int | None = None
) -> None:
    """Let the clock run until the result is announced; with ``restart_after``, restart the
    bot once that deal has begun."""
    for _ in range(4000):
        if _said(session, "tournament is over"):
            return
        try:
            now = status(session)
        except TableError:  # closed: the result is on its way (it may wait for room in the
            # channel's rate limit: wait for it, not for a quiet moment, which a loaded machine
            # gave 4,000 times before the post came)
            await until(
                lambda: bool(_said(session, "tournament is over")), within=30.0, what="the result"
            )
            return
        if restart_after is not None and now.deal_number >= restart_after:
            restart_after = None
            await session.restart_bot()
            await session.fake.settle(quiet=0.05, within=3.0)
            continue
        session.fake.clock.advance(TURN_S if now.to_act in people else STEP_S)
        moved = functools.partial(_moved, session, now.expected)
        await until(moved, within=10.0, what="the next step")
        await session.fake.settle(quiet=0.01, within=2.0)
    raise AssertionError("the tournament did not end")


def _moved(session: Session, before: Expected) -> bool:
    """The table took a step (or closed: the tournament is over)."""
    try:
        return status(session).expected != before
    except TableError:
        return True


def _table_text(session: Session) -> str:
    message = table_message(session)
    return json.dumps([message.content, texts(message), message.embeds], ensure_ascii=False)


def _results(session: Session) -> str:
    found = _said(session, "tournament is over")
    assert len(found) == 1, found
    return found[0]


async def test_a_whole_pontoon_tournament_with_a_registration_by_button(
    session: Session, alice: Actor, bob: Actor
) -> None:
    opened = await alice.slash(
        "tournament open", game="pontoon", seats=4, buy_in=200, speed="turbo",
        payouts="top2", computers=2,
    )  # fmt: skip
    lobby = opened.message
    assert lobby is not None
    assert "Registered (3 of 4)" in lobby.content
    clicked = await bob.click(lobby, "Register")
    assert clicked.message is not None
    assert "Registered (4 of 4)" in clicked.message.content
    assert "Level 1" in clicked.message.content  # full: it started
    await session.fake.settle(quiet=0.05, within=3.0)
    # the table message says the level and when it rises
    await until(lambda: "Level 1" in _table_text(session), what="the level on the table")
    assert "next level after 2 more deals or in 5 min" in _table_text(session)  # turbo: 3
    await _play_out(session, {alice.id, bob.id})
    result = _results(session)
    assert result.count("**") >= 4 + 2  # the title and the four places
    assert _said(session, "is out in place")
    board = await alice.slash("tournament leaderboard")
    assert board.message is not None
    assert f"<@{alice.id}>" in board.message.content
    assert f"<@{bob.id}>" in board.message.content


@pytest.mark.parametrize("game", ["paiute", "palace"])
async def test_a_whole_tournament_with_computers_to_the_end(
    session: Session, alice: Actor, game: str
) -> None:
    opened = await alice.slash(
        "tournament open", game=game, seats=3, buy_in=200, speed="turbo", computers=2
    )
    assert opened.message is not None
    assert "Level 1" in opened.message.content
    await session.fake.settle(quiet=0.05, within=3.0)
    await _play_out(session, {alice.id}, restart_after=3 if game == "paiute" else None)
    result = _results(session)
    assert "**1.**" in result
    assert "**3.**" in result


async def test_registering_twice_and_topping_up_are_refused_privately(
    session: Session, alice: Actor
) -> None:
    await alice.slash("tournament open", game="paiute", seats=3, buy_in=200)
    again = await alice.slash("tournament register")
    assert again.message is not None
    assert again.message.ephemeral
    assert "already registered" in again.message.content
    topped = await alice.slash("paiute topup", amount=10)
    assert topped.message is not None
    assert topped.message.ephemeral
    assert "tournament table" in topped.message.content


async def test_stats_show_a_players_tournament_record_after_a_finished_tournament(
    session: Session, alice: Actor, bob: Actor
) -> None:
    """``/stats`` says what a person's finished tournaments came to (played, won, in the
    money, prizes, best place), of all games or of the tournament's; nothing about
    tournaments for someone who never finished one, nor for another game."""
    assert "Tournaments" not in embed_text(await alice.slash("stats"))
    await alice.slash(
        "tournament open", game="paiute", seats=3, buy_in=200, speed="turbo",
        payouts="top2", computers=2,
    )  # fmt: skip
    await session.fake.settle(quiet=0.05, within=3.0)
    await _play_out(session, {alice.id})
    line = re.search(rf"\*\*(\d)\.\*\* <@{alice.id}>(?: · \+([\d,]+))?", _results(session))
    assert line is not None, _results(session)
    place, prize = int(line[1]), int((line[2] or "0").replace(",", ""))
    assert (place <= 2) == (prize > 0)  # top 2 are paid
    record = (
        f"Tournaments: Played: **1** · won: **{int(place == 1)}** · "
        f"in the money: **{int(prize > 0)}**\n"
        f"Prizes won: **{prize:,} {'chip' if prize == 1 else 'chips'}** · best place: **{place}**"
    )
    mine = embed_text(await alice.slash("stats"))
    assert record in mine, mine
    # a tournament's deals are played for tournament chips: in no cash stats (alice read
    # "net -196" beside the buy-in she lost), her record is the tournament's line alone
    assert "Deals played" not in mine
    assert "has not finished a deal yet" in mine
    theirs = embed_text(await bob.slash("stats", user=alice))
    assert record in theirs, theirs
    assert record in embed_text(await alice.slash("stats", game="paiute"))
    palace = embed_text(await alice.slash("stats", game="palace"))
    assert "Tournaments" not in palace
    assert "not finished a deal of Palace Poker yet" in palace
    never = embed_text(await bob.slash("stats"))
    assert "Tournaments" not in never
    assert "has not finished a deal yet" in never
