"""What the economy commands show: pure functions from the economy service's values to embeds
and text."""

from __future__ import annotations

import discord

from bot.catalog import GameId
from bot.render import PLAY_MONEY, chips, duration, embed, relative, signed
from services.economy import ALL_GAMES, Board, Claim, GuildSettings, Leaderboard, Ranked, Stats

PAGE_SIZE = 10

BOARD_TITLES = {Board.BALANCE: "chips", Board.NET: "net winnings", Board.WINS: "deals won"}


def balance(who: str, held: int | None, on_tables: int, *, yourself: bool) -> discord.Embed:
    """``/balance``: what the user holds, and what is out on tables."""
    if held is None:
        text = f"{who} has no chips yet: they get their starting chips on first use."
    else:
        text = f"{'You have' if yourself else who + ' has'} **{chips(held)}**."
        if on_tables:
            text += f"\nOn open tables: {chips(on_tables)}."
    return embed("Balance", text, footer=PLAY_MONEY)


def daily(claim: Claim) -> discord.Embed:
    """``/daily`` granted."""
    text = f"You claimed **{chips(claim.amount)}**. Your balance: {chips(claim.balance)}."
    if claim.next_at is not None:
        text += f"\nNext claim {relative(claim.next_at)}."
    return embed("Daily chips", text, footer=PLAY_MONEY)


def daily_refused(claim: Claim, now: float) -> str:
    """``/daily`` within the cooldown: the time left, in words and as a live timestamp."""
    if claim.next_at is None:
        return "Daily chips are turned off on this server."
    left = claim.next_at - now
    return (
        f"You already claimed your daily chips. Try again in {duration(left)} "
        f"({relative(claim.next_at)})."
    )


def _line(entry: Ranked, board: Board) -> str:
    if board is Board.NET:
        value = f"{signed(entry.value)} chips"
    elif board is Board.WINS:
        value = f"{entry.value:,} won"
    else:
        value = chips(entry.value)
    return f"**#{entry.rank}** <@{entry.user_id}> — {value}"


def leaderboard(board: Leaderboard, page: int, asker_id: int, *, has_next: bool) -> discord.Embed:
    """One page of a leaderboard (``board.top`` holds that page's lines) with the asker's
    rank at the bottom."""
    scope = "all games" if board.game in (None, ALL_GAMES) else GameId(board.game).label
    if board.board is Board.BALANCE:
        scope = "balances"
    title = f"Leaderboard: {BOARD_TITLES[board.board]} ({scope})"
    lines = [_line(e, board.board) for e in board.top]
    if not lines:
        lines = ["Nobody here yet." if page == 0 else "No one on this page."]
    mine = board.asker
    if mine is None:
        lines.append(f"\nRank of <@{asker_id}>: not on this board yet.")
    else:
        lines.append(f"\nRank of <@{asker_id}>: {_line(mine, board.board)}")
    footer = f"Page {page + 1}" + ("" if has_next else " (last)")
    return embed(title, "\n".join(lines), footer=footer)


def stats(who: str, records: dict[str, Stats], game: GameId | None) -> discord.Embed:
    """``/stats``: one game, or all games with a line per game played."""
    key = game.value if game else ALL_GAMES
    made = embed(f"Stats: {who}" + (f" — {game.label}" if game else ""))
    record = records.get(key)
    if record is None or not record.played:
        made.description = f"{who} has not finished a deal" + (
            f" of {game.label} yet." if game else " yet."
        )
        return made
    made.description = _stats_line(record)
    if game is None:
        for each in GameId:
            played = records.get(each.value)
            if played is not None and played.played:
                made.add_field(name=each.label, value=_stats_line(played), inline=False)
    return made


def _stats_line(s: Stats) -> str:
    rate = 100 * s.won / s.played if s.played else 0
    return (
        f"Deals played: **{s.played:,}** · won: **{s.won:,}** ({rate:.0f}%)\n"
        f"Net: **{signed(s.net)}** chips · biggest pot won: **{chips(s.biggest_pot)}**"
    )


SETTING_LABELS: dict[str, str] = {
    "starting_balance": "Starting balance",
    "daily_amount": "Daily chips",
    "daily_cooldown_s": "Daily cooldown",
    "refill_amount": "Refill (for a player with no chips)",
    "refill_cooldown_s": "Refill cooldown",
    "turn_timeout_s": "Turn timer",
    "idle_close_s": "Idle table closes after",
    "min_bet": "Default minimum bet",
    "max_bet": "Default maximum bet",
    "max_bet_limit": "Highest maximum bet a table may choose",
    "min_buy_in": "Minimum buy-in",
    "max_buy_in": "Maximum buy-in",
}


def settings(conf: GuildSettings, changed: set[str] | None = None) -> discord.Embed:
    """The server's table defaults and economy amounts; changed ones marked."""
    lines = []
    for field, label in SETTING_LABELS.items():
        value = getattr(conf, field)
        shown = duration(value) if field.endswith("_s") else chips(value)
        mark = " ✏️" if changed and field in changed else ""
        lines.append(f"{label}: **{shown}**{mark}")
    title = "Server settings" + (" updated" if changed else "")
    return embed(title, "\n".join(lines), footer=PLAY_MONEY)


def help_embed() -> discord.Embed:
    """``/help``: what Parlour is and its commands."""
    made = embed(
        "Parlour",
        "Card tables for this server: **Palace Poker**, **Paiute** and **Pontoon**. "
        "Open a table in a channel, join with chips, and play with buttons or commands; "
        "your private cards come by DM.\n\n" + PLAY_MONEY,
    )
    made.add_field(
        name="Chips",
        value=(
            "`/balance [user]` — chips held\n"
            "`/daily` — free chips once a day\n"
            "`/leaderboard [game] [by]` — top players by chips, net winnings or wins\n"
            "`/stats [user] [game]` — deals played and won, net, biggest pot"
        ),
        inline=False,
    )
    made.add_field(
        name="Server admins (Manage Server)",
        value=(
            "`/admin settings` — table defaults (stakes, timers) and chip amounts\n"
            "`/admin grant` / `/admin remove` — give or take chips, with a reason\n"
            "`/admin kick` / `/admin close` — remove a player or close this channel's table "
            "(every chip goes back)"
        ),
        inline=False,
    )
    return made
