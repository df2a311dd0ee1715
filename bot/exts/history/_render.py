"""``/history``'s answers in the reader's language: the list of their deals, and the note
beside a downloaded deal's file."""

from __future__ import annotations

from datetime import datetime

import discord

from bot.catalog import GameId
from bot.render import relative
from bot.text import Catalog, Number, Text, msg
from bot.text.format import chips
from games.fairness import short
from services.histories import DealLine

COLOUR = discord.Colour.dark_teal()


def _when(created_at: str) -> Text:
    try:
        moment = datetime.fromisoformat(created_at.replace("Z", "+00:00"))
    except ValueError:
        return created_at
    return relative(moment.timestamp())


def _change(amount: int) -> Text:
    if amount > 0:
        return msg("history.change.won", chips=chips(amount))
    if amount < 0:
        return msg("history.change.lost", chips=chips(-amount))
    return msg("history.change.even")


def _game(game: str) -> Text:
    """A game's name for players (a stored id no longer offered: the id itself)."""
    try:
        return GameId(game).label_message
    except ValueError:
        return game


def line(deal: DealLine) -> Text:
    """One deal of the list: its id (for ``/history deal:``), game, table and deal, result."""
    return msg(
        "history.line",
        number=deal.deal_id,
        game=_game(deal.game),
        table=deal.table_id,
        deal=Number(deal.deal_number),
        change=_change(deal.change),
        when=_when(deal.created_at),
    )


def listing(say: Catalog, deals: list[DealLine], page: int, more: bool) -> discord.Embed:
    """The reader's deals, newest first, one page."""
    shown = discord.Embed(title=say.text(msg("history.title")), colour=COLOUR)
    if not deals:
        shown.description = say.text(msg("history.none"))
        return shown
    shown.description = "\n".join(say.text(line(d)) for d in deals)
    if more:
        footer = msg("history.footer.more", page=Number(page + 1), next=page + 2)
    else:
        footer = msg("history.footer", page=Number(page + 1))
    shown.set_footer(text=say.text(footer))
    return shown


def downloaded(say: Catalog, deal_id: int) -> str:
    """The note beside a deal's file."""
    return say.text(msg("history.file", number=deal_id))


def not_yours(say: Catalog, deal_id: int) -> str:
    """The refusal of a deal the reader did not play (or that this server does not have)."""
    return say.text(msg("history.refusal.not_yours", number=deal_id))


def proofs(say: Catalog, deal: int, fingerprint: str, count: int) -> str:
    """The note beside ``/verify``'s file."""
    return say.text(
        msg(
            "history.verify",
            number=Number(count),
            deal=Number(deal),
            fingerprint=short(fingerprint),
        )
    )
