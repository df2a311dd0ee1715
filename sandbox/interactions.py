"""Injecting interactions the way a Discord client would: slash commands (checked against the
synced command tree), autocomplete, button clicks, select choices and modal submits.

A Discord client refuses things before they reach the bot (a command that was never synced, a
missing required option, a disabled button, a select value that is not an option); the
injectors refuse the same things with ``InvalidInjection``, so a test cannot pass by doing
something no user could do.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum

from sandbox.clock import Clock
from sandbox.flags import ALL_PERMISSIONS
from sandbox.guilds import Channel, Guild, User
from sandbox.log import Activity
from sandbox.messages import Message
from sandbox.state import World
from sandbox.wire import JSON

OptionValue = str | int | float | bool | User | Channel


class InvalidInjection(ValueError):
    """The test asked for something a Discord client would not let a user do."""


class InteractionType(IntEnum):
    """Discord's interaction types."""

    PING = 1
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class CallbackType(IntEnum):
    """How the bot answered an interaction."""

    MESSAGE = 4
    DEFERRED_MESSAGE = 5
    DEFERRED_UPDATE = 6
    UPDATE_MESSAGE = 7
    AUTOCOMPLETE_RESULT = 8
    MODAL = 9


class OptionType(IntEnum):
    """Application command option types."""

    SUB_COMMAND = 1
    SUB_COMMAND_GROUP = 2
    STRING = 3
    INTEGER = 4
    BOOLEAN = 5
    USER = 6
    CHANNEL = 7
    ROLE = 8
    MENTIONABLE = 9
    NUMBER = 10
    ATTACHMENT = 11


class ComponentType(IntEnum):
    """Message and modal component types the fake understands."""

    ACTION_ROW = 1
    BUTTON = 2
    STRING_SELECT = 3
    TEXT_INPUT = 4
    LABEL = 18


@dataclass(eq=False)
class Interaction:
    """One injected interaction and everything the bot answered to it.

    ``message`` is the message the answer created (MESSAGE, DEFERRED_MESSAGE) or updated
    (UPDATE_MESSAGE); it is the live object, so later edits show in it.
    """

    id: int
    token: str
    type: InteractionType
    user: User
    channel: Channel
    guild: Guild | None
    payload: JSON
    created: float
    activity: Activity
    source: Message | None = None  # the message whose component was used
    opened_by: Interaction | None = None  # a modal submit: the interaction that opened it
    callback: CallbackType | None = None
    answered_at: float | None = None
    message: Message | None = None
    modal: JSON | None = None
    choices: list[JSON] | None = None
    followups: list[Message] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    followups_read: int = 0  # how many followups ``followup()`` has returned

    @property
    def ephemeral(self) -> bool:
        """Whether the answer's message is visible only to the user."""
        return self.message is not None and self.message.ephemeral

    @property
    def content(self) -> str:
        """The content of the answer's message ("" if there is none)."""
        return self.message.content if self.message is not None else ""

    async def response(self, within: float = 2.0) -> Interaction:
        """Wait until the bot answered (the interaction callback); returns self."""
        try:
            await asyncio.wait_for(self.answered.wait(), within)
        except TimeoutError:
            raise TimeoutError(
                f"the bot did not answer interaction {self.describe()} within {within}s"
            ) from None
        return self

    async def followup(self, within: float = 2.0) -> Message:
        """The next followup message that ``followup()`` has not returned yet, waiting for it
        if the bot has not sent it (one sent before the call is not missed)."""
        wanted = self.followups_read
        if len(self.followups) <= wanted:
            await self.activity.wait_for(
                lambda _c: len(self.followups) > wanted, after=0, within=within
            )
        self.followups_read += 1
        return self.followups[wanted]

    def describe(self) -> str:
        """A short label for error messages, e.g. ``/ping by alice``."""
        data = self.payload.get("data") or {}
        what = f"/{data.get('name')}" if "name" in data else str(data.get("custom_id"))
        return f"{what} by {self.user.name}"


def _user_option(guild: Guild | None, user: User) -> tuple[str, JSON, JSON | None]:
    member = None
    if guild is not None and user.id in guild.members:
        permissions = str(guild.permissions_of(user))
        member = {**guild.member_payload(user, with_user=False), "permissions": permissions}
    return str(user.id), user.payload(), member


def _convert(
    guild: Guild | None,
    spec: JSON,
    value: OptionValue,
    resolved: JSON,
    *,
    focused: bool,
) -> JSON:
    """One option as the client sends it, after the checks the client makes."""
    name, kind = spec["name"], OptionType(spec["type"])
    option: JSON = {"name": name, "type": int(kind)}
    if focused:  # autocomplete sends whatever the user has typed so far, as text
        return {**option, "value": str(value), "focused": True}
    if kind is OptionType.USER:
        if not isinstance(value, User):
            raise InvalidInjection(f"option {name!r} takes a user, not {value!r}")
        uid, payload, member = _user_option(guild, value)
        resolved.setdefault("users", {})[uid] = payload
        if member is not None:
            resolved.setdefault("members", {})[uid] = member
        return {**option, "value": uid}
    if kind is OptionType.CHANNEL:
        if not isinstance(value, Channel):
            raise InvalidInjection(f"option {name!r} takes a channel, not {value!r}")
        channel = {**value.payload(), "permissions": ALL_PERMISSIONS}
        resolved.setdefault("channels", {})[str(value.id)] = channel
        return {**option, "value": str(value.id)}
    checked = _check_scalar(spec, kind, value)
    return {**option, "value": checked}


def _check_scalar(spec: JSON, kind: OptionType, value: OptionValue) -> str | int | float | bool:
    name = spec["name"]
    if kind is OptionType.STRING and isinstance(value, str):
        if len(value) < int(spec.get("min_length") or 0):
            raise InvalidInjection(f"option {name!r} is shorter than {spec['min_length']}")
        if "max_length" in spec and len(value) > int(spec["max_length"]):
            raise InvalidInjection(f"option {name!r} is longer than {spec['max_length']}")
        result: str | int | float | bool = value
    elif kind is OptionType.INTEGER and isinstance(value, int) and not isinstance(value, bool):
        result = value
    elif (
        kind is OptionType.NUMBER and isinstance(value, int | float) and not isinstance(value, bool)
    ):
        result = float(value)
    elif kind is OptionType.BOOLEAN and isinstance(value, bool):
        return value
    else:
        raise InvalidInjection(f"option {name!r} must be {kind.name.lower()}, not {value!r}")
    if isinstance(result, int | float) and not isinstance(result, bool):
        if spec.get("min_value") is not None and result < spec["min_value"]:
            raise InvalidInjection(f"option {name!r} must be at least {spec['min_value']}")
        if spec.get("max_value") is not None and result > spec["max_value"]:
            raise InvalidInjection(f"option {name!r} must be at most {spec['max_value']}")
    choices = spec.get("choices")
    if choices and result not in [c["value"] for c in choices]:
        allowed = ", ".join(repr(c["value"]) for c in choices)
        raise InvalidInjection(f"option {name!r} must be one of {allowed}")
    return result


def check_command_access(world: World, guild: Guild | None, user: User, command: str) -> None:
    """A client hides a command whose ``default_member_permissions`` the member lacks, unless
    an admin opened it to them: refuse it the same way."""
    root = world.synced_command(command.split()[0], guild)
    needed = None if root is None else root.get("default_member_permissions")
    if guild is None or needed is None:
        return
    bits = int(needed)
    if guild.permissions_of(user) & bits == bits:
        return
    if user.id in guild.command_access.get(str(root["name"]) if root else "", set()):
        return
    raise InvalidInjection(
        f"/{command} needs permissions {bits} that {user.name} lacks: their client hides it"
    )


def command_data(
    world: World,
    guild: Guild | None,
    command: str,
    options: Mapping[str, OptionValue],
    *,
    focused: str | None = None,
) -> JSON:
    """The ``data`` of an APPLICATION_COMMAND (or AUTOCOMPLETE) interaction for ``command``
    ("pontoon open" = command pontoon, subcommand open), checked against the synced tree."""
    root_name, *path = command.split()
    root = world.synced_command(root_name, guild)
    if root is None:
        where = "in this guild" if guild is not None else "in DMs"
        raise InvalidInjection(f"/{root_name} was not synced, so no user can invoke it {where}")
    specs: list[JSON] = list(root.get("options") or [])
    top: list[JSON] = []
    leaf = top
    for part in path:
        sub = next(
            (
                s
                for s in specs
                if s["name"] == part
                and s["type"] in (OptionType.SUB_COMMAND, OptionType.SUB_COMMAND_GROUP)
            ),
            None,
        )
        if sub is None:
            raise InvalidInjection(f"/{root_name} has no subcommand {part!r}")
        node: JSON = {"name": part, "type": sub["type"], "options": []}
        leaf.append(node)
        leaf = node["options"]
        specs = list(sub.get("options") or [])
    if any(s["type"] in (OptionType.SUB_COMMAND, OptionType.SUB_COMMAND_GROUP) for s in specs):
        names = [s["name"] for s in specs]
        raise InvalidInjection(f"/{command} needs a subcommand: one of {names}")
    by_name = {s["name"]: s for s in specs}
    resolved: JSON = {}
    for name, value in options.items():
        if name not in by_name:
            raise InvalidInjection(f"/{command} has no option {name!r}; it has {list(by_name)}")
        spec = by_name[name]
        leaf.append(_convert(guild, spec, value, resolved, focused=name == focused))
    missing = [s["name"] for s in specs if s.get("required") and s["name"] not in options]
    if missing and focused is None:
        raise InvalidInjection(f"/{command} needs option(s) {missing}")
    data: JSON = {"id": root["id"], "name": root_name, "type": 1, "options": top}
    if resolved:
        data["resolved"] = resolved
    if root.get("guild_id"):
        data["guild_id"] = root["guild_id"]
    return data


def component_data(message: Message, key: str, values: list[str] | None) -> JSON:
    """The ``data`` of a MESSAGE_COMPONENT interaction: a click, or a select choice."""
    component = message.component(key)
    kind = int(component.get("type") or 0)
    if component.get("disabled"):
        raise InvalidInjection(f"{key!r} on message {message.id} is disabled")
    if kind == ComponentType.BUTTON:
        if values is not None:
            raise InvalidInjection(f"{key!r} is a button; it takes no values")
        if "custom_id" not in component:
            raise InvalidInjection(f"{key!r} is a link button; the bot never hears of it")
        return {"custom_id": component["custom_id"], "component_type": kind}
    if kind != ComponentType.STRING_SELECT:
        raise InvalidInjection(f"{key!r} is a component of type {kind}, not supported")
    chosen = list(values or [])
    allowed = [o["value"] for o in component.get("options") or []]
    low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
    if not low <= len(chosen) <= high:
        raise InvalidInjection(f"{key!r} takes {low} to {high} values, got {chosen}")
    if unknown := [v for v in chosen if v not in allowed]:
        raise InvalidInjection(f"{key!r} has no option(s) {unknown}; options: {allowed}")
    return {"custom_id": component["custom_id"], "component_type": kind, "values": chosen}


def modal_data(modal: JSON, answers: Mapping[str, str]) -> JSON:
    """The ``data`` of a MODAL_SUBMIT: the modal's layout with the user's text filled in.

    ``answers`` are keyed by a text input's custom_id or its label.
    """
    used: set[str] = set()

    def fill(inputs: JSON, label: str | None) -> JSON:
        keys = {inputs.get("custom_id"), inputs.get("label"), label}
        key = next((k for k in answers if k in keys), None)
        value = answers[key] if key is not None else str(inputs.get("value") or "")
        if key is not None:
            used.add(key)
        if inputs.get("required", True) and not value:
            raise InvalidInjection(f"text input {inputs.get('custom_id')!r} is required")
        if "max_length" in inputs and len(value) > int(inputs["max_length"]):
            raise InvalidInjection(f"text input {inputs.get('custom_id')!r} is too long")
        return {"type": ComponentType.TEXT_INPUT, "custom_id": inputs["custom_id"], "value": value}

    rows: list[JSON] = []
    for row in modal.get("components") or []:
        if row.get("type") == ComponentType.LABEL:
            rows.append(
                {"type": ComponentType.LABEL, "component": fill(row["component"], row.get("label"))}
            )
        else:
            inner = [fill(c, None) for c in row.get("components") or []]
            rows.append({"type": ComponentType.ACTION_ROW, "components": inner})
    if unknown := set(answers) - used:
        raise InvalidInjection(f"the modal has no text input(s) {sorted(unknown)}")
    return {"custom_id": modal["custom_id"], "components": rows}


class Interactions:
    """Every interaction injected into one fake, by token (how Discord's webhooks find them)."""

    def __init__(self, world: World, activity: Activity, clock: Clock) -> None:
        self.world = world
        self.activity = activity
        self.clock = clock
        self.by_token: dict[str, Interaction] = {}

    def new(
        self,
        kind: InteractionType,
        user: User,
        channel: Channel,
        data: JSON,
        *,
        source: Message | None = None,
        opened_by: Interaction | None = None,
    ) -> Interaction:
        """A new interaction with the full payload discord.py requires (a missing key would
        kill the bot's gateway task, see NOTES: ``attachment_size_limit``)."""
        world = self.world
        guild = world.guild_of(channel)
        if channel.guild_id is not None and guild is None:
            raise InvalidInjection("the bot is no longer in that guild; Discord sends it nothing")
        if guild is not None and user.id not in guild.members:
            raise InvalidInjection(f"{user.name} is not a member of {guild.name}")
        interaction_id = world.ids.new()
        token = f"sandbox-token-{interaction_id}"
        payload: JSON = {
            "id": str(interaction_id),
            "application_id": str(world.application_id),
            "type": int(kind),
            "token": token,
            "version": 1,
            "data": data,
            "locale": user.locale,
            "entitlements": [],
            "app_permissions": ALL_PERMISSIONS
            if guild is None
            else str(guild.permissions_of(world.bot_user)),
            "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
        }
        if guild is not None:
            member = {**guild.member_payload(user), "permissions": str(guild.permissions_of(user))}
            payload.update(
                guild_id=str(guild.id),
                member=member,
                guild_locale="en-US",
                context=0,
                authorizing_integration_owners={"0": str(guild.id)},
            )
        else:
            payload.update(
                user=user.payload(), context=1, authorizing_integration_owners={"1": str(user.id)}
            )
        if source is not None:
            payload["message"] = source.payload()
        interaction = Interaction(
            id=interaction_id,
            token=token,
            type=kind,
            user=user,
            channel=channel,
            guild=guild,
            payload=payload,
            created=self.clock.monotonic(),
            activity=self.activity,
            source=source,
            opened_by=opened_by,
        )
        self.by_token[token] = interaction
        return interaction

    def unanswered(self, within: float) -> bool:
        """Whether an interaction made less than ``within`` seconds ago (on the fake's clock)
        still waits for the bot's answer."""
        since = self.clock.monotonic() - within
        return any(
            i.callback is None and i.created > since for i in reversed(self.by_token.values())
        )
