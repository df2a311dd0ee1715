"""The economy's slash commands: parse the options, call the economy service, render the
answer."""

from __future__ import annotations

import logging
import time
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.catalog import GameId
from bot.client import Parlour
from bot.exts.economy import _render
from bot.exts.economy._board import PageKey
from bot.exts.economy._views import PageButton, show_page
from bot.refusal import Refusal
from bot.render import chips
from bot.table import refusals, where
from bot.text import catalog, msg
from bot.text.choose import LANGUAGES, autonym
from services.economy import Board
from services.pings import PingMode

log = logging.getLogger(__name__)

Amount = app_commands.Range[int, 1, 1_000_000]
Chips = app_commands.Range[int, 0, 1_000_000]
Stake = app_commands.Range[int, 1, 1_000_000]
Reason = app_commands.Range[str, 1, 200]

# The server's language, each by its own name (the table message and announcements).
SERVER_LANGUAGES = [app_commands.Choice(name=autonym(code), value=code) for code in LANGUAGES]

BY_BOARD: dict[str, Board] = {"chips": Board.BALANCE, "net": Board.NET, "wins": Board.WINS}

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
}


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:  # guild_only commands: Discord never sends this
        raise Refusal(msg("economy.refusal.in_dms"))
    return interaction.guild_id


def _not_a_bot(user: discord.abc.User) -> None:
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
) -> str:
    """An admin's grant or removal as the channel reads it."""
    admin, player, moved, balance = (
        interaction.user.mention,
        user.mention,
        chips(amount),
        chips(now),
    )
    return catalog().text(
        msg(which, admin=admin, player=player, chips=moved, reason=reason, balance=balance)
    )


def _validation_message(error: ValidationError) -> str:
    reasons = [str(e["msg"]).removeprefix("Value error, ") for e in error.errors()]
    return catalog().text(msg("admin.settings.misfit", reasons="; ".join(reasons)))


class Economy(commands.Cog):
    """Balances, daily chips, leaderboards, stats, help, and the admins' chip and table
    settings."""

    admin = app_commands.Group(
        name="admin",
        description="Server admin commands (Manage Server)",
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
    )

    def __init__(self, bot: Parlour) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Page buttons of any leaderboard ever posted work from now on."""
        self.bot.add_dynamic_items(PageButton)

    async def cog_unload(self) -> None:
        """Stop answering page buttons."""
        self.bot.remove_dynamic_items(PageButton)

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
        shown = _render.balance(target.mention, held.balance, held.on_tables, yourself=yourself)
        await interaction.response.send_message(embed=shown, ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="ping", description="How you hear that it is your turn")
    @app_commands.describe(mode="channel: a message that mentions you; dm: a DM; off: none")
    async def ping(
        self, interaction: discord.Interaction, mode: Literal["channel", "dm", "off"]
    ) -> None:
        """Stored per person (every server), read before each turn ping."""
        await self.bot.pings.set_mode(interaction.user.id, PingMode(mode))
        await interaction.response.send_message(
            catalog().text(msg(f"table.ping.set.{mode}")), ephemeral=True
        )

    @app_commands.guild_only()
    @app_commands.command(name="refill", description="Free chips when you have none left")
    async def refill(self, interaction: discord.Interaction) -> None:
        """The way back for a broke player: granted only with no chips anywhere (balance and
        tables), once per cooldown, atomically like ``/daily``; refused with the reason."""
        guild = _guild(interaction)
        now = time.time()
        claim = await self.bot.economy.claim_refill(guild, interaction.user.id, now=now)
        if not claim.granted:
            raise Refusal(_render.refill_refused(claim, now))
        await interaction.response.send_message(embed=_render.refill(claim), ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="daily", description="Claim your free daily chips")
    async def daily(self, interaction: discord.Interaction) -> None:
        """Granted once per cooldown; a second claim is refused with the time left."""
        guild = _guild(interaction)
        now = time.time()
        claim = await self.bot.economy.claim_daily(guild, interaction.user.id, now=now)
        if not claim.granted:
            raise Refusal(_render.daily_refused(claim, now))
        await interaction.response.send_message(embed=_render.daily(claim), ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="leaderboard", description="The server's top players")
    @app_commands.describe(
        game="One game (default: all games); chips are every game's, so not with chips",
        by="Rank by chips held, net winnings, or deals won (default: chips; net for one game)",
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: GameId | None = None,
        by: Literal["chips", "net", "wins"] | None = None,
    ) -> None:
        """Top 10 with the caller's rank; ◀ ▶ turn the pages (even after a restart). A balance
        belongs to no game: one game's board ranks what was won at it."""
        _guild(interaction)
        if by == "chips" and game is not None:
            raise Refusal(msg("economy.board.chips_not_per_game"))
        board = BY_BOARD[by or ("chips" if game is None else "net")]
        key = PageKey(board, None if board is Board.BALANCE else game, 0)
        await show_page(interaction, key, edit=False)

    @app_commands.guild_only()
    @app_commands.command(name="stats", description="Deals played and won, net, biggest pot")
    @app_commands.describe(user="Whose stats (default: yours)", game="One game (default: all)")
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: GameId | None = None,
    ) -> None:
        """A read: shows nothing for a member who never finished a deal."""
        guild = _guild(interaction)
        target = user or interaction.user
        _not_a_bot(target)
        records = await self.bot.economy.stats(guild, target.id)
        shown = _render.stats(target.mention, records, game)
        await interaction.response.send_message(embed=shown)

    @app_commands.guild_only()
    @app_commands.command(name="help", description="What Parlour is and how to play")
    async def help(self, interaction: discord.Interaction) -> None:
        """Ephemeral: only the asker sees it."""
        await interaction.response.send_message(embed=_render.help_embed(), ephemeral=True)

    @admin.command(name="grant", description="Give a member chips (minted), with a reason")
    @app_commands.describe(user="Who gets the chips", amount="How many", reason="Why (logged)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def grant(
        self, interaction: discord.Interaction, user: discord.User, amount: Amount, reason: Reason
    ) -> None:
        """Public, so the server sees every grant; idempotent per interaction."""
        guild = _guild(interaction)
        _not_a_bot(user)
        ref = _ref("grant", interaction, reason)
        now = await self.bot.economy.grant(guild, user.id, amount, ref=ref)
        log.info("Admin grant of %d to %s: %s", amount, user.id, reason)
        await interaction.response.send_message(
            _said("admin.granted", interaction, user, amount=amount, reason=reason, now=now),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @admin.command(name="remove", description="Take chips from a member's balance, with a reason")
    @app_commands.describe(user="Whose chips", amount="How many", reason="Why (logged)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def remove(
        self, interaction: discord.Interaction, user: discord.User, amount: Amount, reason: Reason
    ) -> None:
        """Refused (nothing changed) when the balance holds fewer chips."""
        guild = _guild(interaction)
        _not_a_bot(user)
        ref = _ref("remove", interaction, reason)
        now = await self.bot.economy.remove(guild, user.id, amount, ref=ref)
        log.info("Admin removal of %d from %s: %s", amount, user.id, reason)
        await interaction.response.send_message(
            _said("admin.removed", interaction, user, amount=amount, reason=reason, now=now),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @admin.command(name="kick", description="Remove a player from this channel's table")
    @app_commands.describe(user="Who to remove; their stack goes back to their balance")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def kick(self, interaction: discord.Interaction, user: discord.User) -> None:
        """Mid-deal the player's default action plays their turns and their stack is cashed
        out when the deal ends (the service's rule); between deals it is cashed out at once."""
        guild, channel = where(interaction)
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
        await interaction.response.send_message(
            catalog().text(msg("admin.closed")),
            ephemeral=True,
        )
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
    )
    @app_commands.choices(language=SERVER_LANGUAGES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def settings(
        self,
        interaction: discord.Interaction,
        starting_balance: Chips | None = None,
        daily_amount: Chips | None = None,
        daily_cooldown_hours: app_commands.Range[int, 0, 720] | None = None,
        refill_amount: Chips | None = None,
        refill_cooldown_minutes: app_commands.Range[int, 0, 43_200] | None = None,
        turn_timer_seconds: app_commands.Range[int, 5, 3600] | None = None,
        idle_close_minutes: app_commands.Range[int, 1, 10_080] | None = None,
        min_bet: Stake | None = None,
        max_bet: Stake | None = None,
        max_bet_limit: Stake | None = None,
        min_buy_in: Stake | None = None,
        max_buy_in: Stake | None = None,
        language: str | None = None,
        images: Literal["on", "off"] | None = None,
    ) -> None:
        """Without options: show them. With some: change those (validated together)."""
        guild = _guild(interaction)
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
        }
        changes: dict[str, object] = {}
        if images is not None:
            changes["images"] = images == "on"
        for option, value in given.items():
            if value is not None:
                field, unit = SETTING_OPTIONS[option]
                changes[field] = value * unit if unit else value
        if language is not None:
            changes["language"] = language
        if not changes:
            conf = await self.bot.economy.settings(guild)
        else:
            try:
                conf = await self.bot.economy.update_settings(guild, **changes)
            except ValidationError as error:
                raise Refusal(_validation_message(error)) from error
            log.info("Admin settings change: %s", changes)
            self.bot.preferences.forget_server(guild)
        shown = _render.settings(conf, set(changes) or None)
        await interaction.response.send_message(embed=shown, ephemeral=True)


def _ref(kind: str, interaction: discord.Interaction, reason: str) -> str:
    """The ledger ref of an admin change: unique per interaction (a retried delivery applies
    once) and carrying the reason, the one place the ledger keeps it."""
    return f"admin_{kind}:{interaction.guild_id}:{interaction.id}:{interaction.user.id}:{reason}"
