"""What each REST call a bot made was for, as Discord's global budget counts it: the benches
count a run's calls by kind (``bench.load``'s budget per kind, ``bench.startup``'s calls).
"""

from __future__ import annotations

from typing import Any

from bench._harness import components
from sandbox.messages import Message


def _is_ping(body: Any) -> bool:
    """A turn ping: a public message that mentions named users (nothing else the bot sends
    names them in ``allowed_mentions``)."""
    if not isinstance(body, dict):
        return False
    mentions = body.get("allowed_mentions")
    public = not int(body.get("flags") or 0) & 64
    return public and isinstance(mentions, dict) and bool(mentions.get("users"))


def call_kind(
    method: str,
    route: str,
    path: str,
    dm_channels: set[int],
    body: Any = None,
    messages: dict[int, Message] | None = None,
) -> str:
    """What a REST call was for, as the budget counts it (``(exempt)``: not against the
    global limit). ``messages`` (the fake's, by id) tells what a channel DELETE removed: a
    turn ping or a table message (moved to a fresh token)."""
    if route.startswith("/interactions/"):
        return "answer (exempt)"
    if route.startswith("/webhooks/"):
        if method == "POST":
            return "ping by token (exempt)" if _is_ping(body) else "followup (exempt)"
        if method == "DELETE":
            return "ping delete by token (exempt)"
        return "token edit (exempt)"
    if route == "/users/@me/channels":
        return "dm open"
    if "/members/" in route:
        return "member fetch"
    if route.startswith("/channels/{channel_id}/messages"):
        channel = int(path.split("/")[2])
        if channel in dm_channels:
            return "dm send"
        if method == "POST":
            return "ping in channel" if _is_ping(body) else "channel post"
        if method == "PATCH":
            return "table edit"
        if method == "DELETE":
            return _deleted(path, messages)
    if route.startswith("/applications/"):
        return "commands"
    return f"{method} {route}"


def _deleted(path: str, messages: dict[int, Message] | None) -> str:
    """What a channel DELETE removed, if the fake's messages say."""
    found = messages.get(int(path.rsplit("/", 1)[1])) if messages is not None else None
    if found is None:
        return "message delete"
    if any(True for _ in components(found)):
        return "table delete (moved)"
    if "<@" in found.content:
        return "ping delete in channel"
    return "message delete"
