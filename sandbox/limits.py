"""Discord's limits in ONE place: the documented numbers, where the docs overrule the OpenAPI spec,
and the rate limits, each with where it comes from.

The spec (``sandbox/spec/openapi.json``) already carries most per-field limits (embed title 256,
button label 80, select options 25, ...) and ``schema.py`` enforces them. What it lacks or gets
wrong is here: ``SPEC_PATCHES`` change the loaded spec where Discord's developer documentation
says otherwise (the docs win, as Discord itself says of its preview spec), and the numbers below
feed ``checks.py``, the rules no JSON schema can express (totals across fields, uniqueness,
ordering). Errors nest the path of the bad field (``components.0.components.1.custom_id``) the
way Discord reports it (400, code 50035).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

# ---------------------------------------------------------------- messages (docs: Message,
# Embed limits, Components reference)
MAX_CONTENT = 2000  # docs; the spec says 4000 for channel messages
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000  # title + description + field names/values + footer text + author name
MAX_ROWS = 5  # top-level components without the Components V2 flag: action rows only
MAX_V2_COMPONENTS = 40  # with IS_COMPONENTS_V2: every component, nested ones included
MAX_V2_TEXT = 4000  # with IS_COMPONENTS_V2: the text of every text display, all together
MAX_ROW_BUTTONS = 5  # an action row holds up to 5 buttons, or exactly one select
MAX_CUSTOM_ID = 100
LINK_STYLE = 5  # a link button has a url and no custom_id
PREMIUM_STYLE = 6  # a premium button has a sku_id, neither custom_id nor url

# Message flags (docs: Message flags). Only these may be sent; EPHEMERAL only on interaction
# responses and followups; an edit may only set SUPPRESS_EMBEDS and keep IS_COMPONENTS_V2.
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_VOICE_MESSAGE = 1 << 13
IS_COMPONENTS_V2 = 1 << 15
CREATE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2
INTERACTION_FLAGS = CREATE_FLAGS | EPHEMERAL
EDIT_FLAGS = SUPPRESS_EMBEDS | IS_COMPONENTS_V2

# ---------------------------------------------------------------- modals, autocomplete
MAX_MODAL_COMPONENTS = 5  # docs: 1 to 5 top-level components (the spec says 40)
MAX_CHOICES = 25
MAX_CHOICE_VALUE = 100  # docs: a string choice value is at most 100 (the spec says 6000)

# ---------------------------------------------------------------- application commands
# (docs: Application Commands). The name rule: 1-32 characters of letters, digits, - _ ' (and
# Devanagari / Thai); a letter with a lowercase form must be lowercase (CHAT_INPUT only).
COMMAND_NAME = r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$"
MAX_COMMAND_DESCRIPTION = 100
MAX_OPTIONS = 25
MAX_COMMAND_CHARACTERS = 8000  # names, descriptions and choice names/values, all together
MAX_COMMANDS = {1: 100, 2: 15, 3: 15}  # per scope: CHAT_INPUT, USER, MESSAGE

# ---------------------------------------------------------------- interactions (docs:
# Receiving and Responding): the token works for followups and edits for 15 minutes.
TOKEN_LIFETIME = 15 * 60.0

# ---------------------------------------------------------------- rate limits
# The docs publish only the global limit (50 requests per second per bot token; interaction
# endpoints are exempt, and webhooks are not bound to it) and say per-route limits must be read
# from the X-RateLimit-* headers, never hard-coded. The per-route numbers below are what Discord
# answers in those headers today, as widely observed and documented by the libraries:
# - POST and PATCH /channels/{id}/messages[/{id}]: bucket per channel (the major parameter),
#   5 requests per 5 s, shared by sends and edits of a bot in one channel;
# - DELETE of a message: its own per-channel bucket, 5 per 1 s;
# - the interaction webhook (followups, @original edits and deletes): 5 per 2 s per token;
# - any other route: a per-route bucket (per interaction for a callback, else per channel or
#   guild) the fake sets at 50 per 1 s, so each answer has consistent headers without refusing
#   anything the global limit would not.
GLOBAL_LIMIT = 50
GLOBAL_WINDOW = 1.0


@dataclass(frozen=True)
class BucketRule:
    """``limit`` requests per ``window`` seconds, per value of the route's major parameter."""

    name: str
    limit: int
    window: float


CHANNEL_MESSAGES = BucketRule("channel-messages", 5, 5.0)
MESSAGE_DELETE = BucketRule("message-delete", 5, 1.0)
INTERACTION_WEBHOOK = BucketRule("interaction-webhook", 5, 2.0)
DEFAULT_ROUTE = BucketRule("route", 50, 1.0)


# ---------------------------------------------------------------- where the docs win over the
# spec, as patches to the loaded spec (``schema.apply_patches``)
class _Remove:
    """Marker: delete the key."""


REMOVE = _Remove()


@dataclass(frozen=True)
class SpecPatch:
    """Set ``key`` of the spec node at JSON pointer ``where`` to ``value`` (``REMOVE`` deletes
    it; for ``required``, a tuple names fields that become optional)."""

    where: str
    key: str
    value: Any
    why: str


_S = "/components/schemas/"
_STRING_PERMISSIONS = {"type": ["string", "integer", "null"], "pattern": r"^[0-9]+$"}
SPEC_PATCHES: tuple[SpecPatch, ...] = (
    SpecPatch(
        f"{_S}SnowflakeType",
        "type",
        ["string", "integer"],
        "Discord accepts an id as a JSON integer too (discord.py sends recipient_id so)",
    ),
    *(
        SpecPatch(f"{_S}{name}/properties/content", "maxLength", MAX_CONTENT, "docs: 2000")
        for name in ("MessageCreateRequest", "MessageEditRequestPartial")
    ),
    SpecPatch(
        f"{_S}ModalInteractionCallbackRequestData/properties/components",
        "maxItems",
        MAX_MODAL_COMPONENTS,
        "docs: a modal has 1 to 5 top-level components",
    ),
    SpecPatch(
        f"{_S}ApplicationCommandOptionStringChoice/properties/value",
        "maxLength",
        MAX_CHOICE_VALUE,
        "docs: a string choice value is at most 100 characters",
    ),
    *(
        SpecPatch(
            f"{_S}{name}/properties",
            "default_member_permissions",
            _STRING_PERMISSIONS,
            "docs: a permission bit set is a string (discord.py sends one)",
        )
        for name in ("ApplicationCommandUpdateRequest", "ApplicationCommandCreateRequest")
    ),
    SpecPatch(
        f"{_S}Error/properties/code",
        "type",
        ["integer", "string"],
        "docs: nested _errors codes are strings such as BASE_TYPE_MAX_LENGTH",
    ),
    SpecPatch(
        f"{_S}ApplicationCommandResponse/properties/default_member_permissions",
        "type",
        ["string", "null"],
        "docs: returned as a string",
    ),
    SpecPatch(
        f"{_S}UserResponse",
        "required",
        ("primary_guild",),
        "docs: optional",
    ),
    SpecPatch(
        f"{_S}UserPIIResponse",
        "required",
        ("primary_guild", "locale", "mfa_enabled", "email", "verified", "premium_type"),
        "docs: optional (a bot has no e-mail, locale or MFA)",
    ),
)


# ---------------------------------------------------------------- Discord's error shapes


def field_error(code: str, message: str = "This field is required") -> JSON:
    """One field's ``{"_errors": [{code, message}]}``."""
    return {"_errors": [{"code": code, "message": message}]}


def too_long(limit: int) -> JSON:
    """Discord's error for a string or a list over ``limit``."""
    return field_error("BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def nest(path: list[str], leaf: JSON) -> JSON:
    """``["a", "0", "b"]`` + leaf -> ``{"a": {"0": {"b": leaf}}}``."""
    node: JSON = leaf
    for key in reversed(path):
        node = {key: node}
    return node


def merge(into: JSON, other: JSON, *, first_only: bool = False) -> None:
    """Merge nested errors; two errors on one field keep both messages, or with
    ``first_only`` only ``into``'s (Discord names a bad field once: when the spec's schema
    and a docs check catch the same field, the body lists it with one error)."""
    for key, value in other.items():
        if key == "_errors" and key in into:
            into[key] = into[key] if first_only else [*into[key], *value]
        elif isinstance(value, dict) and isinstance(into.get(key), dict):
            merge(into[key], value, first_only=first_only)
        else:
            into[key] = value
