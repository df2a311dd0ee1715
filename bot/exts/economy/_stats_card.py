"""``/stats`` as a picture (issue 31): the words and numbers of a player's or the server's
card, in one reader's language, and the Components V2 message that shows it.

The card's own words are its alt text (every tile, the chart's range and every line of its
lists), so a reader who cannot see the picture reads the same stats; a server with ``images``
off gets the text embeds of ``_render`` instead (the cog decides).
"""

from __future__ import annotations

import asyncio
import io
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.catalog import GameId
from bot.exts.economy._render import MEDALS
from bot.pictures import Chart, Listing, Picture, StatsCard, Tile, running_total, stats_picture
from bot.render import embed, signed_message
from bot.text import Catalog, Msg, Number, Text, msg
from bot.text.format import chips
from services.achievements import ACHIEVEMENTS
from services.economy import ALL_GAMES, FORM_DAYS, FormDeal, Leaderboard, ServerRecord, Stats

GAIN_COLOUR = (120, 230, 120)
LOSS_COLOUR = (255, 120, 110)
ACCENT = 0x0E5438

HAND_ORDER: dict[str, tuple[str, ...]] = {
    "palace": (
        "royal_flush",
        "straight_flush",
        "four_of_a_kind",
        "full_house",
        "flush",
        "straight",
        "three_of_a_kind",
        "two_pair",
        "one_pair",
        "high_card",
    ),
    "paiute": (
        "five_of_a_kind",
        "royal_flush",
        "straight_flush",
        "four_two",
        "three_three",
        "two_two_two",
    ),
    "pontoon": ("pontoon", "five_card_trick"),
}
"""Each game's hand categories a card lists, best first (Pontoon: only its two special
hands; a total is no hand to boast of)."""

HANDS_PER_GAME = 3

SHARED_NAMES = frozenset({"palace", "paiute"})
"""Games whose hand names the other also has (a straight flush): on a card of every game
their hands name the game; Pontoon's are its own."""


def _category(code: str) -> str:
    """A stored hand code's category: ``full_house:K,10`` -> ``full_house``."""
    return code.split(":", 1)[0].split("=", 1)[0]


def best_hands(deals: Sequence[FormDeal], game: GameId | None) -> list[tuple[str, str, int]]:
    """(game, category, times) of the best hands shown, best first per game, at most
    ``HANDS_PER_GAME`` per game."""
    counted: Counter[tuple[str, str]] = Counter(
        (d.game, _category(d.hand)) for d in deals if d.hand and (game is None or d.game == game)
    )
    found: list[tuple[str, str, int]] = []
    for each in GameId:
        listed = [(each.value, c, counted[each.value, c]) for c in HAND_ORDER.get(each.value, ())]
        found.extend([h for h in listed if h[2]][:HANDS_PER_GAME])
    return found


def _n(say: Catalog, value: int) -> str:
    """A number as the reader's language writes it."""
    return say.text(msg("stats.number", number=Number(value)))


def _signed(say: Catalog, amount: int) -> str:
    return say.text(signed_message(amount))


def _chart(say: Catalog, title: Msg, values: tuple[int, ...], *, bars: bool = False) -> Chart:
    days = Number(FORM_DAYS)
    low, high = (0, max(values, default=0)) if bars else (min(0, *values, 0), max(0, *values, 0))
    write: Callable[[int], str] = (lambda v: _n(say, (v))) if bars else (lambda v: _signed(say, v))
    return Chart(
        say.text(title),
        values,
        say.text(msg("stats.chart.none", days=days)),
        bars=bars,
        low=write(low),
        high=write(high),
    )


def player_card(
    say: Catalog,
    name: str,
    records: dict[str, Stats],
    game: GameId | None,
    deals: Sequence[FormDeal],
    earned: int,
    season: Text | None,
) -> StatsCard:
    """A player's card: their record (all games or one), chips won after each deal of the
    last ``FORM_DAYS`` days, per game, the best hands shown, achievements and season rank."""
    record = records[game.value if game else ALL_GAMES]
    days = Number(FORM_DAYS)
    if game is None:
        subtitle = msg("stats.subtitle.all", days=days)
    else:
        subtitle = msg("stats.subtitle.game", game=game.label_message, days=days)
    rate = round(100 * record.won / record.played) if record.played else 0
    tiles = (
        Tile(say.text(msg("stats.tile.played")), _n(say, (record.played))),
        Tile(
            say.text(msg("stats.tile.won")),
            say.text(msg("stats.value.won", won=Number(record.won), rate=Number(rate))),
        ),
        Tile(
            say.text(msg("stats.tile.net")),
            _signed(say, record.net),
            GAIN_COLOUR if record.net > 0 else LOSS_COLOUR if record.net < 0 else (245, 245, 240),
        ),
        Tile(say.text(msg("stats.tile.pot")), _n(say, (record.biggest_pot))),
    )
    mine = [d for d in deals if game is None or d.game == game.value]
    values = (0, *running_total([d.change for d in mine])) if mine else ()
    per_game = []
    for each in GameId if game is None else ():
        played = records.get(each.value)
        if played is not None and played.played:
            line = msg(
                "stats.list.games_line",
                played=Number(played.played),
                won=Number(played.won),
                net=signed_message(played.net),
            )
            per_game.append((say.text(each.label_message), say.text(line)))
    hands = []
    for which, category, times in best_hands(mine, game):
        label = say.text(msg(f"stats.hand.{which}.{category}"))
        if game is None and which in SHARED_NAMES:  # a royal flush of which game
            label += " · " + say.text(GameId(which).label_message)
        hands.append((label, say.text(msg("stats.hand.count", number=Number(times)))))
    none = say.text(msg("stats.list.none"))
    extra = [
        say.text(
            msg("stats.extra.achievements", earned=Number(earned), total=Number(len(ACHIEVEMENTS)))
        )
    ]
    if season is not None:
        extra.append(say.text(season))
    return StatsCard(
        title=say.text(msg("economy.stats.title", who=name)),
        subtitle=say.text(subtitle),
        tiles=tiles,
        chart=_chart(say, msg("stats.chart.net", days=days), values),
        left=Listing(say.text(msg("stats.list.games")), tuple(per_game), none),
        right=Listing(
            say.text(msg("stats.list.hands")),
            tuple(hands),
            say.text(msg("stats.list.hands_none", days=days)),
        ),
        rtl=say.rtl,
        extra=tuple(extra),
    )


def busiest(record: ServerRecord) -> tuple[GameId, int] | None:
    """The game with the most finished deals here (ties: the first in ``GameId``'s order)."""
    counted = [(each, record.deals.get(each.value, 0)) for each in GameId]
    best = max(counted, key=lambda c: c[1])
    return best if best[1] else None


def _biggest_pot(record: ServerRecord) -> tuple[GameId, int] | None:
    pots = [(each, record.biggest_pot.get(each.value, 0)) for each in GameId]
    best = max(pots, key=lambda c: c[1])
    return best if best[1] else None


def _leaders_title(season: int | None) -> Msg:
    if season is None:
        return msg("stats.server.leaders_all")
    return msg("stats.server.leaders", season=Number(season))


def server_card(
    say: Catalog,
    server: str,
    record: ServerRecord,
    leaders: Leaderboard,
    names: Callable[[int], str],
    days: Sequence[str],
) -> StatsCard:
    """The server's card: tables, deals, players, biggest pot; deals per day over ``days``
    (the last ``FORM_DAYS`` UTC dates, oldest first); deals per game; the leaders."""
    pot = _biggest_pot(record)
    tiles = (
        Tile(say.text(msg("stats.server.tile.tables")), _n(say, (record.tables))),
        Tile(say.text(msg("stats.server.tile.deals")), _n(say, (sum(record.deals.values())))),
        Tile(say.text(msg("stats.server.tile.players")), _n(say, (record.players))),
        Tile(say.text(msg("stats.server.tile.pot")), _n(say, (pot[1] if pot else 0))),
    )
    per_day = tuple(record.per_day.get(day, 0) for day in days)
    games = []
    for each in GameId:
        dealt = record.deals.get(each.value, 0)
        if dealt:
            line = msg(
                "stats.server.games_line",
                deals=Number(dealt),
                pot=Number(record.biggest_pot.get(each.value, 0)),
            )
            games.append((say.text(each.label_message), say.text(line)))
    top = [
        (
            say.text(msg("stats.server.leader", rank=Number(e.rank), player=names(e.user_id))),
            _signed(say, e.value),
        )
        for e in leaders.top
    ]
    none = say.text(msg("stats.list.none"))
    most = busiest(record)
    extra: tuple[str, ...] = ()
    if most is not None:
        said = msg("stats.server.busiest", game=most[0].label_message, deals=Number(most[1]))
        extra = (say.text(said).replace("**", ""),)
    if any(per_day):
        chart = _chart(say, msg("stats.server.chart", days=Number(FORM_DAYS)), per_day, bars=True)
    else:
        chart = _chart(say, msg("stats.server.chart", days=Number(FORM_DAYS)), (), bars=True)
    return StatsCard(
        title=say.text(msg("stats.server.title", server=server)),
        subtitle=say.text(msg("stats.server.subtitle", open=Number(record.open_tables))),
        tiles=tiles,
        chart=chart,
        left=Listing(say.text(msg("stats.server.games")), tuple(games), none),
        right=Listing(say.text(_leaders_title(leaders.season)), tuple(top), none),
        rtl=say.rtl,
        extra=extra,
    )


def server_embed(
    say: Catalog, server: str, record: ServerRecord, leaders: Leaderboard
) -> discord.Embed:
    """``/stats server`` as text: the picture's facts, the leaders as mentions."""
    made = embed(say.text(msg("stats.server.title", server=server)))
    if not record.deals:
        made.description = say.text(msg("stats.server.none"))
        return made
    lines = [
        say.text(
            msg(
                "stats.server.line",
                tables=Number(record.tables),
                open=Number(record.open_tables),
                deals=Number(sum(record.deals.values())),
                players=Number(record.players),
            )
        )
    ]
    most = busiest(record)
    if most is not None:
        lines.append(
            say.text(msg("stats.server.busiest", game=most[0].label_message, deals=Number(most[1])))
        )
    pot = _biggest_pot(record)
    if pot is not None:
        lines.append(
            say.text(msg("stats.server.pot", pot=chips(pot[1]), game=pot[0].label_message))
        )
    made.description = "\n".join(lines)
    places = [
        say.text(
            msg(
                "economy.season.place",
                medal=MEDALS[min(e.rank, len(MEDALS)) - 1],
                player=f"<@{e.user_id}>",
                change=signed_message(e.value),
            )
        )
        for e in leaders.top
    ]
    if places:
        made.add_field(
            name=say.text(_leaders_title(leaders.season)), value="\n".join(places), inline=False
        )
    return made


def alt_text(card: StatsCard) -> str:
    """Everything the card says, as lines (Discord keeps 1,024 characters of alt text)."""
    lines = [card.title, card.subtitle]
    lines.append(" · ".join(f"{t.label}: {t.value}" for t in card.tiles))
    chart = card.chart
    if chart.values:
        lines.append(f"{chart.title}: {chart.low} … {chart.high}")
    else:
        lines.append(f"{chart.title}: {chart.empty}")
    for listing in (card.left, card.right):
        shown = "; ".join(f"{label} {value}" for label, value in listing.lines)
        lines.append(f"{listing.title}: {shown or listing.empty}")
    lines.extend(card.extra)
    return "\n".join(lines)[:1024]


async def draw(card: StatsCard) -> Picture:
    """The card's PNG, drawn in a worker thread (the fonts' lock keeps FreeType safe)."""
    return await asyncio.to_thread(stats_picture, card)


def message(
    card: StatsCard, picture: Picture, head: str, tail: str | None = None
) -> dict[str, Any]:
    """The keyword arguments of a V2 message showing the card: ``head`` (the title with the
    member's mention, so it links), the picture with the card's words as alt text, and
    ``tail`` under it (a member's tournament record) when there is one."""
    filename = f"stats-{picture.digest[:12]}.png"
    view = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=ACCENT)
    box.add_item(discord.ui.TextDisplay(head[:1000]))
    gallery: discord.ui.MediaGallery[Any] = discord.ui.MediaGallery(
        discord.MediaGalleryItem(f"attachment://{filename}", description=alt_text(card))
    )
    box.add_item(gallery)
    if tail:
        box.add_item(discord.ui.TextDisplay(tail[:1000]))
    view.add_item(box)
    return {"view": view, "file": discord.File(io.BytesIO(picture.data), filename=filename)}
