"""``/tournament``: open a sit-and-go, register (the button or the command), start it, see
where it is, and the server's tournament board. The deals are the table kit's (the game's
own table message and buttons); this cog only says what the tournament adds: entries, the
level and when it rises, who is out in which place, and the result."""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Parlour
from bot.errors import reported
from bot.exts.tournament import _words
from bot.game_choices import GAME_CHOICES, chosen_game
from bot.refusal import Refusal
from bot.table import refusals, where
from bot.text import Msg, catalog, msg
from services.tables import Closed, TableStatus
from services.tournaments import Report, TournamentService, TournamentStatus

SPEEDS = [
    app_commands.Choice(name="normal", value="normal"),
    app_commands.Choice(name="turbo", value="turbo"),
]
PAYOUTS = [
    app_commands.Choice(name="winner", value="winner"),
    app_commands.Choice(name="top2", value="top2"),
    app_commands.Choice(name="top3", value="top3"),
]
MAX_BUY_IN = 1_000_000


class RegisterButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tourney:register:(?P<table>\d+)"
):
    """**Register** under a tournament's lobby message: works after a restart too."""

    def __init__(self, table_id: int, label: str = "Register", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=f"tourney:register:{table_id}",
                style=discord.ButtonStyle.success,
                disabled=disabled,
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["table"]), str(getattr(item, "label", None) or "Register"))

    @reported
    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("TournamentCog")  # type: ignore[attr-defined]
        if not isinstance(cog, TournamentCog):
            raise Refusal(msg("table.refusal.tournament.none"))
        await cog.register_from(interaction, self.table_id)


class TournamentCog(commands.Cog):
    """Sit-and-go tournaments (issue 32) on the table service."""

    group = app_commands.Group(
        name="tournament", description="Sit-and-go tournaments", guild_only=True
    )

    def __init__(self, bot: Parlour) -> None:
        self.bot = bot
        self._service: TournamentService | None = None

    @property
    def service(self) -> TournamentService:
        if self._service is None:
            raise RuntimeError("the tournament service starts with the table service")
        return self._service

    async def cog_load(self) -> None:
        """Become the table service's rules (a bot that only lists its commands has none)."""
        tables = getattr(self.bot, "tables", None)
        if tables is not None:
            self._service = TournamentService(tables, listener=self)
        self.bot.add_dynamic_items(RegisterButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RegisterButton)
        if self._service is not None:
            await self._service.shutdown()

    @commands.Cog.listener()
    async def on_tables_resumed(self, _tables: list[TableStatus]) -> None:
        """After the table service resumed the tables: the tournaments at them go on."""
        await self.service.startup()

    # -- words ------------------------------------------------------------------------------

    async def _reply(self, interaction: discord.Interaction, text: Msg) -> None:
        words = catalog(await self.bot.languages.reader(interaction)).text(text)
        await interaction.response.send_message(words, ephemeral=True)

    def _view(self, t: TournamentStatus, label: str) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(RegisterButton(t.table_id, label, disabled=t.state != "registering"))
        return view

    async def _lobby(self, interaction: discord.Interaction, t: TournamentStatus) -> None:
        """The lobby message: on the open, the answer; on a click, the same message edited."""
        say = catalog(await self.bot.languages.public(t.guild_id))
        text = say.text(_words.lobby(t))
        if t.state == "running":
            text += "\n" + say.text(_words.level(t))
        view = self._view(t, say.text(msg("tournament.button.register")))
        if interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(content=text, view=view)
        else:
            await interaction.response.send_message(text, view=view)

    # -- the service's reports --------------------------------------------------------------

    async def tournament_report(self, report: Report) -> None:
        """Between deals: who is out, a new level, the next deal, or the end."""
        t = report.tournament
        lines: list[Msg] = _words.out(report.out)
        if report.level_up and not report.finished:
            lines.append(_words.level(t))
        if report.finished:
            lines.append(_words.results(t))
        if lines:
            say = catalog(await self.bot.languages.public(t.guild_id))
            channel = self.bot.get_channel(t.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                await channel.send("\n".join(say.text(line) for line in lines))
        if report.dealt is not None:  # the level and when it rises, on the table message
            self.bot.desk.log_line(report.dealt.table, _words.level(t))
            await self.bot.desk.show(report.dealt)
        if report.closed is not None:
            # the close paid the stacks back and the prizes moved the balances in the same
            # transaction: the result above says who got what, so the table's last words only
            # say it is closed (no list of stacks paid back, which the prizes replaced)
            table, closed = report.closed
            await self.bot.desk.closed(table, msg("tournament.closed"), Closed(closed.table_id))

    # -- commands ---------------------------------------------------------------------------

    @group.command(name="open", description="Open a sit-and-go tournament in this channel")
    @app_commands.choices(game=GAME_CHOICES, speed=SPEEDS, payouts=PAYOUTS)
    @app_commands.describe(
        game="The game",
        seats="How many players (it starts when full)",
        buy_in="Chips from each balance; everyone starts with this stack",
        speed="How fast the stakes rise (normal: every 6 deals or 10 min; turbo: 3 or 5)",
        payouts="Who is paid from the pool: the winner, the top 2 or the top 3",
        computers="Computer players to fill seats with",
        computer_delay="Seconds a computer player waits before it acts (default 1.5)",
    )
    async def open(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        seats: app_commands.Range[int, 2, 10],
        buy_in: app_commands.Range[int, 1, MAX_BUY_IN],
        speed: app_commands.Choice[str] | None = None,
        payouts: app_commands.Choice[str] | None = None,
        computers: app_commands.Range[int, 0, 9] = 0,
        computer_delay: app_commands.Range[float, 0.0, 30.0] | None = None,
    ) -> None:
        """The host opens it and is its first entrant."""
        guild, channel = where(interaction)
        chosen = chosen_game(game)
        assert chosen is not None  # noqa: S101 - a required option
        user = interaction.user.id
        with refusals(self.bot.desk):
            if computers >= seats:
                raise Refusal(msg("table.refusal.tournament.full", seats=seats))
            await self.service.open(
                guild,
                channel,
                user,
                chosen.value,
                seats=seats,
                buy_in=buy_in,
                speed=speed.value if speed else "normal",
                payouts=payouts.value if payouts else "winner",
                computer_delay=computer_delay,
            )
            t = await self.service.register(guild, channel, user)
            if computers:
                t = await self.service.add_computers(guild, channel, user, computers)
        await self._lobby(interaction, t)

    async def register_from(self, interaction: discord.Interaction, table_id: int) -> None:
        guild, channel = where(interaction)
        with refusals(self.bot.desk):
            found = self.service.find(guild, channel)
            if found is None or found.table_id != table_id:
                raise Refusal(msg("table.refusal.tournament.none"))
            t = await self.service.register(guild, channel, interaction.user.id)
        await self._lobby(interaction, t)

    @group.command(name="register", description="Pay the buy-in and take a seat")
    async def register(self, interaction: discord.Interaction) -> None:
        guild, channel = where(interaction)
        with refusals(self.bot.desk):
            t = await self.service.register(guild, channel, interaction.user.id)
        await self._reply(interaction, _words.lobby(t))

    @group.command(name="start", description="Start before it is full (host, 2 players or more)")
    async def start(self, interaction: discord.Interaction) -> None:
        guild, channel = where(interaction)
        admin = bool(getattr(interaction.permissions, "manage_guild", False))
        with refusals(self.bot.desk):
            t = await self.service.start(guild, channel, interaction.user.id, admin=admin)
        await self._reply(interaction, _words.level(t))

    @group.command(name="status", description="The level, the next one, the pool and who is in")
    async def status(self, interaction: discord.Interaction) -> None:
        guild, channel = where(interaction)
        t = self.service.find(guild, channel)
        if t is None:
            raise Refusal(msg("table.refusal.tournament.none"))
        text = _words.lobby(t) if t.state == "registering" else _words.level(t)
        await self._reply(interaction, text)

    @group.command(name="leaderboard", description="The server's tournament results")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        guild, _ = where(interaction)
        rows = await self.service.board(guild)
        say = catalog(await self.bot.languages.reader(interaction))
        text = "\n".join(
            [say.text(msg("tournament.board.title")), *(say.text(m) for m in _words.board(rows))]
        )
        await interaction.response.send_message(text, ephemeral=True)
