"""``TableCog``: the lobby commands every game shares, as a ``GroupCog`` to subclass.

A game cog subclasses it with its group name, sets ``ui``, adds ``open`` (its options as typed
slash options, calling :meth:`TableCog.open_table`) and one command per player action (calling
:meth:`TableCog.act`). ``join``, ``topup``, ``leave``, ``kick``, ``start``, ``close``,
``status``, ``rules``, ``hand`` and ``back`` come from here.
"""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.refusal import Refusal
from bot.render import embed
from bot.table._components import route, run_action, show_hand
from bot.table._context import refusals, where
from bot.table._desk import Desk
from bot.table._ids import encode_choice
from bot.table._layout import choice_label
from bot.table._threads import WatchButton
from bot.table._ui import GameUI
from bot.text import Number, Text, catalog, msg
from bot.text.format import PlayerNames, card
from games.actions import CardsField, ChoiceField
from services.tables import TableError, TableStatus

BuyIn = app_commands.Range[int, 1, 1_000_000]
Computers = app_commands.Range[int, 1, 7]
"""How many computer players ``/<game> open computers:N`` seats."""
Delay = app_commands.Range[float, 0.0, 30.0]
"""A computer player's delay before it acts, in seconds."""


def _admin(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


@app_commands.guild_only()
class TableCog(commands.GroupCog):
    """The shared table commands; subclass as ``class Pontoon(TableCog, group_name="pontoon",
    group_description="...")`` and set ``ui``."""

    ui: ClassVar[GameUI]

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def desk(self) -> Desk:
        desk = getattr(self.bot, "desk", None)
        if not isinstance(desk, Desk):
            raise RuntimeError("this bot has no table desk")
        return desk

    async def cog_load(self) -> None:
        """The game's UI joins the desk; table buttons work from now on (after a restart too:
        every game cog routes clicks the same way, so the route is added once)."""
        self.desk.register(self.ui)
        self.bot.remove_listener(route, "on_interaction")
        self.bot.add_listener(route, "on_interaction")
        self.bot.add_dynamic_items(WatchButton)

    # -- helpers for the game cogs --------------------------------------------------------------

    async def open_table(
        self,
        interaction: discord.Interaction,
        options: dict[str, Any],
        *,
        buy_in: int | None = None,
        seats: int | None = None,
        computers: int | None = None,
        computer_delay: float | None = None,
    ) -> None:
        """Open a table of this game here with ``options`` (engine option names, and the
        service's ``computer_delay``; ``None`` values are left to the defaults), seat the
        opener with ``buy_in`` and ``computers`` computer players, post the table message."""
        guild, _ = where(interaction)
        self.desk.remember(interaction.user)
        chosen = {k: v for k, v in options.items() if v is not None}
        if seats is not None:
            chosen["seats"] = seats
        if computer_delay is not None:
            chosen["computer_delay"] = computer_delay
        with refusals(self.desk):  # refused before any thread starts
            opening = await self.desk.service.opening_options(
                guild, interaction.user.id, self.ui.game, chosen, buy_in=buy_in
            )
        place = await self.desk.threads.place(interaction, self.ui.title, self.ui.stakes(opening))
        channel = place.channel
        try:
            with refusals(self.desk):
                status = await self.desk.service.open(
                    guild, channel, interaction.user.id, self.ui.game, chosen, buy_in=buy_in
                )
        except Refusal:
            await self.desk.threads.abandon(place)
            raise
        with refusals(self.desk):
            if computers:
                added = await self.desk.service.add_computer(
                    guild, channel, interaction.user.id, count=computers
                )
                self.desk.note(added.table, added.events)
                status = added.table
        game, command = self.ui.title, self.ui.command
        if buy_in:
            opened = msg(
                "table.reply.opened_seated", game=game, amount=Number(buy_in), command=command
            )
        else:
            opened = msg("table.reply.opened", game=game, command=command)
        locale = await self.desk.reader(interaction)
        await self.desk.threads.reply(interaction, opened, place, locale)
        if place.thread is None:
            self.desk.fresh.seen(interaction)  # the table message goes as its followup
        await self.desk.publish(status)

    def here(self, interaction: discord.Interaction) -> TableStatus:
        """The channel's table, refused when it is another game's (``/palace join`` must not
        seat anyone at a Pontoon table)."""
        guild, channel = where(interaction)
        with refusals(self.desk):
            status = self.desk.service.status(guild, channel)
        if status.game != self.ui.game:
            other = (
                self.desk.ui(status.game).title if self.desk.has_game(status.game) else status.title
            )
            raise Refusal(msg("table.refusal.other_game", game=other, command=status.game))
        return status

    async def act(
        self, interaction: discord.Interaction, kind: str, reply: Text | None = None, **fields: Any
    ) -> None:
        """Play an action of the player's from a slash command."""
        self.here(interaction)
        await run_action(interaction, {"kind": kind, **fields}, reply=reply)

    async def suggest(
        self, interaction: discord.Interaction, kind: str, field: str, current: str
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete for an option whose legal values come from the game: the caller's
        legal values of ``field`` of action ``kind`` now. For a cards field the option is a
        space-separated list of card codes; each suggestion adds one more legal card."""
        try:
            guild, channel = where(interaction)
            legal = self.desk.service.legal_actions(guild, channel, interaction.user.id)
        except (Refusal, TableError):
            return []
        spec = next((s for s in legal if s.kind == kind and field in s.fields), None)
        if spec is None:
            return []
        shape = spec.fields[field]
        if isinstance(shape, CardsField):
            typed = current.split()
            done = [c for c in typed if c in shape.options]
            partial = typed[-1].lower() if typed and typed[-1] not in shape.options else ""
            start = " ".join(done)
            names = [
                (f"{start} {c}".strip(), " ".join(card(x) for x in [*done, c]))
                for c in shape.options
                if c not in done and c.lower().startswith(partial)
            ]
        elif isinstance(shape, ChoiceField):
            wanted = current.lower()
            say = catalog(await self.desk.reader(interaction)).text
            who = PlayerNames(self.desk.names)
            names = [
                (encode_choice(o), label)
                for o in shape.options
                if wanted in (label := say(choice_label(self.ui, spec, field, o, who))).lower()
                or wanted in encode_choice(o).lower()
            ]
        else:
            return []
        return [app_commands.Choice(name=label[:100], value=value) for value, label in names][:25]

    # -- shared commands ------------------------------------------------------------------------

    @app_commands.command(name="join", description="Sit down at this channel's table")
    @app_commands.describe(buy_in="Chips to bring from your balance")
    async def join(self, interaction: discord.Interaction, buy_in: BuyIn) -> None:
        self.here(interaction)
        guild, channel = where(interaction)
        with refusals(self.desk):
            result = await self.desk.service.join(guild, channel, interaction.user.id, buy_in)
        await self.desk.show(
            result, interaction, reply=msg("table.reply.seated", amount=Number(buy_in))
        )

    @app_commands.command(name="topup", description="Add chips from your balance between deals")
    @app_commands.describe(amount="Chips to add to your stack")
    async def topup(self, interaction: discord.Interaction, amount: BuyIn) -> None:
        """A seated player short of chips plays on without leaving (up to the maximum buy-in)."""
        self.here(interaction)
        guild, channel = where(interaction)
        with refusals(self.desk):
            result = await self.desk.service.top_up(guild, channel, interaction.user.id, amount)
        await self.desk.show(
            result, interaction, reply=msg("table.reply.topped_up", amount=Number(amount))
        )

    @app_commands.command(name="leave", description="Stand up (after this deal if one is on)")
    async def leave(self, interaction: discord.Interaction) -> None:
        self.here(interaction)
        guild, channel = where(interaction)
        with refusals(self.desk):
            result = await self.desk.service.leave(guild, channel, interaction.user.id)
        await self.desk.show(result, interaction, reply=msg("table.reply.left"))

    @app_commands.command(name="kick", description="Remove a player between deals (host)")
    @app_commands.describe(player="Who to remove; their stack goes back to their balance")
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        """The host's way to free a seat (an admin's is ``/admin kick``, also mid-deal)."""
        self.here(interaction)
        guild, channel = where(interaction)
        with refusals(self.desk):
            result = await self.desk.service.kick(
                guild, channel, player.id, admin=False, by=interaction.user.id
            )
        await self.desk.show(
            result, interaction, reply=msg("table.reply.kicked", player=player.mention)
        )

    @app_commands.command(name="start", description="Deal (the host deals first)")
    async def start(self, interaction: discord.Interaction) -> None:
        self.here(interaction)
        guild, channel = where(interaction)
        with refusals(self.desk):
            result = await self.desk.service.start(
                guild, channel, interaction.user.id, admin=_admin(interaction)
            )
        await self.desk.show(result, interaction, reply=msg("table.reply.dealt"))

    @app_commands.command(name="close", description="Close the table (host or admin)")
    async def close(self, interaction: discord.Interaction) -> None:
        status = self.here(interaction)
        guild, channel = where(interaction)
        with refusals(self.desk):
            closed = await self.desk.service.close(
                guild, channel, interaction.user.id, admin=_admin(interaction)
            )
        await self.desk.reply(interaction, msg("table.reply.closed"))
        by_host = interaction.user.id == status.host_id
        reason = msg("table.closed.host" if by_host else "table.closed.admin")
        await self.desk.closed(status, reason, closed)

    @app_commands.command(name="status", description="Show the table (only you see it)")
    async def status(self, interaction: discord.Interaction) -> None:
        status = self.here(interaction)
        shown = self.desk.embed(status, locale=await self.desk.reader(interaction))
        await interaction.response.send_message(embed=shown, ephemeral=True)

    @app_commands.command(name="hand", description="Your own cards (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        self.here(interaction)
        await show_hand(interaction)

    @app_commands.command(name="back", description="You are back: your turns wait for you again")
    async def back(self, interaction: discord.Interaction) -> None:
        guild, channel = where(interaction)
        with refusals(self.desk):
            status = await self.desk.service.back(guild, channel, interaction.user.id)
        await self.desk.reply(interaction, msg("table.reply.back"))
        await self.desk.publish(status)

    @app_commands.command(name="add_computer", description="Seat a computer player (host)")
    @app_commands.describe(count="How many (their chips come from the house)")
    async def add_computer(
        self, interaction: discord.Interaction, count: Computers | None = None
    ) -> None:
        self.here(interaction)
        guild, channel = where(interaction)
        n = count or 1
        with refusals(self.desk):
            result = await self.desk.service.add_computer(
                guild, channel, interaction.user.id, admin=_admin(interaction), count=n
            )
        reply = msg("table.reply.computers_added", count=n)
        await self.desk.show(result, interaction, reply=reply)

    @app_commands.command(name="remove_computer", description="A computer player leaves (host)")
    async def remove_computer(self, interaction: discord.Interaction) -> None:
        self.here(interaction)
        guild, channel = where(interaction)
        with refusals(self.desk):
            result = await self.desk.service.remove_computer(
                guild, channel, interaction.user.id, admin=_admin(interaction)
            )
        await self.desk.show(result, interaction, reply=msg("table.reply.computer_removed"))

    @app_commands.command(name="rules", description="How this game is played")
    async def rules(self, interaction: discord.Interaction) -> None:
        locale = await self.desk.reader(interaction)
        title = self.desk.words(msg("table.rules.title", game=self.ui.title), locale)
        shown = embed(title, self.desk.words(self.ui.rules, locale)[:4000])
        await interaction.response.send_message(embed=shown, ephemeral=True)
