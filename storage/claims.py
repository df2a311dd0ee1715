"""Daily claims and refills: free chips on a cooldown, granted once even when claims race.

The cooldown is decided by one conditional upsert (``... DO UPDATE ... WHERE claimed_at <= ?``)
whose row count says whether this claim won, so two claims at the same instant cannot both
pass a check made in Python.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum

from storage import accounts, settings
from storage.db import Conn, atomic, changes, scalar
from storage.ledger import Reason


class Outcome(StrEnum):
    """Why a claim was or was not granted."""

    GRANTED = "granted"
    COOLDOWN = "cooldown"
    OFF = "off"  # the guild set the amount to 0
    HAS_CHIPS = "has_chips"  # a refill is only for a player with no chips anywhere
    TOO_NEW = "too_new"  # the account is younger than the guild's minimum age; next_at: when not


@dataclass(frozen=True, slots=True)
class Claim:
    """The result of a claim: chips granted (0 when refused) and when the next one opens."""

    outcome: Outcome
    amount: int
    balance: int
    next_at: float | None  # unix seconds; None when claims are off

    @property
    def granted(self) -> bool:
        """Whether chips were granted."""
        return self.outcome is Outcome.GRANTED


async def claim_daily(
    conn: Conn,
    guild_id: int,
    user_id: int,
    *,
    now: float | None = None,
    account_created: float | None = None,
) -> Claim:
    """Grant the guild's daily amount unless the user claimed within the cooldown, or their
    account (made at ``account_created``, unix seconds; ``None``: not known, not checked) is
    younger than the guild's ``claim_min_account_days``."""
    conf = await settings.get(conn, guild_id)
    young = await _too_new(conn, conf, guild_id, user_id, now, account_created)
    if young is not None:
        return young
    return await _claim(
        conn, guild_id, user_id, "daily", conf.daily_amount, conf.daily_cooldown_s, now
    )


async def claim_refill(
    conn: Conn,
    guild_id: int,
    user_id: int,
    *,
    now: float | None = None,
    account_created: float | None = None,
) -> Claim:
    """Grant the refill to a user with no chips anywhere (balance, stacks, unsettled bets)
    whose account is old enough (as for :func:`claim_daily`)."""
    conf = await settings.get(conn, guild_id)
    young = await _too_new(conn, conf, guild_id, user_id, now, account_created)
    if young is not None:
        return young
    if conf.refill_amount:
        held = await accounts.balance(conn, guild_id, user_id)
        held += await accounts.on_tables(conn, guild_id, user_id)
        if held:
            bal = await accounts.balance(conn, guild_id, user_id)
            return Claim(Outcome.HAS_CHIPS, 0, bal, None)
    return await _claim(
        conn, guild_id, user_id, "refill", conf.refill_amount, conf.refill_cooldown_s, now
    )


async def daily_opens_at(conn: Conn, guild_id: int, user_id: int) -> float | None:
    """When the user's next daily claim opens (unix seconds; a past moment, or 0 for a first
    claim, when it is open now), ``None`` when the guild's daily chips are off. A read: a
    refusal that suggests ``/daily`` asks it first."""
    conf = await settings.get(conn, guild_id)
    if conf.daily_amount <= 0:
        return None
    last = await scalar(
        conn,
        "SELECT claimed_at FROM claims WHERE guild_id = ? AND user_id = ? AND kind = ?",
        (guild_id, user_id, "daily"),
    )
    return 0.0 if last is None else float(last) + conf.daily_cooldown_s


async def _too_new(
    conn: Conn,
    conf: settings.GuildSettings,
    guild_id: int,
    user_id: int,
    now: float | None,
    account_created: float | None,
) -> Claim | None:
    """The refusal of an account younger than the guild's minimum age (``next_at``: the moment
    it is old enough), else ``None``. Creates no account: a refused newcomer leaves no trace."""
    if account_created is None or not conf.claim_min_account_days:
        return None
    moment = time.time() if now is None else now
    old_enough = account_created + conf.claim_min_account_days * settings.DAY
    if moment >= old_enough:
        return None
    held = await accounts.peek_balance(conn, guild_id, user_id)
    return Claim(Outcome.TOO_NEW, 0, held or 0, old_enough)


async def _claim(
    conn: Conn,
    guild_id: int,
    user_id: int,
    kind: str,
    amount: int,
    cooldown: int,
    now: float | None,
) -> Claim:
    moment = time.time() if now is None else now
    async with atomic(conn):
        await accounts.ensure(conn, guild_id, user_id)
        if amount <= 0:
            return Claim(Outcome.OFF, 0, await accounts.balance(conn, guild_id, user_id), None)
        won = await changes(
            conn,
            "INSERT INTO claims (guild_id, user_id, kind, claimed_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (guild_id, user_id, kind) DO UPDATE "
            "SET claimed_at = excluded.claimed_at, count = claims.count + 1 "
            "WHERE claims.claimed_at <= ?",
            (guild_id, user_id, kind, moment, moment - cooldown),
        )
        key = (guild_id, user_id, kind)
        if not won:
            last = await scalar(
                conn,
                "SELECT claimed_at FROM claims WHERE guild_id = ? AND user_id = ? AND kind = ?",
                key,
            )
            bal = await accounts.balance(conn, guild_id, user_id)
            return Claim(Outcome.COOLDOWN, 0, bal, float(last) + cooldown)
        count = await scalar(
            conn, "SELECT count FROM claims WHERE guild_id = ? AND user_id = ? AND kind = ?", key
        )
        reason = Reason.DAILY if kind == "daily" else Reason.REFILL
        ref = f"{kind}:{guild_id}:{user_id}:{count}"
        await accounts.grant(conn, guild_id, user_id, amount, ref=ref, reason=reason)
        bal = await accounts.balance(conn, guild_id, user_id)
    return Claim(Outcome.GRANTED, amount, bal, moment + cooldown)
