"""What a click on a table's button or select does, and the modals they open.

Every button and select (drawn by :mod:`._views`) carries a custom id naming the table, the
deal and the action counter (see :mod:`._ids`), so it works after a restart and a click drawn
for an earlier moment is refused as stale (the service compares the three). A click reaches
:func:`route` by that id alone: discord.py keeps no copy of a sent view, and its dynamic items
would rebuild the whole clicked message as a view before every callback (~200 Python calls a
click, the largest part of discord.py's own work on one). Amounts open a modal with the legal
bounds; choices become buttons (or a select when there are many); card choices are only
offered in the player's ephemeral **My cards** reply.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import discord

from bot.errors import report_error
from bot.log import interaction_context
from bot.refusal import Refusal
from bot.table._amounts import LONGEST, parse_amount
from bot.table._context import desk_of, refusal_text, refusals, where
from bot.table._ids import BUTTON, SELECT, Key, Lobby, decode_choice
from bot.table._layout import (
    amount_field,
    clicked_fields,
    fixed_choices,
    spec_for,
)
from bot.text import DEFAULT_LOCALE, Number, Text, catalog, msg
from games.actions import ActionSpec, AmountField, CardsField
from services.tables import Expected, StaleAction, TableError, TableStatus

_BUTTON, _SELECT = re.compile(BUTTON), re.compile(SELECT)


async def route(interaction: discord.Interaction) -> None:
    """A click on a table's button or select (every interaction comes here: the bot's
    ``on_interaction``), its failures, refusals included, to the reporter."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if not custom_id.startswith("tbl:"):
        return
    if button := _BUTTON.fullmatch(custom_id):
        clicked = on_button(interaction, Key.from_match(button))
    elif select := _SELECT.fullmatch(custom_id):
        clicked = on_select(interaction, Key.from_match(select), data.get("values"))
    else:  # a table's id no version of the kit draws (a hand-made interaction)
        clicked = _unknown()
    interaction_context(interaction)
    try:
        await clicked
    except Exception as error:
        await report_error(interaction, error)


async def _unknown() -> None:
    raise Refusal(msg("table.refusal.stale_button"))


Choose = Callable[[list[ActionSpec]], dict[str, Any]]
"""What a click stands for, given the clicking player's legal actions (the service calls it
once the click is known to be current and theirs)."""


class _AskAmount(Exception):
    """The click opens the amount modal of ``spec`` instead of acting."""

    def __init__(self, spec: ActionSpec) -> None:
        super().__init__(spec.kind)
        self.spec = spec


async def run_action(
    interaction: discord.Interaction,
    action: dict[str, Any] | Choose,
    expected: Expected | None = None,
    *,
    reply: Text | None = None,
    kind: str | None = None,
) -> None:
    """Play ``action`` (or what a click chooses: ``kind`` names it) for the interaction's user
    at the channel's table and show the result: a click on the table message updates it in
    one call; a command gets an ephemeral ``reply`` and the table message is edited. The
    service is the one judge of a click (stale, seated, their turn, legal); refusals reach
    the error reporter."""
    desk = desk_of(interaction)
    guild, channel = where(interaction)
    played: list[dict[str, Any]] = [] if callable(action) else [action]
    act: dict[str, Any] | Choose = action
    if callable(action):
        choose = action

        def act(legal: list[ActionSpec]) -> dict[str, Any]:  # remembers what the click chose
            played.append(choose(legal))
            return played[-1]

    try:
        result = await desk.service.act(guild, channel, interaction.user.id, act, expected)
    except StaleAction as error:
        if expected is not None and await _caught_up(interaction, expected):
            return
        raise Refusal(refusal_text(error, desk)) from error
    except TableError as error:
        raise Refusal(refusal_text(error, desk)) from error
    done = desk.ui(result.table.game).done(played[-1]) if played else msg("table.reply.done")
    await desk.show(result, interaction, reply=reply or done)


async def _caught_up(interaction: discord.Interaction, expected: Expected) -> bool:
    """A stale click (read only now, when refused): on a closed table's message, said so; on
    the table message that is only behind, answered with the table as it is now."""
    desk = desk_of(interaction)
    guild, channel = where(interaction)
    with refusals(desk):
        status = desk.service.status(guild, channel)
    if status.table_id != expected.table_id:
        raise Refusal(msg("table.refusal.closed"))
    return await desk.catch_up(interaction, status)


def _cannot(kind: str) -> Refusal:
    return Refusal(msg("table.refusal.cannot_now", action=kind.replace("_", " ")))


async def show_hand(interaction: discord.Interaction) -> None:
    """The player's own cards, ephemerally, with a select for each card choice they have."""
    await desk_of(interaction).cards.show(interaction)


MOMENT_BOUND = (Lobby.DEAL, Lobby.LEAVE, Lobby.BACK)
"""The kit's buttons refused when drawn for another moment of the table, like the actions:
a Leave from the lobby's render stood a player up mid-deal (My cards and Join change
nothing by a click and answer privately whenever)."""

FIELD_WORDS = {"amount": msg("table.modal.field.amount"), "price": msg("table.modal.field.price")}
"""An amount field's name as the form's label says it (the engines' field names)."""


class _ReportingModal(discord.ui.Modal):
    """A modal whose failures (refusals included) go to the error reporter, and which is let
    go of once answered either way: discord.py stops a modal only after a submit that raised
    nothing, so every refused one (a stale amount, a typo) stayed alive with its timeout task
    for the whole ``timeout``."""

    async def on_error(  # type: ignore[override]
        self, interaction: discord.Interaction, error: Exception, /
    ) -> None:
        self.stop()
        await report_error(interaction, error)


class AmountModal(_ReportingModal):
    """Asks for a chip amount within the legal bounds, then plays the action."""

    def __init__(
        self,
        key: Key,
        title: Text,
        field: str,
        bounds: AmountField,
        locale: str = DEFAULT_LOCALE,
        *,
        fixed: Mapping[str, str | None] | None = None,
    ) -> None:
        say = catalog(locale).text
        super().__init__(title=say(title)[:45], custom_id=key.modal_id(), timeout=600)
        self.key, self.field, self.bounds = key, field, bounds
        self.fixed = dict(fixed or {})  # the action's other fields: the bank's one buyer
        low, high = Number(bounds.min), Number(bounds.max)
        words = FIELD_WORDS.get(field, FIELD_WORDS["amount"])
        label = msg("table.modal.amount", field=words, min=low, max=high)
        self.amount: discord.ui.TextInput[AmountModal] = discord.ui.TextInput(
            label=say(label)[:45],
            placeholder=say(msg("table.modal.range", min=low, max=high)),
            default=str(bounds.min),
            min_length=1,
            max_length=LONGEST,
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction, /) -> None:
        amount = parse_amount(self.amount.value)
        if amount is None:
            low, high = Number(self.bounds.min), Number(self.bounds.max)
            raise Refusal(msg("table.refusal.whole_number", min=low, max=high))
        action = {"kind": self.key.kind, **self.fixed, self.field: amount}
        await run_action(interaction, action, self.key.expected)


class JoinModal(_ReportingModal):
    """Asks for the buy-in within the table's bounds, then seats the player."""

    def __init__(self, status: TableStatus, locale: str = DEFAULT_LOCALE) -> None:
        say = catalog(locale).text
        super().__init__(title=say(msg("table.modal.join")), timeout=600)
        self.low, self.high = status.min_buy_in, status.max_buy_in
        low, high = Number(self.low), Number(self.high)
        self.buy_in: discord.ui.TextInput[JoinModal] = discord.ui.TextInput(
            label=say(msg("table.modal.buy_in", min=low, max=high))[:45],
            placeholder=say(msg("table.modal.range", min=low, max=high)),
            default=str(self.low),
            max_length=LONGEST,
        )
        self.add_item(self.buy_in)

    async def on_submit(self, interaction: discord.Interaction, /) -> None:
        amount = parse_amount(self.buy_in.value)
        if amount is None:
            low, high = Number(self.low), Number(self.high)
            raise Refusal(msg("table.refusal.whole_number", min=low, max=high))
        desk = desk_of(interaction)
        guild, channel = where(interaction)
        with refusals(desk):
            result = await desk.service.join(guild, channel, interaction.user.id, amount)
        await desk.show(result, interaction, reply=msg("table.reply.seated", amount=Number(amount)))


async def on_button(interaction: discord.Interaction, key: Key) -> None:
    """A button: a move the service judges, or one of the kit's own."""
    if not key.kind.startswith("@"):
        await _act(interaction, key)
        return
    desk = desk_of(interaction)
    guild, channel = where(interaction)
    with refusals(desk):
        status = desk.service.status(guild, channel)
    user = interaction.user.id
    if status.table_id != key.expected.table_id:
        raise Refusal(msg("table.refusal.closed"))
    if key.kind in MOMENT_BOUND and tuple(key.expected) != tuple(status.expected):
        if await desk.catch_up(interaction, status):
            return
        raise Refusal(msg("table.refusal.moved_on"))
    if key.kind == Lobby.CARDS:
        await show_hand(interaction)
    elif key.kind == Lobby.JOIN:
        await interaction.response.send_modal(JoinModal(status, await desk.reader(interaction)))
    elif key.kind == Lobby.DEAL:
        admin = _admin(interaction)
        with refusals(desk):
            result = await desk.service.start(guild, channel, user, admin=admin)
        await desk.show(result, interaction)
    elif key.kind == Lobby.LEAVE:
        with refusals(desk):
            result = await desk.service.leave(guild, channel, user)
        await desk.show(result, interaction)
    elif key.kind == Lobby.BACK:
        with refusals(desk):
            await desk.service.back(guild, channel, user)
        await desk.publish(status, interaction)
    elif key.kind == Lobby.REPLAY and desk.replays is not None:
        await desk.replays(interaction, key.expected.table_id, key.expected.deal_number)
    elif key.kind == Lobby.VERIFY and desk.cards.verifier is not None:
        await desk.cards.verifier(interaction)
    else:  # a kind this bot does not know (another version's, or its extension is off)
        raise Refusal(msg("table.refusal.stale_button"))


async def _act(interaction: discord.Interaction, key: Key) -> None:
    """A move's button: the service checks the click and hands over the clicker's legal
    actions, of which the button picks its own (one click), or asks for an amount."""

    def choose(legal: list[ActionSpec]) -> dict[str, Any]:
        spec = spec_for(legal, key.kind, key.arg)
        if spec is None:
            raise _cannot(key.kind)
        fixed = clicked_fields(spec, key.arg)
        if fixed is not None:  # one click: a fixed amount, No shoot, Keep all
            return {"kind": key.kind, **fixed}
        if amount_field(spec) is not None:
            raise _AskAmount(spec)
        action: dict[str, Any] = {"kind": key.kind}
        if spec.fields:
            action[next(iter(spec.fields))] = decode_choice(key.arg)
        return action

    try:
        await run_action(interaction, choose, key.expected, kind=key.kind)
    except _AskAmount as ask:
        amount = amount_field(ask.spec)
        assert amount is not None  # noqa: S101 - asked for because it has one
        desk = desk_of(interaction)
        guild, channel = where(interaction)
        with refusals(desk):  # the modal's title: the game's words, the table's names
            status = desk.service.status(guild, channel)
        names = desk.names_of(status)
        title = desk.ui(status.game).action_label(ask.spec, status.view, names)
        fixed = fixed_choices(ask.spec)
        locale = await desk.reader(interaction)
        modal = AmountModal(key, title, amount[0], amount[1], locale, fixed=fixed)
        await interaction.response.send_modal(modal)


async def on_select(interaction: discord.Interaction, key: Key, picked: object) -> None:
    """A select's choice (``picked``: its values as the interaction carries them)."""
    desk = desk_of(interaction)
    guild, channel = where(interaction)
    user = interaction.user.id

    def choose(legal: list[ActionSpec]) -> dict[str, Any]:
        spec = next((s for s in legal if s.kind == key.kind), None)
        field = spec.fields.get(key.arg) if spec is not None else None
        if spec is None or field is None:
            raise _cannot(key.kind)
        values = _picked(picked, field)
        value: Any = values if isinstance(field, CardsField) else decode_choice(values[0])
        return {"kind": key.kind, key.arg: value}

    message = interaction.message
    if message is not None and message.flags.ephemeral:
        # a select of the My cards reply: the reply shows the cards now; the table is edited
        try:
            result = await desk.service.act(
                guild, channel, user, choose, key.expected, seen_by_actor=True
            )
        except StaleAction as error:  # the reply stays as it is: the refusal says why
            with refusals(desk):
                now = desk.service.status(guild, channel)
            if now.table_id != key.expected.table_id:
                raise Refusal(msg("table.refusal.closed")) from error
            raise Refusal(refusal_text(error, desk)) from error
        except TableError as error:
            raise Refusal(refusal_text(error, desk)) from error

        async def cards_now() -> None:  # the reply shows the cards now, without the selects
            locale = await desk.reader(interaction)
            seen = result.actor_view  # from the step: the table is not read again
            shown = await desk.cards.message(guild, channel, user, locale, edit=True, seen=seen)
            await interaction.response.edit_message(**shown)

        # the player's own update (with the choices left) becomes the reply, else cards_now
        await desk.show(result, interaction, reply=cards_now)
        return
    await run_action(interaction, choose, key.expected, kind=key.kind)


def _picked(values: object, field: object) -> list[str]:
    """A select's values, if they are as many as its field takes: a hand-made interaction
    (Discord's clients never send it) may pick nothing, or more than the menu allows."""
    least, most = (field.min_count, field.max_count) if isinstance(field, CardsField) else (1, 1)
    if not isinstance(values, list) or not least <= len(values) <= most:
        raise Refusal(msg("table.refusal.choose_from_menu"))
    return [str(v) for v in values]


def _admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms is not None and perms.manage_guild)
