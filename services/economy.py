"""The economy service: balances, daily claims, refills, admin grants and removals,
leaderboards, stats and the server settings, with no Discord.

The economy cog calls these and renders what they return; it opens no transaction and
imports no ``storage``, so the cogs work the same over any storage backend. Each method is one
transaction (or one read) and returns plain values, which this module re-exports from
``storage`` for the layers above: :class:`Board`, :class:`Claim`, :class:`Leaderboard`,
:class:`Ranked`, :class:`Stats`, :class:`GuildSettings` and :data:`ALL_GAMES`. Ids are
Discord snowflakes (``int``); refs are the caller's idempotency keys (a repeated ref applies
once).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from services.guild_settings import guild_settings
from services.limits import (
    MAX_CHIPS,
    AmountOutOfRange,
    check_amount,
    check_text,
    settings_refusal,
)
from storage import (
    Database,
    GuildSettings,
    accounts,
    achievements,
    claims,
    form,
    seasons,
    stats,
    tournaments,
)
from storage import settings as settings_store
from storage.achievements import Earned
from storage.claims import Claim, Outcome
from storage.errors import InsufficientChips
from storage.form import FormDeal, ServerRecord
from storage.seasons import Season
from storage.stats import ALL_GAMES, Board, Leaderboard, Ranked, Stats
from storage.tournaments import Record as TournamentRecord

__all__ = [
    "ALL_GAMES",
    "FORM_DAYS",
    "Board",
    "Claim",
    "Earned",
    "EconomyService",
    "FormDeal",
    "GuildSettings",
    "Holdings",
    "InsufficientChips",
    "Leaderboard",
    "Outcome",
    "Ranked",
    "Season",
    "ServerRecord",
    "Stats",
    "TournamentRecord",
    "account_created",
]


DISCORD_EPOCH_MS = 1_420_070_400_000
"""Discord's epoch (2015-01-01 UTC): a snowflake's top 42 bits are milliseconds since it."""


FORM_DAYS = 30
"""The days a ``/stats`` picture's chart covers."""


def _since(now: float) -> str:
    """The ISO 8601 UTC moment ``FORM_DAYS`` days before ``now``, as results store times."""
    moment = datetime.fromtimestamp(now - FORM_DAYS * 86_400, UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def account_created(user: int) -> float:
    """When the Discord account ``user`` was made (unix seconds), read from its snowflake: the
    one fact about an account no alternate-account farm can fake or buy."""
    return ((user >> 22) + DISCORD_EPOCH_MS) / 1000


@dataclass(frozen=True, slots=True)
class Holdings:
    """A member's chips: the balance (``None``: no account yet) and what is on open tables
    (stacks plus unsettled bets)."""

    balance: int | None
    on_tables: int


class EconomyService:
    """Every economy operation of one database (one per bot: ``bot.economy``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def holdings(self, guild: int, user: int, *, create: bool = False) -> Holdings:
        """The member's chips. ``create``: their own ``/balance`` opens the account with the
        server's starting chips; looking at someone else's creates nothing."""
        if create:
            async with self.db.transaction() as tx:
                held: int | None = await accounts.balance(tx, guild, user)
                out = await accounts.on_tables(tx, guild, user)
        else:
            async with self.db.read() as conn:
                held = await accounts.peek_balance(conn, guild, user)
                out = await accounts.on_tables(conn, guild, user)
        return Holdings(held, out)

    async def claim_daily(self, guild: int, user: int, *, now: float | None = None) -> Claim:
        """The server's daily chips, once per cooldown (racing claims grant once), for an
        account old enough (``Outcome.TOO_NEW``: ``next_at`` says when it will be)."""
        moment = time.time() if now is None else now
        made = account_created(user)
        async with self.db.transaction() as tx:
            return await claims.claim_daily(tx, guild, user, now=moment, account_created=made)

    async def daily_opens_at(self, guild: int, user: int) -> float | None:
        """When the member's next ``/daily`` opens (``None``: off on this server); a read."""
        async with self.db.read() as conn:
            return await claims.daily_opens_at(conn, guild, user)

    async def claim_refill(self, guild: int, user: int, *, now: float | None = None) -> Claim:
        """The refill of a member with no chips anywhere, once per cooldown, for an account
        old enough (as :meth:`claim_daily`)."""
        moment = time.time() if now is None else now
        made = account_created(user)
        async with self.db.transaction() as tx:
            return await claims.claim_refill(tx, guild, user, now=moment, account_created=made)

    async def grant(self, guild: int, user: int, amount: int, *, ref: str, reason: str = "") -> int:
        """An admin mints ``amount`` chips into the balance; returns the balance after.
        Refused with nothing changed (:mod:`services.limits`): an amount outside
        1..``MAX_CHIPS``, a balance that would pass ``MAX_CHIPS``, a ``reason`` (not stored:
        the caller logs and shows it) longer than ``MAX_TEXT``."""
        check_amount("amount", amount)
        check_text("reason", reason)
        async with self.db.transaction() as tx:
            room = MAX_CHIPS - await accounts.balance(tx, guild, user)
            if amount > room:  # raising rolls back the account this may have opened
                raise AmountOutOfRange("amount", min=1, max=max(room, 0))
            await accounts.grant(tx, guild, user, amount, ref=ref)
            return await accounts.balance(tx, guild, user)

    async def remove(
        self, guild: int, user: int, amount: int, *, ref: str, reason: str = ""
    ) -> int:
        """An admin takes ``amount`` chips out of existence; returns the balance after.
        ``InsufficientChips`` (nothing changed) when the balance holds fewer; the bounds of
        :meth:`grant` for the amount and the reason."""
        check_amount("amount", amount)
        check_text("reason", reason)
        async with self.db.transaction() as tx:
            await accounts.remove(tx, guild, user, amount, ref=ref)
            return await accounts.balance(tx, guild, user)

    async def leaderboard(
        self,
        guild: int,
        board: Board,
        *,
        game: str | None = None,
        limit: int = 10,
        asker: int | None = None,
    ) -> Leaderboard:
        """The server's top ``limit`` by ``board`` (one game, or all), with the asker's rank;
        a rate board counts only players with the server's ``board_min_deals``."""
        least = (await self.settings(guild)).board_min_deals
        async with self.db.read() as conn:
            return await stats.leaderboard(
                conn, guild, board, game=game, limit=limit, asker=asker, min_deals=least
            )

    async def season_board(
        self, guild: int, season: int, board: Board, *, limit: int = 10, asker: int | None = None
    ) -> Leaderboard:
        """One season's board (chips won or deals won, every game), with the asker's rank."""
        async with self.db.read() as conn:
            return await seasons.board(conn, guild, season, board, limit=limit, asker=asker)

    async def seasons(self, guild: int, now: float) -> tuple[Season | None, list[Season]]:
        """The season running at ``now`` (``None``: none) and every season, newest first."""
        async with self.db.read() as conn:
            return await seasons.current(conn, guild, now), await seasons.listing(conn, guild)

    async def set_season_days(
        self, guild: int, days: int, *, now: float, channel: int | None
    ) -> Season | None:
        """``/admin settings season_days:``: the setting and the running season change in one
        transaction (see ``storage.seasons.start``); the season's end is told in ``channel``.
        Returns the season running afterwards."""
        async with self.db.transaction() as tx:
            await settings_store.update(tx, guild, season_days=days)
            running = await seasons.start(tx, guild, days, now, channel)
        guild_settings(self.db).forget(guild)
        return running

    async def seasons_ended(self, guild: int, now: float) -> list[Season]:
        """The server's seasons that ended by ``now`` and were not told yet, with their
        podiums (stored the first time, so every process and restart tells the same)."""
        async with self.db.transaction() as tx:
            return await seasons.ended(tx, guild, now)

    async def season_told(self, guild: int, number: int) -> bool:
        """Record that the server was told of the season's end (``False``: it already was)."""
        async with self.db.transaction() as tx:
            return await seasons.mark_posted(tx, guild, number)

    async def season_guilds(self) -> list[int]:
        """The servers that have had a season."""
        async with self.db.read() as conn:
            return await seasons.guilds(conn)

    async def stats(self, guild: int, user: int) -> dict[str, Stats]:
        """The member's record by game, ``ALL_GAMES`` for all of them (empty: none yet)."""
        async with self.db.read() as conn:
            return await stats.get_stats(conn, guild, user)

    async def form(self, guild: int, user: int, *, now: float) -> list[FormDeal]:
        """The member's finished deals of the last ``FORM_DAYS`` days before ``now`` (unix
        seconds, the bot's clock), oldest first: the ``/stats`` picture's chart and hands."""
        async with self.db.read() as conn:
            return await form.recent_deals(conn, guild, str(user), _since(now))

    async def server_record(self, guild: int, *, now: float) -> ServerRecord:
        """The server's own record for ``/stats server``, its days counted over the last
        ``FORM_DAYS`` days before ``now``."""
        async with self.db.read() as conn:
            return await form.server_record(conn, guild, _since(now))

    async def tournament_record(
        self, guild: int, user: int, game: str | None = None
    ) -> TournamentRecord | None:
        """The member's finished tournaments here (of one game, or all): ``None`` when they
        finished none, so their stats say nothing of tournaments."""
        async with self.db.read() as conn:
            return await tournaments.record(conn, guild, user, game)

    async def achievements(self, guild: int, user: int) -> tuple[list[Earned], dict[str, int]]:
        """The member's achievements in this server, oldest first, and the current length
        of each of their streaks (by achievement code)."""
        async with self.db.read() as conn:
            held = await achievements.earned(conn, guild, user)
            going = await achievements.streaks(conn, guild, user)
        return held, going

    async def settings(self, guild: int) -> GuildSettings:
        """The server's table defaults and economy amounts (cached: read on every publish)."""
        return await guild_settings(self.db).get(guild)

    async def update_settings(self, guild: int, **changes: Any) -> GuildSettings:
        """Change some settings, validated together before anything is written: a value
        outside its bounds is :class:`~services.limits.AmountOutOfRange` (its name and
        bounds); settings that disagree with each other stay ``pydantic.ValidationError``."""
        try:
            return await guild_settings(self.db).update(guild, **changes)
        except ValidationError as error:
            refusal = settings_refusal(error)
            if refusal is None:
                raise
            raise refusal from None
