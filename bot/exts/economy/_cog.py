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
from pydantic import ValidationError

from bot.catalog import GameId
from bot.client import Parlour
from bot.dm_channels import dm_channel
from bot.errors import CANNOT_DM
from bot.exts.economy import _achievements, _render, _stats_answer, _tournament_record
from bot.exts.economy._board import PageKey
from bot.exts.economy._bounds import (
    MAX_ACCOUNT_AGE_DAYS,
    MAX_ADMIN_AMOUNT,
    MAX_BOARD_MIN_DEALS,
    MAX_COOLDOWN_HOURS,
    MAX_IDLE_MINUTES,
    MAX_REASON,
    MAX_REFILL_MINUTES,
    MAX_SEASON_DAYS,
    MAX_SETTING_CHIPS,
    MAX_STAKE,
    MAX_TURN_SECONDS,
)
from bot.exts.economy._views import PageButton, show_page
from bot.game_choices import GAME_CHOICES, chosen_game
from bot.pictures import STYLES
from bot.refusal import Refusal
from bot.table import refusals, where
from bot.text import Catalog, Msg, Number, catalog, msg
from bot.text.choose import LANGUAGES, autonym
from bot.text.format import chips
from services.economy import ALL_GAMES, Board, Season
from services.pings import PingMode

log = logging.getLogger(__name__)

Amount = app_commands.Range[int, 1, MAX_ADMIN_AMOUNT]
Chips = app_commands.Range[int, 0, MAX_SETTING_CHIPS]
Stake = app_commands.Range[int, 1, MAX_STAKE]
Reason = app_commands.Range[str, 1, MAX_REASON]

# The server's language, each by its own name (the table message and announcements).
SERVER_LANGUAGES = [app_commands.Choice(name=autonym(code), value=code) for code in LANGUAGES]

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

# /admin settings option -> (GuildSettings field, seconds per unit of the option)
SETTING_OPTIONS: dict[str, tuple[str, int]] = {
    "starting_balance": ("starting_balance", 0),
    "daily_amount": ("daily_amount", 0),
    "daily_cooldown_hours": ("daily_cooldown_s", 3600),
    "refill_amount": ("refill_amount", 0),
    "refill_cooldown_minutes": ("refill_cooldown_s", 60),
    "turn_timer_seconds": ("turn_timeout_s", 1),
    "idle_close_minutes": ("idle_close_s", 60),
    "min_bet": ("min_bet", 0),
    "max_bet": ("max_bet", 0),
    "max_bet_limit": ("max_bet_limit", 0),
    "min_buy_in": ("min_buy_in", 0),
    "max_buy_in": ("max_buy_in", 0),
    "claim_account_age_days": ("claim_min_account_days", 0),
    "board_min_deals": ("board_min_deals", 0),
}


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:  # guild_only commands: Discord never sends this
        raise Refusal(msg("economy.refusal.in_dms"))
    return interaction.guild_id


def _not_a_bot(user: discord.abc.User) -> None:
    """A member the command may name: one Discord resolved (a forged or stale id comes as a
    bare ``discord.Object``), and no bot."""
    if not isinstance(user, discord.User | discord.Member):
        raise Refusal(msg("economy.refusal.unknown_user"))
    if user.bot:
        raise Refusal(msg("economy.refusal.bot"))


def _said(
    which: str,
    interaction: discord.Interaction,
    user: discord.abc.User,
    *,
    amount: int,
    reason: str,
    now: int,
) -> Msg:
    """An admin's grant or removal as the channel reads it."""
    return msg(
        which,
        admin=interaction.user.mention,
        player=user.mention,
        chips=chips(amount),
        reason=reason,
        balance=chips(now),
    )


def _validation_message(error: ValidationError) -> Msg:
    """Settings the storage refused, each reason in the reader's words: a field out of its
    range by its label, the two orderings by name (the storage's own text is for logs)."""
    reasons: list[Msg] = []
    for e in error.errors():
        field = str(e["loc"][0]) if e["loc"] else ""
        if field in _render.SETTING_LABELS:
            reasons.append(msg("admin.settings.out_of_range", label=_render.SETTING_LABELS[field]))
        elif field:  # the language or the pictures switch: offered as choices
            reasons.append(msg("economy.refusal.unknown_choice", option=field))
        elif "buy_in" in str(e["msg"]):
            reasons.append(msg("admin.settings.order.buy_ins"))
        else:
            reasons.append(msg("admin.settings.order.bets"))
    listed: Msg = reasons[0]
    for more in reasons[1:]:
        listed = msg("admin.list", head=listed, tail=more)
    return msg("admin.settings.misfit", reasons=listed)


class Economy(commands.Cog):
    """Balances, daily chips, leaderboards, stats, help, and the admins' chip and table
    settings. Ephemeral replies speak the reader's language, public messages the server's."""

    admin = app_commands.Group(
        name="admin",
        description="Server admin commands (Manage Server)",
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
    )

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
        guild = _guild(interaction)
        target = user or interaction.user
        _not_a_bot(target)
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
            self.bot.desk.pings.closed_dms.add(user)
            return False
        self.bot.desk.pings.closed_dms.discard(user)
        return True

    @app_commands.guild_only()
    @app_commands.command(name="refill", description="Free chips when you have none left")
    async def refill(self, interaction: discord.Interaction) -> None:
        """The way back for a broke player: granted only with no chips anywhere (balance and
        tables), once per cooldown, atomically like ``/daily``; refused with the reason."""
        guild = _guild(interaction)
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
        guild = _guild(interaction)
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
        guild = _guild(interaction)
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
        guild = _guild(interaction)
        if server:
            if user is not None:
                raise Refusal(msg("stats.refusal.server_and_user"))
            if game is not None:
                raise Refusal(msg("stats.refusal.server_game"))
            await _stats_answer.answer(self.bot, interaction, guild)
            return
        target = user or interaction.user
        _not_a_bot(target)
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
        guild = _guild(interaction)
        target = user or interaction.user
        _not_a_bot(target)
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

    @admin.command(name="grant", description="Give a member chips (minted), with a reason")
    @app_commands.describe(user="Who gets the chips", amount="How many", reason="Why (logged)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def grant(
        self, interaction: discord.Interaction, user: discord.User, amount: Amount, reason: Reason
    ) -> None:
        """Public, so the server sees every grant; idempotent per interaction. Answered before
        the booking, so an admin is never told "did not respond" about a grant that was made
        (and never grants twice by trying again)."""
        guild = _guild(interaction)
        _not_a_bot(user)
        if not await _answer_first(interaction):
            return
        ref = _ref("grant", interaction, reason)
        now = await self.bot.economy.grant(guild, user.id, amount, ref=ref, reason=reason)
        log.info("Admin grant of %d to %s", amount, user.id)
        said = _said("admin.granted", interaction, user, amount=amount, reason=reason, now=now)
        await self._announce(interaction, said)

    @admin.command(name="remove", description="Take chips from a member's balance, with a reason")
    @app_commands.describe(user="Whose chips", amount="How many", reason="Why (logged)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def remove(
        self, interaction: discord.Interaction, user: discord.User, amount: Amount, reason: Reason
    ) -> None:
        """Refused (nothing changed) when the balance holds fewer chips; answered before the
        booking like a grant."""
        guild = _guild(interaction)
        _not_a_bot(user)
        held = await self.bot.economy.holdings(guild, user.id, create=False)
        if held.balance is None:  # no account: "fewer than N chips" would puzzle the admin
            raise Refusal(msg("admin.remove.never_played", player=user.mention))
        if held.balance < amount:  # the booking checks again, atomically
            raise Refusal(
                msg(
                    "errors.storage.insufficient_other.balance",
                    player=user.mention,
                    needed=Number(amount),
                )
            )
        if not await _answer_first(interaction):
            return
        ref = _ref("remove", interaction, reason)
        now = await self.bot.economy.remove(guild, user.id, amount, ref=ref, reason=reason)
        log.info("Admin removal of %d from %s", amount, user.id)
        said = _said("admin.removed", interaction, user, amount=amount, reason=reason, now=now)
        await self._announce(interaction, said)

    async def _announce(self, interaction: discord.Interaction, said: Msg) -> None:
        """An applied admin change, told to the channel: as the deferred answer, else (the
        answer failed: a lost token, Discord down) as a channel message, so it is never
        silent."""
        text = (await self._public(interaction)).text(said)
        quiet = discord.AllowedMentions.none()
        try:
            await interaction.followup.send(text, allowed_mentions=quiet)
        except discord.HTTPException as failure:
            log.warning(
                "The answer to an applied admin change failed (%r): told the channel", failure
            )
            channel = self.bot.get_partial_messageable(
                interaction.channel_id or 0, guild_id=interaction.guild_id
            )
            await channel.send(text, allowed_mentions=quiet)

    @admin.command(name="kick", description="Remove a player from this channel's table")
    @app_commands.describe(user="Who to remove; their stack goes back to their balance")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def kick(self, interaction: discord.Interaction, user: discord.User) -> None:
        """Mid-deal the player's default action plays their turns and their stack is cashed
        out when the deal ends (the service's rule); between deals it is cashed out at once."""
        guild, channel = where(interaction)
        _not_a_bot(user)
        with refusals():
            result = await self.bot.tables.kick(
                guild, channel, user.id, admin=True, by=interaction.user.id
            )
        log.info("Admin %s removed %s from the table in %s", interaction.user.id, user.id, channel)
        await self.bot.desk.show(
            result,
            interaction,
            reply=msg("admin.kicked", player=user.mention),
        )

    @admin.command(name="close", description="Close this channel's table; every chip goes back")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def close_table(self, interaction: discord.Interaction) -> None:
        """By the refund rule: an unfinished deal is voided, then every stack returns."""
        guild, channel = where(interaction)
        with refusals():
            status = self.bot.tables.status(guild, channel)
            closed = await self.bot.tables.close(guild, channel, interaction.user.id, admin=True)
        log.info("Admin %s closed table %s", interaction.user.id, status.table_id)
        say = await self._reader(interaction)
        await interaction.response.send_message(say.text(msg("admin.closed")), ephemeral=True)
        await self.bot.desk.closed(status, msg("table.closed.admin"), closed)

    @admin.command(name="settings", description="Show or change table defaults and chip amounts")
    @app_commands.describe(
        starting_balance="Chips a member starts with",
        daily_amount="Chips per /daily (0: off)",
        daily_cooldown_hours="Hours between two /daily claims",
        refill_amount="Chips for a member with none left anywhere (0: off)",
        refill_cooldown_minutes="Minutes between two refills",
        turn_timer_seconds="Seconds a player has for a turn",
        idle_close_minutes="A table with no action this long is closed (stacks refunded)",
        min_bet="Default minimum bet of a new table",
        max_bet="Default maximum bet of a new table",
        max_bet_limit="Highest maximum bet a table opener may choose",
        min_buy_in="Smallest buy-in",
        max_buy_in="Largest buy-in",
        language="The server's language: tables and announcements",
        images="Table pictures (off: text-only tables)",
        threads="A thread per table (off: tables in the channel itself)",
        card_style="Cards of the table pictures, and of players who chose none with /cards",
        claim_account_age_days="Days a Discord account must exist to claim /daily and /refill",
        board_min_deals="Finished deals a player needs to appear on the win-rate board",
        achievements="Announce achievements at the table (off: only /achievements shows them)",
        season_days="Days a season lasts (0: no seasons); the leaderboard counts the current one",
    )
    @app_commands.choices(language=SERVER_LANGUAGES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def settings(
        self,
        interaction: discord.Interaction,
        starting_balance: Chips | None = None,
        daily_amount: Chips | None = None,
        daily_cooldown_hours: app_commands.Range[int, 0, MAX_COOLDOWN_HOURS] | None = None,
        refill_amount: Chips | None = None,
        refill_cooldown_minutes: app_commands.Range[int, 0, MAX_REFILL_MINUTES] | None = None,
        turn_timer_seconds: app_commands.Range[int, 5, MAX_TURN_SECONDS] | None = None,
        idle_close_minutes: app_commands.Range[int, 1, MAX_IDLE_MINUTES] | None = None,
        min_bet: Stake | None = None,
        max_bet: Stake | None = None,
        max_bet_limit: Stake | None = None,
        min_buy_in: Stake | None = None,
        max_buy_in: Stake | None = None,
        language: str | None = None,
        images: Literal["on", "off"] | None = None,
        threads: Literal["on", "off"] | None = None,
        card_style: Literal["classic", "four-colour", "large"] | None = None,
        claim_account_age_days: app_commands.Range[int, 0, MAX_ACCOUNT_AGE_DAYS] | None = None,
        board_min_deals: app_commands.Range[int, 1, MAX_BOARD_MIN_DEALS] | None = None,
        achievements: Literal["on", "off"] | None = None,
        season_days: app_commands.Range[int, 0, MAX_SEASON_DAYS] | None = None,
    ) -> None:
        """Without options: show them. With some: change those (validated together)."""
        guild = _guild(interaction)
        if language is not None and language not in LANGUAGES:
            raise Refusal(msg("economy.refusal.unknown_choice", option="language"))
        if images is not None and images not in ("on", "off"):
            raise Refusal(msg("economy.refusal.unknown_choice", option="images"))
        if threads is not None and threads not in ("on", "off"):
            raise Refusal(msg("economy.refusal.unknown_choice", option="threads"))
        if card_style is not None and card_style not in STYLES:
            raise Refusal(msg("economy.refusal.unknown_choice", option="card_style"))
        if achievements is not None and achievements not in ("on", "off"):
            raise Refusal(msg("economy.refusal.unknown_choice", option="achievements"))
        given = {
            "starting_balance": starting_balance,
            "daily_amount": daily_amount,
            "daily_cooldown_hours": daily_cooldown_hours,
            "refill_amount": refill_amount,
            "refill_cooldown_minutes": refill_cooldown_minutes,
            "turn_timer_seconds": turn_timer_seconds,
            "idle_close_minutes": idle_close_minutes,
            "min_bet": min_bet,
            "max_bet": max_bet,
            "max_bet_limit": max_bet_limit,
            "min_buy_in": min_buy_in,
            "max_buy_in": max_buy_in,
            "claim_account_age_days": claim_account_age_days,
            "board_min_deals": board_min_deals,
        }
        changes: dict[str, object] = {}
        if images is not None:
            changes["images"] = images == "on"
        if threads is not None:
            changes["threads"] = threads == "on"
        if achievements is not None:
            changes["announce_achievements"] = achievements == "on"
        for option, value in given.items():
            if value is not None:
                field, unit = SETTING_OPTIONS[option]
                changes[field] = value * unit if unit else value
        if language is not None:
            changes["language"] = language
        if card_style is not None:
            changes["card_style"] = card_style
        if not changes and season_days is None:
            conf = await self.bot.economy.settings(guild)
        else:
            try:
                conf = await self.bot.economy.update_settings(guild, **changes)
            except ValidationError as error:
                raise Refusal(_validation_message(error)) from error
            if season_days is not None:  # starts, stretches or ends the running season
                await self.bot.economy.set_season_days(
                    guild,
                    season_days,
                    now=self.bot.config.clock.now().timestamp(),
                    channel=interaction.channel_id,
                )
                conf = await self.bot.economy.settings(guild)
                changes["season_days"] = season_days
            log.info("Admin settings change: %s", changes)
            self.bot.preferences.forget_server(guild)
        shown = _render.settings(await self._reader(interaction), conf, set(changes) or None)
        await interaction.response.send_message(embed=shown, ephemeral=True)


def _ref(kind: str, interaction: discord.Interaction, reason: str) -> str:
    """The ledger ref of an admin change: unique per interaction (a retried delivery applies
    once) and carrying the reason, the one place the ledger keeps it."""
    return f"admin_{kind}:{interaction.guild_id}:{interaction.id}:{interaction.user.id}:{reason}"


async def _answer_first(interaction: discord.Interaction) -> bool:
    """Defer (public "thinking") before booking anything. ``False``: Discord no longer takes
    an answer (late past its 3 s: 10062), the admin was shown "The application did not
    respond", so nothing is booked and trying again is safe."""
    try:
        await interaction.response.defer(thinking=True)
    except discord.NotFound as late:
        log.warning("An admin change came too late to answer (%r): nothing was changed", late)
        return False
    return True
