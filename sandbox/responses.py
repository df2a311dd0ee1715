"""How the bot answers interactions: the callback, followups, and the original response.

Discord's rules are enforced here, so tests catch the bugs that only show in production: an
answer later than the 3-second limit is an unknown interaction (10062), a second answer is
40060, a followup before any answer has no webhook yet (10015), a token older than 15 minutes is
refused (50027), and a token edits only its own messages. Bodies were checked against the spec
and ``checks`` by the REST layer before they get here.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from sandbox import checks, limits
from sandbox.clock import Clock
from sandbox.flags import EPHEMERAL, LOADING
from sandbox.interactions import CallbackType, Interaction, Interactions, InteractionType
from sandbox.log import ChangeKind
from sandbox.messages import Message
from sandbox.publish import Publisher
from sandbox.state import World
from sandbox.wire import JSON, ErrorCode, error_response, json_response, no_content

# Which answers each interaction type allows (Discord answers others with 400).
ALLOWED: dict[InteractionType, set[CallbackType]] = {
    InteractionType.APPLICATION_COMMAND: {
        CallbackType.MESSAGE,
        CallbackType.DEFERRED_MESSAGE,
        CallbackType.MODAL,
    },
    InteractionType.MESSAGE_COMPONENT: {
        CallbackType.MESSAGE,
        CallbackType.DEFERRED_MESSAGE,
        CallbackType.DEFERRED_UPDATE,
        CallbackType.UPDATE_MESSAGE,
        CallbackType.MODAL,
    },
    InteractionType.AUTOCOMPLETE: {CallbackType.AUTOCOMPLETE_RESULT},
    InteractionType.MODAL_SUBMIT: {
        CallbackType.MESSAGE,
        CallbackType.DEFERRED_MESSAGE,
        CallbackType.DEFERRED_UPDATE,
        CallbackType.UPDATE_MESSAGE,
    },
}
# Message type of an interaction response: CHAT_INPUT_COMMAND for slash commands, else DEFAULT.
COMMAND_MESSAGE_TYPE = 20


@dataclass
class Rules:
    """Discord's timing rules, adjustable for slow machines (``answer_limit=None``: no limit)."""

    answer_limit: float | None = 3.0


def _invalid(path: str, message: str) -> web.Response:
    errors = {path: {"_errors": [{"code": "INVALID", "message": message}]}}
    return error_response(400, ErrorCode.INVALID_FORM_BODY, errors)


class Responses:
    """The REST handlers under ``/interactions`` and ``/webhooks``."""

    def __init__(
        self,
        world: World,
        interactions: Interactions,
        publisher: Publisher,
        rules: Rules,
        clock: Clock,
    ) -> None:
        self.world = world
        self.interactions = interactions
        self.publisher = publisher
        self.rules = rules
        self.clock = clock

    def _late(self, interaction: Interaction) -> bool:
        limit = self.rules.answer_limit
        elapsed = self.clock.monotonic() - interaction.created
        return limit is not None and elapsed > limit

    def _metadata(self, interaction: Interaction) -> JSON:
        """``interaction_metadata`` as Discord sets it on a response or followup message: a
        component's names the message clicked, a modal submit's the interaction that opened
        the modal."""
        metadata: JSON = {
            "id": str(interaction.id),
            "type": int(interaction.type),
            "user": interaction.user.payload(),
            "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
        }
        if interaction.type is InteractionType.MESSAGE_COMPONENT and interaction.source:
            metadata["interacted_message_id"] = str(interaction.source.id)
        if interaction.type is InteractionType.MODAL_SUBMIT:
            opener = interaction.opened_by
            metadata["triggering_interaction_metadata"] = (
                self._metadata(opener)
                if opener is not None
                else {k: metadata[k] for k in ("id", "type", "authorizing_integration_owners")}
            )
        return metadata

    async def callback(self, request: web.Request, body: JSON) -> web.Response:
        """``POST /interactions/{interaction_id}/{interaction_token}/callback``."""
        interaction = self.interactions.by_token.get(request.match_info["interaction_token"])
        if interaction is None or str(interaction.id) != request.match_info["interaction_id"]:
            return error_response(404, ErrorCode.UNKNOWN_INTERACTION)
        if interaction.callback is not None:
            return error_response(400, ErrorCode.ALREADY_ACKNOWLEDGED)
        if self._late(interaction):
            return error_response(404, ErrorCode.UNKNOWN_INTERACTION)
        try:
            kind = CallbackType(int(body["type"]))
        except (ValueError, KeyError, TypeError):
            return _invalid("type", "Value is not a valid interaction callback type.")
        if kind not in ALLOWED[interaction.type]:
            return _invalid("type", f"{kind.name} is not a valid answer to this interaction.")
        updates = (CallbackType.UPDATE_MESSAGE, CallbackType.DEFERRED_UPDATE)
        if kind in updates and interaction.source is None:
            return _invalid("type", "This interaction has no message to update.")
        data: JSON = dict(body.get("data") or {})
        for key in ("_files", "_uploads"):
            if key in body:
                data[key] = body[key]
        source = interaction.source
        if kind is CallbackType.UPDATE_MESSAGE and source is not None:
            errors = checks.edit_errors(source.flags, source.attachments, data, ("data",))
            if errors:
                return error_response(400, ErrorCode.INVALID_FORM_BODY, errors)
        await self._apply(interaction, kind, data)
        if request.query.get("with_response", "").lower() not in ("true", "1"):
            return no_content()
        return json_response(self._callback_answer(interaction, kind))

    async def _apply(self, interaction: Interaction, kind: CallbackType, data: JSON) -> None:
        interaction.callback = kind
        interaction.answered_at = self.clock.monotonic()
        publish = self.publisher
        if kind in (CallbackType.MESSAGE, CallbackType.DEFERRED_MESSAGE):
            flags = int(data.get("flags") or 0)
            body = data if kind is CallbackType.MESSAGE else {}
            message = self.world.add_message(
                interaction.channel,
                self.world.bot_user,
                {
                    **body,
                    "flags": flags | (LOADING if kind is CallbackType.DEFERRED_MESSAGE else 0),
                },
                type=COMMAND_MESSAGE_TYPE
                if interaction.type is InteractionType.APPLICATION_COMMAND
                else 0,
                visible_to=interaction.user if flags & EPHEMERAL else None,
                interaction_id=interaction.id,
                interaction_metadata=self._metadata(interaction),
            )
            interaction.message = message
            interaction.answered.set()
            await publish.created(message, interaction.id)
        elif kind is CallbackType.UPDATE_MESSAGE:
            source = interaction.source
            if source is None:  # refused in callback(); kept for the type checker
                raise RuntimeError("UPDATE_MESSAGE without a source message")
            interaction.message = source
            source.apply_edit(data)
            interaction.answered.set()
            await publish.edited(source, interaction.id)
        else:
            if kind is CallbackType.MODAL:
                interaction.modal = data
            elif kind is CallbackType.AUTOCOMPLETE_RESULT:
                interaction.choices = list(data.get("choices") or [])
            else:
                interaction.message = interaction.source
            interaction.answered.set()
            change = {
                CallbackType.MODAL: ChangeKind.MODAL,
                CallbackType.AUTOCOMPLETE_RESULT: ChangeKind.CHOICES,
            }.get(kind, ChangeKind.DEFERRED_UPDATE)
            await publish.activity.add(change, interaction.message, interaction.id)

    def _callback_answer(self, interaction: Interaction, kind: CallbackType) -> JSON:
        """The ``with_response`` body discord.py parses (an empty 204 breaks send_message)."""
        message = interaction.message
        about: JSON = {"id": str(interaction.id), "type": int(interaction.type)}
        answer: JSON = {"interaction": about}
        if kind in (CallbackType.MESSAGE, CallbackType.DEFERRED_MESSAGE) and message is not None:
            # Discord omits these fields (it does not send null) when no message was made.
            about.update(
                response_message_id=str(message.id),
                response_message_loading=kind is CallbackType.DEFERRED_MESSAGE,
                response_message_ephemeral=message.ephemeral,
            )
        if kind in (CallbackType.MESSAGE, CallbackType.UPDATE_MESSAGE) and message is not None:
            answer["resource"] = {"type": int(kind), "message": message.payload()}
        return answer  # a deferral has no message yet: no resource

    def _webhook_interaction(self, request: web.Request) -> Interaction | web.Response:
        """The interaction whose token the webhook path carries, or Discord's refusal: an
        unknown token, or one older than 15 minutes (401, 50027 Invalid Webhook Token)."""
        interaction = self.interactions.by_token.get(request.match_info["webhook_token"])
        if interaction is None or request.match_info["webhook_id"] != str(
            self.world.application_id
        ):
            return error_response(404, ErrorCode.UNKNOWN_WEBHOOK)
        if self.clock.monotonic() - interaction.created > limits.TOKEN_LIFETIME:
            return error_response(401, ErrorCode.INVALID_WEBHOOK_TOKEN)
        return interaction

    async def followup(self, request: web.Request, body: JSON) -> web.Response:
        """``POST /webhooks/{webhook_id}/{webhook_token}``: a followup message."""
        interaction = self._webhook_interaction(request)
        if isinstance(interaction, web.Response):
            return interaction
        if interaction.callback is None:
            # The webhook only exists once the interaction was acknowledged.
            return error_response(404, ErrorCode.UNKNOWN_WEBHOOK)
        original = interaction.message
        if original is not None and original.loading and not original.deleted:
            # The first followup after a "thinking" defer replaces the loading message; its
            # visibility was fixed by the defer. (Once that message is deleted, a followup is
            # a new message again.)
            original.apply_edit(body)
            interaction.followups.append(original)
            await self.publisher.edited(original, interaction.id)
            message = original
        else:
            flags = int(body.get("flags") or 0)
            message = self.world.add_message(
                interaction.channel,
                self.world.bot_user,
                body,
                visible_to=interaction.user if flags & EPHEMERAL else None,
                interaction_id=interaction.id,
                interaction_metadata=self._metadata(interaction),
            )
            interaction.followups.append(message)
            await self.publisher.created(message, interaction.id)
        # Discord's docs: a followup "functions the same as Execute Webhook, but `wait` is
        # always true": the message comes back whatever the query says.
        return json_response(message.payload())

    def _webhook_message(self, request: web.Request) -> tuple[Interaction, Message] | web.Response:
        """The message of the path if this token made it (its response or a followup): a
        token reaches only its own messages, as on Discord."""
        interaction = self._webhook_interaction(request)
        if isinstance(interaction, web.Response):
            return interaction
        wanted = request.match_info["message_id"]
        own = [interaction.message, *interaction.followups]
        if wanted == "@original":
            message = interaction.message
        else:
            message = next((m for m in own if m is not None and str(m.id) == wanted), None)
        if message is None or message.deleted:
            return error_response(404, ErrorCode.UNKNOWN_MESSAGE)
        return interaction, message

    async def get_message(self, request: web.Request, _body: JSON) -> web.Response:
        """``GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}``."""
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        return json_response(found[1].payload())

    async def edit_message(self, request: web.Request, body: JSON) -> web.Response:
        """``PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}``."""
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        interaction, message = found
        if errors := checks.edit_errors(message.flags, message.attachments, body):
            return error_response(400, ErrorCode.INVALID_FORM_BODY, errors)
        message.apply_edit(body)
        await self.publisher.edited(message, interaction.id)
        return json_response(message.payload())

    async def delete_message(self, request: web.Request, _body: JSON) -> web.Response:
        """``DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}``."""
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        interaction, message = found
        await self.publisher.deleted(message, interaction.id)
        return no_content()
