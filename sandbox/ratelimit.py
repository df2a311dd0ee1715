"""Discord's REST rate limits in the fake: per-route buckets keyed by their major parameter, the
global per-bot limit, the headers discord.py paces itself by, and 429s shaped like Discord's.

The numbers and why they were chosen are in ``limits`` (rate-limit section). ``RateLimits`` is
per fake instance: ``enabled`` switches it off, ``rules`` and ``global_limit`` tighten or loosen
it for one test (``fake.rate_limits.set("channel-messages", limit=2, window=1.0)``).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from aiohttp import web

from sandbox import limits
from sandbox.limits import BucketRule
from sandbox.wire import json_response

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
EXEMPT_FROM_GLOBAL = ("/interactions/", "/webhooks/")


@dataclass
class _Window:
    started: float
    count: int = 0


@dataclass
class Verdict:
    """What the limiter says about one request: its headers, and a 429 if it is refused."""

    headers: dict[str, str]
    refusal: web.Response | None = None


def _hash(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()[:32]


@dataclass
class RateLimits:
    """The limiter of one fake. ``now`` is the fake's clock (seconds, monotonic)."""

    now: Callable[[], float]
    enabled: bool = True
    global_limit: int = limits.GLOBAL_LIMIT
    rules: dict[str, BucketRule] = field(
        default_factory=lambda: {
            r.name: r
            for r in (
                limits.CHANNEL_MESSAGES,
                limits.MESSAGE_DELETE,
                limits.INTERACTION_WEBHOOK,
                limits.DEFAULT_ROUTE,
            )
        }
    )
    _windows: dict[tuple[str, str], _Window] = field(default_factory=dict)
    _global: _Window | None = None
    refused: int = 0
    retry_until: float = 0.0
    """``time.monotonic()`` by which every refused request's ``retry_after`` has passed: until
    then a 429'd client still owes a retry, so the fake is not settled."""

    def set(self, name: str, *, limit: int | None = None, window: float | None = None) -> None:
        """Tighten or loosen one bucket rule, e.g. ``set("channel-messages", limit=50)``."""
        rule = self.rules[name]
        self.rules[name] = replace(
            rule,
            limit=rule.limit if limit is None else limit,
            window=rule.window if window is None else window,
        )

    def bucket(self, method: str, route: str, params: dict[str, str]) -> tuple[BucketRule, str]:
        """The rule of a request and the key of its window (rule, route and major parameter)."""
        if (method, route) in (("POST", MESSAGES), ("PATCH", MESSAGE)):
            return self.rules["channel-messages"], params["channel_id"]
        if (method, route) == ("DELETE", MESSAGE):
            return self.rules["message-delete"], params["channel_id"]
        if route.startswith("/webhooks/"):
            return self.rules["interaction-webhook"], params.get("webhook_token", "")
        # an interaction callback is limited per interaction, like the webhook per token
        majors = ("interaction_id", "channel_id", "guild_id", "webhook_id")
        major = next((params[k] for k in majors if k in params), "")
        return self.rules["route"], f"{method} {route} {major}"

    def check(self, method: str, route: str, params: dict[str, str]) -> Verdict:
        """Count one request; refuse it (429) when its bucket or the global limit is spent."""
        if not self.enabled:
            return Verdict({})
        now = self.now()
        if not route.startswith(EXEMPT_FROM_GLOBAL):
            window = self._global
            if window is None or now >= window.started + limits.GLOBAL_WINDOW:
                window = self._global = _Window(now)
            if window.count >= self.global_limit:
                retry = window.started + limits.GLOBAL_WINDOW - now
                self._refuse(retry)
                return Verdict({}, _too_many(retry, {}, is_global=True))
            window.count += 1
        rule, key = self.bucket(method, route, params)
        slot = (rule.name, key)
        window = self._windows.get(slot)
        if window is None or now >= window.started + rule.window:
            window = self._windows[slot] = _Window(now)
        reset_after = window.started + rule.window - now
        headers = {
            "X-RateLimit-Limit": str(rule.limit),
            "X-RateLimit-Remaining": str(max(0, rule.limit - window.count - 1)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": _hash(rule.name if rule.name != "route" else key),
        }
        if window.count >= rule.limit:
            self._refuse(reset_after)
            headers["X-RateLimit-Remaining"] = "0"
            return Verdict(headers, _too_many(reset_after, headers, is_global=False))
        window.count += 1
        return Verdict(headers)

    def _refuse(self, retry_after: float) -> None:
        self.refused += 1
        self.retry_until = max(self.retry_until, time.monotonic() + retry_after)


def _too_many(retry_after: float, headers: dict[str, str], *, is_global: bool) -> web.Response:
    """Discord's 429: ``retry_after`` and ``global`` in the body, the scope in a header, and
    ``Via`` (discord.py takes a 429 without it for a Cloudflare ban and gives up)."""
    extra = {
        "Via": "1.1 google",
        "Retry-After": str(max(1, round(retry_after + 0.5))),
        "X-RateLimit-Scope": "global" if is_global else "user",
    }
    if is_global:
        extra["X-RateLimit-Global"] = "true"
    return json_response(
        {
            "message": "You are being rate limited.",
            "retry_after": round(max(retry_after, 0.001), 3),
            "global": is_global,
            "code": 0,
        },
        status=429,
        headers={**headers, **extra},
    )
