"""What Paiute looks like on Discord: pure functions from engine views and events to text.

The public side (the table message, the sentences of the action log) reads only the public
view (``game.view(None)``) and public events, so it cannot name a card in a hand. The private
side (the **My cards** reply, DMs) reads one player's own view or private events. Players are
named through a ``Namer`` (player id -> display name) the cog supplies, so the engine's ids
never reach a sentence.

>>> from games.paiute import Paiute, PaiuteOptions
>>> game = Paiute.new(["1", "2"], {"1": 100, "2": 100}, PaiuteOptions(stake=5), seed=3)
>>> "to draw" in turn_line(game.view(None), {"1": "Ann", "2": "Bob"}.__getitem__)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime

from bot.render import chips, relative
from bot.table import EmbedField
from games.cards import Card, Rank
from games.events import Event
from games.paiute import Outcome, PaiuteView, Phase, SeatView

Namer = Callable[[str], str]
"""A player id (the Discord user id as a string) -> the name to show."""

WILD_MARK = "★"
"""Marks a wild card in a player's own hand (PA-4)."""

TITLE = "Paiute"


def plural(rank: Rank) -> str:
    """``sevens``, ``sixes``, ``aces``: the wild rank as players say it."""
    label = rank.label
    return label + ("es" if label.endswith("x") else "s")


def wild_rank(view: PaiuteView) -> Rank:
    """The rank that is wild this deal: the indicator's (PA-4)."""
    return view.indicator.rank


def cards(hand: Iterable[Card], wild: Rank | None = None) -> str:
    """``A♠ 7♦★ 10♥``: cards for people, wilds marked when ``wild`` is given."""
    return " ".join(f"{c}{WILD_MARK if wild is not None and c.rank == wild else ''}" for c in hand)


def and_list(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


# -- the table message (public) -----------------------------------------------------------------


def wild_line(view: PaiuteView) -> str:
    """The indicator and what it makes wild."""
    return f"Wild indicator **{view.indicator}**: {plural(wild_rank(view))} are wild."


def piles_line(view: PaiuteView) -> str:
    """Top discard, discard pile and stock sizes, the pot."""
    top = f"**{view.top_discard}**" if view.top_discard is not None else "none"
    return (
        f"Top discard: {top} ({view.discard_count} in the pile) · Stock: {view.stock_count} "
        f"card{'s' if view.stock_count != 1 else ''} · Pot: **{chips(view.pot)}**"
    )


def turn_line(view: PaiuteView, name: Namer, deadline: datetime | None = None) -> str:
    """Whose turn, and whether they draw or discard (a call is their secret until made)."""
    if view.to_act is None:
        return "The deal is over."
    who = f"**{name(view.to_act)}**"
    if view.phase is Phase.DRAW:
        doing = "to draw from the stock or the discard pile"
    else:
        doing = "to discard" + (" or call" if view.caller is None else " or lay down")
        if view.taken_from_discard is not None:
            doing += f" (took {view.taken_from_discard} from the discard pile)"
    last = " — last turn" if view.caller is not None else ""
    when = f" · {relative(deadline.timestamp())}" if deadline is not None else ""
    return f"{who} {doing}{last}{when}"


def round_line(view: PaiuteView, name: Namer) -> str:
    """The round, or after a call who called and who still gets a last turn (PA-10)."""
    if view.caller is None:
        return f"Round {view.round} of {view.max_rounds} · {name(view.dealer)} deals"
    if view.phase is Phase.OVER:
        return f"{name(view.caller)} called."
    waiting = [name(p) for p in view.last_turns]
    if view.to_act is not None and view.to_act != view.caller:
        waiting.insert(0, name(view.to_act))
    if not waiting:
        return f"{name(view.caller)} called."
    return f"{name(view.caller)} called · last turns: {and_list(waiting)}"


def seat_line(seat: SeatView, view: PaiuteView, name: Namer) -> str:
    """One seat: cards held, what it laid down or showed, what it won (the kit's seat list
    shows the stacks)."""
    marks = " (dealer)" if seat.dealer else ""
    if view.to_act == seat.player:
        marks += " ◀"
    line = f"{name(seat.player)}{marks}"
    wild = wild_rank(view)
    if seat.shown is not None:
        what = seat.combination or "no winning combination"
        line += f" · shows {cards(seat.shown, wild)}: {what}"
    elif seat.laid_down:
        line += f" · laid down {cards(seat.laid_down, wild)}: {seat.combination}"
    else:
        line += f" · {seat.cards_in_hand} cards"
    if view.phase is Phase.OVER and seat.payout:
        line += f" · wins {chips(seat.payout)}"
    return line


def outcome_line(view: PaiuteView, name: Namer) -> str | None:
    """How the deal ended (PA-11, PA-15), or ``None`` while it runs."""
    if view.outcome is None:
        return None
    if view.outcome is Outcome.STAKES_RETURNED:
        return f"{view.max_rounds} rounds passed without a call: every stake went back."
    combos = {s.player: s.combination for s in view.seats}
    winners = [name(p) for p in view.winners]
    best = combos.get(view.winners[0]) if view.winners else None
    verb = "wins the pot" if len(winners) == 1 else "split the pot"
    return f"{and_list(winners)} {verb} with {best}."


def deal_lines(view: PaiuteView, name: Namer, deadline: datetime | None = None) -> list[str]:
    """The public state of a deal, top to bottom, as the table message shows it."""
    lines = [
        f"**Deal {view.deal_number}** · stake {chips(view.stake)} each",
        wild_line(view),
        piles_line(view),
        round_line(view, name),
    ]
    ended = outcome_line(view, name)
    lines.append(f"**{ended}**" if ended else turn_line(view, name, deadline))
    return lines


def seat_lines(view: PaiuteView, name: Namer) -> list[str]:
    """Every seat of the deal in seat order."""
    return [seat_line(s, view, name) for s in view.seats]


def table_fields(view: PaiuteView, name: Namer) -> list[EmbedField]:
    """Paiute's fields of the table embed (the kit adds seats, stacks, deadline, the log)."""
    ended = outcome_line(view, name)
    play = [round_line(view, name), f"**{ended}**" if ended else turn_line(view, name)]
    return [
        EmbedField(
            f"Deal {view.deal_number} · stake {chips(view.stake)} each",
            f"{wild_line(view)}\n{piles_line(view)}",
        ),
        EmbedField("Play", "\n".join(play)),
        EmbedField("Hands", "\n".join(seat_lines(view, name))),
    ]


# -- the action log (public events) -------------------------------------------------------------


def event_line(event: Event, name: Namer) -> str | None:
    """A public engine event as a sentence with display names; ``None`` for a private event
    or a kind this game does not make (the caller falls back to the kit's own wording)."""
    if not event.is_public:
        return None
    d = event.data
    who = name(str(d["player"])) if "player" in d else ""
    kind = event.kind
    if kind == "deal":
        indicator = Card.parse(d["indicator"])
        return (
            f"{name(str(d['dealer']))} deals. Wild indicator {indicator}: "
            f"{plural(indicator.rank)} are wild. The discard pile starts with "
            f"{Card.parse(d['discard'])}."
        )
    if kind == "draw":
        if d.get("source") == "discard":
            return f"{who} takes {Card.parse(d['card'])} from the discard pile."
        return f"{who} draws from the stock."
    if kind == "discard":
        return f"{who} discards {Card.parse(d['card'])}."
    if kind == "stock_rebuilt":
        return f"The stock ran out: {d['cards']} discards are shuffled into a new stock."
    if kind in ("call", "lay_down"):
        verb = "calls" if kind == "call" else "lays down"
        laid = cards(Card.parse(c) for c in d["cards"])
        return f"{who} {verb} with {d['combination']}: {laid}."
    if kind == "last_turn":
        return f"{who} takes a last turn."
    if kind == "show":
        shown = cards(Card.parse(c) for c in d["cards"])
        return f"{who} shows {shown}: {d.get('combination') or 'no winning combination'}."
    if kind == "deal_over":
        winners = [name(str(p)) for p in d.get("winners", [])]
        if not winners:
            return "No call in time: every stake goes back."
        payouts = d.get("payouts", {})
        won = sum(int(v) for v in payouts.values())
        verb = "wins" if len(winners) == 1 else "split"
        return f"{and_list(winners)} {verb} the pot of {chips(won)} with {d['combination']}."
    return None


# -- private: My cards and DMs ------------------------------------------------------------------


def hand_text(view: PaiuteView) -> str:
    """A player's **My cards** reply: their hand with wilds marked, what they may do now."""
    if view.hand is None:
        return "You are not playing in this deal."
    wild = wild_rank(view)
    lines = [f"Deal {view.deal_number} · {plural(wild)} are wild ({WILD_MARK})"]
    laid = next((s.laid_down for s in view.seats if s.player == view.viewer), [])
    if laid:
        lines.append(f"You laid down: {cards(laid, wild)}")
    if view.hand:
        lines.append(f"Your hand: {cards(view.hand, wild)}")
    if view.hand_combination:
        lines.append(f"It holds: **{view.hand_combination}**")
    if view.drawn is not None and view.drawn == view.taken_from_discard:
        lines.append(f"You took {view.drawn} from the discard pile: it can't go back this turn.")
    elif view.drawn is not None:
        lines.append(f"You drew {view.drawn}.")
    if view.to_act == view.viewer:
        if view.phase is Phase.DRAW:
            lines.append("Your turn: draw from the stock or take the top discard.")
        else:
            lines.append("Your turn: discard a card, or call with a winning combination.")
    return "\n".join(lines)


def private_line(event: Event) -> str | None:
    """A private engine event for its owner's DM (the kit adds the whole hand after it)."""
    if event.is_public:
        return None
    if event.kind == "hand":
        return "New deal: five cards for you."
    if event.kind == "drawn":
        return f"You drew {Card.parse(event.data['card'])}."
    return event.text


RULES = """\
**Paiute** — 2 to 5 players, one deck, aces high.
• Everyone puts the **stake** into the pot. Five cards each; the next card is the **wild \
indicator**: every other card of its rank is wild this deal.
• On your turn **draw** one card (top of the stock, or the top discard), then **discard** one. \
A card taken from the discard pile may not go back the same turn.
• After drawing, with a winning combination you may **call**: lay your hand down (a 5-card \
combination discards the sixth card; a 6-card one discards nothing). A dealer's call ends the \
deal; otherwise everyone after the caller, up to the dealer, gets one last turn.
• Winning combinations, high to low: five of a kind · royal flush · straight flush · \
four/two · three/three · two/two/two. Nothing else wins.
• The best combination shown takes the pot; ties split it. No call in `max_rounds` rounds: \
the stakes go back. A player whose turn timer runs out draws from the stock and discards it.
Commands: `/paiute draw`, `/paiute discard`, `/paiute call`, `/paiute hand` — or the buttons \
and **My cards** on the table message."""
