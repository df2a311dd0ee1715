"""``/admin`` (Manage Server): grant and remove chips with a reason, kick a player, close a
table, and the server's settings. Its answers to the admin speak their language; what the
channel reads (a grant, a removal) speaks the server's."""

from __future__ import annotations

import logging
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.client import Parlour
from bot.exts.economy import _render
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
from bot.exts.economy._checks import guild_of, not_a_bot
from bot.pictures import STYLES
from bot.refusal import Refusal
from bot.table import refusals, where
from bot.text import Catalog, Msg, Number, catalog, msg
from bot.text.choose import LANGUAGES, autonym
from bot.text.format import chips

log = logging.getLogger(__name__)

Amount = app_commands.Range[int, 1, MAX_ADMIN_AMOUNT]
Chips = app_commands.Range[int, 0, MAX_SETTING_CHIPS]
Stake = app_commands.Range[int, 1, MAX_STAKE]
Reason = app_commands.Range[str, 1, MAX_REASON]

# The server's language, each by its own name (the table message and announcements).
SERVER_LANGUAGES = [app_commands.Choice(name=autonym(code), value=code) for code in LANGUAGES]

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


class Admin(commands.Cog):
    """The admins' chips, tables and settings (the ``/admin`` group, Manage Server)."""

    admin = app_commands.Group(
        name="admin",
        description="Server admin commands (Manage Server)",
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
    )

    def __init__(self, bot: Parlour) -> None:
        self.bot = bot

    async def _reader(self, interaction: discord.Interaction) -> Catalog:
        """The catalog of a reply only the admin sees."""
        return catalog(await self.bot.languages.reader(interaction))

    async def _public(self, interaction: discord.Interaction) -> Catalog:
        """The catalog of a message the whole channel sees: the server's language."""
        return catalog(await self.bot.languages.public(interaction.guild_id))

    @admin.command(name="grant", description="Give a member chips (minted), with a reason")
    @app_commands.describe(user="Who gets the chips", amount="How many", reason="Why (logged)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def grant(
        self, interaction: discord.Interaction, user: discord.User, amount: Amount, reason: Reason
    ) -> None:
        """Public, so the server sees every grant; idempotent per interaction. Answered before
        the booking, so an admin is never told "did not respond" about a grant that was made
        (and never grants twice by trying again)."""
        guild = guild_of(interaction)
        not_a_bot(user)
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
        guild = guild_of(interaction)
        not_a_bot(user)
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
        not_a_bot(user)
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
        guild = guild_of(interaction)
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
