"""Spec'd fakes of discord.py's objects for the table kit's unit tests (python-discord's
``tests/helpers.py`` is the model): ``create_autospec`` where the calls' arguments are checked
against discord.py's signatures, ``spec_set``/``spec`` for the big client classes, whose
autospec costs a good part of a second. An attribute or method discord.py's class lacks fails
either way; our own code is never faked."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any
from unittest.mock import NonCallableMock, create_autospec

import discord

from services.tables import SeatStatus, TableStatus

GUILD, CHANNEL, TABLE, MESSAGE = 1, 10, 7, 99
ALICE, BOB = 1001, 1002


def status(
    to_act: int | None = ALICE,
    *,
    deal: int = 1,
    away: tuple[int, ...] = (),
    message_id: int | None = MESSAGE,
    counter: int = 1,
) -> TableStatus:
    """Table ``TABLE`` in ``CHANNEL``: alice, bob and a computer seated; ``to_act`` None: no
    deal open."""
    seats = tuple(SeatStatus(u, 100, True, True, u in away) for u in (ALICE, BOB, -1))
    return TableStatus(
        table_id=TABLE,
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="paiute",
        title="paiute",
        host_id=ALICE,
        message_id=message_id,
        deal_number=deal,
        action_counter=counter,
        deal_open=to_act is not None,
        phase="play",
        to_act=to_act,
        deadline=None,
        pot=0,
        kitty=0,
        seats=seats,
        max_seats=5,
        min_buy_in=100,
        max_buy_in=5000,
        options={},
        view=None,
    )


def message(channel: int = CHANNEL, message_id: int = 555) -> Any:
    """A message Discord gave back for a send."""
    sent = NonCallableMock(spec_set=discord.Message)
    sent.id, sent.channel = message_id, SimpleNamespace(id=channel)
    return sent


async def nothing() -> None:
    """What an ``HTTPClient`` route gives to await (it returns an awaitable, no coroutine)."""


def refused(kind: type[discord.HTTPException], status: int, code: int, **headers: str) -> Any:
    """Discord's refusal as discord.py raises it (``response`` is what it reads of aiohttp's)."""
    response = SimpleNamespace(status=status, reason="refused", headers=headers)
    return kind(response, {"code": code, "message": "refused"})


def client() -> Any:
    """The bot: a ``discord.Client``'s attributes only; its HTTP client spec'd too."""
    bot = NonCallableMock(spec=discord.Client)
    bot.http = NonCallableMock(spec_set=discord.http.HTTPClient)
    bot.http.delete_message.side_effect = lambda *a, **k: nothing()
    bot.is_closed.return_value = False
    return bot


def channel() -> Any:
    """A channel addressed by id (``get_partial_messageable``); each send gives a message."""
    where = create_autospec(discord.PartialMessageable, instance=True)
    where.send.side_effect = lambda *a, **k: message()
    return where


def webhook(token: str) -> Any:
    """An interaction's followup webhook with ``token``."""
    hook = create_autospec(discord.Webhook, instance=True)
    hook.token = token
    hook.send.side_effect = lambda *a, **k: message()
    return hook


def clicked(user: int, hook: Any) -> Any:
    """An interaction at ``CHANNEL`` answered publicly just now (what the fresh tokens read of
    discord.py's ``Interaction``)."""
    return SimpleNamespace(
        user=SimpleNamespace(id=user),
        channel_id=CHANNEL,
        created_at=discord.utils.utcnow(),
        response=SimpleNamespace(type=discord.InteractionResponseType.channel_message),
        followup=hook,
    )


async def idle() -> None:
    """Let every task that can run, run (nothing here waits for real time)."""
    for _ in range(30):
        await asyncio.sleep(0)


def mentions_only(call: Any, user: int) -> None:
    """The call's ``allowed_mentions`` let only ``user`` be notified."""
    allowed = call.kwargs["allowed_mentions"]
    assert [o.id for o in allowed.users] == [user]
    assert (allowed.everyone, allowed.roles) == (False, False)
