"""Palace Poker's :class:`~bot.table.GameUI`: the kit asks, ``_render`` answers.

Text that Discord renders (embed values, DMs, ephemeral replies) names players by mention, which
every client shows as the member's display name. Button labels are plain text, so the bet
buttons use the display names the desk has seen (``Desk.names``), falling back to ``@id``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import cast

from bot.exts.palace import _render as r
from bot.table import EmbedField, GameUI
from games.actions import ActionSpec
from games.events import Event
from games.palace import ActionKind, PalaceOptions, PalaceView
from services.tables import TableStatus

NO_NAMES: Mapping[str, str] = {}
"""Players by mention in rendered text."""

LABELS = {
    ActionKind.BUY: "Buy",
    ActionKind.DISCARD: "Discard",
    ActionKind.DISCARD_SOLDIERS: "Discard soldiers",
    ActionKind.STAY: "Stay",
    ActionKind.FOLD: "Fold",
    ActionKind.BET: "Attack",
    ActionKind.CALL: "Call",
    ActionKind.RAISE: "Raise",
}


class PalaceUI(GameUI):
    """How a Palace Poker table looks on Discord."""

    game = "palace"
    title = "Palace Poker"
    command = "palace"
    rules = r.RULES

    def __init__(self, names: Mapping[str, str] | None = None) -> None:
        self.names: Mapping[str, str] = names if names is not None else {}
        """Display names by player id, for plain-text labels (the cog gives the desk's)."""

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        view = cast(PalaceView, status.view)
        return r.public_fields(view, NO_NAMES)

    def lobby_fields(self, status: TableStatus) -> list[EmbedField]:
        """Before the first deal: the stakes the players join at."""
        options = PalaceOptions.model_validate(status.options)
        return [EmbedField("Stakes", r.options_line(options), inline=False)]

    def private_text(self, status: TableStatus, user: int) -> str:
        if not isinstance(status.view, PalaceView):
            return "No deal is in progress."
        return r.my_cards(status.view, NO_NAMES)

    def describe_event(self, event: Event, pids: Iterable[str]) -> str | None:
        return r.event_line(event, NO_NAMES)

    def describe_private(self, event: Event, pids: Iterable[str]) -> str:
        return r.private_line(event, NO_NAMES)

    def action_label(self, spec: ActionSpec) -> str:
        """Buttons say what the action costs where the engine's label does ("Buy a soldier
        (10)"); the rest read as the command's name."""
        if spec.label and spec.kind in (ActionKind.BUY, ActionKind.CALL, ActionKind.BET):
            return spec.label
        return LABELS.get(ActionKind(spec.kind), spec.kind) if spec.kind in LABELS else spec.kind

    def choice_label(self, spec: ActionSpec, field: str, option: str | None) -> str:
        """A bet target by display name (``@id`` when the desk has not seen the player)."""
        if spec.kind == ActionKind.BET and option is not None:
            return self.names.get(option) or f"@{option}"
        return super().choice_label(spec, field, option)
