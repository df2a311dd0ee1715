"""Issue 14, item 16: the table message stays under 15 lines for three players on a phone,
through random deals of every game: each player is one line (the seat with the game's part),
no stakes line repeated on every update, a short log, no footer during a deal."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import discord
import pytest

from bot.exts.paiute import PaiuteUI
from bot.exts.palace import PalaceUI
from bot.exts.pontoon import PontoonUI
from bot.table import GameUI, TableNames
from bot.table import _presenter as present
from bot.table import _render as render
from games.registry import game_info
from services.tables import SeatStatus, TableStatus

IDS = ["110000000000000001", "110000000000000002", "110000000000000003"]
PHONE_LINES = 15


def phone_lines(embed: discord.Embed) -> int:
    """Lines as a phone shows an embed: title, description, each field's name and lines,
    the footer (fields stack on a phone, inline or not)."""
    count = 1 + len((embed.description or "").splitlines())
    for f in embed.fields:
        count += 1 + len(str(f.value).splitlines())
    return count + (1 if embed.footer.text else 0)


def worst(ui: GameUI, game: str, options: dict[str, Any], seed: int) -> tuple[int, str]:
    """Random legal play of one deal; the longest table message and its text."""
    info = game_info(game)
    engine = info.engine.new(IDS, dict.fromkeys(IDS, 500), info.options(**options), seed=seed)
    rng = random.Random(seed)
    names = TableNames({p: f"p{i}" for i, p in enumerate(IDS)}, IDS)
    log: deque[Any] = deque(maxlen=6)
    longest, text = 0, ""
    for step in range(200):
        if engine.is_over:
            break
        pid = engine.to_act
        events = engine.act(pid, rng.choice(engine.legal_actions(pid)).sample(rng))
        log.extend(
            line for e in events if e.is_public and (line := present.event_line(ui, e, names))
        )
        to_act = engine.to_act
        status = TableStatus(
            table_id=7, guild_id=1, channel_id=2, game=game, title=game, host_id=int(IDS[0]),
            message_id=9, deal_number=1, action_counter=step, deal_open=not engine.is_over,
            phase=engine.phase, to_act=int(to_act) if to_act else None, deadline=None,
            pot=engine.pot, kitty=engine.kitty,
            seats=tuple(
                SeatStatus(user_id=int(p), stack=engine.stacks.get(p, 0), seated=True,
                           in_deal=True, away=False)
                for p in IDS
            ),
            max_seats=8, min_buy_in=10, max_buy_in=5000, options=options, view=engine.view(None),
        )  # fmt: skip
        embed = render.table_embed(present.present_table(ui, status, list(log), [], names))
        lines = phone_lines(embed)
        if lines > longest:
            longest, text = lines, str(embed.to_dict())
    return longest, text


@pytest.mark.parametrize(
    ("ui", "game", "options"),
    [
        (PalaceUI(), "palace", {"small_bet": 10}),
        (PaiuteUI(), "paiute", {"stake": 10}),
        (PontoonUI(), "pontoon", {"min_bet": 10, "max_bet": 50}),
        (PontoonUI(), "pontoon", {"min_bet": 10, "max_bet": 50, "shoot": True}),
    ],
    ids=["palace", "paiute", "pontoon", "shoot-pontoon"],
)
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_table_message_stays_under_15_lines_for_three_players(ui, game, options, seed):
    longest, text = worst(ui, game, options, seed)
    assert longest < PHONE_LINES, text
