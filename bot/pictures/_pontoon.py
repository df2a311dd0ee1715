"""Pontoon's table picture: the banker's hand and each punter's hands with hidden cards as
backs, the stakes and shoot bets, each fully visible hand's total, the pot and the kitty. Once
the deal is over each seat shows its result instead of its bets (a lost shoot bet is gone).

``games.pontoon`` does not export its view classes yet, so the renderer states the fields it
reads as protocols; ``Pontoon.view(None)`` satisfies them. Totals are counted here from the
visible cards (``hand_value``), never taken from the view's English description.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

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
from games.cards import Card
from games.engine import HOUSE
from games.pontoon import HandKind, hand_value


class HandLike(Protocol):
    """One hand as the view shows it (``None``: a hidden card)."""

    @property
    def cards(self) -> Sequence[str | None]: ...
    @property
    def stake(self) -> int: ...
    @property
    def shoot(self) -> int: ...
    @property
    def bust(self) -> bool: ...


class PunterLike(Protocol):
    """One punter's place in the deal."""

    @property
    def pid(self) -> str: ...
    @property
    def sat_out(self) -> bool: ...
    @property
    def hands(self) -> Sequence[HandLike]: ...


class OfferLike(Protocol):
    """A pending sale of the bank."""

    @property
    def to(self) -> str: ...
    @property
    def price(self) -> int: ...


class PontoonViewLike(Protocol):
    """The fields of ``games.pontoon``'s view that the picture draws."""

    @property
    def viewer(self) -> str | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def banker(self) -> str | None: ...
    @property
    def to_act(self) -> str | None: ...
    @property
    def stacks(self) -> Mapping[str, int]: ...
    @property
    def pot(self) -> int: ...
    @property
    def kitty(self) -> int: ...
    @property
    def shoot(self) -> bool: ...
    @property
    def offer(self) -> OfferLike | None: ...
    @property
    def punters(self) -> Sequence[PunterLike]: ...
    @property
    def banker_hand(self) -> HandLike: ...
    @property
    def results(self) -> Mapping[str, int] | None: ...


CARD = 64
PANEL_W = 452
PANEL_H = 168
BANK_H = 150
WIDTH = 2 * PANEL_W + 3 * MARGIN
HAND_GAP = 18


def pontoon_scene(
    table: Public[PontoonViewLike], names: Names, labels: Labels = DEFAULT_LABELS
) -> s.Scene:
    """The public picture of a Pontoon table."""
    view = public_view(table)
    rows = (len(view.punters) + 1) // 2
    height = BANK_H + MARGIN + rows * (PANEL_H + MARGIN)
    items: list[s.Item] = _bank(view, names, labels)
    cells = grid(len(view.punters), 2, PANEL_W, PANEL_H, BANK_H + MARGIN)
    for punter, (x, y) in zip(view.punters, cells, strict=True):
        items.extend(_punter(view, punter, x, y, names, labels))
    key, added = legend(
        height,
        (
            (s.STACK_CHIP, labels.stack),
            (s.STAKE_CHIP, labels.stake),
            (s.POT_CHIP, labels.pot),
            (s.KITTY_CHIP, labels.kitty if view.shoot or view.kitty else ""),
        ),
    )
    items.extend(key)
    return s.Scene(WIDTH, height + added, tuple(items))


def _bank(view: PontoonViewLike, names: Names, labels: Labels) -> list[s.Item]:
    top = MARGIN
    inner_w, inner_h = WIDTH - 2 * MARGIN, BANK_H - MARGIN
    outline = s.TURN if view.to_act is not None and view.to_act == view.banker else None
    items: list[s.Item] = [
        s.PanelItem(MARGIN, top, inner_w, inner_h, s.PANEL, outline, 4 if outline else 0)
    ]
    mid = top + inner_h // 2
    right = WIDTH - MARGIN - 16
    pot, used = amount(
        right, mid - 22, labels.number(view.pot), s.POT_CHIP, size=30, anchor="r", label=labels.pot
    )
    items.extend(pot)
    if view.shoot or view.kitty:
        kitty, kitty_w = amount(
            right,
            mid + 24,
            labels.number(view.kitty),
            s.KITTY_CHIP,
            size=30,
            anchor="r",
            label=labels.kitty,
        )
        items.extend(kitty)
        used = max(used, kitty_w)
    left = MARGIN + 16
    name_room = 300
    if view.banker is not None:
        banker = fit(name_of(names, view.banker), 26, name_room, bold=True)
        items.append(s.TextItem(left, mid - 22, banker, 26, s.WHITE, bold=True))
        stack = view.stacks.get(view.banker)
        shown_w = 0
        if stack is not None and view.banker != HOUSE:  # the house's running total is no stack
            shown, shown_w = amount(left, mid + 20, labels.number(stack), s.STACK_CHIP)
            items.extend(shown)
            shown_w += 14
        change = (view.results or {}).get(view.banker)
        if change:
            colour = s.GAIN if change > 0 else s.LOSS
            result, _ = amount(
                left + shown_w, mid + 20, labels.signed(change), s.POT_CHIP, colour=colour
            )
            items.extend(result)
    if view.offer is not None:
        buyer = fit(name_of(names, view.offer.to), 22, 180, bold=True)
        items.append(s.TextItem(left, mid + 52, f"→ {buyer}", 22, s.TURN, bold=True))
        price, _ = amount(left + 220, mid + 52, labels.number(view.offer.price), s.STAKE_CHIP)
        items.extend(price)
    hand = view.banker_hand
    cards_x = left + name_room + 16
    room = right - used - 24 - cards_x - 70
    card_y = mid - round(CARD * 1.4) // 2
    cards, width = fan(cards_x, card_y, CARD, list(hand.cards), room, dim=hand.bust)
    items.extend(cards)
    items.extend(_total(hand, cards_x + width + 12, mid, anchor="lm"))
    return items


def _punter(
    view: PontoonViewLike, punter: PunterLike, x: int, y: int, names: Names, labels: Labels
) -> list[s.Item]:
    outline = s.TURN if view.to_act == punter.pid else None
    over = view.results is not None
    stake = sum(h.stake + h.shoot for h in punter.hands)
    extra: tuple[str, s.RGB, s.RGB] | None = None
    if over:
        change = (view.results or {}).get(punter.pid, 0)
        if change:
            extra = (labels.signed(change), s.POT_CHIP, s.GAIN if change > 0 else s.LOSS)
    elif stake:
        extra = (labels.number(stake), s.STAKE_CHIP, s.WHITE)
    items: list[s.Item] = [
        s.PanelItem(x, y, PANEL_W, PANEL_H, s.PANEL, outline, 4 if outline else 0)
    ]
    items.extend(
        seat_top(
            x,
            y,
            PANEL_W,
            name=name_of(names, punter.pid),
            stack=labels.number(view.stacks.get(punter.pid, 0)),
            dealer=False,
            dim=punter.sat_out,
            extra=extra,
        )
    )
    hands = punter.hands
    if not hands:
        return items
    cards_y = y + 46
    room = (PANEL_W - 2 * MARGIN - (len(hands) - 1) * HAND_GAP) // len(hands)
    hx = x + MARGIN
    for hand in hands:
        cards, _ = fan(hx, cards_y, CARD, list(hand.cards), room, dim=hand.bust)
        items.extend(cards)
        line = cards_y + round(CARD * 1.4) + 18
        used = 0
        if len(hands) > 1 and hand.stake and not over:
            chips, used = amount(hx, line, labels.number(hand.stake), s.STAKE_CHIP, size=19)
            items.extend(chips)
            used += 10
        if hand.shoot and not over:  # settled: the result above says what it won or lost
            shot = f"{labels.shoot} +{labels.number(hand.shoot)}".strip()
            items.append(s.TextItem(hx + used, line, shot, 19, s.WIN, bold=True))
        items.extend(_total(hand, hx + room, line, anchor="rm"))
        hx += room + HAND_GAP
    return items


def hand_total(hand: HandLike) -> str:
    """A hand's total when every card of it is visible: ``17``, ``★ 21`` (pontoon or a
    five-card trick), ``✕ 24`` (bust); a bust with hidden cards shows just ``✕``."""
    codes = list(hand.cards)
    if not codes or any(c is None for c in codes):
        return "✕" if hand.bust else ""
    value = hand_value([Card.parse(c) for c in codes if c is not None])
    if value.kind is HandKind.BUST:
        return f"✕ {value.total}"
    if value.kind in (HandKind.PONTOON, HandKind.FIVE_CARD_TRICK):
        return f"★ {value.total}"
    return str(value.total)


def _total(hand: HandLike, x: int, y: int, *, anchor: s.Anchor) -> list[s.Item]:
    text = hand_total(hand)
    if not text:
        return []
    colour = s.LOSS if text.startswith("✕") else s.WIN if text.startswith("★") else s.WHITE
    return [s.TextItem(x, y, text, 24, colour, bold=True, anchor=anchor)]
