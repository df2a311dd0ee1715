"""The table picture's alt text, read from the public view (never from the picture), so a
screen reader hears what the picture shows and whose it is (issue 33): the game, whose turn it
is (first: Discord cuts a description at 1024 characters), the pot (and kitty), the piles by how
many cards they hold (a pile is one thing, not "19 cards face down"), the cards face up beside
a pile (Paiute's wild card indicator and top discard), and each seat by name with its stack,
its bet (at the end: its result) and its cards, face-down ones counted.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.table._presenter import listing, signed
from bot.text import DEFAULT_LOCALE, Number, Text, catalog, msg
from bot.text.format import Names, card, chips
from games.engine import HOUSE
from games.paiute import PaiuteView
from games.palace import PalaceView
from games.pontoon import PontoonView

MAX_ALT = 1024
"""Discord's limit for a media item's description."""

SEATS_KEPT = 8192
"""Seats' alt texts kept (by language and everything they say)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's place as the alt text reads it."""

    name: Text
    cards: Sequence[str | None]
    stack: int | None = None
    bet: int = 0
    change: int | None = None
    """At the end of a deal: the seat's result."""


@dataclass(slots=True)
class Table:
    """What the picture shows, in the order the alt text says it."""

    pot: int | None = None
    kitty: int | None = None
    piles: list[tuple[str, int]] = field(default_factory=list)
    """``(word key, cards in the pile)``: ``stock`` or ``discards``."""
    face_up: list[tuple[str, str]] = field(default_factory=list)
    """``(message id, card code)``: a card face up beside the piles."""
    seats: list[Seat] = field(default_factory=list)
    to_act: Text | None = None


def table_alt(
    view: object, names: Names, game: Text, locale: str = DEFAULT_LOCALE, *, closed: bool = False
) -> str:
    """The alt text of the public table picture of ``view`` (any game's public view).
    ``closed``: the picture is a closed table's last moment, kept on its message; the alt text
    says it is closed where it said whose turn it was (nobody can act there any more)."""
    if isinstance(view, PalaceView):
        table = _palace(view, names)
    elif isinstance(view, PaiuteView):
        table = _paiute(view, names)
    elif isinstance(view, PontoonView):
        table = _pontoon(view, names)
    else:
        table = Table()
    return _say(table, game, locale, closed=closed)


def _say(table: Table, game: Text, locale: str, *, closed: bool = False) -> str:
    say = catalog(locale)
    parts: list[Text] = [msg("pictures.alt.title", game=game)]
    if closed:
        parts.append(msg("pictures.alt.closed"))
    elif table.to_act is not None:  # first: the alt text may be cut at Discord's limit
        parts.append(msg("pictures.alt.turn", name=table.to_act))
    if table.pot is not None:
        parts.append(msg("pictures.alt.pot", amount=chips(table.pot)))
    if table.kitty is not None:
        parts.append(msg("pictures.alt.kitty", amount=chips(table.kitty)))
    for word, count in table.piles:
        pile = msg(f"pictures.label.{word}")
        parts.append(msg("pictures.alt.pile", count=count, pile=pile, amount=Number(count)))
    for key, code in table.face_up:
        parts.append(msg(key, card=card(code)))
    for seat in table.seats:
        if isinstance(seat.name, str):  # a person's seat changes a little between steps
            parts.append(
                _seat_text(locale, seat.name, tuple(seat.cards), seat.stack, seat.bet, seat.change)
            )
        else:
            parts.append(_seat(seat))
    return say.join(parts)[:MAX_ALT]


@functools.lru_cache(maxsize=SEATS_KEPT)
def _seat_text(
    locale: str,
    name: str,
    cards: tuple[str | None, ...],
    stack: int | None,
    bet: int,
    change: int | None,
) -> str:
    """A seat's words, kept: a step changes one or two seats of a table, and every step
    said every seat again (a third of drawing a table message, pictures on)."""
    return catalog(locale).text(_seat(Seat(name, cards, stack, bet, change)))


def _seat(seat: Seat) -> Text:
    faces: list[Text] = [card(c) for c in seat.cards if c is not None]
    down = sum(1 for c in seat.cards if c is None)
    if down:
        faces.append(msg("pictures.alt.down", count=down, amount=Number(down)))
    cards = listing(faces, msg("pictures.alt.no_cards"))
    if seat.stack is None:
        return msg("pictures.alt.seat.bare", name=seat.name, cards=cards)
    stack = chips(seat.stack)
    if seat.change is not None:
        change = signed(seat.change) if seat.change else Number(0)
        return msg(
            "pictures.alt.seat.result", name=seat.name, stack=stack, change=change, cards=cards
        )
    if seat.bet:
        return msg(
            "pictures.alt.seat.bet", name=seat.name, stack=stack, bet=chips(seat.bet), cards=cards
        )
    return msg("pictures.alt.seat", name=seat.name, stack=stack, cards=cards)


def _palace(view: PalaceView, names: Names) -> Table:
    result = view.result
    seats = []
    for seat in view.seats:
        shown = view.shown_palaces.get(seat.player)
        palace: list[str | None] = (
            [c.code for c in shown] if shown is not None else [None] * seat.palace_count
        )
        banner = [seat.banner.code] if seat.banner is not None else []
        seats.append(
            Seat(
                names.plain(seat.player),
                [*banner, *(c.code for c in seat.soldiers), *palace],
                seat.stack,
                bet=seat.put_in,
                # the deal's net: what the pot paid the seat less what it put in (the log's)
                change=None if result is None else result.payouts.get(seat.player, 0) - seat.put_in,
            )
        )
    return Table(
        pot=view.pot,
        piles=[("stock", view.draw_count), ("discards", view.discard_count)],
        seats=seats,
        to_act=names.plain(view.to_act) if view.to_act else None,
    )


def _paiute(view: PaiuteView, names: Names) -> Table:
    over = view.outcome is not None
    seats = []
    for seat in view.seats:
        held: list[str | None] = (
            [c.code for c in seat.shown] if seat.shown is not None else [None] * seat.cards_in_hand
        )
        seats.append(
            Seat(
                names.plain(seat.player),
                [*(c.code for c in seat.laid_down), *held],
                seat.stack,
                change=seat.payout if over else None,
            )
        )
    face_up = [("pictures.alt.wild", view.indicator.code)]
    if view.top_discard is not None:
        face_up.append(("pictures.alt.top_discard", view.top_discard.code))
    return Table(
        pot=view.pot,
        piles=[("stock", view.stock_count), ("discards", view.discard_count)],
        face_up=face_up,
        seats=seats,
        to_act=names.plain(view.to_act) if view.to_act else None,
    )


def _pontoon(view: PontoonView, names: Names) -> Table:
    results = view.results
    seats = []
    if view.banker is not None or view.banker_hand.cards:  # None: the house banks (PO-23)
        banker = view.banker or HOUSE
        # The house's seat starts a sentence: "the house" would read lower case there.
        bank = (
            msg("pictures.alt.house_bank")
            if banker == HOUSE
            else msg("pictures.alt.banker", name=names.plain(banker))
        )
        stack = None if banker == HOUSE else view.stacks.get(banker)
        change = None if results is None or stack is None else results.get(banker, 0)
        seats.append(Seat(bank, view.banker_hand.cards, stack, change=change))
    for punter in view.punters:
        seats.append(
            Seat(
                names.plain(punter.pid),
                [c for hand in punter.hands for c in hand.cards],
                view.stacks.get(punter.pid, 0),
                bet=sum(h.stake + h.shoot for h in punter.hands),
                change=None if results is None else results.get(punter.pid, 0),
            )
        )
    return Table(
        pot=view.pot,
        kitty=view.kitty if view.shoot or view.kitty else None,
        seats=seats,
        to_act=names.plain(view.to_act) if view.to_act else None,
    )
