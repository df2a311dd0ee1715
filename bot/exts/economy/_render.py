"""What the economy commands show: pure functions from the economy service's values to embeds
and text, in one reader's language (the cog picks it: the reader's for an ephemeral reply, the
server's for a public message)."""

from __future__ import annotations

import discord

from bot.catalog import GameId
from bot.render import (
    PLAY_MONEY_MESSAGE,
    clock_time,
    duration_message,
    embed,
    relative,
    signed_message,
)
from bot.text import Catalog, Msg, Number, Text, msg
from bot.text.format import chips
from services.economy import (
    ALL_GAMES,
    Board,
    Claim,
    GuildSettings,
    Leaderboard,
    Outcome,
    Ranked,
    Season,
    Stats,
)

PAGE_SIZE = 10

BOARD_TITLES = {
    Board.BALANCE: msg("economy.board.chips"),
    Board.NET: msg("economy.board.net"),
    Board.WINS: msg("economy.board.wins"),
    Board.RATE: msg("economy.board.rate"),
}


def balance(
    say: Catalog, who: str, held: int | None, on_tables: int, *, yourself: bool
) -> discord.Embed:
    """``/balance``: what the user holds, and what is out on tables."""
    if held is None:
        text = say.text(msg("economy.balance.none", who=who))
    else:
        if yourself:
            text = say.text(msg("economy.balance.yours", chips=chips(held)))
        else:
            text = say.text(msg("economy.balance.theirs", who=who, chips=chips(held)))
        if on_tables:
            text += "\n" + say.text(msg("economy.balance.on_tables", chips=chips(on_tables)))
    return embed(say.text(msg("economy.balance.title")), text, footer=say.text(PLAY_MONEY_MESSAGE))


def daily(say: Catalog, claim: Claim) -> discord.Embed:
    """``/daily`` granted."""
    text = say.text(
        msg("economy.daily.claimed", amount=chips(claim.amount), balance=chips(claim.balance))
    )
    if claim.next_at is not None:
        text += "\n" + say.text(msg("economy.daily.next", when=relative(claim.next_at)))
    return embed(say.text(msg("economy.daily.title")), text, footer=say.text(PLAY_MONEY_MESSAGE))


def daily_refused(claim: Claim, now: float) -> Msg:
    """``/daily`` within the cooldown: the time left, in words and as a live timestamp."""
    if claim.outcome is Outcome.TOO_NEW:
        return too_new(claim)
    if claim.next_at is None:
        return msg("economy.daily.off")
    wait = duration_message(claim.next_at - now)
    return msg("economy.daily.again", wait=wait, when=clock_time(claim.next_at))


def too_new(claim: Claim) -> Msg:
    """``/daily`` or ``/refill`` from an account younger than the server's minimum age: when
    it may claim, live and as a date."""
    moment = int(claim.next_at or 0)
    return msg("economy.claim.too_new", when=relative(moment), date=f"<t:{moment}:f>")


def refill(say: Catalog, claim: Claim) -> discord.Embed:
    """``/refill`` granted."""
    text = say.text(
        msg("economy.refill.claimed", amount=chips(claim.amount), balance=chips(claim.balance))
    )
    if claim.next_at is not None:
        text += "\n" + say.text(msg("economy.refill.next", when=relative(claim.next_at)))
    return embed(say.text(msg("economy.refill.title")), text, footer=say.text(PLAY_MONEY_MESSAGE))


def refill_refused(claim: Claim, now: float, *, daily_open: bool = True) -> Msg:
    """``/refill`` refused: too new an account, chips still somewhere, refills off, or the
    time left (with ``/daily`` suggested only while it is open: it was suggested after it had
    been claimed)."""
    if claim.outcome is Outcome.TOO_NEW:
        return too_new(claim)
    if claim.outcome is Outcome.HAS_CHIPS:
        return msg("economy.refill.has_chips", balance=chips(claim.balance))
    if claim.next_at is None:
        return msg("economy.refill.off")
    wait = duration_message(claim.next_at - now)
    again = "economy.refill.again" if daily_open else "economy.refill.again_no_daily"
    return msg(again, wait=wait, when=clock_time(claim.next_at))


def _line(say: Catalog, entry: Ranked, board: Board) -> str:
    value: Text
    if board is Board.NET:
        value = msg("economy.board.net_value", change=signed_message(entry.value))
    elif board is Board.WINS:
        value = msg("economy.board.wins_value", wins=Number(entry.value))
    elif board is Board.RATE:
        value = msg("economy.board.rate_value", rate=Number(entry.value))
    else:
        value = chips(entry.value)
    player = f"<@{entry.user_id}>"
    return say.text(msg("economy.board.line", rank=Number(entry.rank), player=player, value=value))


def leaderboard(
    say: Catalog, board: Leaderboard, page: int, asker_id: int, *, has_next: bool
) -> discord.Embed:
    """One page of a leaderboard (``board.top`` holds that page's lines) with the asker's
    rank at the bottom."""
    scope: Text
    if board.game in (None, ALL_GAMES):
        scope = msg("economy.board.all_games")
    else:
        scope = GameId(board.game).label_message
    if board.board is Board.BALANCE:
        scope = msg("economy.board.balances")
    if board.season is not None:
        scope = msg("economy.board.season", season=Number(board.season))
    title = say.text(msg("economy.board.title", board=BOARD_TITLES[board.board], scope=scope))
    lines = [_line(say, e, board.board) for e in board.top]
    if not lines:
        lines = [say.text(msg("economy.board.empty" if page == 0 else "economy.board.past_end"))]
    if board.board is Board.RATE:
        rule = msg("economy.board.rate_rule", least=Number(board.min_deals))
        lines.insert(0, "-# " + say.text(rule))
    mine = board.asker
    asker = f"<@{asker_id}>"
    if mine is None and board.board is Board.RATE:
        unranked = msg(
            "economy.board.rate_unranked",
            player=asker,
            least=Number(board.min_deals),
            played=Number(board.asker_played),
        )
        lines.append("\n" + say.text(unranked))
    elif mine is None:
        lines.append("\n" + say.text(msg("economy.board.unranked", player=asker)))
    else:
        line = _line(say, mine, board.board)
        lines.append("\n" + say.text(msg("economy.board.rank", player=asker, line=line)))
    which = "economy.board.page" if has_next else "economy.board.last_page"
    return embed(title, "\n".join(lines), footer=say.text(msg(which, page=Number(page + 1))))


def stats(say: Catalog, who: str, records: dict[str, Stats], game: GameId | None) -> discord.Embed:
    """``/stats``: one game, or all games with a line per game played."""
    key = game.value if game else ALL_GAMES
    if game:
        made = embed(say.text(msg("economy.stats.title_game", who=who, game=game.label_message)))
    else:
        made = embed(say.text(msg("economy.stats.title", who=who)))
    record = records.get(key)
    if record is None or not record.played:
        if game:
            none = msg("economy.stats.none_game", who=who, game=game.label_message)
        else:
            none = msg("economy.stats.none", who=who)
        made.description = say.text(none)
        return made
    made.description = _stats_line(say, record)
    if game is None:
        for each in GameId:
            played = records.get(each.value)
            if played is not None and played.played:
                made.add_field(
                    name=say.text(each.label_message),
                    value=_stats_line(say, played),
                    inline=False,
                )
    return made


MEDALS = ("🥇", "🥈", "🥉")


def season_over(say: Catalog, season: Season) -> str:
    """The channel's word that a season ended: its podium and where its board stays."""
    lines = [say.text(msg("economy.season.over", season=Number(season.number)))]
    for place in season.podium or ():
        lines.append(
            say.text(
                msg(
                    "economy.season.place",
                    medal=MEDALS[min(place.rank, len(MEDALS)) - 1],
                    player=f"<@{place.user_id}>",
                    change=signed_message(place.value),
                )
            )
        )
    if not season.podium:
        lines.append(say.text(msg("economy.season.nobody")))
    lines.append(say.text(msg("economy.season.browse", season=Number(season.number))))
    return "\n".join(lines)


def _stats_line(say: Catalog, s: Stats) -> str:
    rate = round(100 * s.won / s.played) if s.played else 0
    return say.text(
        msg(
            "economy.stats.line",
            played=Number(s.played),
            won=Number(s.won),
            rate=Number(rate),
            net=signed_message(s.net),
            pot=chips(s.biggest_pot),
        )
    )


SETTING_LABELS: dict[str, Msg] = {
    name: msg(f"admin.setting.{name}")
    for name in (
        "starting_balance",
        "daily_amount",
        "daily_cooldown_s",
        "refill_amount",
        "refill_cooldown_s",
        "turn_timeout_s",
        "idle_close_s",
        "min_bet",
        "max_bet",
        "max_bet_limit",
        "min_buy_in",
        "max_buy_in",
        "claim_min_account_days",
        "board_min_deals",
        "season_days",
    )
}


ANNOUNCE_LABEL = msg("admin.setting.announce_achievements")


def settings(say: Catalog, conf: GuildSettings, changed: set[str] | None = None) -> discord.Embed:
    """The server's table defaults and economy amounts; changed ones marked."""
    lines = []
    for field, label in SETTING_LABELS.items():
        value = getattr(conf, field)
        shown: Text = chips(value)
        if field.endswith("_s"):
            shown = duration_message(value)
        elif field == "claim_min_account_days" or (field == "season_days" and value):
            shown = msg("economy.duration.days", days=Number(value))
        elif field == "season_days":
            shown = msg("pictures.setting.off")
        elif field == "board_min_deals":
            shown = msg("common.deals", count=value, amount=Number(value))
        which = "admin.settings.changed" if changed and field in changed else "admin.settings.line"
        lines.append(say.text(msg(which, label=label, value=shown)))
    switches = (
        ("images", conf.images, msg("pictures.setting.images")),
        ("threads", conf.threads, msg("threads.setting")),
        ("announce_achievements", conf.announce_achievements, ANNOUNCE_LABEL),
    )
    for field, on, label in switches:
        value = msg("pictures.setting.on" if on else "pictures.setting.off")
        which = "admin.settings.changed" if changed and field in changed else "admin.settings.line"
        lines.append(say.text(msg(which, label=label, value=value)))
    which = (
        "admin.settings.changed" if changed and "card_style" in changed else "admin.settings.line"
    )
    style = msg(f"pictures.style.{conf.card_style}")
    lines.append(say.text(msg(which, label=msg("pictures.setting.card_style"), value=style)))
    title = msg("admin.settings.updated" if changed else "admin.settings.title")
    return embed(say.text(title), "\n".join(lines), footer=say.text(PLAY_MONEY_MESSAGE))


FIELD_VALUE = 1024
"""Discord's limit on an embed field's value (characters)."""


def _add_long_field(made: discord.Embed, name: str, value: str) -> None:
    """A field of ``/help``, continued in untitled fields at line breaks where a language's
    words run past Discord's 1,024 characters (the lists grow with every command)."""
    chunk: list[str] = []
    for line in value.split("\n"):
        if chunk and len("\n".join([*chunk, line])) > FIELD_VALUE:
            made.add_field(name=name, value="\n".join(chunk), inline=False)
            name, chunk = "\u200b", []
        chunk.append(line[:FIELD_VALUE])
    made.add_field(name=name, value="\n".join(chunk), inline=False)


def help_embed(say: Catalog) -> discord.Embed:
    """``/help``: what Parlour is and its commands."""
    intro = msg("help.intro", play_money=PLAY_MONEY_MESSAGE)
    made = embed(say.text(msg("help.title")), say.text(intro))
    games = "\n".join(say.text(msg(f"help.game.{g}")) for g in ("palace", "paiute", "pontoon"))
    for name, value in (
        (msg("help.chips"), say.text(msg("help.chips.commands"))),
        (msg("help.records"), say.text(msg("help.records.commands"))),
        (msg("help.tables"), say.text(msg("help.tables.commands"))),
        (msg("help.tournaments"), say.text(msg("help.tournaments.commands"))),
        (msg("help.games"), games),
        (msg("help.admins"), say.text(msg("help.admins.commands"))),
    ):
        _add_long_field(made, say.text(name), value)
    return made
