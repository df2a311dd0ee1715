"""How the bot answers interactions: the callback, followups, and the original response.

Discord's rules are enforced here, so tests catch the bugs that only show in production: an
answer later than the 3-second limit is an unknown interaction (10062), a second answer is
40060, a followup before any answer has no webhook yet (10015), and every message body passes
the size limits of ``limits``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from aiohttp import web

from sandbox import limits
from sandbox.interactions import CallbackType, Interaction, Interactions, InteractionType
from sandbox.log import ChangeKind
from sandbox.publish import Publisher
from sandbox.state import EPHEMERAL, JSON, LOADING, Message, World
from sandbox.wire import ErrorCode, error_response, json_response, no_content

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
        self, world: World, interactions: Interactions, publisher: Publisher, rules: Rules
    ) -> None:
        self.world = world
        self.interactions = interactions
        self.publisher = publisher
        self.rules = rules

    def _late(self, interaction: Interaction) -> bool:
        limit = self.rules.answer_limit
        elapsed = asyncio.get_running_loop().time() - interaction.created
        return limit is not None and elapsed > limit

    def _metadata(self, interaction: Interaction) -> JSON:
        return {
            "id": str(interaction.id),
            "type": int(interaction.type),
            "user": interaction.user.payload(),
            "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
        }

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
        except ValueError:
            return _invalid("type", "Value is not a valid interaction callback type.")
        if kind not in ALLOWED[interaction.type]:
            return _invalid("type", f"{kind.name} is not a valid answer to this interaction.")
        updates = (CallbackType.UPDATE_MESSAGE, CallbackType.DEFERRED_UPDATE)
        if kind in updates and interaction.source is None:
            return _invalid("type", "This interaction has no message to update.")
        data: JSON = dict(body.get("data") or {})
        errors = self._form_errors(kind, data)
        if errors:
            return error_response(400, ErrorCode.INVALID_FORM_BODY, errors)
        await self._apply(interaction, kind, data)
        return json_response(self._callback_answer(interaction, kind))

    def _form_errors(self, kind: CallbackType, data: JSON) -> JSON:
        if kind in (CallbackType.MESSAGE, CallbackType.UPDATE_MESSAGE):
            return limits.message_errors(data, ("data",))
        if kind is CallbackType.MODAL:
            return limits.modal_errors(data)
        if kind is CallbackType.AUTOCOMPLETE_RESULT:
            return limits.choices_errors(data)
        return {}

    async def _apply(self, interaction: Interaction, kind: CallbackType, data: JSON) -> None:
        interaction.callback = kind
        interaction.answered_at = asyncio.get_running_loop().time()
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
        answer: JSON = {
            "interaction": {
                "id": str(interaction.id),
                "type": int(interaction.type),
                "response_message_id": str(message.id) if message is not None else None,
                "response_message_loading": kind is CallbackType.DEFERRED_MESSAGE,
                "response_message_ephemeral": message is not None and message.ephemeral,
            }
        }
        if message is not None and kind is not CallbackType.DEFERRED_UPDATE:
            answer["resource"] = {"type": int(kind), "message": message.payload()}
        return answer

    def _webhook_interaction(self, request: web.Request) -> Interaction | None:
        interaction = self.interactions.by_token.get(request.match_info["webhook_token"])
        if interaction is None or request.match_info["webhook_id"] != str(
            self.world.application_id
        ):
            return None
        return interaction

    async def followup(self, request: web.Request, body: JSON) -> web.Response:
        """``POST /webhooks/{webhook_id}/{webhook_token}``: a followup message."""
        interaction = self._webhook_interaction(request)
        if interaction is None or interaction.callback is None:
            # The webhook only exists once the interaction was acknowledged.
            return error_response(404, ErrorCode.UNKNOWN_WEBHOOK)
        if errors := limits.message_errors(body):
            return error_response(400, ErrorCode.INVALID_FORM_BODY, errors)
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
        if request.query.get("wait", "").lower() in ("true", "1"):
            return json_response(message.payload())
        return no_content()

    def _webhook_message(self, request: web.Request) -> tuple[Interaction, Message] | None:
        interaction = self._webhook_interaction(request)
        if interaction is None:
            return None
        wanted = request.match_info["message_id"]
        if wanted == "@original":
            message = interaction.message
        else:
            message = self.world.messages.get(int(wanted)) if wanted.isdigit() else None
        if message is None or message.deleted:
            return None
        return interaction, message

    async def get_message(self, request: web.Request, _body: JSON) -> web.Response:
        """``GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}``."""
        found = self._webhook_message(request)
        if found is None:
            return error_response(404, ErrorCode.UNKNOWN_MESSAGE)
        return json_response(found[1].payload())

    async def edit_message(self, request: web.Request, body: JSON) -> web.Response:
        """``PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}``."""
        found = self._webhook_message(request)
        if found is None:
            return error_response(404, ErrorCode.UNKNOWN_MESSAGE)
        if errors := limits.message_errors(body):
            return error_response(400, ErrorCode.INVALID_FORM_BODY, errors)
        interaction, message = found
        message.apply_edit(body)
        await self.publisher.edited(message, interaction.id)
        return json_response(message.payload())

    async def delete_message(self, request: web.Request, _body: JSON) -> web.Response:
        """``DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}``."""
        found = self._webhook_message(request)
        if found is None:
            return error_response(404, ErrorCode.UNKNOWN_MESSAGE)
        interaction, message = found
        await self.publisher.deleted(message, interaction.id)
        return no_content()
