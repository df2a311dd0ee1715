"""Hand-made component interactions: what a client outside Discord's own could send to the
bot (issue 35). A click or a pick built from a real message of the table, then changed: no
values, values the menu does not hold, values of the wrong type, a custom id of an earlier
moment or of another table (the message the interaction names is changed to match, as it
must be for discord.py to hand the click to the bot at all)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from sandbox.actors import Actor
from sandbox.harness import Session
from sandbox.interactions import Interaction, InteractionType
from sandbox.messages import Message

JSON = dict[str, Any]
BUTTON, SELECT = 2, 3


def components(message: Message) -> list[JSON]:
    """The buttons and selects of ``message`` that carry a custom id of the table kit."""
    return [
        c
        for c in message.walk_components()
        if c.get("type") in (BUTTON, SELECT) and str(c.get("custom_id", "")).startswith("tbl:")
    ]


def _walk(node: Any) -> Iterator[JSON]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


async def forge(
    session: Session,
    actor: Actor,
    message: Message,
    custom_id: str,
    *,
    values: Any = None,
    renamed: str | None = None,
    drop_values: bool = False,
) -> Interaction:
    """``actor`` uses the component ``custom_id`` of ``message`` with ``values`` (a select's,
    anything at all; by default its first option; none at all with ``drop_values``), or with
    its custom id ``renamed`` (in the interaction and in the message it names); waits for the
    bot's answer."""
    component = next(c for c in message.walk_components() if c.get("custom_id") == custom_id)
    kind = int(component["type"])
    sent = renamed or custom_id
    data: JSON = {"custom_id": sent, "component_type": kind}
    if kind == SELECT and not drop_values:
        first = [str(o["value"]) for o in component.get("options") or []][:1]
        data["values"] = first if values is None else values
    fake = session.fake
    interaction = fake.interactions.new(
        InteractionType.MESSAGE_COMPONENT, actor.user, message.channel, data, source=message
    )
    if renamed is not None:
        interaction.payload["message"] = copy.deepcopy(interaction.payload["message"])
        for node in _walk(interaction.payload["message"]):
            if node.get("custom_id") == custom_id:
                node["custom_id"] = renamed
    return await fake.inject(interaction)
