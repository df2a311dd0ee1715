"""Paiute's part of the table kit: the table message's fields, the My cards text, the event
sentences, and which actions may be offered where.

Paiute's ``discard`` and ``call`` choose among the player's own cards (``ChoiceField``s of
card codes), so they are never components of the public table message: they are selects in
the ephemeral **My cards** reply only. ``draw`` (stock or discard pile) is public and gets a
button per source.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from bot.exts.paiute import _render as render
from bot.table import EmbedField, GameUI, mention, with_mentions
from games.actions import ActionSpec
from games.cards import Card
from games.events import Event
from games.paiute import ActionKind, PaiuteView
from services.tables import TableStatus

PRIVATE_KINDS = frozenset({ActionKind.DISCARD.value, ActionKind.CALL.value})
"""Actions whose choices are the player's own cards."""


def _view(status: TableStatus) -> PaiuteView:
    return cast(PaiuteView, status.view)


class PaiuteUI(GameUI):
    game = "paiute"
    title = "Paiute"
    command = "paiute"
    rules = render.RULES

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        return render.table_fields(_view(status), mention)

    def private_text(self, status: TableStatus, user: int) -> str:
        if status.view is None:
            return "No deal has been dealt at this table yet."
        return render.hand_text(_view(status))

    def describe_event(self, event: Event, pids: Iterable[str]) -> str | None:
        return render.event_line(event, mention) or with_mentions(event.text, pids)

    def describe_private(self, event: Event, pids: Iterable[str]) -> str:
        return render.private_line(event) or with_mentions(event.text, pids)

    def action_label(self, spec: ActionSpec) -> str:
        if spec.kind == ActionKind.DRAW:
            return "Draw"
        if spec.kind == ActionKind.DISCARD:
            return "Discard a card"
        if spec.kind == ActionKind.CALL:
            return "Call: discard" if spec.label == "Call" else "Lay down: discard"
        return super().action_label(spec)

    def choice_label(self, spec: ActionSpec, field: str, option: str | None) -> str:
        if spec.kind == ActionKind.DRAW:
            return "from the stock" if option == "stock" else "the top discard"
        if option is None:
            return "nothing (six-card combination)"
        return str(Card.parse(option))

    def on_table_message(self, spec: ActionSpec) -> bool:
        return spec.kind not in PRIVATE_KINDS and super().on_table_message(spec)

    def in_my_cards(self, spec: ActionSpec) -> bool:
        return spec.kind in PRIVATE_KINDS
