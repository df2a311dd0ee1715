"""Pontoon's part of the table: the banker's and punters' hands as the public sees them
(PO-11a: hole and bought cards hidden, twisted cards face up), and a player's own hands."""

from __future__ import annotations

from typing import cast

from bot.render import chips
from bot.table import EmbedField, GameUI, cards, mention
from games.pontoon import HandView, PontoonView
from services.tables import TableStatus

RULES = """\
**Pontoon** is British twenty-one: the punters play against a banker.
- Everyone gets a card face down; punters **stake** (`min_bet`–`max_bet`), then a second card.
- On your turn: **buy** a face-down card (raising your stake), **twist** a face-up card, \
**stick** (at `min_stick` or more), or **split** a pair.
- A **pontoon** (ace + ten-card) beats everything, then a **five-card trick**, then 21, \
then the highest total. Over 21 is bust.
- The banker then **draw**s or **stay**s, and settles with every punter: pontoon and \
five-card trick pay double.
- Between deals the banker may **offer_bank** (sell the bank) and, in Shoot Pontoon, put up a \
**kitty** that punters **shoot** at.
Your own cards come by DM, or with **My cards** / `/pontoon hand`.
"""


def _hand(h: HandView) -> str:
    parts = [cards(h.cards)]
    if h.value:
        parts.append(f"({h.value})")
    if h.stake:
        parts.append(f"stake {h.stake}")
    if h.shoot:
        parts.append(f"shoot {h.shoot}")
    if h.declared:
        parts.append("· pontoon!")
    elif h.bust and not (h.value and "bust" in h.value):
        parts.append("· bust")
    elif h.done:
        parts.append("· stands")
    return " ".join(parts)


class PontoonUI(GameUI):
    game = "pontoon"
    title = "Pontoon"
    command = "pontoon"
    rules = RULES

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        view = cast(PontoonView, status.view)
        banker = mention(view.banker) if view.banker else "the house"
        fields = [
            EmbedField(
                "Bank",
                f"{banker} · stakes {view.min_bet}–{view.max_bet}"
                + (f" · kitty {chips(view.kitty)}" if view.shoot or view.kitty else ""),
                inline=False,
            ),
            EmbedField("Banker's hand", _hand(view.banker_hand) if view.banker_hand.cards else "—"),
        ]
        lines = []
        for p in view.punters:
            if p.sat_out:
                lines.append(f"{mention(p.pid)}: sits out")
            elif p.hands:
                hands = " | ".join(_hand(h) for h in p.hands)
                lines.append(f"{mention(p.pid)}: {hands}")
        if lines:
            fields.append(EmbedField("Punters", "\n".join(lines)))
        if view.offer is not None:
            fields.append(
                EmbedField(
                    "Bank for sale", f"{mention(view.offer.to)} may buy it for {view.offer.price}"
                )
            )
        return fields

    def private_text(self, status: TableStatus, user: int) -> str:
        if status.view is None:
            return "No deal is in progress."
        view = cast(PontoonView, status.view)
        pid = str(user)
        lines: list[str] = []
        if view.banker == pid:
            lines.append(f"You are the banker. Your hand: {_hand(view.banker_hand)}")
        for p in view.punters:
            if p.pid != pid:
                continue
            if p.sat_out:
                lines.append("You sit this deal out.")
            for i, h in enumerate(p.hands, 1):
                label = f"Hand {i}" if len(p.hands) > 1 else "Your hand"
                lines.append(f"{label}: {_hand(h)}")
        if not lines:
            lines.append("You have no cards in this deal.")
        lines.append(f"Your stack: {chips(view.stacks.get(pid, 0))}")
        return "\n".join(lines)
