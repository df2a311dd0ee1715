"""A tournament in words: every sentence is a catalog message (``tournament.*``), so it is
said in the reader's language; this module only picks the messages and their fields."""

from __future__ import annotations

from collections.abc import Iterable

from bot.refusal import game_title
from bot.text import Msg, Number, msg
from bot.text.format import chips
from services.tournaments import Place, Standing, TournamentStatus

MAX_ENTRANTS_SHOWN = 10


def player(user_id: int) -> str:
    """A person by mention, a computer player by its seat name (🤖 N)."""
    return f"<@{user_id}>" if user_id > 0 else f"🤖 {-user_id}"


def stakes(game: str, values: dict[str, int]) -> Msg:
    if game == "palace":
        return msg(
            "tournament.stakes.palace",
            small=Number(values["small_bet"]),
            ante=Number(values["ante"]),
        )
    if game == "paiute":
        return msg("tournament.stakes.paiute", stake=Number(values["stake"]))
    return msg(
        "tournament.stakes.pontoon", low=Number(values["min_bet"]), high=Number(values["max_bet"])
    )


def lobby(t: TournamentStatus) -> Msg:
    """The registration message: what it is and who is in."""
    names = ", ".join(player(p.user_id) for p in t.entrants[:MAX_ENTRANTS_SHOWN]) or "—"
    return msg(
        "tournament.lobby",
        game=game_title(t.game),
        buy_in=chips(t.buy_in),
        seats=Number(t.seats),
        speed=msg(f"tournament.speed.{t.speed}"),
        payouts=msg(f"tournament.payouts.{t.payouts}"),
        entered=Number(len(t.entrants)),
        players=names,
    )


def level(t: TournamentStatus) -> Msg:
    """Where the stakes are and when they rise (deals left, or the time as a Discord
    timestamp, which every client shows in its own words)."""
    return msg(
        "tournament.level",
        level=Number(t.level),
        stakes=stakes(t.game, t.stakes),
        deals=Number(t.deals_to_next),
        minutes=Number(max(1, -(-t.seconds_to_next // 60))),
        pool=chips(t.prize_pool),
        left=Number(len(t.alive)),
    )


def out(places: Iterable[Place]) -> list[Msg]:
    return [
        msg("tournament.out", player=player(p.user_id), place=Number(p.place or 0)) for p in places
    ]


def results(t: TournamentStatus) -> Msg:
    ranked = sorted((p for p in t.entrants if p.place is not None), key=lambda p: p.place or 0)
    lines = "\n".join(
        f"**{p.place}.** {player(p.user_id)}" + (f" · +{p.prize:,}" if p.prize else "")
        for p in ranked
    )
    return msg("tournament.finished", game=game_title(t.game), results=lines)


def board(rows: list[Standing]) -> list[Msg]:
    """The tournament board's lines, best first (none: one line saying so)."""
    if not rows:
        return [msg("tournament.board.none")]
    return [
        msg(
            "tournament.board.line",
            rank=Number(i),
            player=player(s.user_id),
            won=Number(s.won),
            played=Number(s.played),
            net=Number(s.net),
        )
        for i, s in enumerate(rows, start=1)
    ]
