"""The bot's own refusals, and the words of the table service's and the engines' refusals.

Imports nothing from Discord, so any layer of the bot may raise them. The error reporter answers
a ``Refusal`` -- like the table service's ``TableError``, ``games.errors.IllegalAction``, and any
exception with a ``player_message`` string attribute (the duck-typed form of the contract) --
ephemerally in the reader's words, and logs nothing above INFO.

Below the bot a refusal is a code with facts (``TableError.message_id`` and ``params``,
``IllegalAction.code`` and ``params``); :func:`table_refusal` and :func:`game_refusal` are the
one place that turns them into catalog messages (``table.po``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.text import Msg, Text, catalog, msg
from bot.text.format import Names, PlayerNames
from games.errors import IllegalAction
from games.errors import Refusal as Code
from services.tables.errors import TableError


class Refusal(Exception):
    """An expected refusal; ``text`` is shown to the player in their words."""

    def __init__(self, text: Text) -> None:
        self.text: Text = text
        super().__init__(text if isinstance(text, str) else text.id)

    @property
    def message(self) -> str:
        """The refusal in English (logs, and callers not yet passing a language)."""
        return catalog().text(self.text)


class MissingChannelPermission(Refusal):
    """Discord refused the bot (403, code 50013) for want of a named channel permission."""

    def __init__(self, permission: str, channel_mention: str | None = None) -> None:
        if channel_mention:
            text = msg("errors.permission.in", permission=permission, channel=channel_mention)
        else:
            text = msg("errors.permission.here", permission=permission)
        super().__init__(text)
        self.permission = permission


_LEGACY_ID = re.compile(r"(?<![<@\d])\b(\d{15,21})\b")
"""LEGACY: a player id in an old engine's sentence (shown as a mention)."""

_PLAYER_PARAMS = frozenset({"to_act", "player", "target"})
"""Parameters of a refusal that hold a player id (named through ``Names``)."""


def _named(params: Mapping[str, Any], names: Names) -> dict[str, Any]:
    return {
        k: names.mention(str(v)) if k in _PLAYER_PARAMS and v is not None else v
        for k, v in params.items()
    }


def table_refusal(error: TableError, names: Names | None = None) -> Msg:
    """A table service refusal in ``table.po`` words (an engine's refusal it carries is the
    game presenter's to word: see ``GameUI.refusal``; this is the words without a presenter)."""
    names = names or PlayerNames()
    if error.refusal is not None:
        return game_refusal(error.refusal, names)
    params = _named(error.params, names)
    if "game" in params and error.message_id.endswith((".seats", ".count")):
        params["game"] = game_title(str(params["game"]))
    return msg(error.message_id, **params)


def game_refusal(error: IllegalAction, names: Names | None = None) -> Msg:
    """One of the engines' shared refusal codes (``games.errors.Refusal``) in ``table.po``
    words. A code no catalog knows is a legacy engine's sentence (its code): shown as it is."""
    names = names or PlayerNames()
    p = error.params
    match error.code:
        case Code.NOT_YOUR_TURN if p.get("to_act") is None:
            return msg("table.refusal.game.not_your_turn.nobody")
        case Code.NOT_YOUR_TURN:
            return msg("table.refusal.game.not_your_turn", to_act=names.mention(str(p["to_act"])))
        case Code.NOT_NOW:
            return msg(
                "table.refusal.game.not_now", action=str(p.get("kind", "")).replace("_", " ")
            )
        case Code.AMOUNT_OUT_OF_RANGE:
            return msg("table.refusal.game.amount_out_of_range", min=p.get("min"), max=p.get("max"))
        case (
            Code.DEAL_OVER | Code.NOT_PLAYING | Code.UNKNOWN_ACTION | Code.BAD_ACTION
            | Code.NOT_A_CHOICE
        ):  # fmt: skip
            return msg(f"table.refusal.game.{error.code}")
    return msg("table.refusal.legacy", text=_LEGACY_ID.sub(r"<@\1>", error.code))


def game_title(game: str) -> Msg:
    """A game's name for players, from its id (``palace`` -> Palace Poker)."""
    return msg(f"table.game.{game}")
