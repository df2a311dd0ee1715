"""Palace Poker's table picture: every seat's banner and soldiers face up, palace cards as
backs (faces only once shown to everyone, PP-21), the pot, the piles and the battle.

Seats run in seat order (seat 0 at the dealer's left, the dealer last), two to a row, so that
ten seats still fit a phone screen. The banner stands apart in a gold frame, the soldiers fan
beside it, the three palace cards sit at the panel's right end.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from bot.pictures import _scene as s
from bot.pictures._fonts import fit, text_width
from bot.pictures._layout import (
    DEFAULT_LABELS,
    MARGIN,
    Labels,
    Names,
    amount,
    fan,
    grid,
    legend,
    name_of,
    seat_top,
)
from bot.pictures._public import Public, public_view
from games.palace import BattleView, PalaceView, SeatView, Status

CARD = 64
PANEL_W = 452
PANEL_H = 150
HEADER_H = 124
WIDTH = 2 * PANEL_W + 3 * MARGIN
PALACE_STEP = 22
"""Palace cards as backs overlap closely; shown faces keep their index column visible."""
SHOWN_STEP = 34


def palace_scene(
    table: Public[PalaceView], names: Names, labels: Labels = DEFAULT_LABELS
) -> s.Scene:
    """The public picture of a Palace Poker table."""
    view = public_view(table)
    rows = (len(view.seats) + 1) // 2
    height = HEADER_H + MARGIN + rows * (PANEL_H + MARGIN)
    items: list[s.Item] = _header(view, names, labels)
    cells = grid(len(view.seats), 2, PANEL_W, PANEL_H, HEADER_H + MARGIN)
    for seat, (x, y) in zip(view.seats, cells, strict=True):
        items.extend(_seat(view, seat, x, y, names, labels))
    key, added = legend(
        height,
        ((s.STACK_CHIP, labels.stack), (s.POT_CHIP, labels.pot)),
    )
    items.extend(key)
    return s.Scene(WIDTH, height + added, tuple(items))


BATTLE_MIN_W = 330
"""The room a battle needs right of the piles: two short names, the swords, the amount to call."""


def _header(view: PalaceView, names: Names, labels: Labels) -> list[s.Item]:
    """The pot, the stock and the discards, and the battle: with the reader's words while they
    fit, else without the battle's, else with the numbers alone (the chip and the pile's back
    say what they are), so a long word or a big pot never covers the next thing (issue 33)."""
    items = _header_with(view, names, labels)
    if items is not None:
        return items
    shorter = replace(labels, to_call="", raises="")
    items = _header_with(view, names, shorter)
    if items is not None:
        return items
    terse = replace(shorter, pot="", stock="", discards="")
    return _header_with(view, names, terse, squeeze=True) or []


def _header_with(
    view: PalaceView, names: Names, labels: Labels, *, squeeze: bool = False
) -> list[s.Item] | None:
    top = MARGIN
    items: list[s.Item] = [s.PanelItem(MARGIN, top, WIDTH - 2 * MARGIN, HEADER_H - MARGIN, s.PANEL)]
    mid = top + (HEADER_H - MARGIN) // 2
    pot, pot_w = amount(
        MARGIN + 16, mid, labels.number(view.pot), s.POT_CHIP, size=34, label=labels.pot
    )
    items.extend(pot)
    x = max(MARGIN + (180 if squeeze else 250), MARGIN + 16 + pot_w + 24)
    small = 52
    card_y = mid - round(small * 1.4) // 2
    for count, label in ((view.draw_count, labels.stock), (view.discard_count, labels.discards)):
        if count:
            items.append(s.CardItem(x, card_y, small, None, visible=small))
        else:
            items.append(s.SlotItem(x, card_y, small))
        text = f"{label} {labels.number(count)}".strip()
        items.append(s.TextItem(x + small + 8, mid, text, 24, s.WHITE, bold=True))
        # the next pile goes after the count, however long the reader's word for the pile
        x += max(100 if squeeze else 130, small + 8 + text_width(text, 24, bold=True) + 14)
    if view.battle is not None:
        battle = _battle(view.battle, names, labels, x + 10, mid)
        if battle is None and not squeeze:
            return None
        items.extend(battle or [])
    elif x > WIDTH - MARGIN:
        return None
    return items


def _battle(
    battle: BattleView, names: Names, labels: Labels, x: int, mid: int
) -> list[s.Item] | None:
    """Attacker (red) ⚔ defender (blue), and under them the amount to call and the raises;
    ``None`` when that does not fit between ``x`` and the header's right end."""
    right = WIDTH - MARGIN - 14
    room = right - x
    raises = f"{labels.raises} ↑{labels.number(battle.raises)}".strip() if battle.raises else ""
    raises_w = text_width(raises, 21, bold=True) + 20 if raises else 0
    call_text = labels.number(battle.to_call)
    _, call_w = amount(0, 0, call_text, s.STAKE_CHIP, label=labels.to_call)
    if room < min(BATTLE_MIN_W, call_w + raises_w):
        return None
    half = (room - 40) // 2
    attacker = fit(name_of(names, battle.attacker), 24, half, bold=True)
    defender = fit(name_of(names, battle.defender), 24, half, bold=True)
    line = mid - 20
    items: list[s.Item] = [
        s.TextItem(x + half, line, attacker, 24, s.ATTACK, bold=True, anchor="rm"),
        s.TextItem(x + half + 20, line, "⚔", 28, s.WHITE, anchor="mm"),
        s.TextItem(x + half + 40, line, defender, 24, s.DEFEND, bold=True, anchor="lm"),
    ]
    if call_w + raises_w > room:
        return None
    centred = x + half + 20 - (call_w + raises_w) // 2  # under the swords, inside the room
    left = min(max(x, centred), right - call_w - raises_w)
    call, _ = amount(left, mid + 22, call_text, s.STAKE_CHIP, label=labels.to_call)
    items.extend(call)
    if raises:
        items.append(s.TextItem(left + call_w + 20, mid + 22, raises, 21, s.WHITE, bold=True))
    return items


def _seat(
    view: PalaceView, seat: SeatView, x: int, y: int, names: Names, labels: Labels
) -> tuple[s.Item, ...]:
    out = seat.status is not Status.IN
    result = view.result
    winner = result is not None and seat.player in result.winners
    battle = view.battle
    outline: s.RGB | None = None
    if winner:
        outline = s.WIN
    elif view.to_act == seat.player:
        outline = s.TURN
    elif battle is not None and seat.player == battle.attacker:
        outline = s.ATTACK
    elif battle is not None and seat.player == battle.defender:
        outline = s.DEFEND
    shown = view.shown_palaces.get(seat.player)
    palace = tuple(c.code for c in shown) if shown is not None else (None,) * seat.palace_count
    return _seat_items(
        x,
        y,
        name_of(names, seat.player),
        labels.number(seat.stack),
        _extra(view, seat, labels),
        seat.is_dealer,
        out,
        outline,
        None if seat.banner is None else seat.banner.code,
        tuple(c.code for c in seat.soldiers),
        palace,
        shown is not None,
    )


@lru_cache(maxsize=4096)
def _seat_items(
    x: int,
    y: int,
    name: str,
    stack: str,
    extra: tuple[str, s.RGB, s.RGB] | None,
    dealer: bool,
    out: bool,
    outline: s.RGB | None,
    banner: str | None,
    soldiers: tuple[str, ...],
    palace: tuple[str | None, ...],
    shown: bool,
) -> tuple[s.Item, ...]:
    """A seat's items from what it shows, remembered: most seats show the same from one
    update to the next, and laying them out again cost most of a picture's scene."""
    items: list[s.Item] = [
        s.PanelItem(x, y, PANEL_W, PANEL_H, s.PANEL, outline, 4 if outline else 0)
    ]
    items.extend(
        seat_top(x, y, PANEL_W, name=name, stack=stack, dealer=dealer, dim=out, extra=extra)
    )
    cards_y = y + 46
    left = x + MARGIN
    if banner is not None:
        items.append(
            s.PanelItem(
                left - 4, cards_y - 4, CARD + 8, round(CARD * 1.4) + 8, s.WIN, ground=s.PANEL
            )
        )
        items.append(s.CardItem(left, cards_y, CARD, banner, dim=out, visible=CARD))
    step = SHOWN_STEP if shown else PALACE_STEP
    palace_room = CARD + max(0, len(palace) - 1) * step
    palace_x = x + PANEL_W - MARGIN - palace_room
    soldiers_x = left + CARD + 16
    fanned, _ = fan(soldiers_x, cards_y, CARD, soldiers, palace_x - 14 - soldiers_x, dim=out)
    items.extend(fanned)
    backs, _ = fan(palace_x, cards_y, CARD, palace, palace_room, dim=out)
    items.extend(backs)
    return tuple(items)


def _extra(view: PalaceView, seat: SeatView, labels: Labels) -> tuple[str, s.RGB, s.RGB] | None:
    """What the seat's top line shows beside the stack: its payout at the end, else the chips
    it put into this deal's pot."""
    if view.result is not None:
        change = view.result.payouts.get(seat.player, 0)
        if change:
            return labels.signed(change), s.POT_CHIP, s.GAIN if change > 0 else s.LOSS
        return None
    if seat.put_in:
        return labels.number(seat.put_in), s.POT_CHIP, s.WHITE
    return None
