"""The private hand picture: one player's own cards, large, for their DM and the ephemeral
**My cards** reply. Drawn from that player's own view; never posted in the channel.

Cards come in groups with a gap between them (Palace: banner, soldiers, palace; Paiute: the
hand, then cards laid down; Pontoon: one group per hand), each with an optional caption.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.pictures import _scene as s
from bot.pictures._layout import MARGIN, fan
from bot.pictures._pontoon import PontoonViewLike, hand_total
from games.paiute import PaiuteView
from games.palace import PalaceView

CARD = 100
GROUP_GAP = 30
CAPTION_H = 40


class NoHandError(ValueError):
    """The view has no cards of its viewer: it is the public's, or a non-player's."""


@dataclass(frozen=True, slots=True)
class Group:
    """Cards shown together, with a short caption under them (a total, a caller's word)."""

    codes: tuple[str | None, ...]
    caption: str = ""
    wild_rank: str | None = None
    highlight: str | None = None
    """A card to lift a little above the others (Paiute's card just drawn)."""
    framed: bool = False
    """A gold frame round the group, as the table picture frames Palace's banner."""


def groups_scene(groups: Sequence[Group], card: int = CARD) -> s.Scene:
    """The groups side by side on one strip, each card ``card`` pixels wide."""
    step = card + 8
    widths = [card + max(0, len(g.codes) - 1) * step for g in groups if g.codes]
    shown = [g for g in groups if g.codes]
    if not shown:
        raise NoHandError("no cards to show")
    captions = any(g.caption for g in shown)
    lift = 16
    height = MARGIN * 3 + lift + round(card * 1.4) + (CAPTION_H if captions else 0) + MARGIN
    width = MARGIN * 2 + sum(widths) + GROUP_GAP * (len(shown) - 1) + 2 * MARGIN
    items: list[s.Item] = [
        s.PanelItem(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN, s.PANEL)
    ]
    x = 2 * MARGIN
    y = MARGIN * 2 + lift
    for group, room in zip(shown, widths, strict=True):
        if group.framed:
            frame = s.PanelItem(
                x - 5, y - 5, room + 10, round(card * 1.4) + 10, s.WIN, ground=s.PANEL
            )
            items.append(frame)
        cards, _ = fan(x, y, card, group.codes, room, wild_rank=group.wild_rank)
        for item in cards:
            if group.highlight is not None and item.code == group.highlight:
                item = item._replace(y=item.y - lift)
            items.append(item)
        if group.caption:
            caption_y = y + round(card * 1.4) + CAPTION_H // 2 + 2
            items.append(
                s.TextItem(
                    x + room // 2, caption_y, group.caption, 26, s.WHITE, bold=True, anchor="mm"
                )
            )
        x += room + GROUP_GAP
    return s.Scene(width, height, tuple(items))


def _own(viewer: str | None) -> str:
    if viewer is None:
        raise NoHandError("the public view has no hand; use the table picture")
    return viewer


def palace_hand(view: PalaceView, card: int = CARD) -> s.Scene:
    """A Palace player's banner, soldiers and palace cards."""
    me = _own(view.viewer)
    seat = next((x for x in view.seats if x.player == me), None)
    if seat is None:
        raise NoHandError(f"{me!r} has no seat in this deal")
    return groups_scene(
        [
            Group((seat.banner.code,) if seat.banner else (), framed=True),
            Group(tuple(c.code for c in seat.soldiers)),
            Group(tuple(c.code for c in view.palace)),
        ],
        card,
    )


def paiute_hand(view: PaiuteView, card: int = CARD) -> s.Scene:
    """A Paiute player's hand (the card just drawn lifted), and what they laid down."""
    me = _own(view.viewer)
    seat = next((x for x in view.seats if x.player == me), None)
    if view.hand is None or seat is None:
        raise NoHandError(f"{me!r} has no hand in this deal")
    drawn = view.drawn.code if view.drawn else None
    return groups_scene(
        [
            Group(tuple(c.code for c in view.hand), wild_rank=view.wild_rank, highlight=drawn),
            Group(tuple(c.code for c in seat.laid_down), wild_rank=view.wild_rank),
        ],
        card,
    )


def pontoon_hand(view: PontoonViewLike, card: int = CARD) -> s.Scene:
    """A Pontoon player's own hands (the banker's: the bank's hand), each with its total."""
    me = _own(view.viewer)
    if me == view.banker:
        hands = [view.banker_hand]
    else:
        punter = next((p for p in view.punters if p.pid == me), None)
        if punter is None:
            raise NoHandError(f"{me!r} has no hand in this deal")
        hands = list(punter.hands)
    return groups_scene([Group(tuple(h.cards), caption=hand_total(h)) for h in hands], card)
