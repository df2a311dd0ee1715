"""Pontoon's part of the table: :class:`PontoonUI`, the kit's ``GameUI`` over the presenter.

The presenter (``_render``) returns ``Text`` per the redesign's contract; until the kit resolves
``Text`` itself, this adapter resolves it with the English catalog where today's kit expects a
``str``, and names players with :class:`~bot.text.format.PlayerNames` where it passes ids.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from bot.exts.pontoon import _render as r
from bot.table import EmbedField, GameUI
from bot.text import Text, catalog
from bot.text.format import Names, PlayerNames
from games.actions import ActionSpec
from games.errors import IllegalAction
from games.events import GameEvent
from games.pontoon import PontoonView
from services.tables import TableStatus


def english(text: Text) -> str:
    """What today's kit shows: the text in English."""
    return catalog("en").text(text)


def _names(given: Names | Iterable[str]) -> Names:
    return given if isinstance(given, PlayerNames) else PlayerNames()


class PontoonUI(GameUI):
    """Pontoon on the table kit."""

    game = "pontoon"
    title = english(r.TITLE)
    command = "pontoon"
    rules = english(r.RULES)

    def __init__(self) -> None:
        self._view: PontoonView | None = None

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        view = cast(PontoonView, status.view)
        # the kit draws the buttons right after this embed: their words follow this view
        self._view = view
        fields = r.public_fields(view, PlayerNames())
        return [
            EmbedField(
                english(f.name),
                "\n".join(english(line) for line in f.value)
                if isinstance(f.value, list)
                else english(f.value),
                inline=f.inline,
            )
            for f in fields
        ]

    def private_text(self, status: TableStatus, user: int) -> str:
        view = cast(PontoonView | None, status.view)
        return "\n".join(english(line) for line in r.private_lines(view, str(user)))

    def describe_event(self, event: GameEvent, names: Names) -> Text | None:
        return r.describe_event(event, names)

    def describe_private(self, event: GameEvent, names: Names) -> Text | None:
        line = r.describe_private(event, names)
        return "" if line is None else line

    def refusal(self, error: IllegalAction, names: Names | None = None) -> str:
        """The engine's refusal in the words of the buttons (the kit's contract hook)."""
        return english(r.refusal(error, names or PlayerNames()))

    def action_label(self, spec: ActionSpec) -> str:
        return english(r.action_label(spec, PlayerNames(), self._view))

    def reply(self, kind: str, **fields: object) -> str:
        """A played slash command's ephemeral answer."""
        return english(r.reply(kind, PlayerNames(), **fields))
