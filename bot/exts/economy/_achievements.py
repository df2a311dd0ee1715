"""What ``/achievements`` shows: every achievement of the one table in
``services.achievements``, those the member earned with the day they did, the others with
how to earn them (a streak with how far it has got)."""

from __future__ import annotations

from datetime import datetime

import discord

from bot.render import PLAY_MONEY_MESSAGE, embed
from bot.text import Catalog, Msg, Number, msg
from bot.text.format import chips
from services.achievements import ACHIEVEMENTS, HIGH_ROLLER_POT, InARow
from services.economy import Earned


def name(code: str) -> Msg:
    """An achievement's name in the reader's language."""
    return msg(f"achievement.{code}.name")


def how(code: str) -> Msg:
    """How an achievement is earned (each template takes the fields it needs)."""
    length = next((a.rule.length for a in ACHIEVEMENTS if isinstance(a.rule, InARow)), 0)
    return msg(f"achievement.{code}.how", deals=Number(length), pot=chips(HIGH_ROLLER_POT))


def _day(stamp: str) -> str:
    """A Discord timestamp each client shows as a date in the reader's own calendar."""
    moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return f"<t:{int(moment.timestamp())}:d>"


def achievements(
    say: Catalog, who: str, held: list[Earned], streaks: dict[str, int]
) -> discord.Embed:
    """``/achievements``: earned first (oldest first), then the rest in the table's order."""
    mine = {e.code: e for e in held}
    lines = [
        say.text(
            msg("achievement.earned", name=name(e.code), how=how(e.code), when=_day(e.earned_at))
        )
        for e in held
        if e.code in {a.code for a in ACHIEVEMENTS}
    ]
    for a in ACHIEVEMENTS:
        if a.code in mine:
            continue
        going = streaks.get(a.code, 0)
        if isinstance(a.rule, InARow) and going:
            line = msg(
                "achievement.progress",
                name=name(a.code),
                how=how(a.code),
                done=Number(going),
                deals=Number(a.rule.length),
            )
        else:
            line = msg("achievement.locked", name=name(a.code), how=how(a.code))
        lines.append(say.text(line))
    count = msg("achievement.count", earned=Number(len(mine)), total=Number(len(ACHIEVEMENTS)))
    lines.append("\n" + say.text(count))
    title = say.text(msg("achievement.title", who=who))
    return embed(title, "\n".join(lines), footer=say.text(PLAY_MONEY_MESSAGE))
