"""What a ``/stats`` picture costs: the card's words, the drawing and the PNG, per card.

Run from the repository root::

    python -m bench.stats_picture [--runs 15] [--deals 500] [--samples DIR] [--reads N]

Builds a player's card (``--deals`` finished deals over the last 30 days, every game, hands
shown) and a server's card (30 days of deals, three leaders) the way ``/stats`` does (the
catalog's words, then ``stats_picture``), in English and in Persian (right to left, Arabic
script through raqm). The first card of each kind is timed alone (cold: fonts and glyphs
not yet cached; the shared palette is drawn first, as the bot does at start), then
``--runs`` more, each a fresh card with different numbers (so no glyph cache hides the text
layout); only the card's words and its picture are timed, not the made-up inputs. The
wall-time median, fastest and slowest are printed, the median CPU time of the drawing thread
(``time.thread_time``: other processes' load does not add to it) and the PNG's size.
``--samples DIR`` writes one PNG of each; ``--reads N`` also times each card's reads over a
SQLite file of N results in one server. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.exts.economy import player_card, server_card
from bot.pictures import StatsCard, stats_picture, warm
from bot.text import catalog
from services.economy import (
    ALL_GAMES,
    FORM_DAYS,
    Board,
    EconomyService,
    FormDeal,
    Leaderboard,
    Ranked,
    ServerRecord,
    Stats,
)
from storage import Database, stats, tables

GAMES = ("palace", "paiute", "pontoon")
HANDS = {
    "palace": ("full_house:K,10", "flush:Q", "two_pair:9,4", "straight_flush:9", None),
    "paiute": ("four_two:5,9", "five_of_a_kind:K", None),
    "pontoon": ("pontoon=21", "five_card_trick=20", "total=19", None),
}


def _player(locale: str, rng: random.Random, deals: int) -> Callable[[], StatsCard]:
    start = datetime(2026, 11, 3, tzinfo=UTC)
    form = [
        FormDeal(
            at=(start + timedelta(minutes=80 * i)).isoformat(),
            game=(game := rng.choice(GAMES)),
            change=rng.randint(-80, 100),
            hand=rng.choice(HANDS[game]),
        )
        for i in range(deals)
    ]
    records = {}
    for game in (*GAMES, ALL_GAMES):
        mine = [d for d in form if game in (ALL_GAMES, d.game)]
        won = sum(1 for d in mine if d.change > 0)
        net = sum(d.change for d in mine)
        records[game] = Stats(game, len(mine), won, net, rng.randint(100, 3000))
    say = catalog(locale)
    name = "علی" if locale == "fa" else "alice"
    earned = rng.randint(0, 7)
    return lambda: player_card(say, name, records, None, form, earned, None)


def _server(locale: str, rng: random.Random) -> Callable[[], StatsCard]:
    days = [
        (datetime(2026, 12, 3, tzinfo=UTC) - timedelta(days=b)).strftime("%Y-%m-%d")
        for b in range(30)
    ]
    record = ServerRecord(
        tables=rng.randint(10, 500),
        open_tables=rng.randint(0, 9),
        players=rng.randint(5, 900),
        deals={g: rng.randint(1, 20_000) for g in GAMES},
        biggest_pot={g: rng.randint(100, 9000) for g in GAMES},
        per_day={d: rng.randint(0, 400) for d in days},
    )
    top = [Ranked(i + 1, 1000 + i, rng.randint(100, 5000)) for i in range(3)]
    leaders = Leaderboard(Board.NET, None, top, None, season=rng.randint(1, 9))
    names = {1000: "alice", 1001: "bob", 1002: "carol"}
    say = catalog(locale)
    return lambda: server_card(say, "Parlour", record, leaders, names.__getitem__, days[::-1])


async def _reads(deals: int, runs: int) -> None:
    """The reads of one card each: a player's last 30 days (a ``LIKE`` scan of the guild's
    results, newest first) and the server's record, on a SQLite file whose one guild holds
    ``deals`` results of 2 to 6 of 200 players."""
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as folder:
        async with Database.open(Path(folder) / "parlour.db") as db:
            async with db.transaction() as tx:
                table = await tables.open_table(tx, guild_id=1, channel_id=1, game="palace")
                for number in range(1, deals + 1):
                    seated = rng.sample(range(1000, 1200), rng.randint(2, 6))
                    changes = {str(p): rng.randint(-50, 50) for p in seated}
                    await stats.record_result(
                        tx,
                        guild_id=1,
                        table_id=table,
                        game=rng.choice(GAMES),
                        deal_number=number,
                        pot=sum(v for v in changes.values() if v > 0),
                        settlement=changes,
                        players=list(changes),
                        hand_names=dict.fromkeys(changes, "flush:Q"),
                    )
            economy = EconomyService(db)
            now = time.time()
            for what, read in (
                ("player", lambda: economy.form(1, 1000, now=now)),
                ("server", lambda: economy.server_record(1, now=now)),
            ):
                spent = []
                for _ in range(runs):
                    began = time.perf_counter()
                    await read()
                    spent.append((time.perf_counter() - began) * 1000)
                print(
                    f"  reads {what}: median {statistics.median(spent):6.1f} ms "
                    f"(min {min(spent):.1f}, max {max(spent):.1f}) over {deals:,} results"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--samples", type=Path)
    parser.add_argument("--reads", type=int, default=0, help="also time the reads over N results")
    args = parser.parse_args()
    rng = random.Random(7)
    warm()  # as the bot does at start: the shared palette (the card art is not drawn here)
    print(
        f"/stats pictures: {args.runs} cards each after a cold one; {args.deals} deals, "
        f"{FORM_DAYS} days (ms of wall time: words + drawing + PNG)"
    )
    for kind in ("player", "server"):
        for locale in ("en", "fa"):
            times: list[float] = []
            cpus: list[float] = []
            size = 0
            for run in range(args.runs + 1):
                if kind == "player":
                    build = _player(locale, rng, args.deals)
                else:
                    build = _server(locale, rng)
                began, cpu = time.perf_counter(), time.thread_time()
                picture = stats_picture(build())
                spent = (time.perf_counter() - began) * 1000
                used = (time.thread_time() - cpu) * 1000
                size = len(picture.data)
                if run == 0:
                    cold = spent
                    if args.samples:
                        args.samples.mkdir(parents=True, exist_ok=True)
                        (args.samples / f"stats-{kind}-{locale}.png").write_bytes(picture.data)
                else:
                    times.append(spent)
                    cpus.append(used)
            print(
                f"  {kind:6} {locale}: median {statistics.median(times):6.1f} ms "
                f"(min {min(times):.1f}, max {max(times):.1f}; cold {cold:.1f}), "
                f"CPU median {statistics.median(cpus):5.1f} ms, "
                f"{size / 1024:.0f} KB"
            )

    if args.reads:
        asyncio.run(_reads(args.reads, args.runs))


if __name__ == "__main__":
    main()
