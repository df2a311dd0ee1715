"""Private updates: who learns their new cards, and by which call.

Discord's global limit (50 requests/s per bot) is what bounds a busy process, and interaction
answers and their followups are exempt from it; so a player's private update travels on one of
their own interactions whenever there is one:

- the player whose interaction made the step: in its answer when it is still unanswered (a
  slash command: the update IS the answer, one call), else in a followup of it (a click on the
  table message, answered with the table);
- anyone else (the deal, another player's move): an ephemeral followup of their latest
  answered interaction at this table's channel while its token is fresh (:mod:`._fresh`): it
  shows where they play;
- otherwise, or when Discord refuses the followup (an expired or unknown token), a DM; closed
  DMs get the channel note and **My cards** (the publisher's).
"""

from __future__ import annotations

import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, Protocol

import discord

from bot.languages import Languages
from bot.table import _presenter as present
from bot.table import _render as render
from bot.table._fresh import FreshTokens
from bot.table._layout import hand_components
from bot.table._message import MessageFormat
from bot.table._names import TableNames
from bot.table._ui import GameUI
from bot.text import Text
from games.actions import ActionSpec
from services.tables import PrivateView, TableError, TableService, TableStatus
from services.tables.outbox import told_person

log = logging.getLogger(__name__)


class Desk(Protocol):
    """What private delivery needs of the bot's desk (``_desk.Desk`` is one; a protocol, so
    this module does not import the desk that calls it)."""

    locale: str
    languages: Languages | None
    fresh: FreshTokens

    @property
    def service(self) -> TableService: ...

    def ui(self, game: str) -> GameUI: ...

    def names_of(self, status: TableStatus) -> TableNames: ...

    async def reader(self, interaction: discord.Interaction) -> str: ...

    async def reply(self, interaction: discord.Interaction, text: Text) -> None: ...

    async def format_of(self, status: TableStatus) -> MessageFormat: ...

    async def dm(self, status: TableStatus, user: int, send: dict[str, Any]) -> None: ...


ANSWER_WITHIN_S = 3.0
"""Discord's deadline for an interaction's first answer: past it the update goes by followup
or DM instead of a doomed answer."""


def _answerable(interaction: discord.Interaction) -> bool:
    if interaction.response.is_done():
        return False
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return age < ANSWER_WITHIN_S


async def deliver(
    desk: Desk,
    status: TableStatus,
    events: Iterable[present.AnyEvent],
    interaction: discord.Interaction | None = None,
    reply: Text | Callable[[], Awaitable[None]] | None = None,
    *,
    owed: Iterable[int] = (),
    views: Mapping[int, PrivateView] | None = None,
) -> None:
    """Tell every player whose private cards changed in this step what happened to them, and
    their cards as they are now (see the module); ``interaction`` (the step's own, if any) is
    answered with ``reply`` (a text, or a coroutine function that answers) when the player's
    own update did not answer it. ``owed``: players the private outbox says are still owed an
    update from before a restart (told their cards as they are now). ``views``: the step's
    private views (``ActionResult.private``); a player missing from it is read."""
    views = views or {}
    mine: dict[int, list[present.AnyEvent]] = defaultdict(list)
    for user in owed:
        mine[user] = []
    for event in events:
        person = told_person(event)
        if person is not None:
            mine[person].append(event)
    actor = interaction.user.id if interaction is not None else None
    here = interaction is not None and interaction.channel_id == status.channel_id
    ui, names = desk.ui(status.game), desk.names_of(status)
    if interaction is not None and here and actor in mine:
        now, legal = _now(desk, status, actor, views)
        own = mine.pop(actor)
        model = present.present_private(ui, status, own, now, actor, names)
        locale = await desk.reader(interaction)
        text = render.private_text(model, locale)
        if not await answer_privately(desk, interaction, now, text, locale, legal):
            # the interaction was not answered in time (a loaded bot): the update goes as to
            # anyone else, on the player's previous fresh interaction here, else by DM
            mine[actor] = own
    if interaction is not None and reply is not None and _answerable(interaction):
        with contextlib.suppress(discord.HTTPException):
            await (reply() if callable(reply) else desk.reply(interaction, reply))
    if interaction is not None:
        desk.fresh.seen(interaction)
    for user, told in mine.items():
        now, legal = _now(desk, status, user, views)
        model = present.present_private(ui, status, told, now, user, names)
        followup = desk.fresh.get(user, status.channel_id)
        if followup is not None:
            locale = await _locale(desk, status, user)
            text = render.private_text(model, locale)
            send = await private_send(desk, now, user, text, locale, legal)
            if await _follow(followup, send):
                continue
            desk.fresh.drop(user, status.channel_id)
        await _dm(desk, status, user, model, now)


def _now(
    desk: Desk, status: TableStatus, user: int, views: Mapping[int, PrivateView]
) -> tuple[TableStatus | None, list[ActionSpec] | None]:
    """``user``'s private view of the table as the step left it (``None`` once they are
    gone), with their legal actions; read from the service only when the step did not carry
    it (an update owed from before a restart)."""
    view = views.get(user)
    if view is not None:
        return view.status, view.legal
    try:
        seen = desk.service.status(status.guild_id, status.channel_id, user)
    except TableError:
        return None, None
    return (seen if seen.table_id == status.table_id and seen.view is not None else None), None


async def _locale(desk: Desk, status: TableStatus, user: int) -> str:
    if desk.languages is None:
        return desk.locale
    return await desk.languages.of(user, status.guild_id)


async def _dm(
    desk: Desk,
    status: TableStatus,
    user: int,
    model: Any,
    now: TableStatus | None,
) -> None:
    locale = await _locale(desk, status, user)
    text = render.private_text(model, locale)
    if now is None:  # no cards to show: the words alone
        await desk.dm(status, user, {"content": text})
    else:
        await desk.dm(status, user, await (await desk.format_of(now)).hand(now, text, locale))


async def private_send(
    desk: Desk,
    now: TableStatus | None,
    user: int,
    text: str,
    locale: str,
    legal: list[ActionSpec] | None = None,
) -> dict[str, Any]:
    """The keyword arguments of an ephemeral message with ``text`` and the player's cards
    (``now``, their private view) with the card choices they have (the **My cards** selects;
    ``legal``: their legal actions, asked for when not given)."""
    if now is None:
        return {"content": text}
    if legal is None:
        legal = []
        with contextlib.suppress(TableError):
            legal = desk.service.legal_actions(now.guild_id, now.channel_id, user)
    choices = hand_components(desk.ui(now.game), now, legal, desk.names_of(now))
    return await (await desk.format_of(now)).hand(now, text, locale, choices)


async def answer_privately(
    desk: Desk,
    interaction: discord.Interaction,
    now: TableStatus | None,
    text: str,
    locale: str,
    legal: list[ActionSpec] | None = None,
) -> bool:
    """The player's own update after their own interaction: its ephemeral answer when it is
    still unanswered, else its followup; ``False`` if neither could be sent (then a DM)."""
    send = await private_send(desk, now, interaction.user.id, text, locale, legal)
    if _answerable(interaction):
        try:
            if _on_own_reply(interaction):  # My cards' select: its reply becomes the update
                await interaction.response.edit_message(**await _as_edit(desk, now, send))
            else:
                await interaction.response.send_message(**send, ephemeral=True)
        except discord.HTTPException as error:
            log.info("private update as the answer failed, by followup: %r", error)
        else:
            return True
        if not interaction.response.is_done():
            return False
    return await _follow(interaction.followup, send)


def _on_own_reply(interaction: discord.Interaction) -> bool:
    """A component of an ephemeral message (a My cards reply, a private update)."""
    message = interaction.message
    return (
        interaction.type is discord.InteractionType.component
        and message is not None
        and message.flags.ephemeral
    )


async def _as_edit(desk: Desk, now: TableStatus | None, send: dict[str, Any]) -> dict[str, Any]:
    """A private send as an edit of the reply it answers: the table's format says how (see
    ``MessageFormat.as_edit``); words without cards (the player left) lose the old selects."""
    if now is None:
        return {"content": send["content"], "view": None}
    return (await desk.format_of(now)).as_edit(send)


async def _follow(followup: discord.Webhook, send: dict[str, Any]) -> bool:
    try:
        await followup.send(**send, ephemeral=True)
    except discord.HTTPException as error:
        log.info("private update by followup failed, by DM instead: %r", error)
        return False
    return True
