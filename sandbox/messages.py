"""Messages in the fake Discord: as they are now (edits in place, deletions marked), their
attachments and components, rendered as Discord returns them."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sandbox.flags import EPHEMERAL, IS_COMPONENTS_V2, LOADING
from sandbox.guilds import Channel, User
from sandbox.snowflakes import now_iso
from sandbox.wire import JSON


@dataclass(eq=False)
class Message:
    """A message as it is now: edits change it in place, a deletion marks it ``deleted``.

    ``visible_to`` is set for ephemeral interaction replies: only that user sees them.
    ``interaction_id`` links a response or followup to the interaction that caused it.
    """

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[str] = field(default_factory=list)
    """The file names of the message's attachments, in order (ids are positions from 1)."""
    files: dict[str, bytes] = field(default_factory=dict)
    """The uploaded bytes of each attachment, by file name (tests read the pictures here)."""
    flags: int = 0
    type: int = 0
    visible_to: User | None = None
    interaction_id: int | None = None
    interaction_metadata: JSON | None = None
    edits: int = 0
    deleted: bool = False
    timestamp: str = field(default_factory=now_iso)
    edited_timestamp: str | None = None

    @property
    def ephemeral(self) -> bool:
        """Whether only ``visible_to`` can see this message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still showing "thinking..."."""
        return bool(self.flags & LOADING)

    def visible_for(self, user: User) -> bool:
        """Would ``user`` see this message (in its channel, right now)?"""
        if self.deleted:
            return False
        if self.visible_to is not None:
            return self.visible_to is user
        if self.channel.recipient is not None:
            return self.channel.recipient is user
        return True

    def apply_edit(self, body: JSON) -> None:
        """Apply a PATCH / UPDATE_MESSAGE body: only the fields it carries change."""
        if body.get("content") is not None:
            self.content = str(body["content"])
        if body.get("embeds") is not None:
            self.embeds = rich(body["embeds"])
        if body.get("components") is not None:
            self.components = with_ids(list(body["components"]))
        self._attach(body)
        if isinstance(body.get("flags"), int):  # the V2 flag stays once set (checks.py)
            self.flags |= body["flags"] & IS_COMPONENTS_V2
        self.flags &= ~LOADING
        self.edits += 1
        self.edited_timestamp = now_iso()

    def _attach(self, body: JSON) -> None:
        """Discord's edit rule: ``attachments`` lists the ones to keep (by id), new uploads are
        added; without ``attachments`` every current one stays."""
        uploads: dict[str, bytes] = dict(body.get("_uploads") or {})
        kept = list(self.attachments)
        listed = body.get("attachments")
        if isinstance(listed, list):
            ids = {str(a.get("id")): a.get("filename") for a in listed if isinstance(a, dict)}
            kept = [
                n
                for i, n in enumerate(self.attachments)
                if str(i + 1) in ids and ids[str(i + 1)] in (None, n)
            ]
        names = kept + [n for n in body.get("_files") or [] if n not in kept]
        files = {n: self.files[n] for n in kept if n in self.files}
        files.update(uploads)
        self.attachments, self.files = names, files

    def walk_components(self) -> Iterator[JSON]:
        """Every component of the message, rows included, depth first."""
        yield from walk_components(self.components)

    @property
    def custom_ids(self) -> list[str]:
        """The custom_ids of the message's buttons and selects, in display order."""
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]

    @property
    def buttons(self) -> list[str]:
        """The labels of the message's buttons, in display order."""
        return [str(c.get("label") or "") for c in self.walk_components() if c.get("type") == 2]

    def component(self, key: str) -> JSON:
        """The button or select whose label, custom_id or placeholder is ``key``."""
        for comp in self.walk_components():
            if comp.get("type") == 1:
                continue
            if key in (comp.get("custom_id"), comp.get("label"), comp.get("placeholder")):
                return comp
        raise LookupError(
            f"message {self.id} has no component {key!r}; it has {self.custom_ids or 'none'}"
        )

    def _resolved(self, components: list[JSON]) -> list[JSON]:
        """Components as Discord returns them: each ``attachment://name`` media resolved to the
        attachment (its id and URLs); the stored message keeps the reference tests read."""

        def media(item: Any) -> Any:
            url = item.get("url") if isinstance(item, dict) else None
            if not isinstance(url, str) or not url.startswith("attachment://"):
                return item
            name = url.removeprefix("attachment://")
            number = str(self.attachments.index(name) + 1) if name in self.attachments else "0"
            link = f"http://127.0.0.1/attachments/{name}"
            return {
                **item,
                "id": number,
                "attachment_id": number,
                "url": link,
                "proxy_url": link,
                "content_type": "image/png" if name.endswith(".png") else None,
            }

        resolved: list[JSON] = []
        for comp in components:
            copy = dict(comp)
            for key in ("media", "file"):
                if key in copy:
                    copy[key] = media(copy[key])
            if isinstance(copy.get("items"), list):
                copy["items"] = [
                    {**i, "media": media(i.get("media"))} if isinstance(i, dict) else i
                    for i in copy["items"]
                ]
            if isinstance(copy.get("components"), list):
                copy["components"] = self._resolved(copy["components"])
            if isinstance(copy.get("accessory"), dict):
                copy["accessory"] = self._resolved([copy["accessory"]])[0]
            resolved.append(copy)
        return resolved

    def payload(self) -> JSON:
        """The message object as Discord returns it (REST) or dispatches it (gateway)."""
        data: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(i + 1),
                    "filename": name,
                    "size": len(self.files.get(name, b"")),
                    "url": f"http://127.0.0.1/attachments/{name}",
                    "proxy_url": f"http://127.0.0.1/attachments/{name}",
                }
                for i, name in enumerate(self.attachments)
            ],
            "embeds": self.embeds,
            "components": self._resolved(self.components),
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        return data


def rich(embeds: list[JSON]) -> list[JSON]:
    """Embeds as Discord stores them: a bot's embed is of type ``rich``."""
    return [{"type": "rich", **e} for e in embeds]


def with_ids(components: list[JSON], counter: Iterator[int] | None = None) -> list[JSON]:
    """Components as Discord returns them: each numbered ``id`` (1, 2, ... in tree order) unless
    the bot chose one."""
    counter = counter if counter is not None else itertools.count(1)
    numbered: list[JSON] = []
    for comp in components:
        copy = {**comp, "id": comp.get("id") or next(counter)}
        if isinstance(comp.get("components"), list):
            copy["components"] = with_ids(comp["components"], counter)
        numbered.append(copy)
    return numbered


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    """Depth-first walk over a component tree (action rows, labels, their children)."""
    for comp in components:
        yield comp
        yield from walk_components(list(comp.get("components") or []))
        if isinstance(comp.get("component"), dict):  # a modal Label wraps one component
            yield from walk_components([comp["component"]])
