"""Discord's rate limits, token lifetime and intents in the fake: one past each limit is refused,
at the limit accepted; headers present and consistent; discord.py waits a 429 out."""

from __future__ import annotations

import aiohttp
import pytest

from sandbox import limits
from sandbox.gateway import Intent, allowed
from sandbox.ratelimit import RateLimits
from sandbox.wire import ErrorCode

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_channel_messages_5_per_5_seconds_shared_by_sends_and_edits():
    clock = Clock()
    limiter = RateLimits(clock)
    channel = {"channel_id": "1"}
    verdicts = [limiter.check("POST", MESSAGES, channel) for _ in range(3)]
    verdicts += [limiter.check("PATCH", MESSAGE, {**channel, "message_id": "9"}) for _ in range(2)]
    assert all(v.refusal is None for v in verdicts)
    assert [v.headers["X-RateLimit-Remaining"] for v in verdicts] == ["4", "3", "2", "1", "0"]
    assert {v.headers["X-RateLimit-Bucket"] for v in verdicts} == {
        verdicts[0].headers["X-RateLimit-Bucket"]
    }
    assert all(v.headers["X-RateLimit-Limit"] == "5" for v in verdicts)
    sixth = limiter.check("POST", MESSAGES, channel)
    assert sixth.refusal is not None
    assert sixth.refusal.status == 429
    assert sixth.refusal.headers["X-RateLimit-Scope"] == "user"
    assert sixth.refusal.headers["Via"]
    assert float(sixth.refusal.headers["X-RateLimit-Reset-After"]) == pytest.approx(5.0)
    assert b'"global": false' in bytes(sixth.refusal.body)  # type: ignore[arg-type]
    assert limiter.check("POST", MESSAGES, {"channel_id": "2"}).refusal is None  # its own bucket
    clock.now += 5.0
    assert limiter.check("POST", MESSAGES, channel).refusal is None


def test_global_50_per_second_exempts_interaction_endpoints():
    clock = Clock()
    limiter = RateLimits(clock)
    for i in range(limits.GLOBAL_LIMIT):
        assert limiter.check("GET", "/users/{user_id}", {"user_id": str(i)}).refusal is None
    refused = limiter.check("GET", "/users/{user_id}", {"user_id": "x"}).refusal
    assert refused is not None
    assert refused.headers["X-RateLimit-Scope"] == "global"
    assert b'"global": true' in bytes(refused.body)  # type: ignore[arg-type]
    callback = {"interaction_id": "1", "interaction_token": "t"}
    assert limiter.check("POST", CALLBACK, callback).refusal is None
    clock.now += 1.0
    assert limiter.check("GET", "/users/{user_id}", {"user_id": "y"}).refusal is None


def test_each_interaction_callback_has_its_own_bucket():
    limiter = RateLimits(Clock())
    for i in range(limits.DEFAULT_ROUTE.limit * 3):
        callback = {"interaction_id": str(i), "interaction_token": f"t{i}"}
        assert limiter.check("POST", CALLBACK, callback).refusal is None


def test_interaction_webhook_5_per_2_seconds_per_token():
    clock = Clock()
    limiter = RateLimits(clock)
    token = {"webhook_id": "1", "webhook_token": "t", "message_id": "@original"}
    for _ in range(5):
        assert limiter.check("PATCH", WEBHOOK, token).refusal is None
    assert limiter.check("PATCH", WEBHOOK, token).refusal is not None
    assert limiter.check("PATCH", WEBHOOK, {**token, "webhook_token": "u"}).refusal is None


def test_limits_can_be_loosened_or_switched_off():
    limiter = RateLimits(Clock())
    limiter.set("channel-messages", limit=6)
    for _ in range(6):
        assert limiter.check("POST", MESSAGES, {"channel_id": "1"}).refusal is None
    limiter.enabled = False
    assert limiter.check("POST", MESSAGES, {"channel_id": "1"}).headers == {}


async def test_discord_py_waits_out_the_channel_limit(session, fake, alice):
    fake.rate_limits.set("channel-messages", limit=1, window=0.3)
    await (await alice.slash("post", text="one")).followup()
    await (await alice.slash("post", text="two")).followup()
    assert [m.content for m in session.messages()] == ["one", "two"]
    sends = fake.log.find("POST", MESSAGES)
    assert [c.status for c in sends][-1] == 200


async def test_headers_on_every_answer(session, fake):
    async with aiohttp.ClientSession() as http:
        headers = {"Authorization": f"Bot {fake.token}"}
        async with http.get(f"{fake.base_url}/users/@me", headers=headers) as answer:
            assert answer.status == 200
            for name in ("Limit", "Remaining", "Reset", "Reset-After", "Bucket"):
                assert f"X-RateLimit-{name}" in answer.headers


async def test_an_interaction_token_expires_after_15_minutes(session, fake, alice):
    answer = await alice.slash("pick")
    token = answer.payload["token"]
    url = f"{fake.base_url}/webhooks/{fake.world.application_id}/{token}/messages/@original"
    async with aiohttp.ClientSession() as http:
        async with http.patch(url, json={"content": "still fine"}) as ok:
            assert ok.status == 200
        fake.clock.advance(limits.TOKEN_LIFETIME + 1)
        async with http.patch(url, json={"content": "too late"}) as late:
            assert late.status == 401
            assert (await late.json())["code"] == ErrorCode.INVALID_WEBHOOK_TOKEN
    assert answer.message.content == "still fine"


async def test_a_token_edits_only_its_own_messages(session, fake, alice):
    mine = await alice.slash("pick")
    other = await alice.slash("where")
    token = mine.payload["token"]
    url = f"{fake.base_url}/webhooks/{fake.world.application_id}/{token}/messages"
    async with aiohttp.ClientSession() as http:
        async with http.patch(f"{url}/{other.message.id}", json={"content": "x"}) as refused:
            assert refused.status == 404
            assert (await refused.json())["code"] == ErrorCode.UNKNOWN_MESSAGE
        async with http.patch(f"{url}/{mine.message.id}", json={"content": "y"}) as ok:
            assert ok.status == 200


async def test_bad_bodies_are_400_not_500(session, fake, alice):
    answer = await alice.slash("slow", seconds=0.5, wait=False)
    token, interaction_id = answer.payload["token"], answer.payload["id"]
    url = f"{fake.base_url}/interactions/{interaction_id}/{token}/callback"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"data": {"content": "no type"}}) as no_type:
            assert no_type.status == 400
            assert (await no_type.json())["code"] == ErrorCode.INVALID_FORM_BODY
        # a multipart body labelled application/json
        headers = {"Content-Type": "application/json"}
        multipart = b'--x\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{}'
        async with http.post(url, data=multipart, headers=headers) as bad:
            assert bad.status == 400
            assert (await bad.json())["code"] == ErrorCode.INVALID_JSON
    await answer.response(within=2)


def test_the_guilds_intent_alone_gets_no_message_events():
    guild_message = {"id": "1", "guild_id": "2"}
    dm_message = {"id": "1"}
    guilds = int(Intent.GUILDS)
    assert not allowed(guilds, "MESSAGE_CREATE", guild_message)
    assert not allowed(guilds, "MESSAGE_DELETE", guild_message)
    assert not allowed(guilds, "MESSAGE_UPDATE", dm_message)
    assert allowed(guilds, "INTERACTION_CREATE", {})
    assert allowed(guilds | Intent.GUILD_MESSAGES, "MESSAGE_DELETE", guild_message)
    assert not allowed(guilds | Intent.GUILD_MESSAGES, "MESSAGE_CREATE", dm_message)
    assert allowed(guilds | Intent.DIRECT_MESSAGES, "MESSAGE_CREATE", dm_message)
