"""The documented rules no JSON schema expresses: totals across fields, uniqueness, how a row may
be filled, which flags a message may carry, the command tree's naming and ordering rules.

``request_errors`` is what the REST layer calls for every request, after the spec's schema
check (``schema.Spec.request_errors``); both answer in Discord's nested ``errors`` shape.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from enum import Enum
from typing import Any

from sandbox import limits
from sandbox.limits import JSON, field_error, merge, nest, too_long

BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE = 10, 11, 12, 13
ATTACHMENT = "attachment://"
SELECTS = {3, 5, 6, 7, 8}  # string, user, role, mentionable, channel
ACTION_ROW = 1
CALLBACK_MESSAGE, CALLBACK_UPDATE, CALLBACK_AUTOCOMPLETE, CALLBACK_MODAL = 4, 7, 8, 9
CALLBACK_DEFERRED_MESSAGE, CALLBACK_DEFERRED_UPDATE = 5, 6
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
_NAME = re.compile(limits.COMMAND_NAME)


class Kind(Enum):
    """Which flags a message body may carry, by where it is sent."""

    CREATE = limits.CREATE_FLAGS
    INTERACTION = limits.INTERACTION_FLAGS
    EDIT = limits.EDIT_FLAGS


def _invalid(message: str) -> JSON:
    return field_error("BASE_TYPE_INVALID", message)


def _embed_length(embed: JSON) -> int:
    def text(value: Any) -> int:
        return len(value) if isinstance(value, str) else 0

    total = text(embed.get("title")) + text(embed.get("description"))
    for item in embed.get("fields") or []:
        if isinstance(item, dict):
            total += text(item.get("name")) + text(item.get("value"))
    for part, key in (("footer", "text"), ("author", "name")):
        if isinstance(embed.get(part), dict):
            total += text(embed[part].get(key))
    return total


def _children(component: JSON) -> Iterator[JSON]:
    for key in ("components", "accessory", "component"):
        value = component.get(key)
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, dict):
                yield child


def _count(components: list[Any]) -> int:
    return sum(1 + _count(list(_children(c))) for c in components if isinstance(c, dict))


def _button_errors(button: JSON) -> str | None:
    style = button.get("style")
    has_id, has_url = button.get("custom_id") is not None, button.get("url") is not None
    if style == limits.LINK_STYLE:
        return None if has_url and not has_id else "A link button has a url and no custom_id."
    if style == limits.PREMIUM_STYLE:
        ok = button.get("sku_id") is not None and not has_id and not has_url
        return None if ok else "A premium button has a sku_id and no custom_id or url."
    return None if has_id and not has_url else "A button has a custom_id and no url."


def _select_errors(select: JSON) -> str | None:
    options = select.get("options")
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not isinstance(low, int) or not isinstance(high, int):
        return None  # the spec's type check reports it
    if low > high:
        return "min_values must not exceed max_values."
    if select.get("type") == STRING_SELECT and isinstance(options, list) and high > len(options):
        return f"max_values must not exceed the {len(options)} options."
    return None


def _row_errors(row: JSON, path: list[str], errors: JSON) -> None:
    children = [c for c in row.get("components") or [] if isinstance(c, dict)]
    selects = [c for c in children if c.get("type") in SELECTS]
    if selects and len(children) > 1:
        merge(errors, nest([*path, "components"], _invalid("A select must be alone in its row.")))
    for i, child in enumerate(children):
        kind = child.get("type")
        problem = _button_errors(child) if kind == BUTTON else None
        if kind in SELECTS:
            problem = _select_errors(child)
        if problem:
            merge(errors, nest([*path, "components", str(i)], _invalid(problem)))


def _custom_ids(components: list[Any], path: list[str]) -> Iterator[tuple[str, list[str]]]:
    for i, comp in enumerate(components):
        if not isinstance(comp, dict):
            continue
        where = [*path, str(i)]
        if isinstance(comp.get("custom_id"), str):
            yield comp["custom_id"], where
        for key in ("components", "accessory", "component"):
            value = comp.get(key)
            if isinstance(value, list):
                yield from _custom_ids(value, [*where, key])
            elif isinstance(value, dict):
                yield from _custom_ids([value], [*where, key])


def _duplicates(components: list[Any], path: list[str], errors: JSON) -> None:
    seen: set[str] = set()
    for custom_id, where in _custom_ids(components, path):
        if custom_id in seen:
            merge(
                errors,
                nest(
                    [*where, "custom_id"],
                    field_error(
                        "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"
                    ),
                ),
            )
        seen.add(custom_id)


def _walk(components: list[Any]) -> Iterator[JSON]:
    for c in components:
        if isinstance(c, dict):
            yield c
            yield from _walk(list(_children(c)))


def _text_total(components: list[Any]) -> int:
    return sum(
        len(c["content"])
        for c in _walk(components)
        if c.get("type") == TEXT_DISPLAY and isinstance(c.get("content"), str)
    )


def attachment_refs(components: list[Any]) -> list[str]:
    """The file names a message's media galleries, thumbnails and files point at with
    ``attachment://name``."""
    urls: list[str] = []
    for c in _walk(components):
        media = [c.get("media"), c.get("file")]
        media += [i.get("media") for i in c.get("items") or [] if isinstance(i, dict)]
        for m in media:
            url = m.get("url") if isinstance(m, dict) else None
            if isinstance(url, str) and url.startswith(ATTACHMENT):
                urls.append(url[len(ATTACHMENT) :])
    return urls


def component_errors(components: list[Any], path: list[str], *, v2: bool) -> JSON:
    """Top-level count (5 rows, or 40 components in all with Components V2), row filling,
    buttons, selects and unique custom_ids."""
    errors: JSON = {}
    if v2:
        if _count(components) > limits.MAX_V2_COMPONENTS:
            merge(errors, nest(path, too_long(limits.MAX_V2_COMPONENTS)))
        if _text_total(components) > limits.MAX_V2_TEXT:
            merge(
                errors,
                nest(
                    path,
                    _invalid(f"The text of all components exceeds {limits.MAX_V2_TEXT}."),
                ),
            )
    elif len(components) > limits.MAX_ROWS:
        merge(errors, nest(path, too_long(limits.MAX_ROWS)))
    for r, row in enumerate(components):
        if not isinstance(row, dict):
            continue
        if row.get("type") == ACTION_ROW:
            _row_errors(row, [*path, str(r)], errors)
        elif not v2:
            merge(
                errors,
                nest(
                    [*path, str(r)],
                    _invalid(
                        "Without the IS_COMPONENTS_V2 flag only action rows may be top-level."
                    ),
                ),
            )
    _duplicates(components, path, errors)
    return errors


def message_errors(body: Any, path: tuple[str, ...] = (), kind: Kind = Kind.CREATE) -> JSON:
    """Content, embeds, components and flags of a message body; {} if valid."""
    if not isinstance(body, dict):
        return {}
    errors: JSON = {}
    base = list(path)
    content = body.get("content")
    if isinstance(content, str) and len(content) > limits.MAX_CONTENT:
        merge(errors, nest([*base, "content"], too_long(limits.MAX_CONTENT)))
    embeds = body.get("embeds")
    if isinstance(embeds, list):
        if len(embeds) > limits.MAX_EMBEDS:
            merge(errors, nest([*base, "embeds"], too_long(limits.MAX_EMBEDS)))
        total = sum(_embed_length(e) for e in embeds if isinstance(e, dict))
        if total > limits.MAX_EMBED_TOTAL:
            merge(
                errors,
                nest(
                    [*base, "embeds"],
                    field_error(
                        "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
                    ),
                ),
            )
    flags = body.get("flags")
    v2 = isinstance(flags, int) and bool(flags & limits.IS_COMPONENTS_V2)
    if isinstance(flags, int) and flags & ~kind.value:
        merge(errors, nest([*base, "flags"], _invalid(f"Flags {flags & ~kind.value} not allowed.")))
    if v2 and (body.get("content") or body.get("embeds")):
        merge(
            errors,
            nest(
                [*base, "content"],
                _invalid("A message with IS_COMPONENTS_V2 has no content or embeds."),
            ),
        )
    components = body.get("components")
    if isinstance(components, list):
        merge(errors, component_errors(components, [*base, "components"], v2=v2))
    return errors


def modal_errors(data: JSON) -> JSON:
    """Unique custom_ids in a modal (its sizes are the spec's, patched to 5 components)."""
    errors: JSON = {}
    _duplicates(list(data.get("components") or []), ["data", "components"], errors)
    return errors


def callback_errors(body: Any) -> JSON:
    """An interaction callback's ``data``, by its type."""
    if not isinstance(body, dict) or not isinstance(body.get("data"), dict):
        return {}
    kind, data = body.get("type"), body["data"]
    if kind in (CALLBACK_MESSAGE, CALLBACK_UPDATE):
        flags = Kind.INTERACTION if kind == CALLBACK_MESSAGE else Kind.EDIT
        return message_errors(data, ("data",), flags)
    if kind == CALLBACK_MODAL:
        return modal_errors(data)
    if kind in (CALLBACK_DEFERRED_MESSAGE, CALLBACK_DEFERRED_UPDATE):
        flags = data.get("flags")
        if isinstance(flags, int) and flags & ~limits.EPHEMERAL:
            # a deferred answer only says whether the answer will be ephemeral; the V2 flag
            # goes on the edit of the original response
            return nest(["data", "flags"], _invalid("A deferred response only takes EPHEMERAL."))
    return {}


def upload_errors(method: str, route: str, body: JSON) -> JSON:
    """Every ``attachment://name`` a message points at is uploaded with it, or (an edit) kept
    by its ``attachments`` list. An edit with neither keeps the message's files, which the
    handler knows (``missing_attachments``)."""
    data = body
    if route == CALLBACK:
        if body.get("type") not in (CALLBACK_MESSAGE, CALLBACK_UPDATE):
            return {}
        inner = body.get("data")
        data = inner if isinstance(inner, dict) else {}
    elif (method, route) not in (
        ("POST", MESSAGES),
        ("PATCH", MESSAGE),
        ("PATCH", WEBHOOK_MESSAGE),
        ("POST", WEBHOOK),
    ):
        return {}
    refs = attachment_refs(list(data.get("components") or []))
    if not refs:
        return {}
    edit = method == "PATCH" or body.get("type") == CALLBACK_UPDATE
    listed = data.get("attachments")
    if edit and listed is None and not body.get("_files"):
        return {}
    names = set(body.get("_files") or [])
    names |= {str(a.get("filename")) for a in listed or [] if isinstance(a, dict)}
    missing = [r for r in refs if r not in names]
    if not missing:
        return {}
    where = ["data", "components"] if route == CALLBACK else ["components"]
    return nest(where, _invalid(f"attachment://{missing[0]} is not among the message's files."))


def edit_errors(flags: int, attachments: list[str], body: JSON, path: tuple[str, ...] = ()) -> JSON:
    """An edit of a stored message (its ``flags`` and ``attachments`` now): a V2 message takes
    no content or embeds (it never turns back into one that does), and the pictures it will
    point at are among the files it keeps or gets."""
    errors: JSON = {}
    if flags & limits.IS_COMPONENTS_V2 and (body.get("content") or body.get("embeds")):
        merge(
            errors,
            nest(
                [*path, "content"],
                _invalid("A message with IS_COMPONENTS_V2 cannot get content or embeds."),
            ),
        )
    components = body.get("components")
    if isinstance(components, list) and body.get("attachments") is None:
        have = set(attachments) | set(body.get("_files") or [])
        missing = [r for r in attachment_refs(components) if r not in have]
        if missing:
            merge(
                errors,
                nest(
                    [*path, "components"],
                    _invalid(f"attachment://{missing[0]} is not among the message's files."),
                ),
            )
    return errors


def _option_characters(option: JSON) -> int:
    total = len(str(option.get("name") or "")) + len(str(option.get("description") or ""))
    for choice in option.get("choices") or []:
        if isinstance(choice, dict):
            total += len(str(choice.get("name") or "")) + len(str(choice.get("value") or ""))
    return total + sum(_option_characters(o) for o in option.get("options") or [])


def _name_error(name: Any, *, chat_input: bool) -> str | None:
    if not isinstance(name, str) or not name:
        return None  # the spec reports a missing or empty name
    if chat_input and (not _NAME.match(name) or name != name.lower()):
        return "Command name is invalid: lowercase letters, digits, - _ ' and 1-32 of them."
    return None


def _options_errors(options: list[Any], path: list[str], errors: JSON) -> None:
    names: set[str] = set()
    optional_seen = False
    for i, option in enumerate(options):
        if not isinstance(option, dict):
            continue
        where = [*path, str(i)]
        if problem := _name_error(option.get("name"), chat_input=True):
            merge(errors, nest([*where, "name"], _invalid(problem)))
        if option.get("name") in names:
            merge(
                errors,
                nest(
                    [*where, "name"],
                    field_error(
                        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                        "Option names must be unique",
                    ),
                ),
            )
        names.add(str(option.get("name")))
        if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            _options_errors(list(option.get("options") or []), [*where, "options"], errors)
            continue
        if option.get("required"):
            if optional_seen:
                merge(
                    errors,
                    nest(
                        [*where, "required"],
                        field_error(
                            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                            "Required options must be placed before non-required options",
                        ),
                    ),
                )
        else:
            optional_seen = True


def command_errors(command: Any, path: list[str]) -> JSON:
    """One command: name rule and case, a description for slash commands, unique option names,
    required before optional, 8000 characters in all."""
    if not isinstance(command, dict):
        return {}
    errors: JSON = {}
    chat_input = command.get("type", 1) in (1, None)
    if problem := _name_error(command.get("name"), chat_input=chat_input):
        merge(errors, nest([*path, "name"], _invalid(problem)))
    if chat_input and not command.get("description"):
        merge(errors, nest([*path, "description"], field_error("BASE_TYPE_REQUIRED")))
    options = list(command.get("options") or [])
    _options_errors(options, [*path, "options"], errors)
    if _option_characters(command) > limits.MAX_COMMAND_CHARACTERS:
        merge(
            errors,
            nest(
                path,
                field_error("APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (8000)"),
            ),
        )
    return errors


def commands_errors(commands: Any) -> JSON:
    """A bulk overwrite: every command, unique names per type, at most 100 slash commands."""
    if not isinstance(commands, list):
        return {}
    errors: JSON = {}
    seen: set[tuple[Any, Any]] = set()
    counts: dict[Any, int] = {}
    for i, command in enumerate(commands):
        merge(errors, command_errors(command, [str(i)]))
        if not isinstance(command, dict):
            continue
        kind = command.get("type") or 1
        key = (kind, command.get("name"))
        if key in seen:
            merge(
                errors,
                nest(
                    [str(i), "name"],
                    field_error(
                        "APPLICATION_COMMANDS_DUPLICATE_NAME",
                        "Application command names must be unique",
                    ),
                ),
            )
        seen.add(key)
        counts[kind] = counts.get(kind, 0) + 1
    for kind, count in counts.items():
        if count > limits.MAX_COMMANDS.get(kind, limits.MAX_COMMANDS[1]):
            merge(errors, too_long(limits.MAX_COMMANDS.get(kind, limits.MAX_COMMANDS[1])))
    return errors


MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"
WEBHOOK_MESSAGE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
COMMANDS = (
    "/applications/{application_id}/commands",
    "/applications/{application_id}/guilds/{guild_id}/commands",
)


def request_errors(method: str, route: str, body: Any) -> JSON:
    """The documented rules of one request (beyond its schema); {} if it keeps them."""
    if (method, route) == ("POST", MESSAGES):
        return message_errors(body)
    if (method, route) in (("PATCH", MESSAGE), ("PATCH", WEBHOOK_MESSAGE)):
        return message_errors(body, kind=Kind.EDIT)
    if (method, route) == ("POST", WEBHOOK):
        return message_errors(body, kind=Kind.INTERACTION)
    if (method, route) == ("POST", CALLBACK):
        return callback_errors(body)
    if method == "PUT" and route in COMMANDS:
        return commands_errors(body)
    return {}
