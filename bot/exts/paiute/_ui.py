"""Paiute's part of the table kit: the table message's fields, the My cards text, the event
sentences, the refusals, and which actions may be offered where (``_render`` says it all).

Paiute's ``discard`` and ``call`` choose among the player's own cards (``ChoiceField``s of
card codes), so they are never components of the public table message: they are selects in
the ephemeral **My cards** reply only. ``draw`` (stock or discard pile) is public and gets a
button per source.

This class is a thin adapter: it hands the presenter's ``Text`` to the kit (whose renderer
says it in the reader's language), and names players with ``PlayerNames`` (mentions) where
the kit passes ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from bot.exts.paiute import _render as render
from bot.table import EmbedField, GameUI
from bot.text import Text, msg
from bot.text.format import Names, PlayerNames
from games.actions import ActionSpec
from games.errors import IllegalAction
from games.events import GameEvent
from games.paiute import ActionKind, Called, LaidDown, PaiuteOptions, PaiuteView
from services.tables import TableStatus

PRIVATE_KINDS = frozenset({ActionKind.DISCARD.value, ActionKind.CALL.value})
"""Actions whose choices are the player's own cards."""


MENTIONS: Names = PlayerNames()
"""Players in the fields' text, by Discord mention."""


def _view(status: TableStatus) -> PaiuteView:
    return cast(PaiuteView, status.view)


class PaiuteUI(GameUI):
    game = "paiute"
    title = render.TITLE
    command = "paiute"
    rules = render.RULES

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        return [
            EmbedField(name, list(lines))
            for name, lines in render.table_fields(_view(status), MENTIONS)
        ]

    def seat_detail(self, status: TableStatus, pid: str, names: Names) -> Text | None:
        view = _view(status)
        seat = next((s for s in view.seats if s.player == pid), None)
        return None if seat is None else render.seat_detail(seat, view)

    def stakes(self, options: Mapping[str, Any]) -> Text | None:
        """Each deal's stake, which the picture does not say."""
        return render.stakes_line(PaiuteOptions.model_validate(options))

    def private_text(self, status: TableStatus, user: int) -> Text | list[Text]:
        if status.view is None:
            return msg("paiute.hand.no_deal")
        return list(render.hand_lines(_view(status)))

    def describe_event(self, event: GameEvent, names: Names) -> Text | None:
        return render.event_line(event, names)

    def deciding(self, event: GameEvent) -> bool:
        """The call and the hands laid down after it stay to the end of the deal."""
        return isinstance(event, Called | LaidDown)

    def describe_private(self, event: GameEvent, names: Names) -> Text | None:
        line = render.private_line(event)
        return "" if line is None else line

    def private_event(self, event: GameEvent, names: Names, now: TableStatus | None) -> Text | None:
        """A drawn card that is no longer in the hand shown below went straight to the
        discard pile in the same step (a timed-out turn): said so, not "You drew 9♣."
        beside a hand without it (issue 33.8)."""
        view = now.view if now is not None else None
        if isinstance(view, PaiuteView) and view.hand is not None:
            line = render.private_line(event, [c.code for c in view.hand])
            return "" if line is None else line
        return self.describe_private(event, names)

    def refusal(self, error: IllegalAction, names: Names | None = None) -> Text:
        """The engine's refusal code in the words of Paiute's commands and buttons."""
        return render.refusal(error, names or MENTIONS)

    def action_label(self, spec: ActionSpec, view: Any = None, names: Names | None = None) -> Text:
        label = render.action_label(spec.kind)
        return super().action_label(spec) if label is None else label

    def choice_label(
        self, spec: ActionSpec, field: str, option: str | None, names: Names | None = None
    ) -> Text:
        return render.choice_label(spec.kind, option)

    def on_table_message(self, spec: ActionSpec) -> bool:
        return spec.kind not in PRIVATE_KINDS and super().on_table_message(spec)

    def in_my_cards(self, spec: ActionSpec) -> bool:
        return spec.kind in PRIVATE_KINDS
