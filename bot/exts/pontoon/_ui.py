"""Pontoon's part of the table: :class:`PontoonUI`, the kit's ``GameUI`` over the presenter.

The presenter (``_render``) returns ``Text``, which the kit's renderer says in the reader's
language; this adapter names players with :class:`~bot.text.format.PlayerNames` where the kit
passes ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from bot.exts.pontoon import _render as r
from bot.table import EmbedField, GameUI
from bot.text import Text, msg
from bot.text.format import Names, PlayerNames
from games.actions import ActionSpec
from games.errors import IllegalAction
from games.events import GameEvent
from games.pontoon import ActionKind, PontoonOptions, PontoonView
from services.tables import TableStatus


def _names(given: Names | Iterable[str]) -> Names:
    return given if isinstance(given, PlayerNames) else PlayerNames()


class PontoonUI(GameUI):
    """Pontoon on the table kit."""

    game = "pontoon"
    title = r.TITLE
    command = "pontoon"
    rules = r.RULES

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        view = cast(PontoonView, status.view)
        fields = r.public_fields(view, PlayerNames())
        return [
            EmbedField(f.name, list(f.value) if isinstance(f.value, list) else f.value, f.inline)
            for f in fields
        ]

    def seat_detail(self, status: TableStatus, pid: str, names: Names) -> Text | None:
        return r.seat_detail(cast(PontoonView, status.view), pid, _names(names))

    def lobby_fields(self, status: TableStatus) -> list[EmbedField]:
        """Before the first deal: the stakes and options the players join at."""
        options = PontoonOptions.model_validate(status.options)
        return [EmbedField(msg("pontoon.field.lobby"), r.lobby_lines(options))]

    def stakes(self, options: Mapping[str, Any]) -> Text | None:
        """The bets' bounds (and Shoot Pontoon's kitty), which the picture does not say."""
        return r.stakes_line(PontoonOptions.model_validate(options))

    def quick_amounts(self, spec: ActionSpec) -> tuple[tuple[int, Text], ...]:
        """**No shoot**: the shoot phase's bet of 0, one click."""
        if spec.kind == ActionKind.SHOOT:
            return ((0, msg("pontoon.action.no_shoot")),)
        return ()

    def on_table_message(self, spec: ActionSpec) -> bool:
        """Selling the bank is a button per player (its price in the modal), like the rest."""
        return spec.kind == ActionKind.OFFER_BANK or super().on_table_message(spec)

    def private_text(self, status: TableStatus, user: int) -> Text | list[Text]:
        view = cast(PontoonView | None, status.view)
        return list(r.private_lines(view, str(user)))

    def deciding(self, event: GameEvent) -> bool:
        """The cut for the bank, pontoons, five-card tricks, busts and a short bank (PO-22)
        stay to the end of the deal."""
        return isinstance(event, r.DECIDING)

    def describe_event(self, event: GameEvent, names: Names) -> Text | None:
        return r.describe_event(event, names)

    def describe_private(self, event: GameEvent, names: Names) -> Text | None:
        line = r.describe_private(event, names)
        return "" if line is None else line

    def refusal(self, error: IllegalAction, names: Names | None = None) -> Text:
        """The engine's refusal in the words of the buttons (the kit's contract hook)."""
        return r.refusal(error, names or PlayerNames())

    def action_label(self, spec: ActionSpec, view: Any = None, names: Names | None = None) -> Text:
        """The words of the moment (``view``), a buyer of the bank by name (``names``)."""
        shown = view if isinstance(view, PontoonView) else None
        return r.action_label(spec, _names(names or PlayerNames()), shown)

    def reply(self, kind: str, **fields: object) -> Text:
        """A played slash command's ephemeral answer."""
        return r.reply(kind, PlayerNames(), **fields)
