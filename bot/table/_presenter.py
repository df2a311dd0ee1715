"""The presenter: a table's status, its recent events and the game's ``GameUI`` -> what it
shows (:mod:`._model`), with no I/O and no language.

The kit's own lines live here too: the seats, whose turn, the footer, the table service's seat
events (sits down, adds chips, leaves), the settlement, timeouts, restarts and closes. Every
one is a ``table.*`` catalog message; the game's lines come from its ``GameUI``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.render import relative
from bot.table._layout import table_components
from bot.table._model import PrivateModel, TableModel
from bot.table._ui import EmbedField, GameUI
from bot.text import Number, Text, msg
from bot.text.format import COMPUTER, Names, chips
from games.actions import ActionSpec
from games.events import GameEvent
from games.fairness import short
from services.tables import Closed, SeatStatus, TableStatus
from services.tables.events import (
    Achieved,
    CloseReason,
    Closing,
    HostChanged,
    Joined,
    Leaving,
    Left,
    SittingOut,
    ToppedUp,
)

AnyEvent = GameEvent
"""What the engines and the service announce: typed events."""


def listing(parts: Sequence[Text], empty: Text) -> Text:
    """``a, b, c`` in the reader's language (``empty`` when there is nothing to list)."""
    if not parts:
        return empty
    if len(parts) == 1:
        return parts[0]
    return msg("table.list", head=parts[0], tail=listing(parts[1:], empty))


def signed(amount: int) -> Text:
    """A change of chips: ``+1,250`` / ``-40``."""
    return msg("table.signed.gain" if amount > 0 else "table.signed.loss", amount=Number(amount))


def turn_line(status: TableStatus, names: Names) -> Text:
    """The line under the title: whose turn and until when, or what the lobby waits for."""
    if status.deal_open:
        who = names.mention(status.to_act_pid) if status.to_act is not None else None
        deadline: Text = ""
        if status.deadline:
            deadline = msg("table.turn.deadline", when=relative(status.deadline.timestamp()))
        return msg(
            "table.turn",
            deal=status.deal_number,
            player=who or msg("table.turn.dealer"),
            deadline=deadline,
        )
    if status.deal_number == 0:
        return msg("table.turn.lobby")
    return msg("table.turn.between", deal=status.deal_number)


def deck_line(status: TableStatus) -> Text:
    """During a deal, the short fingerprint of its committed card order (issue 29): shown
    with the deal's first message, so no card of it can be changed afterwards unnoticed."""
    if status.fingerprint is None:
        return ""
    return msg("table.footer.deck", fingerprint=short(status.fingerprint))


LOG_SHOWN = 3
"""The latest public moves the table message shows: a short log keeps it under 15 lines for
three players on a phone (issue 14); the DMs and the buttons say the rest."""


def _with_detail(ui: GameUI, status: TableStatus, seat: SeatStatus, names: Names) -> Text:
    """A seat's line, and while a deal is shown (running, or just over) what the game shows
    of that player."""
    line = seat_line(seat, status, names)
    if status.view is None:
        return line
    detail = ui.seat_detail(status, seat.pid, names)
    return line if detail is None else msg("table.seat.detail", line=line, detail=detail)


def seat_line(seat: SeatStatus, status: TableStatus, names: Names) -> Text:
    line: Text = msg("table.seat", player=names.mention(seat.pid), stack=chips(seat.stack))
    if seat.user_id == status.host_id:
        line = msg("table.seat.host", line=line)
    if seat.away:
        line = msg("table.seat.away", line=line)
    if not seat.seated:
        line = msg("table.seat.leaving", line=line)
    if seat.user_id == status.to_act:
        line = msg("table.seat.to_act", line=line)
    return line


def present_table(
    ui: GameUI,
    status: TableStatus,
    log: Iterable[Text],
    legal: list[ActionSpec],
    names: Names,
    *,
    closed: Text | None = None,
    whole: bool = False,
) -> TableModel:
    """The public table: the kit's common part plus the game's fields (public view only); a
    closed table keeps its seats and log, and loses its fields and buttons. ``whole``: the
    log is a deal's end, shown whole (else its latest ``LOG_SHOWN`` lines)."""
    seats = tuple(_with_detail(ui, status, s, names) for s in status.seats if s.seated or s.in_deal)
    fields: tuple[EmbedField, ...] = ()
    if closed is None:
        fields = tuple(
            ui.public_fields(status) if status.view is not None else ui.lobby_fields(status)
        )
    hint = ui.turn_hint(status) if status.view is not None and status.deal_open else None
    return TableModel(
        title=msg("table.title", game=ui.title),
        turn=closed if closed is not None else turn_line(status, names),
        seats_title=msg("table.seats", seated=len(seats), max=status.max_seats),
        seats=seats,
        fields=fields,
        log=tuple(log) if whole else tuple(log)[-LOG_SHOWN:],
        footer=deck_line(status)
        if status.deal_open and closed is None
        else msg(
            "table.footer",
            table=status.table_id,
            deal=status.deal_number,
            min=Number(status.min_buy_in),
            max=Number(status.max_buy_in),
            command=ui.command or ui.game,
        ),
        components=() if closed is not None else table_components(ui, status, legal, names),
        stakes=(ui.stakes(status.options) or "") if closed is None else "",
        hint=(hint or "") if closed is None else "",
        closed=closed is not None,
    )


# -- log lines ------------------------------------------------------------------------------------


def event_line(ui: GameUI, event: AnyEvent, names: Names) -> Text | None:
    """A public event as a line of the table's log: the service's seat events in the kit's
    words, the game's events in the game's."""
    player: Any = names.mention(getattr(event, "player", None))
    match event:
        case Joined():
            return msg("table.log.joined", player=player, amount=Number(event.amount))
        case ToppedUp():
            return msg("table.log.top_up", player=player, amount=Number(event.amount))
        case Left():
            which = "table.log.removed" if event.removed else "table.log.left"
            return msg(which, player=player, amount=Number(event.amount))
        case Leaving():
            which = "table.log.leaving_removed" if event.removed else "table.log.leaving"
            return msg(which, player=player)
        case HostChanged():
            return msg("table.log.host", player=player)
        case Achieved():
            name = msg(f"achievement.{event.code}.name")
            return msg("table.log.achieved", player=player, achievement=name)
    return ui.describe_event(event, names)


def settled_line(settlement: dict[str, int], names: Names) -> Text:
    """``Deal over: @a +40, @b -40.``"""
    changes = [
        msg("table.log.settled.change", player=names.mention(p), change=signed(v))
        for p, v in settlement.items()
        if v
    ]
    return msg("table.log.settled", changes=listing(changes, msg("table.log.settled.none")))


def timeout_line(user_id: int, away: bool, names: Names) -> Text:
    which = "table.log.timeout_away" if away else "table.log.timeout"
    return msg(which, player=names.mention(str(user_id)))


def restarted_line() -> Text:
    return msg("table.log.restarted")


def close_reason(closing: Closing) -> Text:
    """Why the table service closed a table (``closed by the host``, ``idle: ...``)."""
    which = f"table.closed.{closing.reason.value}"
    if closing.reason is CloseReason.IDLE:  # "1 minute", "30 minutes"
        return msg(which, count=closing.minutes or 0, minutes=closing.minutes)
    return msg(which, why=closing.why)


def closed_text(reason: Text, closed: Closed, names: Names) -> Text:
    """Why a table closed and whose chips went back to their balances: exactly what the
    ledger moved to each balance (``paid_out``: the stack with a voided deal's stakes already
    back in it, which ``refunded`` only itemises)."""
    returned = [  # a computer player's chips went back to the house, not to a balance
        msg("table.closed.back", player=names.mention(p), chips=chips(a))
        for p, a in closed.paid_out.items()
        if a and not p.startswith(COMPUTER)
    ]
    return msg("table.closed", reason=reason, returned=listing(returned, msg("common.none")))


# -- private ---------------------------------------------------------------------------------------


def private_lines(ui: GameUI, status: TableStatus, user: int) -> tuple[Text, ...]:
    """``user``'s own cards (``status`` is their private view), as lines."""
    shown = ui.private_text(status, user)
    return tuple(shown) if isinstance(shown, list) else (shown,)


def private_line(
    ui: GameUI, event: AnyEvent, names: Names, now: TableStatus | None = None
) -> Text | None:
    """A private event as a line of its player's DM: the kit's own (sitting a deal out), or
    the game's (told beside ``now``, the player's status after the step)."""
    if isinstance(event, SittingOut):
        command = ui.command or ui.game
        return msg(
            "table.dm.sitting_out",
            stack=chips(event.stack),
            need=chips(event.need),
            command=command,
        )
    return ui.private_event(event, names, now)


def present_private(
    ui: GameUI,
    status: TableStatus,
    told: Iterable[AnyEvent],
    now: TableStatus | None,
    user: int,
    names: Names,
) -> PrivateModel:
    """A player's DM: their private events, then (``now``: their view after the step) their
    cards as they are now (only the cards when nothing is ``told``: an update still owed
    after a restart)."""
    told = list(told)
    cards: list[Text] = []
    if now is not None and not (told and all(isinstance(e, SittingOut) for e in told)):
        cards = list(private_lines(ui, now, user))
    lines: list[Text] = []
    for e in told:  # a line said twice, or said again by the cards below, is said once
        t = private_line(ui, e, names, now)
        if t is not None and (t == "" or (t not in lines and t not in cards)):
            lines.append(t)
    if cards:
        lines += ["", *cards] if lines else cards
    header = msg("table.dm.header", game=ui.title, channel=f"<#{status.channel_id}>")
    return PrivateModel(header=header, lines=tuple(lines))
