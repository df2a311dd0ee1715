"""Issue 33.6: the 3-line "Latest" dropped what decided a deal's payout. Random deals of every
game on real engines, logged as the desk logs them (``bot.table._log``): at the end the table
shows the deal's deciding lines, every line of the step that ended it and the settlement."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.exts.paiute import PaiuteUI
from bot.exts.palace import PalaceUI
from bot.exts.pontoon import PontoonUI
from bot.table import GameUI, TableNames
from bot.table import _presenter as present
from bot.table._log import TableLog
from bot.text import Text
from games.registry import game_info
from services.tables import SeatStatus, TableStatus

IDS = [f"11000000000000000{i}" for i in range(1, 6)]


def _status(game: str, engine: Any, options: dict[str, Any]) -> TableStatus:
    return TableStatus(
        table_id=7, guild_id=1, channel_id=2, game=game, title=game, host_id=int(IDS[0]),
        message_id=9, deal_number=1, action_counter=1, deal_open=not engine.is_over,
        phase=engine.phase, to_act=None, deadline=None, pot=engine.pot, kitty=engine.kitty,
        seats=tuple(
            SeatStatus(user_id=int(p), stack=engine.stacks.get(p, 0), seated=True,
                       in_deal=True, away=False)
            for p in IDS
        ),
        max_seats=8, min_buy_in=10, max_buy_in=5000, options=options, view=engine.view(None),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("ui", "game", "options"),
    [
        (PalaceUI(), "palace", {"small_bet": 10}),
        (PaiuteUI(), "paiute", {"stake": 10}),
        (PontoonUI(), "pontoon", {"min_bet": 10, "max_bet": 50}),
    ],
    ids=["palace", "paiute", "pontoon"],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_end_of_a_five_player_deal_shows_its_deciding_events_and_every_result(
    ui: GameUI, game: str, options: dict[str, Any], seed: int
) -> None:
    info = game_info(game)
    engine = info.engine.new(IDS, dict.fromkeys(IDS, 500), info.options(**options), seed=seed)
    rng = random.Random(seed)
    names = TableNames({p: f"p{i}" for i, p in enumerate(IDS)}, IDS)
    log = TableLog()
    deciding: list[Text] = []
    step_lines: list[Text] = []
    for _ in range(400):
        if engine.is_over:
            break
        pid = engine.to_act
        events = engine.act(pid, rng.choice(engine.legal_actions(pid)).sample(rng))
        log.deal(7, 1)
        step_lines = []
        for event in events:
            line = present.event_line(ui, event, names) if event.is_public else None
            if line:
                log.add(7, line, deciding=ui.deciding(event))
                step_lines.append(line)
                if ui.deciding(event):
                    deciding.append(line)
    assert engine.is_over
    settled = present.settled_line(engine.settlement(), names)
    log.ended(7, step_lines, settled)
    shown, whole = log.shown(_status(game, engine, options))
    assert whole
    assert [line for line in [*deciding, *step_lines, settled] if line not in shown] == []
    assert shown[-1] == settled
    model = present.present_table(ui, _status(game, engine, options), shown, [], names,
                                  whole=whole)  # fmt: skip
    assert model.log == shown  # not cut to the latest three
    later = "a line after the end"
    log.add(7, later)
    assert log.shown(_status(game, engine, options))[0][-1] == later
    log.deal(7, 2)  # the next deal starts afresh
    assert log.shown(_status(game, engine, options))[0] == ()
