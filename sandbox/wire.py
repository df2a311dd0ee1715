"""HTTP details of Discord's REST API that discord.py depends on: JSON responses and errors.

``Content-Type`` must be exactly ``application/json``: discord.py's ``json_or_text`` compares it
for equality, and aiohttp's ``json_response`` appends ``; charset=utf-8``, which would turn every
body into a string.
"""

from __future__ import annotations

import json
from enum import IntEnum
from typing import Any

from aiohttp import web

API_PREFIX = "/api/v10"
JSON = dict[str, Any]
"""A JSON object as the API carries it (a payload, a request body)."""


class ErrorCode(IntEnum):
    """The Discord JSON error codes the fake returns."""

    GENERAL = 0
    UNKNOWN_CHANNEL = 10003
    UNKNOWN_GUILD = 10004
    UNKNOWN_MEMBER = 10007
    UNKNOWN_MESSAGE = 10008
    UNKNOWN_USER = 10013
    UNKNOWN_WEBHOOK = 10015
    UNKNOWN_INTERACTION = 10062
    INVALID_WEBHOOK_TOKEN = 50027
    INVALID_JSON = 50109
    WRONG_CHANNEL_TYPE = 50024
    THREAD_ARCHIVED = 50083
    THREAD_ALREADY_CREATED = 160004
    THREAD_LOCKED = 160005
    ALREADY_ACKNOWLEDGED = 40060
    MISSING_ACCESS = 50001
    CANNOT_EDIT_OTHERS_MESSAGE = 50005
    CANNOT_SEND_TO_USER = 50007
    MISSING_PERMISSIONS = 50013
    INVALID_FORM_BODY = 50035


MESSAGES: dict[ErrorCode, str] = {
    ErrorCode.GENERAL: "An error occurred",
    ErrorCode.UNKNOWN_CHANNEL: "Unknown Channel",
    ErrorCode.UNKNOWN_GUILD: "Unknown Guild",
    ErrorCode.UNKNOWN_MEMBER: "Unknown Member",
    ErrorCode.UNKNOWN_MESSAGE: "Unknown Message",
    ErrorCode.UNKNOWN_USER: "Unknown User",
    ErrorCode.UNKNOWN_WEBHOOK: "Unknown Webhook",
    ErrorCode.UNKNOWN_INTERACTION: "Unknown interaction",
    ErrorCode.INVALID_WEBHOOK_TOKEN: "Invalid Webhook Token",
    ErrorCode.INVALID_JSON: "The request body contains invalid JSON.",
    ErrorCode.ALREADY_ACKNOWLEDGED: "Interaction has already been acknowledged.",
    ErrorCode.MISSING_ACCESS: "Missing Access",
    ErrorCode.CANNOT_EDIT_OTHERS_MESSAGE: "Cannot edit a message authored by another user",
    ErrorCode.CANNOT_SEND_TO_USER: "Cannot send messages to this user",
    ErrorCode.MISSING_PERMISSIONS: "Missing Permissions",
    ErrorCode.INVALID_FORM_BODY: "Invalid Form Body",
    ErrorCode.WRONG_CHANNEL_TYPE: "Cannot execute action on this channel type",
    ErrorCode.THREAD_ARCHIVED: "Thread is archived",
    ErrorCode.THREAD_ALREADY_CREATED: "A thread has already been created for this message",
    ErrorCode.THREAD_LOCKED: "Thread is locked",
}


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON response with the exact content type discord.py decodes."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def error_body(code: ErrorCode, errors: dict[str, Any] | None = None) -> dict[str, Any]:
    """Discord's error JSON: ``{"message", "code"}`` plus ``errors`` for form errors."""
    body: dict[str, Any] = {"message": MESSAGES[code], "code": int(code)}
    if errors:
        body["errors"] = errors
    return body


def error_response(
    status: int, code: ErrorCode, errors: dict[str, Any] | None = None
) -> web.Response:
    """An error as Discord sends it, e.g. ``error_response(403, ErrorCode.CANNOT_SEND_TO_USER)``."""
    return json_response(error_body(code, errors), status=status)


def no_content() -> web.Response:
    """The empty 204 Discord answers deletions with."""
    return web.Response(status=204)
