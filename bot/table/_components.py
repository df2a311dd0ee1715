"""The table message's components, generated from the engine's ``ActionSpec``s.

Every button and select is a ``DynamicItem`` whose custom id carries the table, the deal and
the action counter (see :mod:`._ids`), so it works after a restart and a click drawn for an
earlier moment is refused as stale (the service compares the three). Amounts open a modal with
the legal bounds; choices become buttons (or a select when there are many); card choices are
only offered in the player's ephemeral **My cards** reply.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.errors import report_error, reported
from bot.refusal import Refusal
from bot.table._context import deadline_text, desk_of, refusals, where
from bot.table._ids import BUTTON, SELECT, Key, Lobby, decode_choice, encode_choice
from bot.table._ui import GameUI, mention
from games.actions import ActionSpec, AmountField, CardsField, ChoiceField
from games.errors import IllegalAction
from services.tables import Expected, TableStatus

MAX_BUTTON_CHOICES = 4
"""A choice with more options than this becomes a select menu."""


def describe_turn(status: TableStatus) -> str:
    """The line under the title: whose turn and until when, or what the lobby waits for."""
    if status.deal_open:
        who = mention(status.to_act) if status.to_act is not None else "the dealer"
        return f"Deal {status.deal_number} · **{who}** to act{deadline_text(status)}"
    if status.deal_number == 0:
        return "Waiting for players: **Join**, then the host presses **Deal**."
    return f"Deal {status.deal_number} is over. **Deal** for the next one."


def _button(
    key: Key, label: str, style: discord.ButtonStyle, row: int | None = None
) -> TableButton:
    return TableButton(key, label=label[:80], style=style, row=row)


def table_view(ui: GameUI, status: TableStatus, legal: list[ActionSpec]) -> discord.ui.View:
    """The public message's components: the player to act's legal actions and **My cards**
    during a deal; **Join** / **Deal** / **Leave** between deals."""
    view = discord.ui.View(timeout=None)
    expected = status.expected
    if not status.deal_open:
        view.add_item(_button(Key(expected, Lobby.JOIN), "Join", discord.ButtonStyle.success))
        view.add_item(_button(Key(expected, Lobby.DEAL), "Deal", discord.ButtonStyle.primary))
        view.add_item(_button(Key(expected, Lobby.LEAVE), "Leave", discord.ButtonStyle.secondary))
        return view
    buttons = 0
    for spec in legal:
        if not ui.on_table_message(spec):
            continue
        if not spec.fields or _amount(spec) is not None:
            if buttons >= 20:
                continue
            view.add_item(
                _button(
                    Key(expected, spec.kind),
                    _amount_label(ui, spec),
                    discord.ButtonStyle.primary,
                    row=buttons // 5,
                )
            )
            buttons += 1
            continue
        name, field = next(iter(spec.fields.items()))
        if not isinstance(field, ChoiceField):
            continue
        if len(field.options) <= MAX_BUTTON_CHOICES:
            for option in field.options:
                if buttons >= 20:
                    break
                label = f"{ui.action_label(spec)}: {ui.choice_label(spec, name, option)}"
                key = Key(expected, spec.kind, encode_choice(option))
                view.add_item(_button(key, label, discord.ButtonStyle.primary, row=buttons // 5))
                buttons += 1
        elif buttons <= 15:
            options = [
                discord.SelectOption(
                    label=ui.choice_label(spec, name, o)[:100], value=encode_choice(o)
                )
                for o in field.options[:25]
            ]
            row = (buttons + 4) // 5
            view.add_item(
                TableSelect(
                    Key(expected, spec.kind, name), ui.action_label(spec), options, 1, 1, row=row
                )
            )
            buttons = (row + 1) * 5
    cards = Key(expected, Lobby.CARDS)
    view.add_item(_button(cards, "My cards", discord.ButtonStyle.secondary, row=4))
    if any(s.away for s in status.seats):
        view.add_item(
            _button(Key(expected, Lobby.BACK), "I'm back", discord.ButtonStyle.secondary, row=4)
        )
    return view


def hand_view(ui: GameUI, status: TableStatus, legal: list[ActionSpec]) -> discord.ui.View | None:
    """The **My cards** reply's components: a select per card choice the player has now (a
    ``CardsField``, or a ``ChoiceField`` the game's ``in_my_cards`` says shows private cards)."""
    view = discord.ui.View(timeout=None)
    for spec in legal:
        if not ui.in_my_cards(spec):
            continue
        name, field = next(iter(spec.fields.items()))
        key = Key(status.expected, spec.kind, name)
        if isinstance(field, ChoiceField):  # one card out of the player's own (or none)
            choices = [
                discord.SelectOption(
                    label=ui.choice_label(spec, name, o)[:100], value=encode_choice(o)
                )
                for o in field.options[:25]
            ]
            view.add_item(TableSelect(key, ui.action_label(spec), choices, 1, 1))
            continue
        assert isinstance(field, CardsField)  # noqa: S101 - in_my_cards checked it
        options = [
            discord.SelectOption(label=ui.card_label(c), value=c) for c in field.options[:25]
        ]
        view.add_item(
            TableSelect(
                key,
                ui.action_label(spec),
                options,
                field.min_count,
                min(field.max_count, len(options)),
            )
        )
    return view if view.children else None


def _amount(spec: ActionSpec) -> tuple[str, AmountField] | None:
    if len(spec.fields) != 1:
        return None
    name, field = next(iter(spec.fields.items()))
    return (name, field) if isinstance(field, AmountField) else None


def _amount_label(ui: GameUI, spec: ActionSpec) -> str:
    amount = _amount(spec)
    label = ui.action_label(spec)
    if amount is None:
        return label
    low, high = amount[1].min, amount[1].max
    return f"{label} ({low})" if low == high else f"{label} ({low}–{high})"


def _check_turn(status: TableStatus, user: int, expected: Expected) -> None:
    """The refusals of a click before anything is asked (a modal): stale, not seated, not
    your turn (the service checks the same again when the action comes)."""
    if tuple(expected) != tuple(status.expected):
        raise Refusal("That button is from an earlier moment of the game; use the current table.")
    if not any(s.user_id == user and s.in_deal for s in status.seats):
        raise Refusal("You are not playing in this deal.")
    if status.to_act != user:
        raise Refusal(f"It is {mention(status.to_act)}'s turn.")


async def run_action(
    interaction: discord.Interaction,
    action: dict[str, Any],
    expected: Expected | None = None,
    *,
    reply: str | None = None,
) -> None:
    """Play ``action`` for the interaction's user at the channel's table and show the result:
    a click on the table message updates it in one call; a command gets an ephemeral ``reply``
    and the table message is edited. Refusals reach the error reporter."""
    desk = desk_of(interaction)
    guild, channel = where(interaction)

    def explain(error: IllegalAction) -> str | None:
        hook = getattr(desk.ui(desk.service.status(guild, channel).game), "refusal", None)
        return str(hook(error)) if hook is not None else None

    with refusals(explain):
        result = await desk.service.act(guild, channel, interaction.user.id, action, expected)
    await desk.show(
        result, interaction, reply=reply or f"Done: {action['kind'].replace('_', ' ')}."
    )


async def show_hand(interaction: discord.Interaction) -> None:
    """The player's own cards, ephemerally, with a select for each card choice they have."""
    desk = desk_of(interaction)
    guild, channel = where(interaction)
    text = desk.private_text(guild, channel, interaction.user.id)
    with refusals():
        status = desk.service.status(guild, channel, interaction.user.id)
        legal = desk.service.legal_actions(guild, channel, interaction.user.id)
    view = hand_view(desk.ui(status.game), status, legal)
    if view is None:
        await interaction.response.send_message(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, view=view, ephemeral=True)


class _ReportingModal(discord.ui.Modal):
    """A modal whose failures (refusals included) go to the error reporter."""

    async def on_error(  # type: ignore[override]
        self, interaction: discord.Interaction, error: Exception, /
    ) -> None:
        await report_error(interaction, error)


class AmountModal(_ReportingModal):
    """Asks for a chip amount within the legal bounds, then plays the action."""

    def __init__(self, key: Key, title: str, field: str, bounds: AmountField) -> None:
        super().__init__(title=title[:45], custom_id=key.modal_id(), timeout=600)
        self.key, self.field, self.bounds = key, field, bounds
        low, high = bounds.min, bounds.max
        self.amount: discord.ui.TextInput[AmountModal] = discord.ui.TextInput(
            label=f"{field.capitalize()}: {low} to {high} chips"[:45],
            placeholder=f"{low}–{high}",
            default=str(low),
            min_length=1,
            max_length=12,
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction, /) -> None:
        text = self.amount.value.strip().replace(",", "")
        if not text.isdigit():
            raise Refusal(
                f"Type a whole number of chips between {self.bounds.min} and {self.bounds.max}."
            )
        action = {"kind": self.key.kind, self.field: int(text)}
        await run_action(interaction, action, self.key.expected)


class JoinModal(_ReportingModal):
    """Asks for the buy-in within the table's bounds, then seats the player."""

    def __init__(self, status: TableStatus) -> None:
        super().__init__(title="Join the table", timeout=600)
        self.low, self.high = status.min_buy_in, status.max_buy_in
        self.buy_in: discord.ui.TextInput[JoinModal] = discord.ui.TextInput(
            label=f"Buy-in: {self.low} to {self.high} chips"[:45],
            placeholder=f"{self.low}–{self.high}",
            default=str(self.low),
            max_length=12,
        )
        self.add_item(self.buy_in)

    async def on_submit(self, interaction: discord.Interaction, /) -> None:
        text = self.buy_in.value.strip().replace(",", "")
        if not text.isdigit():
            raise Refusal(f"Type a whole number of chips between {self.low} and {self.high}.")
        desk = desk_of(interaction)
        guild, channel = where(interaction)
        with refusals():
            result = await desk.service.join(guild, channel, interaction.user.id, int(text))
        await desk.show(result, interaction, reply=f"You sit down with {int(text)} chips.")


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON):
    """Any button of a table message (an action, a choice, or the kit's own)."""

    def __init__(
        self,
        key: Key,
        *,
        label: str = "?",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, custom_id=key.button_id(), style=style, row=row)
        )
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(Key.from_match(match), label=str(getattr(item, "label", None) or "?"))

    @reported
    async def callback(self, interaction: discord.Interaction) -> None:
        desk = desk_of(interaction)
        guild, channel = where(interaction)
        with refusals():
            status = desk.service.status(guild, channel)
        key, user = self.key, interaction.user.id
        if status.table_id != key.expected.table_id:
            raise Refusal("That table is closed.")
        if key.kind == Lobby.CARDS:
            await show_hand(interaction)
        elif key.kind == Lobby.JOIN:
            await interaction.response.send_modal(JoinModal(status))
        elif key.kind == Lobby.DEAL:
            if tuple(key.expected) != tuple(status.expected):
                raise Refusal("The table has moved on since; use the current table.")
            admin = _admin(interaction)
            with refusals():
                result = await desk.service.start(guild, channel, user, admin=admin)
            await desk.show(result, interaction)
        elif key.kind == Lobby.LEAVE:
            with refusals():
                result = await desk.service.leave(guild, channel, user)
            await desk.show(result, interaction)
        elif key.kind == Lobby.BACK:
            with refusals():
                await desk.service.back(guild, channel, user)
            await desk.publish(status, interaction)
        else:
            await self._act(interaction, status, user)

    async def _act(self, interaction: discord.Interaction, status: TableStatus, user: int) -> None:
        desk, key = desk_of(interaction), self.key
        _check_turn(status, user, key.expected)
        with refusals():
            legal = desk.service.legal_actions(status.guild_id, status.channel_id, user)
        spec = next((s for s in legal if s.kind == key.kind), None)
        if spec is None:
            raise Refusal(f"You can't {key.kind.replace('_', ' ')} now.")
        amount = _amount(spec)
        if amount is not None:
            title = desk.ui(status.game).action_label(spec)
            await interaction.response.send_modal(AmountModal(key, title, amount[0], amount[1]))
            return
        action: dict[str, Any] = {"kind": key.kind}
        if spec.fields:
            name = next(iter(spec.fields))
            action[name] = decode_choice(key.arg)
        await run_action(interaction, action, key.expected)


class TableSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT):
    """A select of a table: one choice out of many (public), or cards (My cards only)."""

    def __init__(
        self,
        key: Key,
        placeholder: str = "Choose",
        options: list[discord.SelectOption] | None = None,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=key.select_id(),
                placeholder=placeholder[:150],
                options=options or [discord.SelectOption(label="?")],
                min_values=min_values,
                max_values=max(min_values, max_values),
                row=row,
            )
        )
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(Key.from_match(match))

    @reported
    async def callback(self, interaction: discord.Interaction) -> None:
        desk = desk_of(interaction)
        guild, channel = where(interaction)
        with refusals():
            status = desk.service.status(guild, channel)
        key, user = self.key, interaction.user.id
        if status.table_id != key.expected.table_id:
            raise Refusal("That table is closed.")
        _check_turn(status, user, key.expected)
        with refusals():
            legal = desk.service.legal_actions(guild, channel, user)
        spec = next((s for s in legal if s.kind == key.kind), None)
        field = spec.fields.get(key.arg) if spec is not None else None
        if spec is None or field is None:
            raise Refusal(f"You can't {key.kind.replace('_', ' ')} now.")
        values = [str(v) for v in self.item.values]
        value: Any = values if isinstance(field, CardsField) else decode_choice(values[0])
        action = {"kind": key.kind, key.arg: value}
        if interaction.message is not None and interaction.message.id != status.message_id:
            # a select of the My cards reply: the reply shows the cards now; the table is edited
            with refusals():
                result = await desk.service.act(guild, channel, user, action, key.expected)
            text = desk.private_text(guild, channel, user)
            await interaction.response.edit_message(content=text, view=None)
            await desk.show(result)
            return
        await run_action(interaction, action, key.expected)


def _admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms is not None and perms.manage_guild)
