"""The fake's Components V2 rules: no content or embeds with the flag, 4000 characters of text
in all, every ``attachment://`` among the message's files, a deferred answer without the flag;
and the attachments an edit keeps or replaces."""

from __future__ import annotations

from typing import Any

from sandbox import checks
from sandbox.limits import IS_COMPONENTS_V2
from sandbox.state import World

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def layout(*texts: str, picture: str | None = None) -> list[dict[str, Any]]:
    parts: list[dict[str, Any]] = [{"type": 10, "content": t} for t in texts]
    if picture is not None:
        parts.append({"type": 12, "items": [{"media": {"url": f"attachment://{picture}"}}]})
    return [{"type": 17, "components": parts}]


def test_text_over_4000_in_all_is_refused_and_4000_passes() -> None:
    body = {"flags": IS_COMPONENTS_V2, "components": layout("x" * 2000, "y" * 2001)}
    assert "4000" in str(checks.request_errors("POST", MESSAGES, body))
    body["components"] = layout("x" * 2000, "y" * 2000)
    assert checks.request_errors("POST", MESSAGES, body) == {}


def test_content_or_embeds_with_the_flag_are_refused() -> None:
    for extra in ({"content": "hi"}, {"embeds": [{"title": "t"}]}):
        body = {"flags": IS_COMPONENTS_V2, "components": layout("a"), **extra}
        assert "IS_COMPONENTS_V2" in str(checks.request_errors("POST", MESSAGES, body))


def test_a_picture_must_be_uploaded_with_the_message() -> None:
    body: dict[str, Any] = {"flags": IS_COMPONENTS_V2, "components": layout(picture="t.png")}
    assert "attachment://t.png" in str(checks.upload_errors("POST", MESSAGES, body))
    body["_files"] = ["t.png"]
    assert checks.upload_errors("POST", MESSAGES, body) == {}


def test_an_edit_may_keep_its_files_or_list_the_ones_it_keeps() -> None:
    kept: dict[str, Any] = {"flags": IS_COMPONENTS_V2, "components": layout(picture="t.png")}
    assert checks.upload_errors("PATCH", MESSAGE, kept) == {}  # no attachments: all stay
    dropped = {**kept, "attachments": []}
    assert "attachment://t.png" in str(checks.upload_errors("PATCH", MESSAGE, dropped))
    listed = {**kept, "attachments": [{"id": "1", "filename": "t.png"}]}
    assert checks.upload_errors("PATCH", MESSAGE, listed) == {}


def test_an_update_through_the_callback_checks_its_upload() -> None:
    data = {"flags": IS_COMPONENTS_V2, "components": layout(picture="new.png"), "attachments": []}
    body: dict[str, Any] = {"type": 7, "data": data}
    assert "new.png" in str(checks.upload_errors("POST", CALLBACK, body))
    body["_files"] = ["new.png"]
    assert checks.upload_errors("POST", CALLBACK, body) == {}


def test_a_deferred_answer_cannot_carry_the_flag() -> None:
    body = {"type": 5, "data": {"flags": IS_COMPONENTS_V2}}
    assert "EPHEMERAL" in str(checks.request_errors("POST", CALLBACK, body))
    assert checks.request_errors("POST", CALLBACK, {"type": 5, "data": {"flags": 64}}) == {}


def test_edits_keep_listed_attachments_and_add_uploads() -> None:
    world = World()
    guild = world.add_guild("g")
    channel = guild.channels[0]
    message = world.add_message(
        channel, world.bot_user, {"_files": ["a.png"], "_uploads": {"a.png": b"A"}}
    )
    message.apply_edit({"components": []})  # no attachments: kept
    assert message.attachments == ["a.png"]
    assert message.files == {"a.png": b"A"}
    message.apply_edit({"attachments": [], "_files": ["b.png"], "_uploads": {"b.png": b"B"}})
    assert message.attachments == ["b.png"]
    assert message.files == {"b.png": b"B"}
    payload = message.payload()
    assert payload["attachments"][0]["filename"] == "b.png"
    assert payload["attachments"][0]["size"] == 1
