"""The one error reporter for slash commands, views and persistent buttons.

Every failure of an interaction ends in :func:`report_error`, which answers the user once
(ephemerally, through the response or a followup, whichever is still open):

- expected refusals — the table service's ``services.tables.TableError``, a
  :class:`bot.refusal.Refusal` (the bot's own), ``games.errors.IllegalAction``, the services'
  bounds (``services.limits``: an amount or a text outside its bounds), any exception with a
  ``player_message`` string attribute, the typed ``storage`` errors, failed app-command
  checks, options that break their declaration (:mod:`bot.options`) and commands an old
  client still shows — get their player-readable message and are logged at INFO at most, by
  their code only (a refusal's parameters may name the player's hidden cards);
- Discord's 403 code 50013 (the bot lacks a channel permission) gets a message naming the
  permission (wrap channel calls in :func:`needs_permission` to name it exactly);
- anything else is logged at ERROR with the interaction's context and answered with a short
  apology.

An answer never passes Discord's 2,000 characters, and repeats at most 100 of what was typed.

Hooking it up: the command tree's ``on_error`` (:class:`ParlourTree`), :class:`ReportingView`'s
``on_error``, and :func:`reported` around a ``DynamicItem.callback`` (discord.py only logs
exceptions of dynamic items, so they need the decorator).
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.languages import reader_language
from bot.log import describe, interaction_context
from bot.options import MalformedOption, check_options
from bot.refusal import MissingChannelPermission, Refusal, game_refusal, table_refusal
from bot.text import DEFAULT_LOCALE, Msg, Number, Text, catalog, msg
from games.errors import IllegalAction
from games.limits import MAX_CHIPS
from services.limits import AmountOutOfRange, BoundsRefusal, TextTooLong
from services.tables import TableError
from storage import (
    ChannelBusy,
    InsufficientChips,
    SeatNotFound,
    StaleAction,
    TableNotFound,
)

log = logging.getLogger(__name__)

APOLOGY_MESSAGE = msg("errors.apology")
APOLOGY = catalog(DEFAULT_LOCALE).text(APOLOGY_MESSAGE)
"""The apology in English (what the e2e tests compare with)."""

MISSING_PERMISSIONS = 50013
CANNOT_DM = 50007

# What the bot needs in a channel to run a table there, in Discord's own words.
CHANNEL_PERMISSIONS = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "read_message_history": "Read Message History",
}

# Discord's names for the permissions our checks ask users for.
_PERMISSION_NAMES = {"manage_guild": "Manage Server", **CHANNEL_PERMISSIONS}


def permission_name(flag: str) -> str:
    """``manage_guild`` -> ``Manage Server``, as the Discord client names it."""
    return _PERMISSION_NAMES.get(flag, flag.replace("_", " ").title())


def _names(flags: list[str]) -> Text:
    """``**A**, **B** and **C**`` in the reader's language."""
    names = [f"**{permission_name(f)}**" for f in flags]
    if len(names) == 1:
        return names[0]
    return msg("errors.and", head=", ".join(names[:-1]), last=names[-1])


def _storage_message(error: Exception, interaction: discord.Interaction) -> Text | None:
    if isinstance(error, InsufficientChips):
        where = "balance" if error.where == "balance" else "stack"
        needed = Number(error.needed)
        if error.user_id == interaction.user.id:
            return msg(f"errors.storage.insufficient.{where}", needed=needed)
        who = f"<@{error.user_id}>"
        return msg(f"errors.storage.insufficient_other.{where}", player=who, needed=needed)
    if isinstance(error, ChannelBusy):
        return msg("errors.storage.channel_busy")
    if isinstance(error, TableNotFound):
        return msg("errors.storage.no_table")
    if isinstance(error, SeatNotFound):
        return msg("errors.storage.no_seat")
    if isinstance(error, StaleAction):
        return msg("errors.storage.stale")
    return None  # ChipsNotConserved and the like are bugs, not refusals


def _check_message(error: app_commands.AppCommandError) -> Text | None:
    if isinstance(error, MalformedOption):
        return error.text
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return msg("input.command.outdated")  # an old client's cached commands
    if isinstance(error, app_commands.MissingPermissions):
        return msg("errors.check.you_need", permissions=_names(error.missing_permissions))
    if isinstance(error, app_commands.BotMissingPermissions):
        return msg("errors.check.i_need", permissions=_names(error.missing_permissions))
    if isinstance(error, app_commands.NoPrivateMessage):
        return msg("errors.check.no_dms")
    if isinstance(error, app_commands.CommandOnCooldown):
        return msg("errors.check.cooldown", seconds=f"{error.retry_after:.0f}")
    if isinstance(error, app_commands.TransformerError):
        return msg("errors.check.bad_value", value=repr(short(str(error.value))))
    if isinstance(error, app_commands.CheckFailure):
        return msg("errors.check.failed")
    return None


def _bounds_message(error: BoundsRefusal) -> Text:
    option = error.field
    if isinstance(error, TextTooLong):
        return msg("input.option.too_long", option=option, max=Number(error.params["max"]))
    if isinstance(error, AmountOutOfRange):
        low, high = Number(error.params["min"]), Number(error.params["max"])
        if error.params["max"] < error.params["min"]:  # no room left below the ceiling
            return msg("input.amount.no_room", option=option, max=Number(MAX_CHIPS))
        return msg("input.option.range", option=option, min=low, max=high)
    return msg("input.option.wrong_type", option=option)


def _forbidden_message(error: discord.Forbidden, interaction: discord.Interaction) -> Text | None:
    if error.code == CANNOT_DM:
        return msg("errors.forbidden.no_dm")
    if error.code != MISSING_PERMISSIONS:
        return None
    have = interaction.app_permissions
    missing = [flag for flag in CHANNEL_PERMISSIONS if not getattr(have, flag)]
    if missing:
        names = " and ".join(permission_name(f) for f in missing)
        return MissingChannelPermission(names).text
    return msg("errors.forbidden.some", permissions=_names(list(CHANNEL_PERMISSIONS)))


def player_message(
    error: BaseException, interaction: discord.Interaction, locale: str = DEFAULT_LOCALE
) -> str | None:
    """The message for an expected refusal in ``locale``, or ``None`` when ``error`` is a real
    failure."""
    found = _player_text(error, interaction)
    return None if found is None else catalog(locale).text(found)


def _player_text(error: BaseException, interaction: discord.Interaction) -> Text | None:
    found = _refusal_text(error, interaction)
    if isinstance(found, Msg) and found.id in NO_TABLE:
        return _tables_in_threads(interaction) or found
    return found


NO_TABLE = frozenset({"table.refusal.no_table", "errors.storage.no_table"})
"""The refusals that say a channel has no table: in a channel whose tables are in threads,
they name the threads instead."""


def _tables_in_threads(interaction: discord.Interaction) -> Text | None:
    """Where this channel's tables are in its threads (the server's default), the words that
    replace "no table here": the threads that hold one, as links, so the player knows where to
    go."""
    channel, tables = interaction.channel, getattr(interaction.client, "tables", None)
    if not isinstance(channel, discord.TextChannel) or tables is None:
        return None
    threads = {t.id for t in channel.threads}
    held = sorted(t.channel_id for t in tables.tables() if t.channel_id in threads)
    if not held:
        return None
    links = ", ".join(f"<#{thread}>" for thread in held)
    return msg("table.refusal.no_table.threads", threads=links)


def _refusal_text(error: BaseException, interaction: discord.Interaction) -> Text | None:
    if isinstance(error, Refusal):
        return error.text
    if isinstance(error, TableError):
        return table_refusal(error)
    if isinstance(error, IllegalAction):
        return game_refusal(error)
    if isinstance(error, BoundsRefusal):
        return _bounds_message(error)
    duck = getattr(error, "player_message", None)
    if isinstance(duck, str):
        return duck
    if isinstance(error, app_commands.AppCommandError):
        return _check_message(error)
    if isinstance(error, discord.Forbidden):
        return _forbidden_message(error, interaction)
    if isinstance(error, Exception):
        return _storage_message(error, interaction)
    return None


SHOWN = 100
"""The most characters of a player's own input a refusal repeats (cut with an ellipsis)."""

DISCORD_MESSAGE = 2000
"""Discord's longest message: a refusal longer than this would never reach the player."""


def short(text: str, limit: int = SHOWN) -> str:
    """``text`` cut to ``limit`` characters: input is repeated, never unbounded."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def refusal_code(error: BaseException) -> str:
    """What a refusal is, for the log: its code or catalog id, never its parameters (which may
    name the refused player's hidden cards or totals: "you can't stick on 13")."""
    if isinstance(error, TableError):
        if error.refusal is not None:
            return f"{error.game}:{error.refusal.code}"
        return error.message_id
    if isinstance(error, IllegalAction):
        return error.code
    if isinstance(error, BoundsRefusal):
        return f"{error.code}:{error.field}"
    if isinstance(error, MalformedOption):
        return f"option:{error.code}"
    text = getattr(error, "text", None)
    if isinstance(text, Msg):
        return text.id
    return type(error).__name__


def unwrap(error: BaseException) -> BaseException:
    """The exception a command (or a transformer refusing a value) actually raised."""
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    if isinstance(error, app_commands.TransformerError) and isinstance(error.__cause__, Refusal):
        return error.__cause__
    return error


async def tell(interaction: discord.Interaction, message: str) -> None:
    """Answer ``message`` ephemerally, by response or followup, whichever is still open.

    After a public "thinking" defer, the first followup would replace the public placeholder
    (its visibility was fixed by the defer), so the placeholder is deleted first and the
    refusal stays private.
    """
    message = short(message, DISCORD_MESSAGE)
    if not interaction.response.is_done():
        await interaction.response.send_message(message, ephemeral=True)
        return
    if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
        original = await interaction.original_response()
        if original.flags.loading and not original.flags.ephemeral:
            await interaction.delete_original_response()
    await interaction.followup.send(message, ephemeral=True)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """THE mapping of a failed interaction to its answer (see the module docstring)."""
    interaction_context(interaction)
    error = unwrap(error)
    try:
        locale = await reader_language(interaction)
    except Exception as failure:  # the database is gone (shutting down): say it in English
        log.warning("No reader language for a refusal: %r", failure)
        locale = DEFAULT_LOCALE
    message = player_message(error, interaction, locale)
    if message is None:
        log.error("Unhandled error in an interaction [%s]", describe(interaction), exc_info=error)
        message = catalog(locale).text(APOLOGY_MESSAGE)
    else:
        log.info("Refused: %s (%s)", refusal_code(error), type(error).__name__)
    try:
        await tell(interaction, message)
    except discord.HTTPException as failure:
        # The interaction expired or was answered elsewhere: nothing more can reach the user.
        log.warning("Could not report an error to the user: %r", failure)


@contextlib.asynccontextmanager
async def needs_permission(
    permission: str, channel: discord.abc.Messageable | None = None
) -> AsyncIterator[None]:
    """Name the permission a channel call needs, so a 403/50013 reaches the user as
    "I need the **Send Messages** permission in #tables"::

        async with needs_permission("Send Messages", channel):
            message = await channel.send(embed=table)
    """
    try:
        yield
    except discord.Forbidden as error:
        if error.code != MISSING_PERMISSIONS:
            raise
        mention = getattr(channel, "mention", None)
        raise MissingChannelPermission(permission, mention) from error


class ParlourTree(app_commands.CommandTree[Any]):
    """The command tree: logs who runs what, and sends every command error to the reporter."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Tag this interaction's log records, and hold a command's options to their
        declaration (:mod:`bot.options`: a malformed one is refused, never run)."""
        interaction_context(interaction)
        if interaction.type is discord.InteractionType.application_command:
            await check_options(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        """Every slash command failure."""
        await report_error(interaction, error)


class ReportingView(discord.ui.View):
    """A view whose callback failures go to the reporter."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Tag this interaction's log records; subclasses refine who may click."""
        interaction_context(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any], /
    ) -> None:
        """Every callback failure of this view."""
        await report_error(interaction, error)


S = TypeVar("S")
Callback = Callable[[S, discord.Interaction], Coroutine[Any, Any, None]]


def reported(callback: Callback[S]) -> Callback[S]:
    """Route a ``DynamicItem.callback``'s failures to the reporter (discord.py would only log
    them, leaving the click unanswered)."""

    @functools.wraps(callback)
    async def wrapper(self: S, interaction: discord.Interaction) -> None:
        interaction_context(interaction)
        try:
            await callback(self, interaction)
        except Exception as error:
            await report_error(interaction, error)

    return wrapper
