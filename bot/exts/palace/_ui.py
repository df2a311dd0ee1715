"""Palace Poker's :class:`~bot.table.GameUI`: the kit asks, the presenter (``_render``) answers.

The presenter returns :data:`~bot.text.Text`, which the kit's renderer says in the reader's
language; this adapter names players with :class:`~bot.text.format.PlayerNames` where today's
kit passes ids: text that Discord renders (embed values, DMs, ephemeral replies) names players
by mention; button labels and select options, which render no mentions, use the display
names the desk has seen (``Desk.names``), falling back to ``@id``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from bot.exts.palace import _refusal as words
from bot.exts.palace import _render as r
from bot.table import EmbedField, GameUI
from bot.text import Text, msg
from bot.text.format import Names, PlayerNames
from games.actions import ActionSpec
from games.errors import IllegalAction
from games.events import GameEvent
from games.palace import ActionKind, PalaceOptions, PalaceView, Phase
from services.tables import TableStatus


def lines(texts: Iterable[Text]) -> list[Text]:
    """Several texts as the lines of one field."""
    return list(texts)


MENTIONS = PlayerNames()
"""Players by mention in rendered text."""

_SIMPLE_REPLIES = frozenset({ActionKind.BUY, ActionKind.STAY, ActionKind.FOLD, ActionKind.CALL})
"""Actions whose ``palace.reply.*`` answer has no field."""


class PalaceUI(GameUI):
    """How a Palace Poker table looks on Discord."""

    game = "palace"
    title = r.TITLE
    command = "palace"
    rules = r.RULES

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        view = cast(PalaceView, status.view)
        return [
            EmbedField(f.name, lines(f.value), inline=False)
            for f in r.public_fields(view, MENTIONS)
        ]

    def seat_detail(self, status: TableStatus, pid: str, names: Names) -> Text | None:
        return r.seat_detail(cast(PalaceView, status.view), pid)

    def lobby_fields(self, status: TableStatus) -> list[EmbedField]:
        """Before the first deal: the stakes the players join at."""
        options = PalaceOptions.model_validate(status.options)
        return [EmbedField(msg("palace.field.stakes"), r.options_line(options))]

    def stakes(self, options: Mapping[str, Any]) -> Text | None:
        """The stakes line of the lobby's field, kept on the table with the picture."""
        return r.options_line(PalaceOptions.model_validate(options))

    def turn_hint(self, status: TableStatus) -> Text | None:
        """The free discard step after a buy or a capture: the table's only buttons are
        **Keep all** and **My cards**, so the turn line says where the choice is (issue 33.7)."""
        view = status.view
        if isinstance(view, PalaceView) and view.phase is Phase.DISCARD_STEP:
            return msg("palace.turn.discard_step", max_soldiers=view.options.max_soldiers)
        return None

    def done(self, action: dict[str, Any]) -> Text:
        """A click's answer in the game's words ("You keep all your soldiers.", not the
        action's name)."""
        kind = action.get("kind")
        if kind == ActionKind.DISCARD_SOLDIERS and not action.get("cards"):
            return msg("palace.reply.kept_all")
        if kind in _SIMPLE_REPLIES:
            return msg(f"palace.reply.{kind}")
        return super().done(action)

    def private_text(self, status: TableStatus, user: int) -> Text | list[Text]:
        if not isinstance(status.view, PalaceView):
            return msg("palace.mine.no_deal")
        return lines(r.my_cards(status.view, MENTIONS))

    def deciding(self, event: GameEvent) -> bool:
        """The cut for the first dealer (PP-3) and each battle's outcome stay to the end."""
        return isinstance(event, r.DECIDING)

    def describe_event(self, event: GameEvent, names: Names) -> Text | None:
        return r.event_line(event, names)

    def describe_private(self, event: GameEvent, names: Names) -> Text | None:
        line = r.private_line(event, names)
        return "" if line is None else line

    def refusal(self, error: IllegalAction, names: Names | None = None) -> Text:
        """The engine's refusal in the words of the buttons and commands."""
        return words.refusal(error, names or MENTIONS)

    def action_label(self, spec: ActionSpec, view: Any = None, names: Names | None = None) -> Text:
        """Buttons say what the paid actions cost at the table's moment ("Buy a soldier
        (10)", from ``view``); the rest read as the command's name."""
        return words.action_label(spec, view if isinstance(view, PalaceView) else None)

    def choice_label(
        self, spec: ActionSpec, field: str, option: str | None, names: Names | None = None
    ) -> Text:
        """A bet target by display name (``@id`` when the desk has not seen the player):
        the names are the drawn table's (``names``), never kept here."""
        if spec.kind == ActionKind.BET and option is not None:
            return (names or MENTIONS).plain(option)
        return super().choice_label(spec, field, option, names)
