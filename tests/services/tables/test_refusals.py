"""Every refusal is a typed TableError with a readable message, and changes nothing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.refusal import table_refusal
from bot.text import catalog
from games.errors import IllegalAction
from services.tables import (
    AlreadySeated,
    AmountOutOfBounds,
    BadOptions,
    IllegalMove,
    InsufficientChips,
    NoDeal,
    NoTable,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    NotYourTurn,
    StaleAction,
    TableBusy,
    TableError,
    TableExists,
    TableFull,
    TableService,
    UnknownGame,
)
from services.tables.caps import TooManyTables
from services.tables.closing import NotAtTable
from services.tournaments import TournamentError
from storage import Database

from .conftest import BOB, CAT, CHANNEL, DAN, GUILD, HOST, fingerprint

PAIUTE, PONTOON, FULL, LOBBY = CHANNEL, CHANNEL + 1, CHANNEL + 2, CHANNEL + 3
UNSEATED = CHANNEL + 4  # a deal whose host never sat down (HOST's third table: the limit)


async def _tables(service: TableService) -> dict[str, Any]:
    """A Paiute deal (3 seats, 2 taken), a house Pontoon deal, a full table and a lobby."""
    await service.open(GUILD, PAIUTE, HOST, "paiute", {"seats": 3}, buy_in=200)
    await service.join(GUILD, PAIUTE, BOB, 200)
    paiute = await service.start(GUILD, PAIUTE, HOST)
    house = {"seats": 3, "banker": "house", "min_bet": 10, "max_bet": 50}
    await service.open(GUILD, PONTOON, HOST, "pontoon", house, buy_in=200)
    await service.join(GUILD, PONTOON, BOB, 200)
    pontoon = await service.start(GUILD, PONTOON, HOST)
    await service.open(GUILD, FULL, CAT, "paiute", {"seats": 2}, buy_in=100)
    await service.join(GUILD, FULL, BOB, 100)
    await service.start(GUILD, FULL, CAT)
    await service.open(GUILD, LOBBY, CAT, "palace", buy_in=100)
    await service.open(GUILD, UNSEATED, HOST, "paiute", {"seats": 3})
    await service.join(GUILD, UNSEATED, BOB, 200)
    await service.join(GUILD, UNSEATED, CAT, 200)
    await service.start(GUILD, UNSEATED, BOB, admin=True)
    to_act = paiute.table.to_act
    assert to_act is not None
    assert pontoon.table.to_act is not None
    return {
        "to_act": to_act,
        "waiting": BOB if to_act == HOST else HOST,
        "staking": pontoon.table.to_act,
        "expected": paiute.table.expected,
    }


def english(error: TableError) -> str:
    """The refusal as the bot words it in English."""
    return catalog("en").text(table_refusal(error))


def refusals(s: TableService, t: dict[str, Any]) -> list[tuple[type[TableError], Any]]:
    draw = {"kind": "draw", "source": "stock"}
    old = (t["expected"].table_id, t["expected"].deal_number, t["expected"].action_counter - 1)
    return [
        (NoTable, lambda: s.act(GUILD, 999, HOST, draw)),
        (NoTable, lambda: s.join(GUILD, 999, HOST, 100)),
        (TableExists, lambda: s.open(GUILD, PAIUTE, DAN, "palace")),
        (TableFull, lambda: s.join(GUILD, FULL, DAN, 100)),
        (NotSeated, lambda: s.act(GUILD, PAIUTE, CAT, draw)),
        (NotSeated, lambda: s.leave(GUILD, PAIUTE, CAT)),
        (NotSeated, lambda: s.top_up(GUILD, PAIUTE, DAN, 10)),
        (AlreadySeated, lambda: s.join(GUILD, PAIUTE, BOB, 100)),
        (NotYourTurn, lambda: s.act(GUILD, PAIUTE, t["waiting"], draw)),
        (InsufficientChips, lambda: s.join(GUILD, PAIUTE, DAN, 2000)),
        (StaleAction, lambda: s.act(GUILD, PAIUTE, t["to_act"], draw, old)),
        (AmountOutOfBounds, lambda: s.join(GUILD, PAIUTE, CAT, 5)),
        (AmountOutOfBounds, lambda: s.join(GUILD, PAIUTE, CAT, 50_000)),
        (AmountOutOfBounds, lambda: s.top_up(GUILD, LOBBY, CAT, 10_000)),
        (
            AmountOutOfBounds,
            lambda: s.act(GUILD, PONTOON, t["staking"], {"kind": "stake", "amount": 51}),
        ),
        (AmountOutOfBounds, lambda: s.open(GUILD, 998, DAN, "palace", {"small_bet": 20_000})),
        (TableBusy, lambda: s.top_up(GUILD, PAIUTE, BOB, 10)),
        (TableBusy, lambda: s.start(GUILD, PAIUTE, HOST)),
        (NoDeal, lambda: s.act(GUILD, LOBBY, CAT, draw)),
        (NotHost, lambda: s.close(GUILD, PAIUTE, BOB)),
        (NotHost, lambda: s.start(GUILD, LOBBY, HOST)),
        (NotHost, lambda: s.kick(GUILD, PAIUTE, BOB, admin=False, by=BOB)),
        (NotEnoughPlayers, lambda: s.start(GUILD, LOBBY, CAT)),
        (UnknownGame, lambda: s.open(GUILD, 998, DAN, "chess")),
        (BadOptions, lambda: s.open(GUILD, 998, DAN, "palace", {"small_bet": -1})),
        (BadOptions, lambda: s.open(GUILD, 998, DAN, "paiute", {"seats": 9})),
        (BadOptions, lambda: s.open(GUILD, 998, DAN, "paiute", {"colour": "red"})),
        (IllegalMove, lambda: s.act(GUILD, PAIUTE, t["to_act"], {"kind": "discard", "card": "As"})),
        (IllegalMove, lambda: s.act(GUILD, PAIUTE, t["to_act"], {"kind": "fly"})),
        (TooManyTables, lambda: s.open(GUILD, 997, HOST, "palace")),
        (NotAtTable, lambda: s.close(GUILD, UNSEATED, HOST)),
    ]


async def test_every_refusal_is_typed_readable_and_changes_nothing(
    service: TableService, db: Database
):
    t = await _tables(service)
    seen: set[type[TableError]] = set()
    for kind, call in refusals(service, t):
        before = await fingerprint(db)
        statuses = service.tables()
        with pytest.raises(kind) as info:
            await call()
        words = english(info.value)  # the service says a code; the bot words it
        assert words, kind
        if info.value.refusal is not None:  # an engine's code: its game's presenter words it
            assert isinstance(info.value.refusal, IllegalAction), kind
        else:
            assert words[0].isupper(), (info.value, words)
        assert await fingerprint(db) == before, kind
        assert service.tables() == statuses, kind
        seen.add(kind)
    # every kind of refusal was exercised (a tournament's, by test_tournaments.py: it needs
    # the tournament service)
    assert seen == set(TableError.__subclasses__()) - {TournamentError}


async def test_not_your_turn_names_the_player_to_act(service: TableService):
    t = await _tables(service)
    with pytest.raises(NotYourTurn) as info:
        await service.act(GUILD, PAIUTE, t["waiting"], {"kind": "draw", "source": "stock"})
    assert f"<@{t['to_act']}>" in english(info.value)


async def test_a_refused_action_leaves_the_engine_as_it_was(service: TableService):
    t = await _tables(service)
    before = service.status(GUILD, PAIUTE, t["to_act"])
    call: Callable[[], Awaitable[Any]] = lambda: service.act(  # noqa: E731
        GUILD, PAIUTE, t["to_act"], {"kind": "discard", "card": "As"}
    )
    with pytest.raises(IllegalMove):
        await call()
    after = service.status(GUILD, PAIUTE, t["to_act"])
    assert after.view is not None
    assert before.view is not None
    assert after.view.model_dump() == before.view.model_dump()
    assert after.expected == before.expected
