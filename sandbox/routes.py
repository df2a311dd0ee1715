"""The REST API: login, command sync, channels, messages, DMs, and the interaction webhooks.

A middleware does what every route shares: parse the body (JSON or multipart with
``payload_json``; malformed JSON is 400, code 50109), check the bot token (webhook routes carry
none, as on Discord), apply the rate limits (``ratelimit``), answer a planned fault, refuse a
body that breaks the spec or the documented limits (400, code 50035: ``schema``, ``checks``),
log the call with its answer and, in strict mode, check the answer against the spec. A route
the fake lacks answers 404 and is listed in ``RequestLog.unhandled``, which the test fixture
turns into a failure.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from sandbox import checks, limits
from sandbox.faults import Faults
from sandbox.guilds import Channel
from sandbox.log import Call, RequestLog
from sandbox.messages import Message
from sandbox.publish import Publisher
from sandbox.ratelimit import RateLimits
from sandbox.responses import Responses
from sandbox.schema import spec
from sandbox.state import World
from sandbox.threads import Threads, posted, refuse_post
from sandbox.wire import API_PREFIX, JSON, ErrorCode, error_response, json_response, no_content

Handler = Callable[[web.Request, Any], Awaitable[web.StreamResponse]]
BODY = web.RequestKey("body", object)
UNAUTHENTICATED = ("/interactions/", "/webhooks/")


class BadJson(ValueError):
    """The body is not the JSON its content type promises."""


async def _read_body(request: web.Request) -> Any:
    if not request.can_read_body:
        return None
    try:
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            body: JSON = json.loads(_form_text(form.get("payload_json")) or "{}")
            uploads = [v for v in form.values() if isinstance(v, web.FileField)]
            body["_files"] = [v.filename for v in uploads]
            body["_uploads"] = {v.filename: v.file.read() for v in uploads}
            body["_sizes"] = {name: len(data) for name, data in body["_uploads"].items()}
            return body
        raw = await request.text()
        return json.loads(raw) if raw else None
    except (ValueError, UnicodeDecodeError) as error:
        raise BadJson(str(error)) from error


def _form_text(part: object) -> str:
    """A form field's text: aiohttp gives a part labelled with a content type other than
    ``text/plain`` (Discord's docs label ``payload_json`` ``application/json``) as bytes."""
    if isinstance(part, bytes | bytearray):
        return part.decode()
    if isinstance(part, web.FileField):
        return part.file.read().decode()
    return str(part or "")


def form_errors(method: str, route: str, body: Any) -> JSON:
    """The spec's schema errors and the documented limits' errors, merged."""
    wire = (
        {k: v for k, v in body.items() if not k.startswith("_")} if isinstance(body, dict) else body
    )
    errors = spec().request_errors(method, route, wire)
    limits.merge(errors, checks.request_errors(method, route, wire), first_only=True)
    if isinstance(body, dict):
        limits.merge(errors, checks.upload_errors(method, route, body), first_only=True)
    return errors


def _body_bytes(response: web.StreamResponse) -> bytes | None:
    if not isinstance(response, web.Response) or response.body is None:
        return None
    return bytes(response.body)  # type: ignore[arg-type]


def _error_code(response: web.StreamResponse) -> int | None:
    if response.status < 400 or not isinstance(response, web.Response) or not response.body:
        return None
    try:
        data = json.loads(bytes(response.body))  # type: ignore[arg-type]
    except ValueError:
        return None
    return int(data["code"]) if isinstance(data, dict) and "code" in data else None


class Rest:
    """The fake's REST API over one ``World``."""

    def __init__(
        self,
        world: World,
        token: str,
        log: RequestLog,
        faults: Faults,
        publisher: Publisher,
        responses: Responses,
        gateway_url: Callable[[], str],
    ) -> None:
        self.world = world
        self.token = token
        self.log = log
        self.faults = faults
        self.publisher = publisher
        self.responses = responses
        self.gateway_url = gateway_url
        self.rate_limits: RateLimits | None = None
        self.strict = False
        self.shards = 1  # the shard count GET /gateway/bot recommends
        self.threads: Threads | None = None

    def add_routes(self, app: web.Application) -> None:
        """Register every route under ``/api/v10`` (and the catch-all)."""
        r = self.responses
        table: list[tuple[str, str, Handler]] = [
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway),
            ("GET", "/users/@me", self.get_me),
            ("GET", "/users/{user_id}", self.get_user),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/{application_id}/commands", self.get_commands),
            ("PUT", "/applications/{application_id}/commands", self.put_commands),
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("POST", "/channels/{channel_id}/messages", self.post_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("POST", "/interactions/{interaction_id}/{interaction_token}/callback", r.callback),
            ("POST", "/webhooks/{webhook_id}/{webhook_token}", r.followup),
            ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", r.get_message),
            (
                "PATCH",
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                r.edit_message,
            ),
            (
                "DELETE",
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                r.delete_message,
            ),
        ]
        if self.threads is not None:
            t = self.threads
            table += [
                ("POST", "/channels/{channel_id}/messages/{message_id}/threads", t.start),
                ("PATCH", "/channels/{channel_id}", t.update),
                ("DELETE", "/channels/{channel_id}", t.delete_route),
                ("PUT", "/channels/{channel_id}/thread-members/{user_id}", t.add_member),
            ]
        for method, route, handler in table:
            app.router.add_route(method, API_PREFIX + route, self._adapt(handler))
            self.faults.known_routes.add(route)
        app.router.add_route("*", "/{tail:.*}", self.unhandled)
        app.middlewares.append(self.middleware)

    @staticmethod
    def _adapt(handler: Handler) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def handle(request: web.Request) -> web.StreamResponse:
            return await handler(request, request[BODY])

        return handle

    @web.middleware
    async def middleware(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        """Parse, authenticate, inject faults and log every API call."""
        if not request.path.startswith(API_PREFIX):
            return await handler(request)
        path = request.path[len(API_PREFIX) :]
        resource = request.match_info.route.resource
        route = resource.canonical[len(API_PREFIX) :] if resource is not None else path
        response: web.StreamResponse | None = None
        headers: dict[str, str] = {}
        try:
            body = await _read_body(request)
        except BadJson:
            body = None
            response = error_response(400, ErrorCode.INVALID_JSON)
        request[BODY] = body
        if (
            response is None
            and not path.startswith(UNAUTHENTICATED)
            and (request.headers.get("Authorization") != f"Bot {self.token}")
        ):
            response = json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        if response is None and self.rate_limits is not None and route in self.faults.known_routes:
            verdict = self.rate_limits.check(request.method, route, dict(request.match_info))
            headers, response = verdict.headers, verdict.refusal
        if response is None:
            response = self.faults.take(request.method, route)
        if response is None and (errors := form_errors(request.method, route, body)):
            response = error_response(400, ErrorCode.INVALID_FORM_BODY, errors)
        if response is None:
            await self.faults.wait_if_held(request.method, route)
            response = await handler(request)
        for name, value in headers.items():
            response.headers.setdefault(name, value)
        if self.strict and route in self.faults.known_routes:
            self.log.drift.extend(
                spec().response_problems(
                    request.method, route, response.status, _body_bytes(response)
                )
            )
        self.log.record(
            Call(
                at=self._now(),
                method=request.method,
                route=route,
                path=path,
                query=dict(request.query),
                # the uploaded bytes stay on the message (``Message.files``), not in the log
                body={k: v for k, v in body.items() if k != "_uploads"}
                if isinstance(body, dict)
                else body,
                status=response.status,
                code=_error_code(response),
            )
        )
        return response

    def _now(self) -> float:
        return time.monotonic() - self.log.started

    async def unhandled(self, request: web.Request) -> web.StreamResponse:
        """Any route the fake lacks: 404, and remembered so the test fails."""
        self.log.unhandled.append(f"{request.method} {request.path}")
        return json_response(
            {"message": f"sandbox: no route {request.method} {request.path}", "code": 0}, 404
        )

    # ------------------------------------------------------------------ login and sync

    async def get_gateway(self, _request: web.Request, _body: Any) -> web.StreamResponse:
        """Only AutoShardedClient asks; a plain Client goes straight to the gateway URL."""
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response(
            {"url": self.gateway_url(), "shards": self.shards, "session_start_limit": limit}
        )

    async def get_me(self, _request: web.Request, _body: Any) -> web.StreamResponse:
        """The bot's own user (the first call of ``login``)."""
        return json_response(self.world.bot_user.payload())

    async def get_user(self, request: web.Request, _body: Any) -> web.StreamResponse:
        """``fetch_user``."""
        user = self.world.users.get(int(request.match_info["user_id"]))
        if user is None:
            return error_response(404, ErrorCode.UNKNOWN_USER)
        return json_response(user.payload())

    async def get_application(self, _request: web.Request, _body: Any) -> web.StreamResponse:
        """Application info: discord.py takes ``application_id`` from here."""
        world = self.world
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": world.owner.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "flags_new": "0",
                "type": None,
                "team": None,
                "bot": world.bot_user.payload(),
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "role_connections_verification_url": None,
                "approximate_guild_count": len(world.guilds),
                "approximate_user_install_count": 0,
                "approximate_user_authorization_count": 0,
                "explicit_content_filter": 0,
                "eligible_oauth2_scopes": ["bot", "applications.commands"],
            }
        )

    def _scope(self, request: web.Request) -> int | None:
        guild_id = request.match_info.get("guild_id")
        return int(guild_id) if guild_id is not None else None

    async def get_commands(self, request: web.Request, _body: Any) -> web.StreamResponse:
        """The synced commands of a scope (global or one guild)."""
        return json_response(self.world.commands.get(self._scope(request), []))

    async def put_commands(self, request: web.Request, body: Any) -> web.StreamResponse:
        """``tree.sync()``: replace a scope's commands, returning them with ids."""
        scope = self._scope(request)
        if scope is not None and scope not in self.world.guilds:
            return error_response(403, ErrorCode.MISSING_ACCESS)
        synced = [self._command_record(command, scope) for command in body or []]
        self.world.commands[scope] = synced
        return json_response(synced)

    def _command_record(self, command: JSON, scope: int | None) -> JSON:
        """A command as Discord stores and returns it: its own ids, the permission bits as a
        string, the defaults filled in (not the request echoed back)."""
        permissions = command.get("default_member_permissions")
        record: JSON = {
            "id": str(self.world.ids.new()),
            "application_id": str(self.world.application_id),
            "version": str(self.world.ids.new()),
            "type": int(command.get("type") or 1),
            "name": command["name"],
            "name_localizations": command.get("name_localizations"),
            "description": command.get("description") or "",
            "description_localizations": command.get("description_localizations"),
            "default_member_permissions": None if permissions is None else str(permissions),
            "dm_permission": bool(command.get("dm_permission", True)),
            "contexts": command.get("contexts"),
            "integration_types": command.get("integration_types") or [0],
            "nsfw": bool(command.get("nsfw", False)),
        }
        if command.get("options"):
            record["options"] = command["options"]
        if scope is not None:
            record["guild_id"] = str(scope)
        return record

    # ------------------------------------------------------------------ guilds, channels

    async def get_guild(self, request: web.Request, _body: Any) -> web.StreamResponse:
        """``client.fetch_guild``: a server the bot is in."""
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            return error_response(403, ErrorCode.MISSING_ACCESS)
        return json_response(guild.rest_payload())

    async def get_member(self, request: web.Request, _body: Any) -> web.StreamResponse:
        """``guild.fetch_member``."""
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            return error_response(403, ErrorCode.MISSING_ACCESS)
        user = guild.members.get(int(request.match_info["user_id"]))
        if user is None:
            return error_response(404, ErrorCode.UNKNOWN_MEMBER)
        return json_response(guild.member_payload(user))

    def _channel(self, request: web.Request) -> Channel | web.Response:
        """The channel of the path, or Discord's error for it."""
        channel = self.world.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            return error_response(404, ErrorCode.UNKNOWN_CHANNEL)
        if channel.guild_id is not None and self.world.guild_of(channel) is None:
            return error_response(403, ErrorCode.MISSING_ACCESS)
        return channel

    def _message(self, request: web.Request) -> Message | web.Response:
        """The channel's message of the path, or Discord's error for either."""
        channel = self._channel(request)
        if isinstance(channel, web.Response):
            return channel
        message = self.world.messages.get(int(request.match_info["message_id"]))
        if message is None or message.deleted or message.channel is not channel:
            return error_response(404, ErrorCode.UNKNOWN_MESSAGE)
        return message

    async def get_channel(self, request: web.Request, _body: Any) -> web.StreamResponse:
        """``fetch_channel``."""
        channel = self._channel(request)
        return channel if isinstance(channel, web.Response) else json_response(channel.payload())

    async def create_dm(self, _request: web.Request, body: Any) -> web.StreamResponse:
        """Open (or reuse) the DM channel with a user; closed DMs fail only on sending."""
        user = self.world.users.get(int(body["recipient_id"]))
        if user is None:
            return error_response(404, ErrorCode.UNKNOWN_USER)
        return json_response(self.world.dm_channel(user).payload())

    async def post_message(self, request: web.Request, body: Any) -> web.StreamResponse:
        """Send a message to a guild channel or a DM channel."""
        channel = self._channel(request)
        if isinstance(channel, web.Response):
            return channel
        refusal = (
            self.faults.refuse_channel(channel)
            or self.faults.refuse_dm(channel.recipient)
            or refuse_post(self.world, channel)
        )
        if refusal is not None:
            return refusal
        message = self.world.add_message(channel, self.world.bot_user, body or {})
        posted(channel)
        await self.publisher.created(message)
        return json_response(message.payload())

    async def get_message(self, request: web.Request, _body: Any) -> web.StreamResponse:
        """``fetch_message``."""
        message = self._message(request)
        if isinstance(message, web.Response):
            return message
        return json_response(message.payload())

    async def edit_message(self, request: web.Request, body: Any) -> web.StreamResponse:
        """Edit one of the bot's messages."""
        message = self._message(request)
        if isinstance(message, web.Response):
            return message
        channel = message.channel
        if message.author is not self.world.bot_user:
            return error_response(403, ErrorCode.CANNOT_EDIT_OTHERS_MESSAGE)
        if refusal := self.faults.refuse_channel(channel) or refuse_post(self.world, channel):
            return refusal
        if errors := checks.edit_errors(message.flags, message.attachments, body or {}):
            return error_response(400, ErrorCode.INVALID_FORM_BODY, errors)
        message.apply_edit(body or {})
        await self.publisher.edited(message)
        return json_response(message.payload())

    async def delete_message(self, request: web.Request, _body: Any) -> web.StreamResponse:
        """Delete a message."""
        message = self._message(request)
        if isinstance(message, web.Response):
            return message
        channel = message.channel
        if message.author is not self.world.bot_user and (
            refusal := self.faults.refuse_channel(channel)
        ):
            return refusal
        await self.publisher.deleted(message)
        return no_content()
