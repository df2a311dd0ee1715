"""Paiute's table picture: the wild indicator, the top discard, the stock, every hand as backs
(laid-down and shown cards face up), the pot and the round.

A card taken from the discard pile lay face up, so the public saw it: it shows face up in the
hand of the player on turn until their turn ends, as the view says.
"""

from __future__ import annotations

from bot.pictures import _scene as s
from bot.pictures._fonts import fit
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
from games.paiute import PaiuteView, SeatView

CARD = 64
PILE = 60
PANEL_W = 452
PANEL_H = 150
HEADER_H = 132
WIDTH = 2 * PANEL_W + 3 * MARGIN


def paiute_scene(
    table: Public[PaiuteView], names: Names, labels: Labels = DEFAULT_LABELS
) -> s.Scene:
    """The public picture of a Paiute table."""
    view = public_view(table)
    rows = (len(view.seats) + 1) // 2
    height = HEADER_H + MARGIN + rows * (PANEL_H + MARGIN)
    items: list[s.Item] = _header(view, labels)
    cells = grid(len(view.seats), 2, PANEL_W, PANEL_H, HEADER_H + MARGIN)
    for seat, (x, y) in zip(view.seats, cells, strict=True):
        items.extend(_seat(view, seat, x, y, names, labels))
    key, added = legend(height, ((s.STACK_CHIP, labels.stack), (s.POT_CHIP, labels.pot)))
    items.extend(key)
    return s.Scene(WIDTH, height + added, tuple(items))


def _header(view: PaiuteView, labels: Labels) -> list[s.Item]:
    top = MARGIN
    inner_h = HEADER_H - MARGIN
    mid = top + inner_h // 2
    items: list[s.Item] = [s.PanelItem(MARGIN, top, WIDTH - 2 * MARGIN, inner_h, s.PANEL)]
    pot, _ = amount(
        MARGIN + 16, mid - 18, labels.number(view.pot), s.POT_CHIP, size=34, label=labels.pot
    )
    items.extend(pot)
    rounds = f"{labels.round} {labels.number(view.round)}/{labels.number(view.max_rounds)}"
    items.append(s.TextItem(MARGIN + 18, mid + 26, rounds.strip(), 24, s.MUTED, bold=True))
    card_y = mid - round(PILE * 1.4) // 2
    x = MARGIN + 300
    items.append(s.CardItem(x, card_y, PILE, view.indicator.code, visible=PILE))
    items.append(s.TextItem(x + PILE + 10, mid, f"★ {view.wild_rank}", 28, s.WIN, bold=True))
    x += PILE + 100
    if view.top_discard is not None:
        items.append(
            s.CardItem(
                x,
                card_y,
                PILE,
                view.top_discard.code,
                wild=_wild(view, view.top_discard.code),
                visible=PILE,
            )
        )
    else:
        items.append(s.SlotItem(x, card_y, PILE))
    discards = f"{labels.discards} {labels.number(view.discard_count)}".strip()
    items.append(s.TextItem(x + PILE + 8, mid, discards, 24, s.WHITE, bold=True))
    x += PILE + 110
    if view.stock_count:
        items.append(s.CardItem(x, card_y, PILE, None, visible=PILE))
    else:
        items.append(s.SlotItem(x, card_y, PILE))
    stock = f"{labels.stock} {labels.number(view.stock_count)}".strip()
    items.append(s.TextItem(x + PILE + 8, mid, stock, 24, s.WHITE, bold=True))
    return items


def _wild(view: PaiuteView, code: str) -> bool:
    """PA-4: every card of the indicator's rank but the indicator itself is wild."""
    return code[:-1] == view.wild_rank and code != view.indicator.code


def _seat(
    view: PaiuteView, seat: SeatView, x: int, y: int, names: Names, labels: Labels
) -> list[s.Item]:
    winner = seat.player in view.winners
    outline: s.RGB | None = None
    if winner:
        outline = s.WIN
    elif view.to_act == seat.player:
        outline = s.TURN
    extra = None
    if seat.payout:
        extra = (labels.signed(seat.payout), s.POT_CHIP, s.GAIN)
    items: list[s.Item] = [
        s.PanelItem(x, y, PANEL_W, PANEL_H, s.PANEL, outline, 4 if outline else 0)
    ]
    items.extend(
        seat_top(
            x,
            y,
            PANEL_W,
            name=name_of(names, seat.player),
            stack=labels.number(seat.stack),
            dealer=seat.dealer,
            dim=False,
            extra=extra,
        )
    )
    codes: list[str | None]
    if seat.shown is not None:
        codes = [c.code for c in seat.shown]
    else:
        codes = [c.code for c in seat.laid_down]
        hidden: list[str | None] = [None] * seat.cards_in_hand
        taken = view.taken_from_discard
        if taken is not None and view.to_act == seat.player and hidden:
            hidden[-1] = taken.code
        codes.extend(hidden)
    cards_y = y + 46
    room = PANEL_W - 2 * MARGIN
    called = view.caller == seat.player
    if called:
        room -= 130
    cards, _ = fan(x + MARGIN, cards_y, CARD, codes, room)
    items.extend(card if card.code is None else _marked(view, card) for card in cards)
    if called:
        flag = f"⚑ {labels.called}".strip()
        text = fit(flag, 22, 120, bold=True)
        items.append(
            s.TextItem(x + PANEL_W - MARGIN, cards_y + 45, text, 22, s.TURN, bold=True, anchor="rm")
        )
    return items


def _marked(view: PaiuteView, card: s.CardItem) -> s.CardItem:
    assert card.code is not None  # noqa: S101 - faces only
    if not _wild(view, card.code):
        return card
    return s.CardItem(card.x, card.y, card.width, card.code, wild=True, visible=card.visible)
