"""Slash commands in the Discord client's language: names, descriptions, options and choices
through catalog ids (``command.palace.open.description``), for the Discord locales we have
catalogs for (``de``, ``tr``; Discord has no Persian, Arabic or Sindhi client).

English stays what the code says (``bot/locale/en/commands.po`` repeats it under the ids, and a
test keeps the two equal): the translator answers ``None`` for English and for any id a
language lacks, and discord.py then sends the English alone.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.text import DEFAULT_LOCALE, MissingMessage, catalog, has_catalog, msg
from bot.text.choose import from_discord

_KINDS = {
    Where.command_name: "name",
    Where.group_name: "name",
    Where.command_description: "description",
    Where.group_description: "description",
    Where.parameter_name: "name",
    Where.parameter_description: "description",
}


def _path(command: Any) -> str:
    return str(command.qualified_name).replace(" ", ".")


def string_id(location: Where, data: Any) -> str | None:
    """The catalog id of one command string (``None``: not one we translate)."""
    if location in (Where.command_name, Where.group_name):
        return f"command.{_path(data)}.name"
    if location in (Where.command_description, Where.group_description):
        return f"command.{_path(data)}.description"
    if location in (Where.parameter_name, Where.parameter_description):
        return f"command.{_path(data.command)}.option.{data.name}.{_KINDS[location]}"
    if location is Where.choice_name and isinstance(data, app_commands.Choice):
        return f"command.choice.{data.value}"
    return None


class CatalogTranslator(app_commands.Translator):
    """discord.py's translator over our catalogs."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        language = from_discord(str(locale.value))
        if language is None or language == DEFAULT_LOCALE or not has_catalog(language):
            return None
        key = string_id(context.location, context.data)
        if key is None:
            return None
        try:
            return catalog(language).text(msg(key))
        except MissingMessage:
            return None


def _walk(commands: list[Any]) -> list[Any]:
    found: list[Any] = []
    for command in commands:
        found.append(command)
        if isinstance(command, app_commands.Group):
            found.extend(_walk(list(command.commands)))
    return found


def command_strings(tree: app_commands.CommandTree[Any]) -> dict[str, str]:
    """Every command string of ``tree`` by catalog id, in its English (what ``commands.po``
    holds; ``python -m bot.exts.language`` prints it)."""
    out: dict[str, str] = {}
    for command in _walk(list(tree.get_commands())):
        group = isinstance(command, app_commands.Group)
        name = Where.group_name if group else Where.command_name
        description = Where.group_description if group else Where.command_description
        out[string_id(name, command) or ""] = command.name
        out[string_id(description, command) or ""] = str(command.description)
        if group:
            continue
        for param in command.parameters:
            out[string_id(Where.parameter_name, param) or ""] = param.name
            out[string_id(Where.parameter_description, param) or ""] = str(param.description)
            for choice in param.choices:
                out[string_id(Where.choice_name, choice) or ""] = choice.name
    return out
