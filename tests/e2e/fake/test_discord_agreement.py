"""Where the fake answered otherwise than Discord (issue 35, judged against Discord's OpenAPI
spec and developer docs): a multipart ``payload_json`` part labelled ``application/json``, a
followup without ``?wait``, and one field caught by both the spec's schema and a docs check."""

from __future__ import annotations

import json

import aiohttp

from sandbox.routes import form_errors

MESSAGES = "/channels/{channel_id}/messages"


async def test_a_payload_json_part_labelled_application_json_is_read(session, fake, alice):
    """Discord's docs show ``payload_json`` as a form field with ``Content-Type:
    application/json``, and libraries send it so; aiohttp hands such a part over as bytes,
    which the fake read as text and refused with 50109 (invalid JSON)."""
    answer = await alice.slash("pick")
    token = answer.payload["token"]
    url = f"{fake.base_url}/webhooks/{fake.world.application_id}/{token}?wait=true"
    form = aiohttp.FormData()
    payload = json.dumps({"content": "from a labelled part", "attachments": [{"id": 0}]})
    form.add_field("payload_json", payload, content_type="application/json")
    form.add_field("files[0]", b"PNG", filename="a.png", content_type="image/png")
    async with aiohttp.ClientSession() as http, http.post(url, data=form) as sent:
        body = await sent.json()
        assert sent.status == 200, body
    assert body["content"] == "from a labelled part"
    assert [a["filename"] for a in body["attachments"]] == ["a.png"]


async def test_a_followup_without_wait_returns_its_message(session, fake, alice):
    """Discord's docs, Create Followup Message: "Functions the same as Execute Webhook, but
    `wait` is always true." The fake answered 204 without ``?wait=true``."""
    answer = await alice.slash("pick")
    token = answer.payload["token"]
    url = f"{fake.base_url}/webhooks/{fake.world.application_id}/{token}"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"content": "no wait"}) as sent:
            assert sent.status == 200
            body = await sent.json()
        assert body["content"] == "no wait"
        assert int(body["id"]) in {m.id for m in answer.followups}
        async with http.post(f"{url}?wait=false", json={"content": "wait=false"}) as sent:
            assert sent.status == 200
            assert (await sent.json())["content"] == "wait=false"


def test_a_field_both_checks_catch_is_listed_once():
    """The spec's schema (patched to the docs' 2,000) and the docs check of ``content`` both
    catch 2,001 characters; Discord's error body names each bad field with one error."""
    errors = form_errors("POST", MESSAGES, {"content": "x" * 2001})
    once = {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}
    assert errors == {"content": {"_errors": [once]}}
