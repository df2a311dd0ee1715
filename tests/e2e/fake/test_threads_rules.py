"""The fake's public threads hold the bot to Discord's rules (docs: Threads; Channel resource:
Start Thread from Message, Modify Channel, Add Thread Member), and its answers to the spec
(strict mode: the session fixture fails on drift): raw requests with the bot's token."""

from __future__ import annotations

from typing import Any

import aiohttp

from sandbox.fake import FakeDiscord
from sandbox.flags import CREATE_PUBLIC_THREADS, MANAGE_THREADS, SEND_MESSAGES_IN_THREADS
from sandbox.guilds import ChannelType
from sandbox.harness import Session


async def call(fake: FakeDiscord, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    headers = {"Authorization": f"Bot {fake.token}"}
    url = f"{fake.base_url}{path}"
    async with (
        aiohttp.ClientSession() as http,
        http.request(method, url, json=body, headers=headers) as answer,
    ):
        return answer.status, (await answer.json() if answer.status != 204 else None)


async def start(session: Session, name: str = "table") -> tuple[int, Any]:
    fake = session.fake
    line = fake.world.add_message(session.channel, fake.world.bot_user, {"content": "lobby"})
    path = f"/channels/{session.channel.id}/messages/{line.id}/threads"
    return await call(fake, "POST", path, {"name": name, "auto_archive_duration": 1440})


async def test_a_thread_from_a_message_has_its_id_and_its_parent(session, fake):
    status, thread = await start(session)
    assert status == 201
    assert thread["type"] == int(ChannelType.PUBLIC_THREAD)
    assert thread["parent_id"] == str(session.channel.id)
    assert thread["thread_metadata"]["archived"] is False
    line = fake.world.messages[int(thread["id"])]  # a thread has its starter message's id
    again = f"/channels/{session.channel.id}/messages/{line.id}/threads"
    status, body = await call(fake, "POST", again, {"name": "twice"})
    assert (status, body["code"]) == (400, 160004)


async def test_starting_a_thread_needs_create_public_threads_and_a_valid_name(session, fake):
    status, body = await start(session, name="x" * 101)
    assert (status, body["code"]) == (400, 50035)
    session.guild.deny(fake.world.bot_user, CREATE_PUBLIC_THREADS)
    status, body = await start(session)
    assert (status, body["code"]) == (403, 50013)


async def test_an_archived_thread_takes_no_post_and_locking_needs_manage_threads(session, fake):
    _, thread = await start(session)
    path = f"/channels/{thread['id']}"
    status, _ = await call(fake, "POST", f"{path}/messages", {"content": "hello"})
    assert status == 200
    status, changed = await call(fake, "PATCH", path, {"archived": True})
    assert status == 200
    assert changed["thread_metadata"]["archived"] is True
    status, body = await call(fake, "POST", f"{path}/messages", {"content": "late"})
    assert (status, body["code"]) == (400, 50083)
    status, body = await call(fake, "PUT", f"{path}/thread-members/{session.alice.id}")
    assert (status, body["code"]) == (400, 50083)
    session.guild.deny(fake.world.bot_user, MANAGE_THREADS)
    status, body = await call(fake, "PATCH", path, {"archived": False, "locked": True})
    assert (status, body["code"]) == (403, 50013)
    status, _ = await call(fake, "PATCH", path, {"archived": False})
    assert status == 200


async def test_members_and_send_messages_in_threads(session, fake):
    _, thread = await start(session)
    path = f"/channels/{thread['id']}"
    status, _ = await call(fake, "PUT", f"{path}/thread-members/{session.alice.id}")
    assert status == 204
    state = fake.world.channels[int(thread["id"])].thread
    assert state is not None
    assert session.alice.id in state.members
    stranger = fake.world.add_user("stranger")
    status, body = await call(fake, "PUT", f"{path}/thread-members/{stranger.id}")
    assert (status, body["code"]) == (404, 10007)
    session.guild.deny(fake.world.bot_user, SEND_MESSAGES_IN_THREADS)
    status, body = await call(fake, "POST", f"{path}/messages", {"content": "hi"})
    assert (status, body["code"]) == (403, 50013)
    status, body = await call(fake, "PATCH", f"/channels/{session.channel.id}", {"archived": True})
    assert (status, body["code"]) == (400, 50024)
