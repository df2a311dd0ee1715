"""The one way to show cards, chips and players in any message, in any language.

Cards keep their codes' faces in every language (``A♠ K♦ 10♥``; a hidden card is ``🂠``).
Chips and signed changes are catalog messages with locale-formatted numbers. Players are named
through a :class:`Names`: a mention where Discord renders one (message text), a plain display
name where it does not (button labels, select options, pictures).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from bot.text import Msg, Number, Text, msg
from games.cards import Card
from games.events import OrderCommitted
from games.fairness import short

HIDDEN = "🂠"
COMPUTER = "cpu:"
"""How a computer player's id begins (``services``: ``cpu:N``)."""
COMPUTER_NAMES = 8
"""Computer players' names in the catalog: ``table.computer.name.1`` to ``.8``."""


def card(code: str | None) -> str:
    """``"10h"`` -> ``10♥``; a hidden card (``None``) -> ``🂠``."""
    return HIDDEN if code is None else str(Card.parse(code))


def cards(codes: Iterable[str | Card | None]) -> str:
    """Cards as players read them, hidden ones as ``🂠``; empty when there are none (callers say
    "none" in the reader's language: ``cards_or_none``)."""
    return " ".join(str(c) if isinstance(c, Card) else card(c) for c in codes)


def cards_or_none(codes: Iterable[str | Card | None]) -> Text:
    """Cards, or the catalog's "none"."""
    shown = cards(codes)
    return shown or msg("common.none")


def chips(amount: int) -> Msg:
    """``1,250 chips`` / ``1 chip`` in the reader's language."""
    return msg("common.chips", count=abs(amount), amount=Number(amount))


class Names(Protocol):
    """How the presenters name players (ids are opaque strings below the bot)."""

    def mention(self, pid: str | None) -> Text:
        """The player in message text (a Discord mention for people)."""
        ...

    def plain(self, pid: str | None) -> Text:
        """The player where mentions do not render (buttons, selects, pictures)."""
        ...


class PlayerNames:
    """:class:`Names` over the display names the bot has seen (id -> name). A Discord id is
    mentioned as ``<@id>``; the house bank and other non-Discord seats by their catalog name."""

    def __init__(self, display: Mapping[str, str] | None = None) -> None:
        self._display = display if display is not None else {}

    def mention(self, pid: str | None) -> Text:
        """``<@123>`` for a person; the house / nobody by name."""
        if pid is None:
            return msg("common.nobody")
        if pid.isdigit():
            return f"<@{pid}>"
        return self.plain(pid)

    def plain(self, pid: str | None) -> Text:
        """The display name when known, else ``@id``; the house / nobody by name."""
        if pid is None:
            return msg("common.nobody")
        if pid == "house":
            return msg("common.house")
        if pid.startswith(COMPUTER):  # a computer player: 🤖 and a name from the catalog
            number = int(pid.removeprefix(COMPUTER) or 1)
            name = msg(f"table.computer.name.{(number - 1) % COMPUTER_NAMES + 1}")
            return msg("table.computer", name=name)
        found = self._display.get(pid)
        if found:
            return found
        return f"@{pid}" if pid.isdigit() else pid


def order_committed(event: OrderCommitted) -> Text:
    """The table's line for a reshuffle's committed order (issue 29), in every game: the rule
    and the short fingerprint, like the deal's own ``Deck fingerprint`` line."""
    return msg("table.log.order_committed", rule=event.rule, fingerprint=short(event.fingerprint))
