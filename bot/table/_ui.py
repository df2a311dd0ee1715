"""What a game cog supplies to the table kit: :class:`GameUI`.

The kit draws everything that is the same for every game (the seats, stacks, pot, whose turn and
the deadline, the recent public events, the buttons generated from ``ActionSpec``s, the DMs);
a game's ``GameUI`` adds what only that game knows: how its public view looks (banners,
soldiers, the top discard, face-up cards), how a player's own cards read, how its events and
actions are named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from games.actions import ActionSpec
from games.cards import Card
from games.events import Event
from services.tables import TableStatus

MAX_FIELD = 1024


@dataclass(frozen=True, slots=True)
class EmbedField:
    """One field of the table embed (Discord caps a value at 1024 characters)."""

    name: str
    value: str
    inline: bool = False


def card(code: str | None) -> str:
    """``"10h"`` -> ``10♥``; a hidden card (``None``) -> ``🂠``."""
    return "🂠" if code is None else str(Card.parse(code))


def cards(codes: Iterable[str | None]) -> str:
    """Cards as players read them, hidden ones as ``🂠``."""
    shown = " ".join(card(c) for c in codes)
    return shown or "—"


def mention(pid: str | int | None) -> str:
    """A player id as a Discord mention (the house and the kitty keep their names)."""
    if pid is None:
        return "nobody"
    text = str(pid)
    return f"<@{text}>" if text.isdigit() else text


_ID = re.compile(r"(?<![<@\d])\b(\d{15,21})\b")


def with_mentions(text: str, pids: Iterable[str]) -> str:
    """An engine's sentence (which names players by id) with the ids as mentions."""
    known = {str(p) for p in pids}
    return _ID.sub(lambda m: f"<@{m[1]}>" if m[1] in known else m[1], text)


class GameUI:
    """A game's part of the table message, the private cards and the buttons.

    Subclass it once per game (``class PontoonUI(GameUI)``), set ``game`` (the table service's
    game name), ``title`` and ``rules``, and override :meth:`public_fields` and
    :meth:`private_text`; the other methods have sensible defaults.
    """

    game: str = ""
    """The game's name in the table service's registry (``"pontoon"``)."""
    title: str = ""
    """The game's name for players (``"Pontoon"``)."""
    rules: str = ""
    """A short summary of the rules for ``/<game> rules`` (markdown, under 4000 characters)."""
    command: str = ""
    """The command group (``"pontoon"``), to name ``/pontoon hand`` in messages."""

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        """The game's fields of the table embed, from ``status.view`` (the PUBLIC view; never
        anything else). The kit adds seats, pot, turn, deadline and recent events itself."""
        raise NotImplementedError

    def lobby_fields(self, status: TableStatus) -> list[EmbedField]:
        """The game's fields before the first deal (no view yet): e.g. the table's stakes
        from ``status.options``, so players see what they join. None by default."""
        return []

    def private_text(self, status: TableStatus, user: int) -> str:
        """``user``'s own cards and situation from ``status.view`` (THEIR private view), for
        the **My cards** reply, ``/<game> hand`` and the DMs."""
        raise NotImplementedError

    def describe_event(self, event: Event, pids: Iterable[str]) -> str | None:
        """One public event as a line of the table's log (``None``: not worth a line)."""
        return with_mentions(event.text, pids)

    def describe_private(self, event: Event, pids: Iterable[str]) -> str:
        """One private event as a line of the player's DM."""
        return with_mentions(event.text, pids)

    def action_label(self, spec: ActionSpec) -> str:
        """The button's label for an action (``"Stake"``, ``"Buy (10–40)"``)."""
        return spec.label or spec.kind.replace("_", " ").capitalize()

    def choice_label(self, spec: ActionSpec, field: str, option: str | None) -> str:
        """How one option of a choice reads on a button or in a select."""
        if option is None:
            return "None"
        if option.isdigit():
            return f"@{option}"
        return option.replace("_", " ").capitalize()

    def card_label(self, code: str) -> str:
        """A card in a select menu of the **My cards** reply."""
        return card(code)

    def on_table_message(self, spec: ActionSpec) -> bool:
        """Whether ``spec`` gets a component on the PUBLIC table message. The default: specs
        without card fields and with at most one field (an amount → modal, a choice → buttons
        or a select). Card choices are always offered in the **My cards** reply only; specs
        with several fields stay slash commands."""
        return len(spec.fields) <= 1 and not any(f.type == "cards" for f in spec.fields.values())

    def in_my_cards(self, spec: ActionSpec) -> bool:
        """Whether ``spec`` gets a select in the player's ephemeral **My cards** reply: one
        card field and nothing else. A game whose card choice is a ``ChoiceField`` of its
        hand's card codes (Paiute's discard) overrides this (and ``on_table_message``); the
        select then offers ``choice_label`` of each option."""
        return len(spec.fields) == 1 and all(f.type == "cards" for f in spec.fields.values())
