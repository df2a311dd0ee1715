"""Paiute's presenter: pure functions from engine views, events and refusals to ``Text``.

Every sentence is a ``paiute.*`` message of ``bot/locale/en/paiute.po``; cards, chips and
players come from ``bot.text.format``. The public side (the table message, the action log)
reads only the public view and public events, so it cannot name a card in a hand; the private
side (**My cards**, DMs) reads one player's own view or private events.

>>> from bot.text import catalog
>>> from bot.text.format import PlayerNames
>>> from games.paiute import Paiute, PaiuteOptions
>>> game = Paiute.new(["1", "2"], {"1": 100, "2": 100}, PaiuteOptions(stake=5), seed=3)
>>> "to draw" in catalog().text(turn_line(game.view(None), PlayerNames({"1": "Ann"})))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from bot.render import relative
from bot.text import Msg, Number, Text, msg
from bot.text.format import Names, card, chips, order_committed
from games.cards import Card, Rank
from games.errors import IllegalAction, Refusal
from games.events import GameEvent, OrderCommitted
from games.paiute import (
    ActionKind,
    Called,
    Category,
    CombinationLabel,
    DealOver,
    Dealt,
    Discarded,
    Drawn,
    Drew,
    HandDealt,
    LaidDown,
    LastTurn,
    Outcome,
    PaiuteOptions,
    PaiuteRefusal,
    PaiuteView,
    Phase,
    SeatView,
    Shown,
    Source,
    StockRebuilt,
)

WILD_MARK = "★"
"""Marks a wild card in a player's own hand (PA-4)."""
TURN_MARK = "◀"

TITLE = msg("paiute.title")
RULES = msg("paiute.rules")


# -- words -------------------------------------------------------------------------------------


def rank_plural(rank: Rank | str) -> Msg:
    """``sevens``, ``sixes``, ``aces``: a rank as players say it of several cards."""
    code = rank.code if isinstance(rank, Rank) else rank
    return msg(f"paiute.ranks.{code}")


def combination(label: CombinationLabel | None) -> Msg:
    """A combination's name (PA-12): "Four kings and two fives"; ``None``: none."""
    if label is None:
        return msg("paiute.combination.none")
    ranks = [rank_plural(r) for r in label.ranks]
    match label.category:
        case Category.FIVE_OF_A_KIND:
            return msg("paiute.combination.five_of_a_kind", ranks=ranks[0])
        case Category.ROYAL_FLUSH:
            return msg("paiute.combination.royal_flush")
        case Category.STRAIGHT_FLUSH:
            top = msg(f"paiute.rank.{label.ranks[0]}")
            return msg("paiute.combination.straight_flush", rank=top)
        case Category.FOUR_TWO:
            return msg("paiute.combination.four_two", four=ranks[0], two=ranks[1])
        case Category.THREE_THREE:
            return msg("paiute.combination.three_three", high=ranks[0], low=ranks[1])
    return msg("paiute.combination.two_two_two", high=ranks[0], middle=ranks[1], low=ranks[2])


def cards(hand: Iterable[Card | str], wild: Rank | None = None) -> str:
    """``A♠ 7♦★ 10♥``: cards for people, wilds marked when ``wild`` is given."""
    shown = [c if isinstance(c, Card) else Card.parse(c) for c in hand]
    return " ".join(f"{card(c.code)}{WILD_MARK if c.rank == wild else ''}" for c in shown)


def and_list(names: Sequence[Text]) -> Text:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    joined: Text = msg("paiute.and", first=names[-2], last=names[-1])
    for name in reversed(names[:-2]):
        joined = msg("paiute.comma", first=name, rest=joined)
    return joined


def bold(text: Text) -> Msg:
    return msg("paiute.bold", text=text)


def dots(first: Text, *rest: Text) -> Text:
    """Parts of a line joined by `` · ``."""
    line = first
    for part in rest:
        line = msg("paiute.dot", left=line, right=part)
    return line


# -- the table message (public) ----------------------------------------------------------------


def wild_line(view: PaiuteView) -> Msg:
    """The indicator and what it makes wild."""
    return msg("paiute.wild", card=card(view.indicator.code), ranks=rank_plural(view.wild_rank))


def piles_line(view: PaiuteView) -> Msg:
    """Top discard, discard pile and stock sizes, the pot."""
    top: Text = msg("common.none")
    if view.top_discard is not None:
        top = bold(card(view.top_discard.code))
    stock = msg("paiute.stock", count=view.stock_count, number=Number(view.stock_count))
    return msg(
        "paiute.piles",
        top=top,
        discards=Number(view.discard_count),
        stock=stock,
        pot=chips(view.pot),
    )


def turn_line(view: PaiuteView, names: Names, deadline: datetime | None = None) -> Text:
    """Whose turn, and whether they draw or discard (a call is their secret until made)."""
    if view.to_act is None:
        return msg("paiute.turn.over")
    who = names.mention(view.to_act)
    doing: Text
    if view.phase is Phase.DRAW:
        doing = msg("paiute.turn.draw", player=who)
    else:
        kind = "paiute.turn.discard" if view.caller is None else "paiute.turn.discard_last"
        doing = msg(kind, player=who)
        if view.taken_from_discard is not None:
            doing = msg("paiute.turn.took", doing=doing, card=card(view.taken_from_discard.code))
    if view.caller is not None:
        doing = msg("paiute.turn.last", doing=doing)
    if deadline is not None:
        doing = dots(doing, relative(deadline.timestamp()))
    return doing


def round_line(view: PaiuteView, names: Names) -> Msg:
    """The round, or after a call who called and who still gets a last turn (PA-10)."""
    if view.caller is None:
        return msg(
            "paiute.round",
            round=Number(view.round),
            max_rounds=Number(view.max_rounds),
            dealer=names.mention(view.dealer),
        )
    caller = names.mention(view.caller)
    if view.phase is Phase.OVER:
        return msg("paiute.called", player=caller)
    waiting = [names.mention(p) for p in view.last_turns]
    if view.to_act is not None and view.to_act != view.caller:
        waiting.insert(0, names.mention(view.to_act))
    if not waiting:
        return msg("paiute.called", player=caller)
    return msg("paiute.called.last_turns", player=caller, players=and_list(waiting))


def seat_line(seat: SeatView, view: PaiuteView, names: Names) -> Text:
    """One seat: cards held, what it laid down or showed, what it won (the kit's seat list
    shows the stacks)."""
    who = names.mention(seat.player)
    line: Text = msg("paiute.seat.dealer", player=who) if seat.dealer else who
    if view.to_act == seat.player:
        line = msg("paiute.marked", text=line, mark=TURN_MARK)
    wild = view.indicator.rank
    if seat.shown is not None:
        what = combination(seat.combination)
        line = dots(line, msg("paiute.seat.shows", cards=cards(seat.shown, wild), combination=what))
    elif seat.laid_down:
        laid = cards(seat.laid_down, wild)
        what = combination(seat.combination)
        line = dots(line, msg("paiute.seat.laid_down", cards=laid, combination=what))
    else:
        n = seat.cards_in_hand
        line = dots(line, msg("paiute.seat.cards", count=n, number=Number(n)))
    if view.phase is Phase.OVER and seat.payout:
        # PA-11: a returned stake is nobody's win
        which = (
            "paiute.seat.returned"
            if view.outcome is Outcome.STAKES_RETURNED
            else "paiute.seat.wins"
        )
        line = dots(line, msg(which, amount=chips(seat.payout)))
    return line


def outcome_line(view: PaiuteView, names: Names) -> Msg | None:
    """How the deal ended (PA-11, PA-15), or ``None`` while it runs."""
    if view.outcome is None:
        return None
    if view.outcome is Outcome.STAKES_RETURNED:
        return msg("paiute.outcome.stakes_returned", max_rounds=Number(view.max_rounds))
    labels = {s.player: s.combination for s in view.seats}
    winners = [names.mention(p) for p in view.winners]
    best = combination(labels.get(view.winners[0]) if view.winners else None)
    kind = "paiute.outcome.wins" if len(winners) == 1 else "paiute.outcome.split"
    return msg(kind, players=and_list(winners), combination=best)


def seat_detail(seat: SeatView, view: PaiuteView) -> Text:
    """What the table shows of one seat beside the kit's seat line (name and stack): the
    dealer, cards held, what it laid down or showed, what it won."""
    wild = view.indicator.rank
    line: Text
    if seat.shown is not None:
        what = combination(seat.combination)
        line = msg("paiute.seat.shows", cards=cards(seat.shown, wild), combination=what)
    elif seat.laid_down:
        what = combination(seat.combination)
        line = msg("paiute.seat.laid_down", cards=cards(seat.laid_down, wild), combination=what)
    else:
        n = seat.cards_in_hand
        line = msg("paiute.seat.cards", count=n, number=Number(n))
    if view.phase is Phase.OVER and seat.payout:
        returned = view.outcome is Outcome.STAKES_RETURNED  # PA-11: nobody's win
        which = "paiute.seat.returned" if returned else "paiute.seat.wins"
        line = dots(line, msg(which, amount=chips(seat.payout)))
    return msg("paiute.seat.detail.dealer", detail=line) if seat.dealer else line


def header(view: PaiuteView) -> Msg:
    """The deal and its stake."""
    return msg("paiute.field.deal", deal=Number(view.deal_number), stake=chips(view.stake))


def table_fields(view: PaiuteView, names: Names) -> list[tuple[Text, list[Text]]]:
    """Paiute's fields of the table embed as (name, lines) (the kit adds seats, stacks,
    deadline, the log)."""
    ended = outcome_line(view, names)
    if ended:  # the piles mean nothing once the deal is over
        return [(header(view), [round_line(view, names), bold(ended)])]
    # the players are the kit's seat lines (``seat_detail``); whose turn is its turn line
    return [(header(view), [wild_line(view), piles_line(view), round_line(view, names)])]


# -- the action log (public events) ------------------------------------------------------------


def event_line(event: GameEvent, names: Names) -> Text | None:
    """A public Paiute event as a sentence; ``None`` for a private event or another kind."""
    if not event.is_public:
        return None
    player = getattr(event, "player", None)
    who = names.mention(player) if isinstance(player, str) else ""
    match event:
        case Dealt():
            return msg(
                "paiute.event.deal",
                dealer=names.mention(event.dealer),
                card=card(event.indicator),
                ranks=rank_plural(Card.parse(event.indicator).rank),
                discard=card(event.discard),
            )
        case Drew(source=Source.DISCARD):
            return msg("paiute.event.draw.discard", player=who, card=card(event.card))
        case Drew():
            return msg("paiute.event.draw.stock", player=who)
        case Discarded():
            return msg("paiute.event.discard", player=who, card=card(event.card))
        case StockRebuilt():
            return msg("paiute.event.stock_rebuilt", cards=Number(event.cards))
        case OrderCommitted():
            return order_committed(event)
        case Called() | LaidDown():
            kind = "paiute.event.call" if isinstance(event, Called) else "paiute.event.lay_down"
            what = combination(event.combination)
            return msg(kind, player=who, combination=what, cards=cards(event.cards))
        case LastTurn():
            return msg("paiute.event.last_turn", player=who)
        case Shown():
            what = combination(event.combination)
            return msg("paiute.event.show", player=who, cards=cards(event.cards), combination=what)
        case DealOver():
            return _deal_over(event, names)
    return None


def _deal_over(event: DealOver, names: Names) -> Msg:
    if not event.winners:
        return msg("paiute.event.stakes_returned")
    winners = [names.mention(p) for p in event.winners]
    kind = "paiute.event.wins" if len(winners) == 1 else "paiute.event.split"
    won = sum(event.payouts.values())
    return msg(
        kind,
        players=and_list(winners),
        amount=chips(won),
        combination=combination(event.combination),
    )


# -- private: My cards and DMs -----------------------------------------------------------------


def hand_lines(view: PaiuteView) -> list[Text]:
    """A player's **My cards** reply: their hand with wilds marked, what they may do now."""
    if view.hand is None:
        return [msg("paiute.hand.not_playing")]
    wild = view.indicator.rank
    deal = Number(view.deal_number)
    lines: list[Text] = [
        msg("paiute.hand.header", deal=deal, ranks=rank_plural(wild), mark=WILD_MARK)
    ]
    laid = next((s.laid_down for s in view.seats if s.player == view.viewer), [])
    if laid:
        lines.append(msg("paiute.hand.laid_down", cards=cards(laid, wild)))
    if view.hand:
        lines.append(msg("paiute.hand.cards", cards=cards(view.hand, wild)))
    if view.hand_combination:
        lines.append(msg("paiute.hand.holds", combination=combination(view.hand_combination)))
    if view.drawn is not None and view.drawn == view.taken_from_discard:
        lines.append(msg("paiute.hand.took", card=card(view.drawn.code)))
    elif view.drawn is not None:
        lines.append(msg("paiute.hand.drew", card=card(view.drawn.code)))
    if view.to_act == view.viewer:
        turn = "paiute.hand.your_draw" if view.phase is Phase.DRAW else "paiute.hand.your_discard"
        lines.append(msg(turn))
    return lines


def stakes_line(options: PaiuteOptions) -> Msg:
    """The table's stakes in one line: what each player puts in the pot every deal."""
    return msg("paiute.stakes", stake=Number(options.stake))


def private_line(event: GameEvent, hand: Sequence[str] | None = None) -> Msg | None:
    """A private Paiute event for its owner's DM (the kit adds the whole hand after it);
    ``hand``: the codes of that hand, when known (a drawn card missing from it was discarded
    in the same step)."""
    if event.is_public:
        return None
    if isinstance(event, HandDealt):
        return msg("paiute.private.hand")
    if isinstance(event, Drawn):
        face = card(event.card)
        if hand is not None and event.card not in hand:
            return msg("paiute.private.drawn_discarded", card=face)
        if event.source is Source.DISCARD:
            return msg("paiute.private.took", card=face)
        return msg("paiute.private.drawn", card=face)
    return None


# -- actions and refusals ----------------------------------------------------------------------


def action_label(kind: str) -> Msg | None:
    """A Paiute action on a button or a select (``None``: not a Paiute action)."""
    if kind in (ActionKind.DRAW, ActionKind.DISCARD, ActionKind.CALL):
        return msg(f"paiute.action.{kind}")
    return None


def choice_label(kind: str, option: str | None) -> Text:
    """One option of a choice: a draw's source, or a card (``None``: a six-card call)."""
    if kind == ActionKind.DRAW:
        return msg("paiute.choice.stock" if option == Source.STOCK else "paiute.choice.discard")
    if option is None:
        return msg("paiute.choice.no_discard")
    return card(option)


_CARD_REFUSALS = frozenset(
    {PaiuteRefusal.NOT_HELD, PaiuteRefusal.TAKEN_THIS_TURN, PaiuteRefusal.NONE_WITHOUT}
)
_PLAIN_REFUSALS = frozenset(
    {
        PaiuteRefusal.ALREADY_DREW,
        PaiuteRefusal.NO_COMBINATION,
        PaiuteRefusal.FIVE_CARD_COMBINATION,
        Refusal.DEAL_OVER,
        Refusal.NOT_PLAYING,
        Refusal.UNKNOWN_ACTION,
    }
)


def refusal(error: IllegalAction, names: Names) -> Msg:
    """A refused action in the words of Paiute's commands and buttons."""
    code, params = error.code, error.params
    kind = str(params.get("kind"))
    if code in _PLAIN_REFUSALS:
        return msg(f"paiute.refusal.{code}")
    if code in _CARD_REFUSALS:
        return msg(f"paiute.refusal.{code}", card=card(str(params["card"])))
    if code == PaiuteRefusal.PILE_EMPTY:
        return msg(f"paiute.refusal.pile_empty.{params['source']}")
    if code == PaiuteRefusal.DRAW_FIRST and kind in (ActionKind.DISCARD, ActionKind.CALL):
        return msg(f"paiute.refusal.draw_first.{kind}")
    if code == Refusal.BAD_ACTION and kind in tuple(ActionKind):
        return msg(f"paiute.refusal.bad_action.{kind}")
    if code == Refusal.NOT_YOUR_TURN:
        return msg("paiute.refusal.not_your_turn", player=names.mention(_str(params.get("to_act"))))
    if code == Refusal.NOT_NOW:
        allowed = params.get("allowed")
        kinds = allowed if isinstance(allowed, tuple | list) else ()
        labels = [action_label(str(k)) or str(k) for k in kinds if k is not None]
        return msg("paiute.refusal.not_now", allowed=and_list(labels))
    if code == Refusal.NOT_A_CHOICE:
        return msg("paiute.refusal.not_a_choice")
    return msg("paiute.refusal.other")


def _str(value: object) -> str | None:
    return None if value is None else str(value)
