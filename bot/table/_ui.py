"""What a game cog supplies to the table kit: :class:`GameUI`, the game's presenter.

The kit draws everything that is the same for every game (the seats, stacks, whose turn and
the deadline, the recent public events, the buttons generated from ``ActionSpec``s, the DMs);
a game's ``GameUI`` adds what only that game knows: how its public view looks (banners,
soldiers, the top discard, face-up cards), how a player's own cards read, how its events,
refusals and actions are named. Every method answers :data:`~bot.text.Text` (a catalog
message, or text already final such as card faces), never assembled English: the kit's
renderer says it in the reader's language. Players are named through the
:class:`~bot.text.format.Names` the kit passes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.refusal import game_refusal
from bot.text import Text, msg
from bot.text.format import Names, PlayerNames
from bot.text.format import card as card_face
from games.actions import ActionSpec
from games.errors import IllegalAction
from games.events import GameEvent
from services.tables import TableStatus

MAX_FIELD = 1024


@dataclass(frozen=True, slots=True)
class EmbedField:
    """One field of the table embed (Discord caps a value at 1024 characters): ``value`` is
    one text or a list of lines."""

    name: Text
    value: Text | list[Text]
    inline: bool = False


class GameUI:
    """A game's part of the table message, the private cards and the buttons.

    Subclass it once per game (``class PontoonUI(GameUI)``), set ``game`` (the table service's
    game name), ``title`` and ``rules``, and override :meth:`public_fields` and
    :meth:`private_text`; the other methods have sensible defaults.
    """

    game: str = ""
    """The game's name in the table service's registry (``"pontoon"``)."""
    title: Text = ""
    """The game's name for players (``msg("pontoon.title")``)."""
    rules: Text = ""
    """A short summary of the rules for ``/<game> rules`` (markdown, under 4000 characters)."""
    command: str = ""
    """The command group (``"pontoon"``), to name ``/pontoon hand`` in messages."""

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        """The game's fields of the table embed, from ``status.view`` (the PUBLIC view; never
        anything else). The kit adds seats, pot, turn, deadline and recent events itself."""
        raise NotImplementedError

    def seat_detail(self, status: TableStatus, pid: str, names: Names) -> Text | None:
        """What the game shows of one seated player during a deal (Pontoon's hands, Palace's
        banner and soldiers), from ``status.view`` (the public one): the kit appends it to the
        player's seat line, so a player is one line of the table, not one per field. None by
        default (the game lists its players in its own fields)."""
        return None

    def lobby_fields(self, status: TableStatus) -> list[EmbedField]:
        """The game's fields before the first deal (no view yet): e.g. the table's stakes
        from ``status.options``, so players see what they join. None by default."""
        return []

    def stakes(self, options: Mapping[str, Any]) -> Text | None:
        """The table's stakes in one line from its engine options (``status.options``: small
        bet, limit or no-limit, ante; a stake; min and max bets), shown under the turn line of
        the lobby and of every deal (with pictures on, the fields that said them are not
        shown: issue 33.5) and on a thread's lobby line, said before the table exists (from
        ``TableService.opening_options``). None by default."""
        return None

    def turn_hint(self, status: TableStatus) -> Text | None:
        """What the picture's table adds under "@x to act" at a moment the buttons do not
        explain (Palace's free discard step: choose soldiers in **My cards**, or **Keep
        all**), from ``status.view`` (the public view); the text table's fields say it. None
        by default."""
        return None

    def done(self, action: dict[str, Any]) -> Text:
        """The private answer to a click that played ``action`` when nothing else answers it
        (the player's cards did not change): "Done." by default, which names no action in
        English (issue 33.7: "Keep all" answered "Done: discard soldiers.")."""
        return msg("table.reply.done")

    def private_text(self, status: TableStatus, user: int) -> Text | list[Text]:
        """``user``'s own cards and situation from ``status.view`` (THEIR private view), for
        the **My cards** reply, ``/<game> hand`` and the DMs: one text or lines."""
        raise NotImplementedError

    def describe_event(self, event: GameEvent, names: Names) -> Text | None:
        """One public event as a line of the table's log (``None``: not worth a line)."""
        return None

    def describe_private(self, event: GameEvent, names: Names) -> Text | None:
        """One private event as a line of the player's DM (``None``: no line)."""
        return None

    def deciding(self, event: GameEvent) -> bool:
        """Whether a public event decides the deal's payout (a banker's pontoon, a battle
        won, the call): its line stays on the table to the end of the deal, which shows it
        beside the results (see ``bot.table._log``). None by default."""
        return False

    def private_event(self, event: GameEvent, names: Names, now: TableStatus | None) -> Text | None:
        """One private event as a line of the player's update, told beside ``now`` (their
        status after the step, whose cards the update shows below it; ``None``: not read):
        a game whose line would contradict the cards shown (Paiute's timeout draws a card
        and discards it in one step) words it from ``now``. ``describe_private`` by
        default."""
        return self.describe_private(event, names)

    def refusal(self, error: IllegalAction, names: Names | None = None) -> Text:
        """The engine's refusal in the words of this game's buttons and commands; the default
        words the shared codes (``games.errors.Refusal``)."""
        return game_refusal(error, names)

    def action_label(self, spec: ActionSpec, view: Any = None, names: Names | None = None) -> Text:
        """The button's label for an action (``"Stake"``, ``"Buy (10–40)"``); ``view``: the
        table's view it is drawn with (a price that depends on the moment), ``names``: the
        players' display names (a label naming one). A presenter keeps nothing between
        tables: everything a label depends on comes in here."""
        return spec.kind.replace("_", " ").capitalize()

    def choice_label(
        self, spec: ActionSpec, field: str, option: str | None, names: Names | None = None
    ) -> Text:
        """How one option of a choice reads on a button or in a select (a player by their
        plain name: mentions do not render there)."""
        if option is None:
            return msg("table.choice.none")
        if option.isdigit():
            return (names or PlayerNames()).plain(option)
        return option.replace("_", " ").capitalize()

    def card_label(self, code: str) -> Text:
        """A card in a select menu of the **My cards** reply."""
        return card_face(code)

    def quick_amounts(self, spec: ActionSpec) -> tuple[tuple[int, Text], ...]:
        """One-click amounts offered beside an amount's modal button, each ``(amount, label)``
        (Pontoon's **No shoot** is a shoot bet of 0). None by default; an amount with one legal
        value is always one click."""
        return ()

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
