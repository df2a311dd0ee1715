"""Spec'd fakes of discord.py's objects for the table kit's unit tests (python-discord's
``tests/helpers.py`` is the model): ``create_autospec`` where the calls' arguments are checked
against discord.py's signatures, ``spec_set``/``spec`` for the big client classes, whose
autospec costs a good part of a second. An attribute or method discord.py's class lacks fails
either way; our own code is never faked."""

from __future__ import annotations

import asyncio
from datetime import timedelta
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


def client(kind: type[discord.Client] = discord.Client) -> Any:
    """The bot: a ``discord.Client``'s attributes only (``kind``: of a subclass, such as
    ``commands.Bot``); its HTTP client spec'd too."""
    bot = NonCallableMock(spec=kind)
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


def member(user: int) -> Any:
    """The member behind an interaction (what the desk reads: id, name, mention)."""
    person = NonCallableMock(spec_set=discord.Member)
    person.id, person.display_name, person.mention = user, f"player{user}", f"<@{user}>"
    person.bot = False
    return person


def response() -> Any:
    """An interaction's response, answered once as discord.py's is: each answer sets its
    ``type`` and a second one raises ``InteractionResponded``."""
    answers = create_autospec(discord.InteractionResponse, instance=True)
    answers.type = None
    kinds = discord.InteractionResponseType

    def answering(kind: discord.InteractionResponseType) -> Any:
        async def answer(*args: Any, **kwargs: Any) -> None:
            if answers.type is not None:
                raise discord.InteractionResponded(answers)
            answers.type = kind

        return answer

    answers.send_message.side_effect = answering(kinds.channel_message)
    answers.edit_message.side_effect = answering(kinds.message_update)
    answers.send_modal.side_effect = answering(kinds.modal)
    answers.defer.side_effect = answering(kinds.deferred_channel_message)
    answers.is_done.side_effect = lambda: answers.type is not None
    return answers


def posted(message_id: int = MESSAGE, *, ephemeral: bool = False) -> Any:
    """A message a component was clicked on (the table message, or an ephemeral reply)."""
    shown = NonCallableMock(spec_set=discord.Message)
    shown.id, shown.flags = message_id, discord.MessageFlags(ephemeral=ephemeral)
    return shown


def interaction(
    user: int,
    bot: Any,
    *,
    channel: int = CHANNEL,
    message: Any = None,
    age: float = 0.0,
    kind: discord.InteractionType = discord.InteractionType.component,
    manage_guild: bool = False,
) -> Any:
    """A fresh interaction of ``user`` at ``channel`` (``age`` seconds old): a click when
    ``message`` is the message clicked on, else a slash command; its followup webhook's token
    names the user."""
    made = NonCallableMock(spec_set=discord.Interaction)
    made.user, made.client = member(user), bot
    made.guild_id, made.channel_id = GUILD, channel
    made.created_at = discord.utils.utcnow() - timedelta(seconds=age)
    made.response, made.followup = response(), webhook(f"tok-{user}")
    made.type, made.message = kind, message
    made.command, made.data = None, {}
    made.permissions = discord.Permissions(manage_guild=manage_guild)
    made.locale = discord.Locale.american_english
    return made
