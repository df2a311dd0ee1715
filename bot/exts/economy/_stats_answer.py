"""The answers of ``/stats`` with pictures and of ``/stats server``: the reads each card needs
(a player's recent deals, achievements and season rank; the server's record and leaders),
then the picture, drawn in a worker thread, as a Components V2 message."""

from __future__ import annotations

from datetime import timedelta

import discord

from bot.catalog import GameId
from bot.client import Parlour
from bot.exts.economy import _stats_card, _tournament_record
from bot.text import Catalog, Number, Text, catalog, msg
from services.economy import FORM_DAYS, Board, Leaderboard, Stats, TournamentRecord

LEADERS = 3
"""Leaders a server's card lists."""

QUIET = discord.AllowedMentions.none()


async def _season_rank(bot: Parlour, guild: int, user: int, now: float) -> Text | None:
    """The member's rank by chips won in the running season (``None``: no seasons here)."""
    current, _ = await bot.economy.seasons(guild, now)
    if current is None:
        return None
    board = await bot.economy.season_board(guild, current.number, Board.NET, limit=1, asker=user)
    if board.asker is None:
        return msg("stats.extra.season_none", season=Number(current.number))
    return msg("stats.extra.season", season=Number(current.number), rank=Number(board.asker.rank))


async def answer_player(
    bot: Parlour,
    interaction: discord.Interaction,
    guild: int,
    target: discord.abc.User,
    records: dict[str, Stats],
    game: GameId | None,
    say: Catalog,
    tournaments: TournamentRecord | None = None,
) -> None:
    """A member's card (they have finished a deal of ``game``), with the text title above it
    so their mention links, and their tournament record under it (when they have one)."""
    now = bot.config.clock.now().timestamp()
    deals = await bot.economy.form(guild, target.id, now=now)
    held, _ = await bot.economy.achievements(guild, target.id)
    season = await _season_rank(bot, guild, target.id, now)
    card = _stats_card.player_card(
        say, target.display_name, records, game, deals, len(held), season
    )
    picture = await _stats_card.draw(card)
    if game is None:
        head = msg("economy.stats.title", who=target.mention)
    else:
        head = msg("economy.stats.title_game", who=target.mention, game=game.label_message)
    tail = None
    if tournaments is not None:
        name, text = _tournament_record.lines(say, tournaments)
        tail = f"**{name}**\n{text}"
    shown = _stats_card.message(card, picture, "## " + say.text(head), tail)
    await interaction.response.send_message(**shown, allowed_mentions=QUIET)


async def _leaders(bot: Parlour, guild: int, now: float) -> Leaderboard:
    """The running season's top players by chips won, else all time's."""
    current, _ = await bot.economy.seasons(guild, now)
    if current is not None:
        return await bot.economy.season_board(guild, current.number, Board.NET, limit=LEADERS)
    return await bot.economy.leaderboard(guild, Board.NET, limit=LEADERS)


async def answer(bot: Parlour, interaction: discord.Interaction, guild: int) -> None:
    """``/stats server``: the server's card where it shows pictures and has finished deals,
    else its text embed. Public, in the server's language."""
    clock = bot.config.clock.now()
    now = clock.timestamp()
    record = await bot.economy.server_record(guild, now=now)
    leaders = await _leaders(bot, guild, now)
    say = catalog(await bot.languages.public(guild))
    known = bot.get_guild(guild)
    name = known.name if known is not None else str(guild)
    if not record.deals or not await bot.desk.images(guild):
        shown = _stats_card.server_embed(say, name, record, leaders)
        await interaction.response.send_message(embed=shown, allowed_mentions=QUIET)
        return

    def named(user: int) -> str:
        member = known.get_member(user) if known is not None else None
        if member is not None:
            return member.display_name
        return bot.desk.book.display.get(str(user), f"…{str(user)[-4:]}")

    days = [
        (clock - timedelta(days=back)).strftime("%Y-%m-%d") for back in range(FORM_DAYS - 1, -1, -1)
    ]
    card = _stats_card.server_card(say, name, record, leaders, named, days)
    picture = await _stats_card.draw(card)
    head = "## " + say.text(msg("stats.server.title", server=name))
    await interaction.response.send_message(
        **_stats_card.message(card, picture, head), allowed_mentions=QUIET
    )
