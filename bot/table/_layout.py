"""Which components a table shows, from the engine's ``ActionSpec``s: pure, no Discord.

The player to act's legal actions go on the public message (no field → a button; one amount →
a button opening a modal with the bounds; one choice → a button per option, or a select when
there are many); card choices only in the player's ephemeral **My cards** reply; between deals
**Join** / **Deal** / **Leave**. Discord allows 5 rows of 5 buttons (a select fills a row).
"""

from __future__ import annotations

import inspect
from typing import Any

from bot.table._ids import Key, Lobby, encode_choice
from bot.table._model import Button, Component, Option, Select, Style
from bot.table._ui import GameUI
from bot.text import Text, msg
from bot.text.format import Names
from games.actions import ActionSpec, AmountField, CardsField, ChoiceField
from services.tables import TableStatus

MAX_BUTTON_CHOICES = 4
"""A choice with more options than this becomes a select menu."""


def amount_field(spec: ActionSpec) -> tuple[str, AmountField] | None:
    """The spec's one amount field, if its other fields are fixed (a choice of one option:
    Pontoon's "offer the bank to b" has one buyer and a price)."""
    amounts = [(n, f) for n, f in spec.fields.items() if isinstance(f, AmountField)]
    if len(amounts) != 1 or len(fixed_choices(spec)) != len(spec.fields) - 1:
        return None
    return amounts[0]


def fixed_choices(spec: ActionSpec) -> dict[str, str | None]:
    """The spec's choices that have one option, as the action's fields."""
    return {
        name: f.options[0]
        for name, f in spec.fields.items()
        if isinstance(f, ChoiceField) and len(f.options) == 1
    }


def choice_arg(spec: ActionSpec) -> str:
    """A key's argument telling apart specs of one kind by their fixed choices (one buyer
    each); empty when there are none."""
    fixed = fixed_choices(spec)
    return encode_choice(next(iter(fixed.values()))) if len(fixed) == 1 else ""


AMOUNT = "="
"""A one-click amount in a key's argument: ``=20`` (a choice is never ``=``-led)."""


def amount_label(
    ui: GameUI, spec: ActionSpec, view: Any = None, names: Names | None = None
) -> Text:
    """``Raise (10–40)``: the action and its bounds."""
    amount = amount_field(spec)
    label = ui.action_label(spec, view, names)
    if amount is None:
        return label
    low, high = amount[1].min, amount[1].max
    if low == high:
        return msg("table.button.amount", action=label, min=low)
    return msg("table.button.range", action=label, min=low, max=high)


def choice_label(
    ui: GameUI, spec: ActionSpec, field: str, option: str | None, names: Names
) -> Text:
    """``ui.choice_label``; LEGACY: a presenter whose override takes no ``names`` yet."""
    method = ui.choice_label
    if len(inspect.signature(method).parameters) < 4:
        return method(spec, field, option)
    return method(spec, field, option, names)


def table_components(
    ui: GameUI, status: TableStatus, legal: list[ActionSpec], names: Names
) -> tuple[Component, ...]:
    """The public message's components: the player to act's legal actions (a free choice of
    cards, which only **My cards** shows, as its **Keep all**) and **My cards** during a deal;
    **Join** / **Deal** / **Leave** (and **Replay** of the last deal) between deals."""
    expected = status.expected
    if not status.deal_open:
        lobby = (
            Button(Key(expected, Lobby.JOIN), msg("table.button.join"), Style.SUCCESS),
            Button(Key(expected, Lobby.DEAL), msg("table.button.deal"), Style.PRIMARY),
            Button(Key(expected, Lobby.LEAVE), msg("table.button.leave"), Style.SECONDARY),
        )
        if status.deal_number == 0:
            return lobby
        replay = Button(Key(expected, Lobby.REPLAY), msg("table.button.replay"), Style.SECONDARY)
        return (*lobby, replay)  # issue 29: the deal just over, step by step
    shown: list[Component] = []
    buttons = 0
    for spec in legal:
        if not ui.on_table_message(spec):
            if keep_all_field(spec) is not None and buttons < 20:  # choosing none shows nothing
                key = Key(expected, spec.kind, KEEP_ALL)
                shown.append(Button(key, msg("table.button.keep_all"), row=buttons // 5))
                buttons += 1
            continue
        amount = amount_field(spec)
        if not spec.fields or amount is not None:
            for key, label in _amount_buttons(ui, spec, Key(expected, spec.kind), status, names):
                if buttons < 20:
                    shown.append(Button(key, label, row=buttons // 5))
                    buttons += 1
            continue
        name, field = next(iter(spec.fields.items()))
        if not isinstance(field, ChoiceField):
            continue
        if len(field.options) <= MAX_BUTTON_CHOICES:
            for option in field.options:
                if buttons >= 20:
                    break
                label = msg(
                    "table.button.choice",
                    action=ui.action_label(spec, status.view, names),
                    choice=choice_label(ui, spec, name, option, names),
                )
                key = Key(expected, spec.kind, encode_choice(option))
                shown.append(Button(key, label, row=buttons // 5))
                buttons += 1
        elif buttons <= 15:
            options = tuple(
                Option(choice_label(ui, spec, name, o, names), encode_choice(o))
                for o in field.options[:25]
            )
            row = (buttons + 4) // 5
            key = Key(expected, spec.kind, name)
            shown.append(Select(key, ui.action_label(spec, status.view, names), options, row=row))
            buttons = (row + 1) * 5
    shown.append(
        Button(Key(expected, Lobby.CARDS), msg("table.button.cards"), Style.SECONDARY, row=4)
    )
    if any(s.away for s in status.seats):
        shown.append(
            Button(Key(expected, Lobby.BACK), msg("table.button.back"), Style.SECONDARY, row=4)
        )
    return tuple(shown)


def _amount_buttons(
    ui: GameUI, spec: ActionSpec, key: Key, status: TableStatus, names: Names
) -> list[tuple[Key, Text]]:
    """An action without fields is one button; an amount is one button too when it has one
    legal value (a limit raise: the click plays it, no modal), else a button opening a modal,
    after the game's one-click amounts. A click's amount rides in the key's argument."""
    amount = amount_field(spec)
    if amount is None:
        return [(key, ui.action_label(spec, status.view, names))]
    label = amount_label(ui, spec, status.view, names)
    bounds = amount[1]
    if bounds.min == bounds.max:
        return [(Key(key.expected, key.kind, f"{AMOUNT}{bounds.min}"), label)]
    quick = [
        (Key(key.expected, key.kind, f"{AMOUNT}{value}"), label)
        for value, label in ui.quick_amounts(spec)
        if bounds.contains(value)
    ]
    modal = Key(key.expected, key.kind, choice_arg(spec))
    return [*quick, (modal, label)]


def clicked_fields(spec: ActionSpec, arg: str) -> dict[str, Any] | None:
    """The fields a one-click button carries (``arg``: its key's argument): an amount, or
    **Keep all** (no cards); ``None`` when the click should open the modal instead."""
    amount = amount_field(spec)
    number = arg.removeprefix(AMOUNT)
    if amount is not None and arg.startswith(AMOUNT) and number.isdigit():
        return {amount[0]: int(number)}
    keep = keep_all_field(spec)
    if keep is not None and arg == KEEP_ALL:
        return {keep: []}
    return None


def keep_all_field(spec: ActionSpec) -> str | None:
    """The spec's one cards field when choosing no card is legal (Palace's free discard
    step): it gets a **Keep all** button beside its select."""
    if len(spec.fields) != 1:
        return None
    name, field = next(iter(spec.fields.items()))
    return name if isinstance(field, CardsField) and field.min_count == 0 else None


KEEP_ALL = "-"
"""**Keep all** in a key's argument."""


def spec_for(legal: list[ActionSpec], kind: str, arg: str) -> ActionSpec | None:
    """The legal spec a click stands for: of its kind, and with a choice argument, the one
    whose fixed choice it names (each buyer of the bank has a spec of their own)."""
    same = [s for s in legal if s.kind == kind]
    if arg and not arg.startswith(AMOUNT):
        named = [s for s in same if fixed_choices(s) and choice_arg(s) == arg]
        if named:
            return named[0]
    return same[0] if same else None


def verify_button(status: TableStatus) -> tuple[Component, ...]:
    """**Verify** in the **My cards** reply while a committed deal runs (issue 29): the proofs
    of the cards the player has seen so far, as ``/verify`` gives them."""
    if not status.deal_open or status.fingerprint is None:
        return ()
    return (
        Button(Key(status.expected, Lobby.VERIFY), msg("table.button.verify"), Style.SECONDARY),
    )


def hand_components(
    ui: GameUI, status: TableStatus, legal: list[ActionSpec], names: Names
) -> tuple[Component, ...]:
    """The **My cards** reply's components: a select per card choice the player has now (a
    ``CardsField``, or a ``ChoiceField`` the game's ``in_my_cards`` says shows private cards)."""
    shown: list[Component] = []
    for spec in legal:
        if not ui.in_my_cards(spec):
            continue
        name, field = next(iter(spec.fields.items()))
        key = Key(status.expected, spec.kind, name)
        if isinstance(field, ChoiceField):  # one card out of the player's own (or none)
            choices = tuple(
                Option(choice_label(ui, spec, name, o, names), encode_choice(o))
                for o in field.options[:25]
            )
            shown.append(Select(key, ui.action_label(spec, status.view, names), choices))
            continue
        assert isinstance(field, CardsField)  # noqa: S101 - in_my_cards checked it
        options = tuple(Option(ui.card_label(c), c) for c in field.options[:25])
        top = min(field.max_count, len(options))
        label = ui.action_label(spec, status.view, names)
        shown.append(Select(key, label, options, field.min_count, top))
        if keep_all_field(spec) is not None:  # choosing nothing in a select is no click
            keep = Key(status.expected, spec.kind, KEEP_ALL)
            shown.append(Button(keep, msg("table.button.keep_all"), Style.SECONDARY))
    return tuple(shown)
