"""The economy's slash commands: parse the options, call the economy service, render the
answer."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog import GameId
from bot.client import Parlour
from bot.dm_channels import dm_channel
from bot.errors import CANNOT_DM
from bot.exts.economy import _achievements, _render, _stats_answer, _tournament_record
from bot.exts.economy._board import PageKey
from bot.exts.economy._checks import guild_of, not_a_bot
from bot.exts.economy._views import PageButton, show_page
from bot.game_choices import GAME_CHOICES, chosen_game
from bot.refusal import Refusal
from bot.text import Catalog, Number, catalog, msg
from services.economy import ALL_GAMES, Board, Season
from services.pings import PingMode

log = logging.getLogger(__name__)

PING_MODES = ("channel", "dm", "off")

SEASON_CHECK_S = 600
"""How often the bot looks for a season that ended (and at every start)."""

SEASON_ALL = "all"
"""``/leaderboard season:all``: all time, where the server has seasons."""

BY_BOARD: dict[str, Board] = {
    "chips": Board.BALANCE,
    "net": Board.NET,
    "wins": Board.WINS,
    "rate": Board.RATE,
}


class Economy(commands.Cog):
    """Balances, daily and refill chips, pings, leaderboards, stats, achievements, help and
    the seasons' podiums (``/admin`` is ``._admin``). Ephemeral replies speak the reader's
    language, public messages the server's."""

    def __init__(self, bot: Parlour) -> None:
        self.bot = bot
        self._herald: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        """Page buttons of any leaderboard ever posted work from now on."""
        self.bot.add_dynamic_items(PageButton)

    async def cog_unload(self) -> None:
        """Stop answering page buttons and telling seasons."""
        self.bot.remove_dynamic_items(PageButton)
        if self._herald is not None:
            self._herald.cancel()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once connected (the servers known): tell ended seasons, now and from now on."""
        if self._herald is None or self._herald.done():
            self._herald = self.bot.create_task(self._seasons(), name="season-podiums")

    async def _seasons(self) -> None:
        """Every ``SEASON_CHECK_S`` on the table service's clock: tell each ended season."""
        clock = self.bot.tables.clock
        while True:
            await self.tell_ended_seasons(clock.now().timestamp())
            await clock.sleep_until(clock.now() + timedelta(seconds=SEASON_CHECK_S))

    async def tell_ended_seasons(self, now: float) -> int:
        """Post the podium of every season of this process's servers that ended by ``now``
        and was not told yet, in the channel where the seasons were set, in the server's
        language; each is marked told once posted (stored, so a restart tells it once: a stop
        finishes a post and its mark together, and only a kill between the two may tell it
        twice, never zero times). How many told."""
        told = 0
        for guild in await self.bot.economy.season_guilds():
            if self.bot.get_guild(guild) is None:  # another process's shard, or left
                continue
            for season in await self.bot.economy.seasons_ended(guild, now):
                if self.bot.draining:  # stopping: the next process tells the rest
                    return told
                name = f"season:{guild}:{season.number}"
                told += await self.bot.finish(self._tell(guild, season), name=name)
        return told

    async def _tell(self, guild: int, season: Season) -> int:
        """Post one season's podium and mark it told (1), or leave it for the next try (0)."""
        if season.channel_id is not None:
            say = catalog(await self.bot.languages.public(guild))
            text = _render.season_over(say, season)
            channel = self.bot.get_partial_messageable(season.channel_id, guild_id=guild)
            try:
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as failure:
                log.warning("Season %d's end not told (%r)", season.number, failure)
                return 0
        return int(await self.bot.economy.season_told(guild, season.number))

    async def _reader(self, interaction: discord.Interaction) -> Catalog:
        """The catalog of a reply only ``interaction``'s user sees."""
        return catalog(await self.bot.languages.reader(interaction))

    async def _public(self, interaction: discord.Interaction) -> Catalog:
        """The catalog of a message the whole channel sees: the server's language."""
        return catalog(await self.bot.languages.public(interaction.guild_id))

    @app_commands.guild_only()
    @app_commands.command(name="balance", description="Your chips (or another member's)")
    @app_commands.describe(user="Whose balance (default: yours)")
    async def balance(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        """Creates the caller's own account on first use; another member's is only read."""
        guild = guild_of(interaction)
        target = user or interaction.user
        not_a_bot(target)
        yourself = target.id == interaction.user.id
        held = await self.bot.economy.holdings(guild, target.id, create=yourself)
        say = await self._reader(interaction)
        shown = _render.balance(
            say, target.mention, held.balance, held.on_tables, yourself=yourself
        )
        await interaction.response.send_message(embed=shown, ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="ping", description="How you hear that it is your turn")
    @app_commands.describe(mode="channel: a message that mentions you; dm: a DM; off: none")
    async def ping(
        self, interaction: discord.Interaction, mode: Literal["channel", "dm", "off"]
    ) -> None:
        """Stored per person (every server), read before each turn ping. ``dm`` is confirmed
        by a DM: a player whose DMs are closed is told so and keeps the channel pings."""
        if mode not in PING_MODES:  # a forged or stale payload: discord.py passes it through
            raise Refusal(msg("economy.refusal.unknown_choice", option="mode"))
        say = await self._reader(interaction)
        told = say.text(msg(f"table.ping.set.{mode}"))
        if mode == "dm" and not await self._dm_open(interaction.user.id, told):
            await interaction.response.send_message(
                say.text(msg("table.ping.set.dm_closed")), ephemeral=True
            )
            return
        await self.bot.pings.set_mode(interaction.user.id, PingMode(mode))
        await interaction.response.send_message(told, ephemeral=True)

    async def _dm_open(self, user: int, text: str) -> bool:
        """Send ``text`` to ``user`` by DM; ``False`` if their DMs are closed to the bot."""
        try:
            channel = await dm_channel(self.bot, user)
            await channel.send(text)
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                raise
            self.bot.desk.pings.dms_reachable(user, False)
            return False
        self.bot.desk.pings.dms_reachable(user, True)
        return True

    @app_commands.guild_only()
    @app_commands.command(name="refill", description="Free chips when you have none left")
    async def refill(self, interaction: discord.Interaction) -> None:
        """The way back for a broke player: granted only with no chips anywhere (balance and
        tables), once per cooldown, atomically like ``/daily``; refused with the reason."""
        guild = guild_of(interaction)
        now = self.bot.config.clock.now().timestamp()  # the bot's clock (tests advance it)
        claim = await self.bot.economy.claim_refill(guild, interaction.user.id, now=now)
        if not claim.granted:
            daily = await self.bot.economy.daily_opens_at(guild, interaction.user.id)
            raise Refusal(
                _render.refill_refused(claim, now, daily_open=daily is not None and daily <= now)
            )
        shown = _render.refill(await self._reader(interaction), claim)
        await interaction.response.send_message(embed=shown, ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="daily", description="Claim your free daily chips")
    async def daily(self, interaction: discord.Interaction) -> None:
        """Granted once per cooldown; a second claim is refused with the time left."""
        guild = guild_of(interaction)
        now = self.bot.config.clock.now().timestamp()  # the bot's clock (tests advance it)
        claim = await self.bot.economy.claim_daily(guild, interaction.user.id, now=now)
        if not claim.granted:
            raise Refusal(_render.daily_refused(claim, now))
        shown = _render.daily(await self._reader(interaction), claim)
        await interaction.response.send_message(embed=shown, ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="leaderboard", description="The server's top players")
    @app_commands.describe(
        game="One game (default: all games); chips are every game's, so not with chips",
        by=(
            "Rank by chips held, net winnings, deals won or win rate "
            "(default: chips; net for one game)"
        ),
        season="A season's number, or all (default: the current season where there are seasons)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str] | None = None,
        by: Literal["chips", "net", "wins", "rate"] | None = None,
        season: app_commands.Range[str, 1, 12] | None = None,
    ) -> None:
        """Top 10 with the caller's rank; ◀ ▶ turn the pages (even after a restart). A balance
        belongs to no game: one game's board ranks what was won at it. Where the server has
        seasons, the board counts chips won in the current season unless asked otherwise."""
        guild = guild_of(interaction)
        one = chosen_game(game)
        if by is not None and by not in BY_BOARD:  # discord.py passes an unknown choice on
            raise Refusal(msg("economy.refusal.unknown_board"))
        if by == "chips" and one is not None:
            raise Refusal(msg("economy.board.chips_not_per_game"))
        chosen = await self._season(guild, one, by, season)
        if chosen is not None:
            key = PageKey(BY_BOARD[by or "net"], None, 0, chosen)
        else:
            board = BY_BOARD[by or ("chips" if one is None else "net")]
            key = PageKey(board, None if board is Board.BALANCE else one, 0)
        await show_page(interaction, key, edit=False)

    async def _season(
        self, guild: int, game: GameId | None, by: str | None, season: str | None
    ) -> int | None:
        """The season a ``/leaderboard`` counts (``None``: all time): the one asked for, else
        the current one for a board of every game by chips won or deals won."""
        if season is not None and season != SEASON_ALL and not season.isdecimal():
            raise Refusal(msg("economy.season.unknown_value"))
        now = self.bot.config.clock.now().timestamp()
        current, listed = await self.bot.economy.seasons(guild, now)
        if season is None:
            usable = game is None and by in (None, "net", "wins")
            return current.number if usable and current is not None else None
        if season == SEASON_ALL:
            return None
        number = int(season)
        if number not in {s.number for s in listed}:
            raise Refusal(msg("economy.season.unknown", season=Number(number)))
        if game is not None or by in ("chips", "rate"):
            raise Refusal(msg("economy.season.not_this_board"))
        return number

    @app_commands.guild_only()
    @app_commands.command(name="stats", description="Deals played and won, net, biggest pot")
    @app_commands.describe(
        user="Whose stats (default: yours)",
        game="One game (default: all)",
        server="The server's own stats instead of a member's",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
        server: bool | None = None,
    ) -> None:
        """A read: shows nothing for a member who never finished a deal, and no tournament
        line for one who never finished a tournament. Public: the server's language. A picture
        where the server shows pictures (the text is its alt text), the text embed where it
        does not."""
        guild = guild_of(interaction)
        if server:
            if user is not None:
                raise Refusal(msg("stats.refusal.server_and_user"))
            if game is not None:
                raise Refusal(msg("stats.refusal.server_game"))
            await _stats_answer.answer(self.bot, interaction, guild)
            return
        target = user or interaction.user
        not_a_bot(target)
        one = chosen_game(game)
        records = await self.bot.economy.stats(guild, target.id)
        say = await self._public(interaction)
        played = await self.bot.economy.tournament_record(
            guild, target.id, one.value if one else None
        )
        record = records.get(one.value if one else ALL_GAMES)
        if record is None or not record.played or not await self.bot.desk.images(guild):
            shown = _render.stats(say, target.mention, records, one)
            await interaction.response.send_message(
                embed=_tournament_record.add(shown, say, played)
            )
            return
        await _stats_answer.answer_player(
            self.bot, interaction, guild, target, records, one, say, played
        )

    @app_commands.guild_only()
    @app_commands.command(name="achievements", description="Achievements earned and to earn")
    @app_commands.describe(user="Whose achievements (default: yours)")
    async def achievements(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        """A read, public like ``/stats``: the server's language."""
        guild = guild_of(interaction)
        target = user or interaction.user
        not_a_bot(target)
        held, streaks = await self.bot.economy.achievements(guild, target.id)
        say = await self._public(interaction)
        shown = _achievements.achievements(say, target.mention, held, streaks)
        await interaction.response.send_message(embed=shown)

    @app_commands.guild_only()
    @app_commands.command(name="help", description="What Parlour is and how to play")
    async def help(self, interaction: discord.Interaction) -> None:
        """Ephemeral: only the asker sees it, in their language."""
        shown = _render.help_embed(await self._reader(interaction))
        await interaction.response.send_message(embed=shown, ephemeral=True)
